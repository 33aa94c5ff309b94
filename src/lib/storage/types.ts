// What every file store keeps and answers, whichever backend holds the bytes (local disk, the
// database, S3-compatible object storage). Ids are generated and never reused, so content never
// changes under an id.
import { nanoid } from 'nanoid';

export interface StoredFile {
  id: string;
  /** The user who uploaded it. */
  owner: number;
  /** What it is for; decides who may read it (see canRead in files.server.ts). */
  kind: string;
  /** Sanitised display name for Content-Disposition. */
  name: string;
  type: string;
  size: number;
  created_at: string;
}

export type NewFile = Pick<StoredFile, 'owner' | 'kind' | 'name' | 'type'>;

export interface FileStore {
  readonly kind: 'local' | 'database' | 's3';
  put(data: Uint8Array, info: NewFile): Promise<StoredFile>;
  info(id: string): Promise<StoredFile | null>;
  read(id: string): Promise<Buffer | null>;
  /** Description and bytes in one round trip where the backend allows it. */
  get(id: string): Promise<{ info: StoredFile; data: Buffer } | null>;
  remove(id: string): Promise<void>;
}

const ID = /^[A-Za-z0-9_-]{21}$/;
export const isFileId = (id: string): boolean => ID.test(id);

/** Keeps letters, digits, dots, dashes and underscores; at most 100 characters. */
export function safeName(name: string): string {
  const cleaned = name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return cleaned || 'file';
}

export function newStoredFile(data: Uint8Array, info: NewFile): StoredFile {
  return {
    id: nanoid(),
    owner: info.owner,
    kind: info.kind,
    name: safeName(info.name),
    type: info.type,
    size: data.byteLength,
    created_at: new Date().toISOString(),
  };
}
