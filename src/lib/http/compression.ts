// Compression of dynamic answers (src/middleware.ts): brotli when the client accepts it, gzip for
// the others. A first visit carries its stylesheets inline (decisions 0015, 0036), so on a slow link
// the HTML's bytes are the first paint's wait. Quality 7 makes a cabinet page about 9 % smaller than gzip
// (/home 22.9 -> 20.9 KB) for 1.3-1.4x gzip's CPU time (about 0.7 ms more per page here); 10-11
// would save 6 % more for 30-80x gzip's time, on every request (scripts/page-css-weight.ts prints
// sizes and times per page; decision 0028).
import { Duplex } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

export const BROTLI_QUALITY = 7;

/** The encoding to use for a client's Accept-Encoding: brotli, gzip or none (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | null): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params
      .map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1])
      .find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * The body compressed as `encoding`, flushed only at its end. Both go through node:zlib: the web
 * CompressionStream('gzip') cost about twice zlib's time for a small page (issue 26).
 */
export function compressBody(
  body: NonNullable<Response['body']>,
  encoding: 'br' | 'gzip',
): ReadableStream<Uint8Array> {
  const zlib =
    encoding === 'gzip'
      ? createGzip()
      : createBrotliCompress({
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        });
  return body.pipeThrough(Duplex.toWeb(zlib) as unknown as TransformStream<Uint8Array, Uint8Array>);
}
