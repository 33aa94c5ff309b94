// Request body limits: uploads (multipart) may be larger than everything else. A declared length over
// the limit is refused before reading; a streamed body is cut off when it passes the limit.
import type { IncomingMessage } from 'node:http';

export class BodyTooLargeError extends Error {
  readonly status = 413;
  readonly limit: number;
  constructor(limit: number) {
    super(`Request body exceeds ${limit} bytes`);
    this.limit = limit;
  }
}

export function bodyLimitFor(
  req: IncomingMessage,
  limits: { body: number; upload: number },
): number {
  const type = String(req.headers['content-type'] ?? '');
  return type.startsWith('multipart/form-data') ? limits.upload : limits.body;
}

/** True when the declared Content-Length already exceeds the limit. */
export function declaredTooLarge(req: IncomingMessage, limit: number): boolean {
  const len = Number(req.headers['content-length'] ?? NaN);
  return Number.isFinite(len) && len > limit;
}

export async function* limited(
  source: AsyncIterable<Buffer>,
  limit: number,
): AsyncGenerator<Buffer> {
  let received = 0;
  for await (const chunk of source) {
    received += chunk.byteLength;
    if (received > limit) throw new BodyTooLargeError(limit);
    yield chunk;
  }
}

export function isBodyTooLarge(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if (
      e instanceof BodyTooLargeError ||
      (e instanceof Error && /exceeds \d+ bytes|Body size limit exceeded/.test(e.message))
    )
      return true;
  }
  return false;
}
