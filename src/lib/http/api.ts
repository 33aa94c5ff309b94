// Helpers for API endpoints and form posts: JSON answers, errors with a status, and body reading
// that turns the body limit into a 413 instead of a crash.
import { isBodyTooLarge } from './body-limit.ts';

export class HttpError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  constructor(status: number, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.body = { message, ...extra };
  }
}

export function json(data: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

export const errorResponse = (err: HttpError): Response => json(err.body, err.status);

export type FormValues = Record<string, string | File>;

/** Reads a urlencoded, multipart or JSON body into a flat object (first value of each field wins). */
export async function readForm(request: Request): Promise<FormValues> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('application/json')) {
      const data = (await request.json()) as unknown;
      if (!data || typeof data !== 'object' || Array.isArray(data)) throw new HttpError(400, 'Expected a JSON object');
      const out: FormValues = {};
      for (const [k, val] of Object.entries(data)) {
        if (val !== null && val !== undefined) out[k] = typeof val === 'object' ? JSON.stringify(val) : String(val);
      }
      return out;
    }
    if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
      const out: FormValues = {};
      for (const [k, val] of (await request.formData()).entries()) if (!(k in out)) out[k] = val;
      return out;
    }
    return {};
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (isBodyTooLarge(err)) throw new HttpError(413, 'Request body is too large');
    throw new HttpError(400, 'Malformed request body');
  }
}

/** Form booleans: 1, true and on are true (checkboxes post "on"). */
export const formBool = (value: unknown): boolean => typeof value === 'string' && ['1', 'true', 'on'].includes(value.trim().toLowerCase());

export function bearerToken(request: Request): string | null {
  const h = request.headers.get('authorization');
  const m = h ? /^Bearer\s+(\S+)$/i.exec(h) : null;
  return m ? m[1]! : null;
}
