// The one answer for a stored file, whatever route serves it (/files, /media, /support/files, the
// integration API): the stored type, an RFC 6266 Content-Disposition with a safe name, nosniff, the
// route's caching, and for a file that is missing or not the reader's the same 404 as any missing
// thing (HttpError: the error page for a browser, JSON for the API). Routes decide who may read.
import { contentDisposition, files, isFileId, type StoredFile } from '#lib/files.server.ts';
import { HttpError } from './api.ts';

export interface FileAnswer {
  /** The 404 message (already translated), e.g. t('errors.notFound', { name: t('list.file') }). */
  notFound: string;
  disposition: 'inline' | 'attachment' | ((info: StoredFile) => 'inline' | 'attachment');
  /** Whether this reader may have the file; checked before its bytes are read. */
  allow?: (info: StoredFile) => boolean | Promise<boolean>;
  /** The download name when the route knows a better one than the stored name. */
  name?: string | ((info: StoredFile) => string);
  /**
   * immutable (default): ids are random and never reused, so a file's content never changes and a
   * long private cache is safe. no-store: for files whose access can be withdrawn.
   */
  cache?: 'immutable' | 'no-store';
}

const CACHE = {
  immutable: 'private, max-age=31536000, immutable',
  'no-store': 'private, no-store',
} as const;

export async function storedFileResponse(id: string, answer: FileAnswer): Promise<Response> {
  const store = files();
  let found: { info: StoredFile; data: Buffer } | null = null;
  if (isFileId(id)) {
    if (answer.allow) {
      const info = await store.info(id);
      const data = info && (await answer.allow(info)) ? await store.read(id) : null;
      found = info && data ? { info, data } : null;
    } else {
      found = await store.get(id);
    }
  }
  if (!found) throw new HttpError(404, answer.notFound);
  const { info, data } = found;
  const disposition =
    typeof answer.disposition === 'function' ? answer.disposition(info) : answer.disposition;
  return new Response(
    new Uint8Array(data.buffer as ArrayBuffer, data.byteOffset, data.byteLength),
    {
      headers: {
        'Content-Type': info.type,
        'Content-Length': String(data.byteLength),
        'Content-Disposition': contentDisposition(
          disposition,
          typeof answer.name === 'function' ? answer.name(info) : (answer.name ?? info.name),
        ),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': CACHE[answer.cache ?? 'immutable'],
      },
    },
  );
}
