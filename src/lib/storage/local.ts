// Files in a local directory (DATA_DIR/files): the default for one instance. The blob is named by its
// generated id, never by the uploader's file name; a JSON sidecar keeps the owner, kind, type and name.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isFileId, newStoredFile, type FileStore, type StoredFile } from './types.ts';

export function createLocalStore(root: string): FileStore {
  const dir = (id: string) => join(root, id.slice(0, 2));
  const blob = (id: string) => join(dir(id), id);
  const meta = (id: string) => join(dir(id), `${id}.json`);
  const info = async (id: string): Promise<StoredFile | null> => {
    if (!isFileId(id)) return null;
    try {
      return JSON.parse(await readFile(meta(id), 'utf8')) as StoredFile;
    } catch {
      return null;
    }
  };
  const read = async (id: string): Promise<Buffer | null> =>
    isFileId(id) ? readFile(blob(id)).catch(() => null) : null;

  return {
    kind: 'local',
    async put(data, fields) {
      const file = newStoredFile(data, fields);
      await mkdir(dir(file.id), { recursive: true });
      await writeFile(blob(file.id), data, { flag: 'wx' });
      await writeFile(meta(file.id), JSON.stringify(file), { flag: 'wx' });
      return file;
    },
    info,
    read,
    async get(id) {
      const [i, data] = await Promise.all([info(id), read(id)]);
      return i && data ? { info: i, data } : null;
    },
    async remove(id) {
      if (!isFileId(id)) return;
      await rm(blob(id), { force: true });
      await rm(meta(id), { force: true });
    },
  };
}
