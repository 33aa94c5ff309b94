import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unavailableCause } from '#lib/http/failure.ts';
import { openSqlite } from './sqlite-driver.ts';

describe('node:sqlite driver statement cache', () => {
  it('prepares each SQL text once and reuses it with new parameters', async () => {
    const conn = openSqlite(':memory:');
    const prepare = vi.spyOn(conn.raw, 'prepare');
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: conn }) });
    await sql`create table t (id integer primary key, v text)`.execute(db);
    for (let i = 0; i < 20; i++)
      await db
        .insertInto('t')
        .values({ id: i, v: `v${i}` })
        .execute();
    const rows = [];
    for (let i = 0; i < 20; i++)
      rows.push(await db.selectFrom('t').select('v').where('id', '=', i).executeTakeFirst());
    expect(rows.map((r) => r?.v)).toEqual(Array.from({ length: 20 }, (_, i) => `v${i}`));
    // create table, one insert text, one select text.
    expect(prepare).toHaveBeenCalledTimes(3);
    await db.destroy();
  });

  it('stays bounded, dropping the least recently used statement', () => {
    const conn = openSqlite(':memory:', 3);
    const prepare = vi.spyOn(conn.raw, 'prepare');
    const q = (n: number) => conn.prepare(`select ${n} as n`).all([]);
    for (const n of [1, 2, 3, 1, 4]) q(n); // evicts 2, the least recently used
    expect(conn.cached()).toBe(3);
    for (const n of [1, 3, 4]) q(n);
    expect(prepare).toHaveBeenCalledTimes(4);
    q(2);
    expect(prepare).toHaveBeenCalledTimes(5);
    expect(conn.cached()).toBe(3);
    conn.close();
  });

  it('empties the cache on schema changes and on close, and cached statements see new columns', () => {
    const conn = openSqlite(':memory:');
    conn.prepare('create table t (a integer)').run([]);
    conn.prepare('insert into t (a) values (?)').run([1]);
    const select = conn.prepare('select * from t');
    expect(select.all([])).toEqual([{ a: 1 }]);
    expect(conn.cached()).toBe(2);
    conn.prepare('alter table t add column b text').run([]);
    expect(conn.cached()).toBe(0);
    expect(conn.prepare('select * from t').all([])).toEqual([{ a: 1, b: null }]);
    // Even a statement held across the change is re-prepared by SQLite itself.
    expect(select.all([])).toEqual([{ a: 1, b: null }]);
    conn.close();
    expect(conn.cached()).toBe(0);
  });
});

// SQLITE_FULL may roll the whole transaction back by itself; Kysely then sends its own `rollback`,
// which used to fail with "cannot rollback - no transaction is active" and hide the disk error.
describe('node:sqlite driver transactions on a full database', () => {
  const fullDatabase = async () => {
    const conn = openSqlite(join(mkdtempSync(join(tmpdir(), 'sqlite-full-')), 'x.sqlite'));
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: conn }) });
    await sql`create table t (id integer primary key, v text)`.execute(db);
    // Not one page more than the file has now (SQLite clamps the cap to the current size).
    conn.raw.exec('PRAGMA max_page_count = 1');
    return { conn, db };
  };
  const fill = (db: Kysely<any>) =>
    db.transaction().execute(async (trx) => {
      for (let i = 0; i < 50; i++)
        await trx
          .insertInto('t')
          .values({ v: 'x'.repeat(3000) })
          .execute();
    });

  it('raises the SQLITE_FULL error itself, which failure.ts maps to 503 disk full', async () => {
    const { conn, db } = await fullDatabase();
    const err = (await fill(db).then(
      () => null,
      (e: unknown) => e,
    )) as { message: string; errcode: number };
    expect(err.message).toBe('database or disk is full');
    expect(err.errcode).toBe(13);
    expect(unavailableCause(err)).toBe('disk');
    expect(conn.raw.isTransaction).toBe(false);
    // Nothing of the failed transaction was kept, and the connection works on.
    expect(
      await db
        .selectFrom('t')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst(),
    ).toEqual({ n: 0 });
    await db.destroy();
  });

  it('still rolls back a transaction that is open (an ordinary failure inside it)', async () => {
    const { db } = await fullDatabase();
    const failed = db.transaction().execute(async (trx) => {
      await sql`insert into t (id, v) values (1, 'a')`.execute(trx);
      throw new Error('the caller changed its mind');
    });
    await expect(failed).rejects.toThrow('the caller changed its mind');
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([]);
    await db.destroy();
  });
});
