// FileStore: uploaded files (avatars now; chat attachments and documents later) in a local directory
// under DATA_DIR. Names are generated ids, never the uploader's file name; a JSON sidecar keeps the
// owner, kind, type and display name. Files are served only by src/pages/files/[id].ts, which checks
// access with canRead().
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { nanoid } from 'nanoid';
import { config } from './config.ts';

export interface StoredFile {
  id: string;
  /** The user who uploaded it. */
  owner: number;
  /** What it is for; decides who may read it (see canRead). */
  kind: string;
  /** Sanitised display name for Content-Disposition. */
  name: string;
  type: string;
  size: number;
  created_at: string;
}

const ID = /^[A-Za-z0-9_-]{21}$/;

/** Kinds that any signed-in user may read (avatars appear next to their owners' messages). */
const READABLE_BY_SIGNED_IN = new Set(['avatar']);

export const isFileId = (id: string): boolean => ID.test(id);

/** The URL a stored file is served from. */
export const fileUrl = (id: string): string => `/files/${id}`;

/** The id in a URL made by fileUrl(), or null. */
export function fileIdFromUrl(url: string | null | undefined): string | null {
  const m = /^\/files\/([A-Za-z0-9_-]{21})$/.exec(url ?? '');
  return m ? m[1]! : null;
}

/** Keeps letters, digits, dots, dashes and underscores; at most 100 characters. */
export function safeName(name: string): string {
  const cleaned = name.normalize('NFKC').replace(/[^\p{L}\p{N}._-]+/gu, '_').replace(/^[._]+/, '').slice(-100);
  return cleaned || 'file';
}

export function createFileStore(root: string) {
  const dir = (id: string) => join(root, id.slice(0, 2));
  const blob = (id: string) => join(dir(id), id);
  const meta = (id: string) => join(dir(id), `${id}.json`);

  return {
    async put(data: Uint8Array, info: { owner: number; kind: string; name: string; type: string }): Promise<StoredFile> {
      const file: StoredFile = { id: nanoid(), ...info, name: safeName(info.name), size: data.byteLength, created_at: new Date().toISOString() };
      await mkdir(dir(file.id), { recursive: true });
      await writeFile(blob(file.id), data, { flag: 'wx' });
      await writeFile(meta(file.id), JSON.stringify(file), { flag: 'wx' });
      return file;
    },
    async info(id: string): Promise<StoredFile | null> {
      if (!isFileId(id)) return null;
      try {
        return JSON.parse(await readFile(meta(id), 'utf8')) as StoredFile;
      } catch {
        return null;
      }
    },
    async read(id: string): Promise<Buffer | null> {
      if (!isFileId(id)) return null;
      return readFile(blob(id)).catch(() => null);
    },
    async remove(id: string): Promise<void> {
      if (!isFileId(id)) return;
      await rm(blob(id), { force: true });
      await rm(meta(id), { force: true });
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;

/** The store under the configured DATA_DIR. */
export const files = (): FileStore => createFileStore(join(config().dataDir, 'files'));

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
