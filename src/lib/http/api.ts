// Helpers for API endpoints and form posts: JSON answers, errors with a status, and body reading
// that turns a malformed or oversized body into 400 or 413 instead of a crash. Messages are
// dictionary keys or translated text; failure.ts turns them into the one error answer (decision 0034).
import { isBodyTooLarge } from './body-limit.ts';
import { stripControls, stripControlsDeep } from './controls.ts';
import { JsonTooDeepError, parseJsonBounded } from './json-depth.ts';

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
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...headers,
    },
  });
}

export type FormValues = Record<string, string | File>;

const FORM = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i;

/** Text fields and file names without control characters (see controls.ts). */
function cleanEntry(val: FormDataEntryValue): string | File {
  if (typeof val === 'string') return stripControls(val);
  const name = stripControls(val.name);
  return name === val.name
    ? val
    : new File([val], name, { type: val.type, lastModified: val.lastModified });
}

/** Turns a body-reading failure into 413 (over the limit) or 400 (anything unreadable). */
function bodyError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (isBodyTooLarge(err)) return new HttpError(413, 'http.tooLarge');
  if (err instanceof JsonTooDeepError) return new HttpError(400, 'http.tooDeep');
  return new HttpError(400, 'http.badBody');
}

/** Reads a urlencoded, multipart or JSON body into a flat object (first value of each field wins). */
export async function readForm(request: Request): Promise<FormValues> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (JSON_TYPE.test(type)) {
      const data = stripControlsDeep(parseJsonBounded(await request.text()));
      if (!data || typeof data !== 'object' || Array.isArray(data))
        throw new HttpError(400, 'http.badBody');
      const out: FormValues = {};
      for (const [k, val] of Object.entries(data)) {
        if (val !== null && val !== undefined)
          out[k] = typeof val === 'object' ? JSON.stringify(val) : String(val);
      }
      return out;
    }
    if (FORM.test(type)) {
      const out: FormValues = {};
      for (const [k, val] of (await request.formData()).entries())
        if (!(k in out)) out[k] = cleanEntry(val);
      return out;
    }
    return {};
  } catch (err) {
    throw bodyError(err);
  }
}

/**
 * A page form's fields with every value of repeated names (ticked rows), for forms that need
 * getAll(). Anything but a form body is refused with 400: pages take only real forms.
 */
export async function readFormData(request: Request): Promise<FormData> {
  if (!FORM.test(request.headers.get('content-type') ?? ''))
    throw new HttpError(400, 'http.badBody');
  try {
    const form = await request.formData();
    const out = new FormData();
    for (const [k, val] of form.entries()) out.append(k, cleanEntry(val));
    return out;
  } catch (err) {
    throw bodyError(err);
  }
}

/** Form booleans: 1, true and on are true (checkboxes post "on"). */
export const formBool = (value: unknown): boolean =>
  typeof value === 'string' && ['1', 'true', 'on'].includes(value.trim().toLowerCase());

export function bearerToken(request: Request): string | null {
  const h = request.headers.get('authorization');
  const m = h ? /^Bearer\s+(\S+)$/i.exec(h) : null;
  return m ? m[1]! : null;
}
