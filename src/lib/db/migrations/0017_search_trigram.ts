// Substring search ("search column contains text") served by a trigram index instead of a scan of
// every row (issue 10). PostgreSQL: pg_trgm GIN indexes, which `like '%text%'` uses by itself for
// 3+ characters. SQLite: an external-content FTS5 trigram table per searched table (rowid = the
// row's id, only the `search` column), kept in step by triggers and filled here with 'rebuild';
// src/lib/search.server.ts turns a search into a phrase match on it. Same approach as the catalogue
// (0010); see docs/decisions for why a phrase match rather than LIKE on the FTS table.
import { sql, type Kysely } from 'kysely';
import { engineOf } from './helpers.ts';

/** Tables with a lower-cased `search` column matched as a substring by the lists. */
export const SEARCHED_TABLES = [
  'orders',
  'notifications',
  'objects',
  'organisations',
  'support_requests',
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if ((await engineOf(db)) === 'postgres') {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const t of SEARCHED_TABLES)
      await sql`create index ${sql.id(`${t}_search_trgm`)} on ${sql.id(t)} using gin (search gin_trgm_ops)`.execute(
        db,
      );
    return;
  }
  for (const t of SEARCHED_TABLES) {
    const fts = sql.id(`${t}_trgm`);
    const table = sql.id(t);
    await sql`create virtual table ${fts} using fts5(search, content=${sql.lit(t)}, content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    // External content: the index is told the old text to remove and the new text to add.
    await sql`create trigger ${sql.id(`${t}_trgm_insert`)} after insert on ${table} begin
      insert into ${fts}(rowid, search) values (new.id, new.search); end`.execute(db);
    await sql`create trigger ${sql.id(`${t}_trgm_delete`)} after delete on ${table} begin
      insert into ${fts}(${fts}, rowid, search) values ('delete', old.id, old.search); end`.execute(
      db,
    );
    await sql`create trigger ${sql.id(`${t}_trgm_update`)} after update of search on ${table} begin
      insert into ${fts}(${fts}, rowid, search) values ('delete', old.id, old.search);
      insert into ${fts}(rowid, search) values (new.id, new.search); end`.execute(db);
    await sql`insert into ${fts}(${fts}) values ('rebuild')`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if ((await engineOf(db)) === 'postgres') {
    for (const t of SEARCHED_TABLES)
      await sql`drop index if exists ${sql.id(`${t}_search_trgm`)}`.execute(db);
    return;
  }
  for (const t of SEARCHED_TABLES) {
    for (const k of ['insert', 'delete', 'update'])
      await sql`drop trigger if exists ${sql.id(`${t}_trgm_${k}`)}`.execute(db);
    await sql`drop table if exists ${sql.id(`${t}_trgm`)}`.execute(db);
  }
}
