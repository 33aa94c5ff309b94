// Uploaded files (avatars, support attachments, order documents, promotion and news pictures) behind
// one FileStore, chosen by FILE_STORE (docs/decisions/0012-file-storage.md):
//   local     files under DATA_DIR/files (the default with SQLite: one instance)
//   database  the stored_files table (the default with PostgreSQL: every instance shares it)
//   s3://...  S3-compatible object storage (src/lib/storage/s3.ts)
// Names are generated ids, never the uploader's file name. Files are served only through
// src/lib/http/file-response.ts, after the route has checked who may read them.
import { join } from 'node:path';
import { config } from './config.ts';
import { db } from './db/index.ts';
import { createDatabaseStore } from './storage/database.ts';
import { createLocalStore } from './storage/local.ts';
import { createS3Store, parseS3Url } from './storage/s3.ts';
import type { FileStore, StoredFile } from './storage/types.ts';
import { paths } from '#lib/paths.ts';

export {
  isFileId,
  safeName,
  type FileStore,
  type NewFile,
  type StoredFile,
} from './storage/types.ts';

/** Kinds that any signed-in user may read (avatars appear next to their owners' messages). */
const READABLE_BY_SIGNED_IN = new Set(['avatar']);

const FILE_URL = new RegExp(`^${paths.files.one('')}([A-Za-z0-9_-]{21})$`);

/** The id in a URL made by paths.files.one(), or null. */
export function fileIdFromUrl(url: string | null | undefined): string | null {
  const m = FILE_URL.exec(url ?? '');
  return m ? m[1]! : null;
}

/** The local store under a directory (kept under this name for tests and tools). */
export const createFileStore = createLocalStore;

/**
 * The store a FILE_STORE value names. Throws an Error saying what is wrong with an S3 URL (the
 * server's start-up check turns it into a message naming FILE_STORE).
 */
export function fileStoreFor(setting: string, dataDir: string): FileStore {
  if (setting === 'local') return createLocalStore(join(dataDir, 'files'));
  if (setting === 'database') return createDatabaseStore(db);
  return createS3Store(parseS3Url(setting));
}

let current: { setting: string; dataDir: string; store: FileStore } | undefined;

/** The configured store (built once per configuration; stores hold no connections of their own). */
export function files(): FileStore {
  const { fileStore, dataDir } = config();
  if (current?.setting !== fileStore || current.dataDir !== dataDir)
    current = { setting: fileStore, dataDir, store: fileStoreFor(fileStore, dataDir) };
  return current.store;
}

/** Whether this user may download the file. */
export function canRead(file: StoredFile, user: { id: number } | null): boolean {
  if (!user) return false;
  return file.owner === user.id || READABLE_BY_SIGNED_IN.has(file.kind);
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
