// Files in the application's own database (table stored_files): every instance on one PostgreSQL
// shares them with no other service to run. Reads select one row by primary key; the description is
// read without the bytes when only it is needed.
import type { Kysely } from 'kysely';
import { isFileId, newStoredFile, type FileStore, type StoredFile } from './types.ts';
import type { DB } from '../db/schema.ts';
import type { StorageTables } from './storage.tables.ts';

const DESCRIPTION = ['id', 'owner_id', 'kind', 'name', 'type', 'size', 'created_at'] as const;

type Row = Pick<StorageTables['stored_files'], (typeof DESCRIPTION)[number]>;
const toFile = (r: Row): StoredFile => ({
  id: r.id,
  owner: r.owner_id,
  kind: r.kind,
  name: r.name,
  type: r.type,
  size: Number(r.size),
  created_at: r.created_at,
});
// node:sqlite answers a Uint8Array, pg a Buffer: one type for callers, without copying.
const toBuffer = (d: Uint8Array): Buffer =>
  Buffer.isBuffer(d) ? d : Buffer.from(d.buffer, d.byteOffset, d.byteLength);

export function createDatabaseStore(db: () => Kysely<DB>): FileStore {
  return {
    kind: 'database',
    async put(data, fields) {
      const file = newStoredFile(data, fields);
      await db()
        .insertInto('stored_files')
        .values({
          id: file.id,
          owner_id: file.owner,
          kind: file.kind,
          name: file.name,
          type: file.type,
          size: file.size,
          created_at: file.created_at,
          data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
        })
        .execute();
      return file;
    },
    async info(id) {
      if (!isFileId(id)) return null;
      const row = await db()
        .selectFrom('stored_files')
        .select(DESCRIPTION)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toFile(row) : null;
    },
    async read(id) {
      if (!isFileId(id)) return null;
      const row = await db()
        .selectFrom('stored_files')
        .select('data')
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toBuffer(row.data) : null;
    },
    async get(id) {
      if (!isFileId(id)) return null;
      const row = await db()
        .selectFrom('stored_files')
        .select([...DESCRIPTION, 'data'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { info: toFile(row), data: toBuffer(row.data) } : null;
    },
    async remove(id) {
      if (!isFileId(id)) return;
      await db().deleteFrom('stored_files').where('id', '=', id).execute();
    },
  };
}
