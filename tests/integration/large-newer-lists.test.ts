// The newer areas' lists of a large account (scripts/seed-large.ts, issue 26) against the real server:
// orders sorted by organisation or object name, the registry by serial or title, dispatching objects
// and saved calculations page by page from either end agree with a walk from the start; a rename
// moves the order at once (the copies of migration 0029 are kept in step); searches through the
// trigram indexes find exactly what a plain LIKE finds; the map at country zoom counts every object
// of the box; and on SQLite the queries walk the indexes of migration 0029 (no sort of every row).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../helpers/api-client.ts';
import { freshDatabase, onPostgres, withTestDatabase } from '../helpers/db.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import type { Database } from '../../src/lib/db/index.ts';
import { searchPattern } from '../../src/features/registry/registry.server.ts';

const N = 1200;
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;

beforeAll(async () => {
  const database = await freshDatabase();
  const root = new URL('../../', import.meta.url).pathname;
  const seeded = spawnSync(process.execPath, ['scripts/seed-large.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: database.dataDir,
      N: String(N),
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed:large failed: ${seeded.stderr}${seeded.stdout}`);
  server = await startServer({}, database);
  api = apiClient(server);
  ({ token } = await sessionFor(server, 'big@demo.example'));
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await server?.database.drop();
});

const body = async (path: string) =>
  (await api(path, { token, tokenInQuery: path.startsWith('/api/app/') })).data;
/** { total, ids } of one page of a list answering data { totalCount, entities } or data[] + meta. */
async function page(path: string): Promise<{ total: number; ids: number[]; rows: any[] }> {
  const b = await body(path);
  if (Array.isArray(b.data))
    return { total: b.meta.pagination.total, ids: b.data.map((e: any) => e.id), rows: b.data };
  return {
    total: b.data.totalCount,
    ids: b.data.entities.map((e: any) => e.id),
    rows: b.data.entities,
  };
}

/** Every row of a list through pages of 100 from the start, and a few pages of 10 from the end. */
async function agrees(path: (size: number, n: number) => string, total: number): Promise<any[]> {
  const rows: any[] = [];
  for (let p = 1; p <= Math.ceil(total / 100); p++) rows.push(...(await page(path(100, p))).rows);
  const ids = rows.map((r) => r.id);
  expect(new Set(ids).size).toBe(total);
  const last = Math.ceil(total / 10);
  for (const p of [last, last - 1, Math.ceil(last / 2) + 1])
    expect((await page(path(10, p))).ids, `page ${p}`).toEqual(ids.slice((p - 1) * 10, p * 10));
  return rows;
}

const withDb = <T>(f: (db: Database['db']) => Promise<T>) => withTestDatabase(server.database, f);

describe('orders sorted by a joined name', () => {
  it('pages by object and organisation name agree with the walk, and follow a rename at once', async () => {
    const total = N - N / 10;
    const byObject = await agrees(
      (s, p) => `/api/app/sales.get?sortField=object&sortOrder=asc&pageSize=${s}&pageNumber=${p}`,
      total,
    );
    // Code point order on SQLite; PostgreSQL orders by the database's collation.
    const names = byObject.map((r) => r.object_name as string);
    if (!onPostgres())
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    await agrees(
      (s, p) =>
        `/api/app/sales.get?sortField=organisation&sortOrder=desc&pageSize=${s}&pageNumber=${p}`,
      total,
    );
    // Renaming the object of the last order by name makes it the first.
    const lastRow = byObject.at(-1)!;
    await withDb((db) =>
      db
        .updateTable('objects')
        .set({ name: '0 Первая котельная' })
        .where('id', '=', lastRow.object)
        .execute(),
    );
    const first = await page('/api/app/sales.get?sortField=object&sortOrder=asc&pageSize=10');
    expect(first.rows[0]).toMatchObject({ id: lastRow.id, object_name: '0 Первая котельная' });
    // An organisation's name may be 500 characters: its copy on the orders holds it (PostgreSQL
    // checks the length, a renamed organisation with orders must not fail).
    const long = `0 ${'Общество с ограниченной ответственностью '.repeat(11)}`.slice(0, 500);
    await withDb((db) =>
      db.updateTable('organisations').set({ name: long }).where('id', '=', lastRow.oid).execute(),
    );
    const byName = await page(
      '/api/app/sales.get?sortField=organisation&sortOrder=asc&pageSize=10',
    );
    expect(byName.rows[0].oid_name).toBe(long);
  });
});

describe('the registry', () => {
  it('sorted by serial and by title pages agree with the walk; a retitled product moves', async () => {
    const rows = await agrees(
      (s, p) => `/api/v1/productions?orderBy=title&sortedBy=asc&limit=${s}&page=${p}`,
      N,
    );
    const titles = rows.map((r) => r.title as string);
    if (!onPostgres())
      expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    await agrees(
      (s, p) => `/api/v1/productions?orderBy=serial&sortedBy=desc&limit=${s}&page=${p}`,
      N,
    );
    await withDb((db) =>
      db.updateTable('products').set({ title: '0 Насос' }).where('id', '=', rows[500].id).execute(),
    );
    expect(
      (await page('/api/v1/productions?orderBy=title&sortedBy=asc&limit=1')).rows[0],
    ).toMatchObject({ id: rows[500].id, title: '0 Насос' });
  });

  it('searches find what LIKE finds, Cyrillic and case alike', async () => {
    // The registry's LIKE folds a serial's separators: the words in order, anything between them.
    for (const text of ['ДРЕНАЖ', '-000777', 'насос циркуляционный № 1']) {
      const expected = await withDb(async (db) =>
        Number(
          (
            await sql<{
              n: number;
            }>`select count(*) as n from products where search like ${searchPattern(text)} escape '\\'`.execute(
              db,
            )
          ).rows[0]!.n,
        ),
      );
      expect(expected, text).toBeGreaterThan(0);
      const r = await page(`/api/v1/productions?search=${encodeURIComponent(text)}&limit=100`);
      expect(r.total, text).toBe(expected);
    }
  });
});

describe('dispatching objects and saved calculations', () => {
  it('dispatching pages from either end agree, and a search finds its object', async () => {
    await agrees((s, p) => `/api/v1/scada?limit=${s}&page=${p}`, N);
    await agrees((s, p) => `/api/v1/scada?orderBy=status&sortedBy=asc&limit=${s}&page=${p}`, N);
    const found = await page(`/api/v1/scada?search=${encodeURIComponent('итп № 777')}`);
    expect(found.rows.map((r) => r.title)).toEqual(['ИТП № 777']);
  });

  it('saved calculations sorted by title and total agree from either end; search by request', async () => {
    for (const sort of ['title&sortOrder=asc', 'total_kop&sortOrder=desc', 'id&sortOrder=desc'])
      await agrees(
        (s, p) => `/api/v1/calculations?sortField=${sort}&pageSize=${s}&pageNumber=${p}`,
        N,
      );
    const one = (await page('/api/v1/calculations?pageSize=1')).rows[0];
    const found = await page(
      `/api/v1/calculations?searchText=${encodeURIComponent(one.request.toLowerCase())}`,
    );
    expect(found.rows.map((r) => r.id)).toEqual([one.id]);
  });
});

describe('the objects map at country zoom', () => {
  it('counts every object of the box in its clusters', async () => {
    const b = await body('/api/v1/objects/map?bbox=45,30,55,60&zoom=5');
    const inBox = b.data.cells.reduce((n: number, c: any) => n + c.count, 0);
    expect(b.data.truncated).toBe(false);
    expect(inBox).toBe(N);
    expect(b.data.total).toBe(N);
    // The same objects at zoom 3 fall into fewer, larger clusters.
    const wide = await body('/api/v1/objects/map?bbox=45,30,55,60&zoom=3');
    expect(wide.data.cells.reduce((n: number, c: any) => n + c.count, 0)).toBe(N);
    expect(wide.data.cells.length).toBeLessThan(b.data.cells.length);
  });
});

describe.skipIf(onPostgres())('query plans on SQLite', () => {
  const plan = (q: string) => {
    const d = new DatabaseSync(join(server.database.dataDir, 'cabinet.sqlite'), { readOnly: true });
    try {
      return d
        .prepare(`explain query plan ${q}`)
        .all()
        .map((r: any) => r.detail as string)
        .join('\n');
    } finally {
      d.close();
    }
  };
  it('walk an index for each sort of the newer lists', () => {
    for (const q of [
      'select orders.id from orders where user_id = 1 and archived = 0 order by orders.object_name asc, orders.id asc limit 10 offset 100',
      'select orders.id from orders where user_id = 1 and archived = 0 order by orders.organisation_name desc, orders.id desc limit 10',
      'select a.product_id from product_access as a where a.user_id = 1 order by a.title asc, a.product_id asc limit 10 offset 100',
      'select a.product_id from product_access as a where a.user_id = 1 order by a.serial desc, a.product_id desc limit 10',
      'select id from calculations where user_id = 1 order by title asc, id asc limit 10 offset 100',
      'select id from calculations where user_id = 1 order by total_kop desc, id desc limit 10',
      'select g.object_id from scada_grants as g where g.user_id = 1 order by g.object_id desc limit 10 offset 100',
    ])
      expect(plan(q), q).not.toMatch(/TEMP B-TREE/);
    expect(
      plan("select id from scans where user_id = 1 and status in ('queued', 'working') limit 5"),
    ).toMatch(/scans_user_status/);
    expect(
      plan(
        'select map_cell, count(*) from objects where user_id = 1 and map_cell >= 0 and map_cell <= 99999 and lat >= 45 and lat <= 55 group by map_cell',
      ),
    ).toMatch(/COVERING INDEX objects_user_map_cell/);
  });
});
