// The scan calls as the wizard makes them (browser code, same origin, session cookie). The legacy
// /api/app/scan.* calls answer { type: 'success', ... } or { type: 'error', error } with the text in
// the user's language; any other failure becomes the wizard's own message (passed in as `fallback`).

export class ScanCallError extends Error {
  readonly status: number;
  /** The field messages of a refused call (e.g. which column or page was wrong), already translated. */
  readonly details: string[];
  constructor(status: number, message: string, details: string[] = []) {
    super(message);
    this.status = status;
    this.details = details;
  }
}

type Answer = { type?: string; error?: string; message?: string; errors?: Record<string, unknown> };

const detailsOf = (body: Answer | null): string[] =>
  body?.errors && typeof body.errors === 'object' ? Object.values(body.errors).filter((x): x is string => typeof x === 'string' && x.length > 0) : [];

async function read<T>(res: Response, fallback: string): Promise<T> {
  const body = (await res.json().catch(() => null)) as (Answer & T) | null;
  if (!res.ok || !body || body.type === 'error') throw new ScanCallError(res.status, body?.error || body?.message || fallback, detailsOf(body));
  return body;
}

export async function scanGet<T>(path: string, params: Record<string, string | number>, fallback: string, signal?: AbortSignal): Promise<T> {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  let res: Response;
  try {
    res = await fetch(`${path}?${qs}`, { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ScanCallError(0, fallback);
  }
  return read<T>(res, fallback);
}

export async function scanPost<T>(path: string, fields: Array<[string, string]>, fallback: string): Promise<T> {
  const body = new FormData();
  for (const [k, v] of fields) body.append(k, v);
  let res: Response;
  try {
    res = await fetch(path, { method: 'POST', body, headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  } catch {
    throw new ScanCallError(0, fallback);
  }
  return read<T>(res, fallback);
}

/**
 * Uploads with XMLHttpRequest, the one browser API that reports upload progress. Resolves with the
 * parsed success answer; `progress` gets the fraction sent (0..1).
 */
export function uploadWithProgress<T>(path: string, form: FormData, progress: (fraction: number) => void, fallback: string, signal?: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) progress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: (Answer & T) | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Answer & T;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && body.type !== 'error') {
        progress(1);
        resolve(body);
      } else reject(new ScanCallError(xhr.status, body?.error || body?.message || fallback, detailsOf(body)));
    };
    xhr.onerror = () => reject(new ScanCallError(0, fallback));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export const isAbort = (err: unknown): boolean => err instanceof DOMException && err.name === 'AbortError';

export const thumbUrl = (uniqid: string, page: number): string => `/api/app/scan.thumb?${new URLSearchParams({ uniqid, page: String(page) })}`;
