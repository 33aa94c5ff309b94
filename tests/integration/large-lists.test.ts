// Orders and notifications of a large account (scripts/seed-large.ts with N rows of each kind) against
// the real server: deep pages are the right rows in the right order whichever end they are read from,
// answers stay bounded (no list of every object in the orders filter, the legacy "all" capped), the
// filters search on the server and work without JavaScript, and on SQLite the queries walk the
// indexes of migration 0006 (no sort of every row, the bell's per-module query a direct seek).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../helpers/api-client.ts';
import { freshDatabase, onPostgres, openTestDatabase } from '../helpers/db.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

const N = 1200;
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;
let cookie: string;

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
  // 30 more promotions, so their page and API have more than one page to show.
  const handle = openTestDatabase(database);
  const t = new Date().toISOString();
  const day = t.slice(0, 10);
  await handle.db
    .insertInto('promotions')
    .values(
      Array.from({ length: 30 }, (_, i) => ({
        title: `Акция ${i + 1}`,
        description: 'Описание',
        full: '<p>Текст</p>',
        image_id: null,
        date_start: day,
        date_end: day,
        published: 1,
        created_at: t,
        updated_at: t,
      })),
    )
    .execute();
  await handle.close();
  server = await startServer({}, database);
  api = apiClient(server);
  ({ token, cookie } = await sessionFor(server, 'big@demo.example'));
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await server?.database.drop();
});

const get = async (path: string) =>
  (await api(path, { token, tokenInQuery: path.startsWith('/api/app/') })).data.data as {
    totalCount: number;
    entities: any[];
  };
const page = (path: string) =>
  fetch(`${server.url}${path}`, {
    headers: { cookie: `${cookie}; start_info=hidden`, 'Accept-Language': 'ru' },
  });

/** Every row of a list, through pages of 100 read from the start. */
async function everything(path: string, total: number): Promise<number[]> {
  const ids: number[] = [];
  for (let p = 1; p <= Math.ceil(total / 100); p++)
    ids.push(
      ...(
        await get(`${path}${path.includes('?') ? '&' : '?'}pageSize=100&pageNumber=${p}`)
      ).entities.map((e) => e.id),
    );
  return ids;
}

describe('deep pages', () => {
  it('notifications: the last page and pages in the second half hold the rows a walk from the start finds', async () => {
    const first = await get('/api/v1/notifications');
    expect(first.totalCount).toBe(N);
    const all = await everything('/api/v1/notifications', N);
    expect(new Set(all).size).toBe(N);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    for (const p of [120, 119, 61, 60, 2]) {
      expect(
        (await get(`/api/v1/notifications?pageNumber=${p}`)).entities.map((e) => e.id),
        `page ${p}`,
      ).toEqual(all.slice((p - 1) * 10, p * 10));
    }
    // A page beyond the end is empty, with the total still told.
    expect(await get('/api/v1/notifications?pageNumber=121')).toEqual({
      totalCount: N,
      entities: [],
    });
    // A short last page read from the end is turned round too.
    const sevens = await everything('/api/v1/notifications?sortField=title&sortOrder=asc', N);
    expect(
      (
        await get('/api/v1/notifications?sortField=title&sortOrder=asc&pageSize=7&pageNumber=172')
      ).entities.map((e) => e.id),
    ).toEqual(sevens.slice(171 * 7));
  });

  it('orders: deep pages by id and by total agree with the walk from the start', async () => {
    const total = (await get('/api/app/sales.get?pageSize=10')).totalCount;
    expect(total).toBe(N - N / 10);
    for (const sort of ['', '&sortField=total&sortOrder=asc', '&sortField=status&sortOrder=desc']) {
      const all = await everything(`/api/app/sales.get?x=1${sort}`, total);
      expect(new Set(all).size, sort).toBe(total);
      const last = Math.ceil(total / 10);
      for (const p of [last, last - 1, Math.ceil(last / 2) + 1]) {
        expect(
          (await get(`/api/app/sales.get?pageNumber=${p}${sort}`)).entities.map((e) => e.id),
          `page ${p}${sort}`,
        ).toEqual(all.slice((p - 1) * 10, p * 10));
      }
    }
  });

  it('the legacy call without paging answers at most 100 orders and the full count', async () => {
    const r = await get('/api/app/sales.get');
    expect(r.totalCount).toBe(N - N / 10);
    expect(r.entities).toHaveLength(100);
  });
});

describe('the orders page of a large account', () => {
  it('stays small: no list of every object or organisation, and a way to the last page', async () => {
    const res = await page('/e-commerce/orders');
    expect(res.status).toBe(200);
    const html = await res.text();
    // No select of every object or organisation (it was 7.2 MB at 100,000 objects).
    expect((html.match(/<option/g) ?? []).length).toBeLessThan(20);
    expect(html).not.toContain('Котельная № 1<');
    expect(html).toContain(`pageNumber=${Math.ceil((N - N / 10) / 10)}`);
    expect(html).toContain('В конец');
  });

  it('filters by a typed part of the object name without JavaScript, and by a picked object id', async () => {
    const html = await (
      await page(`/e-commerce/orders?object_text=${encodeURIComponent('№ 777')}`)
    ).text();
    // Orders of objects 777 and 1777… (only 777 exists at N=1200): one order, not archived (index 776).
    const numbers = [...html.matchAll(/class="number"[^>]*>№ (B\d+)</g)].map((m) => m[1]);
    expect(numbers).toEqual(['B000777']);
    expect(html).toContain('value="№ 777"');
    const objects = await get('/api/v1/objects?searchText=%E2%84%96%20777');
    const id = objects.entities[0].id;
    const picked = await (await page(`/e-commerce/orders?object=${id}`)).text();
    expect([...picked.matchAll(/class="number"[^>]*>№ (B\d+)</g)].map((m) => m[1])).toEqual([
      'B000777',
    ]);
    expect(picked).toContain('value="Котельная № 777"');
    // The text wins when it no longer names the picked object (typed over without JavaScript).
    const retyped = await (
      await page(`/e-commerce/orders?object=${id}&object_text=${encodeURIComponent('№ 778')}`)
    ).text();
    expect([...retyped.matchAll(/class="number"[^>]*>№ (B\d+)</g)].map((m) => m[1])).toEqual([
      'B000778',
    ]);
    // The folded filters say how many are set.
    expect(retyped).toMatch(/class="filter-count"[^>]*>1</);
  });

  it('the promotion page renders a bounded first choice of objects', async () => {
    const id = (await api('/api/v1/promotions', { token })).data.data[0].id;
    const html = await (await page(`/promotions/${id}`)).text();
    expect((html.match(/Котельная №/g) ?? []).length).toBeLessThanOrEqual(50);
    expect(html).toContain('id="promo-all"');
  });
});

describe('promotions', () => {
  it('the page shows 24 at a time with a link to older ones (by key), the API at most 100 with the total', async () => {
    const total = (await api('/api/v1/promotions', { token })).data.meta.pagination.total;
    expect(total).toBeGreaterThan(30);
    const html = await (await page('/promotions')).text();
    expect((html.match(/<li[^>]*>\s*<article/g) ?? []).length).toBe(24);
    const older = html.match(/href="\/promotions\?before=(\d+)"/)![1];
    const rest = await (await page(`/promotions?before=${older}`)).text();
    expect((rest.match(/<li[^>]*>\s*<article/g) ?? []).length).toBe(total - 24);
    expect(
      rest.includes('class="promo-more"') && rest.includes('href="/promotions" data-astro'),
    ).toBe(true);
    expect(/href="\/promotions\?before=/.test(rest)).toBe(false);
    const limited = (await api('/api/v1/promotions?limit=10&page=2', { token })).data;
    expect(limited.data).toHaveLength(10);
    expect(limited.meta.pagination).toMatchObject({ total, per_page: 10, current_page: 2 });
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
  it('walk an index for each list and seek straight to a module without unread rows', () => {
    expect(
      plan(
        "select id from notifications where user_id = 1 and module = 'request' and status = 1 order by id desc limit 10",
      ),
    ).toMatch(/notifications_user_module_status/);
    for (const q of [
      'select id from notifications where user_id = 1 order by id desc limit 10 offset 500',
      "select id from notifications where user_id = 1 and module = 'task' order by id desc limit 10",
      'select orders.id from orders where user_id = 1 and archived = 0 order by orders.total asc, orders.id asc limit 10 offset 100',
      "select orders.id from orders where user_id = 1 and archived = 0 and status = 'new' order by orders.id desc limit 10",
      'select orders.id from orders where user_id = 1 and archived = 0 order by orders.created_at desc, orders.id desc limit 10',
    ]) {
      expect(plan(q), q).not.toMatch(/TEMP B-TREE/);
    }
  });
});
