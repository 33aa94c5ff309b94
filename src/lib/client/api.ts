// The one way islands and client scripts call our own API (same origin, session cookie). Browser code:
// no server imports (eslint.config.js lists this folder with the islands).
//
// Every failure is an ApiError: the server's JSON body `{ message, errors? }` gives its message and
// field errors; a non-JSON answer, a timeout or a network failure gives the caller's `fallback` (an
// already translated generic text) or, without one, an error carrying only the status (0 when no
// answer came). An abort by the caller's own signal is not a failure: it rethrows the AbortError
// (see isAbort) so an island can drop a superseded request silently.

export class ApiError extends Error {
  /** HTTP status; 0 when no answer came (network failure, timeout). */
  readonly status: number;
  /** Field messages of a refused form (field name → translated text). */
  readonly errors?: Record<string, string>;
  /** Seconds to wait before retrying, from the Retry-After header (429, 503). */
  readonly retryAfter?: number;
  constructor(
    status: number,
    message: string,
    errors?: Record<string, string>,
    retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    if (errors && Object.keys(errors).length > 0) this.errors = errors;
    if (retryAfter !== undefined) this.retryAfter = retryAfter;
  }
}

export type CallOptions = {
  signal?: AbortSignal;
  /** Milliseconds before the call is given up (an ApiError with status 0). */
  timeout?: number;
  /** Translated text for failures the server did not explain (network, non-JSON answer). */
  fallback?: string;
  headers?: Record<string, string>;
  /** Lets the request outlive the page (a flag saved while the user navigates away). */
  keepalive?: boolean;
};

export const isAbort = (err: unknown): boolean =>
  (err instanceof DOMException || err instanceof Error) && err.name === 'AbortError';

type Body = { message?: unknown; error?: unknown; errors?: unknown };

/** Seconds from a Retry-After header: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

function fieldErrors(errors: unknown): Record<string, string> | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors)) if (typeof v === 'string' && v) out[k] = v;
  return out;
}

/** Messages of a JSON body; `error` is the legacy (/api/app) spelling of `message`. */
function messageOf(body: Body | null): string | undefined {
  if (!body) return undefined;
  if (typeof body.message === 'string' && body.message) return body.message;
  if (typeof body.error === 'string' && body.error) return body.error;
  return undefined;
}

export async function request<T>(
  url: string,
  init: RequestInit,
  opts: CallOptions = {},
): Promise<T> {
  const { signal, timeout, fallback = '' } = opts;
  const timer = timeout ? AbortSignal.timeout(timeout) : undefined;
  const signals = [signal, timer].filter((s): s is AbortSignal => !!s);
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      credentials: 'same-origin',
      keepalive: opts.keepalive,
      headers: {
        Accept: 'application/json',
        ...(init.headers as Record<string, string>),
        ...opts.headers,
      },
      signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
    });
  } catch (err) {
    // The caller's own abort passes through; our timeout or a lost network is a status-0 failure.
    if (signal?.aborted) throw err;
    throw new ApiError(0, fallback);
  }
  let text = '';
  try {
    text = await res.text();
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(res.ok ? 0 : res.status, fallback);
  }
  let body: unknown = undefined;
  let parsed = true;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      parsed = false;
    }
  }
  if (res.ok) {
    if (!parsed) throw new ApiError(res.status, fallback);
    return body as T;
  }
  const b = parsed && body && typeof body === 'object' ? (body as Body) : null;
  throw new ApiError(
    res.status,
    messageOf(b) ?? fallback,
    fieldErrors(b?.errors),
    parseRetryAfter(res.headers.get('Retry-After')),
  );
}

/** GET a JSON answer; `params` become the query string. */
export function getJson<T>(
  url: string,
  opts?: CallOptions & { params?: Record<string, string | number | boolean | undefined> },
): Promise<T> {
  const params = opts?.params
    ? Object.entries(opts.params)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)])
    : [];
  const qs = params.length
    ? (url.includes('?') ? '&' : '?') + new URLSearchParams(params).toString()
    : '';
  return request<T>(url + qs, { method: 'GET' }, opts);
}

/** POST a JSON body. */
export function postJson<T>(url: string, data: unknown, opts?: CallOptions): Promise<T> {
  return request<T>(
    url,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(data) },
    opts,
  );
}

/**
 * POST form fields: a FormData goes as multipart (files, uploads), a URLSearchParams or plain object as
 * application/x-www-form-urlencoded (what a real <form method="post"> would send).
 */
export function postForm<T>(
  url: string,
  form: FormData | URLSearchParams | Record<string, string | number>,
  opts?: CallOptions,
): Promise<T> {
  const body =
    form instanceof FormData || form instanceof URLSearchParams
      ? form
      : new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)]));
  return request<T>(url, { method: 'POST', body }, opts);
}

/** Builds a FormData from plain fields (undefined and null are left out). */
export function formOf(
  fields: Record<string, string | Blob | number | null | undefined>,
): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields))
    if (v !== undefined && v !== null) f.append(k, typeof v === 'number' ? String(v) : v);
  return f;
}
