// Browser side of the support calls (islands and the bug report dialog): fetch with the session
// cookie, JSON answers, failures as { message, errors }. No server imports.

export type Failure = { ok: false; status: number; message: string; errors: Record<string, string> };
export type Answer<T> = { ok: true; status: number; data: T } | Failure;

export async function call<T>(url: string, init: RequestInit = {}, offline = ''): Promise<Answer<T>> {
  try {
    const res = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' }, ...init });
    const body = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string> } & T;
    if (res.ok) return { ok: true, status: res.status, data: body };
    return { ok: false, status: res.status, message: body.message ?? offline, errors: body.errors ?? {} };
  } catch {
    return { ok: false, status: 0, message: offline, errors: {} };
  }
}

export const post = <T>(url: string, form: FormData, offline = '') => call<T>(url, { method: 'POST', body: form }, offline);

/** Builds a FormData from plain fields (undefined and null are left out). */
export function formOf(fields: Record<string, string | Blob | number | null | undefined>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) f.append(k, typeof v === 'number' ? String(v) : v);
  return f;
}
