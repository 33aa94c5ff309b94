import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { openSqlite } from './sqlite-driver.ts';

describe('node:sqlite driver statement cache', () => {
  it('prepares each SQL text once and reuses it with new parameters', async () => {
    const conn = openSqlite(':memory:');
    const prepare = vi.spyOn(conn.raw, 'prepare');
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: conn }) });
    await sql`create table t (id integer primary key, v text)`.execute(db);
    for (let i = 0; i < 20; i++) await db.insertInto('t').values({ id: i, v: `v${i}` }).execute();
    const rows = [];
    for (let i = 0; i < 20; i++) rows.push(await db.selectFrom('t').select('v').where('id', '=', i).executeTakeFirst());
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
