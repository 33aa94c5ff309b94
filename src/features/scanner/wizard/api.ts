// The scan calls as the wizard makes them, over the one browser client (#lib/client/api.ts). The
// legacy /api/app/scan.* calls answer { type: 'success', ... } or { type: 'error', error } with the
// text in the user's language (the client reads `error` as the message); any other failure becomes
// the wizard's own message (passed in as `fallback`). Every failure is an ApiError.
import { ApiError, getJson, postForm } from '#lib/client/api.ts';
import { apiPaths } from '#lib/api-paths.ts';

export { isAbort } from '#lib/client/api.ts';

type Answer = { type?: string; error?: string; message?: string; errors?: Record<string, unknown> };

/** The field messages of a refused call (e.g. which column or page was wrong), already translated. */
export const detailsOf = (err: unknown): string[] =>
  err instanceof ApiError && err.errors ? Object.values(err.errors) : [];

const stringErrors = (body: Answer | null): Record<string, string> | undefined =>
  body?.errors && typeof body.errors === 'object'
    ? Object.fromEntries(
        Object.entries(body.errors).filter(
          (e): e is [string, string] => typeof e[1] === 'string' && e[1].length > 0,
        ),
      )
    : undefined;

/** A 2xx answer can still say { type: 'error' } (legacy shape). */
function checked<T>(body: (Answer & T) | null | undefined, status: number, fallback: string): T {
  if (!body || body.type === 'error')
    throw new ApiError(
      status,
      body?.error || body?.message || fallback,
      stringErrors(body ?? null),
    );
  return body;
}

export async function scanGet<T>(
  path: string,
  params: Record<string, string | number>,
  fallback: string,
  signal?: AbortSignal,
): Promise<T> {
  return checked<T>(await getJson<Answer & T>(path, { params, fallback, signal }), 200, fallback);
}

export async function scanPost<T>(
  path: string,
  fields: Array<[string, string]>,
  fallback: string,
): Promise<T> {
  const body = new FormData();
  for (const [k, v] of fields) body.append(k, v);
  return checked<T>(await postForm<Answer & T>(path, body, { fallback }), 200, fallback);
}

/**
 * Uploads with XMLHttpRequest, the one browser API that reports upload progress (fetch cannot, so
 * this one call stays outside the client module; it fails with the same ApiError). Resolves with the
 * parsed success answer; `progress` gets the fraction sent (0..1).
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  progress: (fraction: number) => void,
  fallback: string,
  signal?: AbortSignal,
): Promise<T> {
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
      } else
        reject(
          new ApiError(xhr.status, body?.error || body?.message || fallback, stringErrors(body)),
        );
    };
    xhr.onerror = () => reject(new ApiError(0, fallback));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export const thumbUrl = (uniqid: string, page: number): string =>
  apiPaths.app('scan.thumb', { uniqid, page });
