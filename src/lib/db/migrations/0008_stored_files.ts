// Uploaded files kept in the database (FILE_STORE=database, the default on PostgreSQL): one row per
// file with its bytes, so several instances on one database serve the same files.
import type { Kysely } from 'kysely';
import { engineOf } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const engine = await engineOf(db);
  await db.schema
    .createTable('stored_files')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('data', engine === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stored_files').execute();
}
