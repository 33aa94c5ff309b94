// Substring search at 100,000 rows (issue 10): with 100,000 orders, notifications, objects and
// support requests of one customer, a 3+ character search answers under 50 ms (p50) through the
// trigram indexes of migration 0017 (FTS5 trigram on SQLite, pg_trgm on PostgreSQL). And the
// indexed condition (src/lib/search.server.ts) finds exactly what the plain LIKE finds: Cyrillic and
// case, ё apart from е, % and _ taken literally, quotes, short searches, other users' rows never,
// and rows whose text changes or that are deleted.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/lib/db/schema.ts';
import { containsPattern } from '../../src/lib/list.ts';
import { containsWhere } from '../../src/lib/search.server.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { api, withDb } from '../helpers/support.ts';
import { onPostgres } from '../helpers/db.ts';

const N = 100_000;
/** One row in RARE carries the rare words (100 of 100,000). */
const RARE = 1000;
let server: TestServer;
let big: ReturnType<typeof api>;
let token = '';
let bigId = 0;
let otherId = 0;

// Texts of a realistic length (a scan's cost grows with them; the index's does not).
const NOTE =
  'Статус заказа изменён: заказ передан на склад, ожидаемая дата отгрузки будет сообщена менеджером дополнительно';
const REQUEST = ': не запускается циркуляционный насос на котельной, требуется выезд специалиста';

// All four tables filled by one statement each (a recursive counter), so seeding takes seconds.
const counter = sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(N)})`;
const rare = (text: string) =>
  sql`case when i % ${sql.lit(RARE)} = 7 then ${sql.lit(text)} else '' end`;

async function seed(db: Kysely<DB>, userId: number): Promise<void> {
  const t = sql.lit('2026-01-01T00:00:00.000Z');
  await sql`${counter} insert into objects (user_id, name, address, coords, lat, lon, search, created_at, updated_at)
    select ${userId}, 'Котельная № ' || i, 'г. Ижевск, ул. Промышленная, ' || i, '56.8, 53.2', 56.8, 53.2,
      'котельная № ' || i || ' г. ижевск, ул. промышленная, ' || i || ${rare(' станция ридан')}, ${t}, ${t} from n`.execute(
    db,
  );
  await sql`${counter} insert into orders (user_id, number, title, status, source, total, archived, search, created_at, updated_at)
    select ${userId}, 'S' || i, 'Насос циркуляционный, партия ' || i, 'new', 'cabinet', 100, 0,
      's' || i || ' насос циркуляционный, партия ' || i || ${rare(' теплообменник ридан')}, ${t}, ${t} from n`.execute(
    db,
  );
  await sql`${counter} insert into notifications (user_id, module, status, title, text, icon, date, read_date, search)
    select ${userId}, 'order', 0, 'Уведомление ' || i, ${sql.lit(NOTE)}, 'status', ${t}, ${t},
      'уведомление ' || i || ' ' || ${sql.lit(NOTE.toLowerCase())} || ${rare(' отгрузка ридан')} from n`.execute(
    db,
  );
  await sql`${counter} insert into support_requests (user_id, title, search, type, status, customer_read_id, staff_read_id, created_at, updated_at)
    select ${userId}, 'Обращение ' || i, 'обращение ' || i || ${sql.lit(REQUEST)} || ${rare(' вопрос ридан')}, 'lk', 1, 0, 0, ${t}, ${t} from n`.execute(
    db,
  );
  // What autovacuum does on a live PostgreSQL; SQLite gets statistics.
  const tables = ['objects', 'orders', 'notifications', 'support_requests'];
  for (const s of server.database.url ? tables.map((x) => `vacuum analyze ${x}`) : ['analyze'])
    await sql.raw(s).execute(db);
}

beforeAll(async () => {
  server = await startServer();
  const [b, o] = await Promise.all(
    ['dmitry.volkov', 'olga.demidova'].map((x) => sessionFor(server, `${x}@demo.example`)),
  );
  big = api(server, b!.cookie);
  [token, bigId, otherId] = [b!.token, b!.userId, o!.userId];
  await withDb(server, (db) => seed(db, bigId));
}, 300_000);
afterAll(async () => {
  await server?.stop();
});

/** p50 of seven timed requests after one warm-up; the best of up to three rounds (a shared machine). */
async function p50(path: string): Promise<{ ms: number; body: any }> {
  await (await big.get(path)).arrayBuffer();
  let best = { ms: Infinity, body: null as any };
  for (let round = 0; round < 3 && best.ms >= 50; round++) {
    const times: number[] = [];
    let body: any = null;
    for (let i = 0; i < 7; i++) {
      const start = performance.now();
      const res = await big.get(path);
      body = res.headers.get('content-type')?.includes('json')
        ? await res.json()
        : await res.text();
      times.push(performance.now() - start);
      expect(res.status, path).toBe(200);
    }
    times.sort((a, b) => a - b);
    if (times[3]! < best.ms) best = { ms: times[3]!, body };
  }
  console.log(
    `search-scale ${server.database.url ? 'postgres' : 'sqlite'} ${path.split('?')[0]} p50 ${best.ms.toFixed(1)} ms`,
  );
  return best;
}

describe('a 3+ character search at 100,000 rows answers under 50 ms (p50)', () => {
  it('orders (sales.get)', async () => {
    const r = await p50(
      `/api/app/sales.get?token=${token}&pageSize=10&pageNumber=1&searchText=${encodeURIComponent('Ридан')}`,
    );
    expect(r.body.data.totalCount).toBe(N / RARE);
    expect(r.ms).toBeLessThan(50);
  });
  it('notifications', async () => {
    const r = await p50(`/api/v1/notifications?searchText=${encodeURIComponent('отгрузка ридан')}`);
    expect(r.body.data.totalCount).toBe(N / RARE);
    expect(r.ms).toBeLessThan(50);
  });
  it("objects: the list and the pickers' search", async () => {
    const list = await p50(`/api/v1/objects?searchText=${encodeURIComponent('станция')}`);
    expect(list.body.data.totalCount).toBe(N / RARE);
    expect(list.ms).toBeLessThan(50);
    const all = await p50(`/api/v1/objects/all?search=${encodeURIComponent('ридан')}`);
    expect(all.body.data.totalCount).toBe(N / RARE);
    expect(all.ms).toBeLessThan(50);
  });
  it('support requests', async () => {
    const r = await p50(
      `/api/v1/support?searchText=${encodeURIComponent('вопрос ридан')}&limit=100`,
    );
    expect(r.body.data).toHaveLength(N / RARE);
    expect(r.ms).toBeLessThan(50);
  });
});

// Which plan answers a rare search must not depend on ANALYZE's random sample (migration 0020): at
// the default statistics target the key-ordered walk won about half the time (80 ms instead of 4).
describe.skipIf(!onPostgres())(
  'PostgreSQL takes a rare search from the trigram index after every ANALYZE',
  () => {
    it.each([
      ['orders', 'теплообменник ридан'],
      ['notifications', 'отгрузка ридан'],
      ['objects', 'станция ридан'],
      ['support_requests', 'вопрос ридан'],
    ] as const)('%s', async (table, text) => {
      await withDb(server, async (db) => {
        for (let round = 0; round < 4; round++) {
          await sql`analyze ${sql.id(table)}`.execute(db);
          const plan = await sql<{ 'QUERY PLAN': string }>`explain select id from ${sql.id(table)}
          where user_id = ${bigId} and search like ${containsPattern(text)} escape '\\' order by id desc limit 101`.execute(
            db,
          );
          expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n'), `round ${round}`).toContain(
            `${table}_search_trgm`,
          );
        }
      });
    });
  },
);

// The notifications page has no search box (the API's searchText is measured above).
describe('the pages with a search at 100,000 rows answer under 50 ms (p50)', () => {
  it.each([
    ['/e-commerce/orders', 'теплообменник ридан', 'S99007'],
    ['/user-info/my-objects', 'станция ридан', 'Котельная № 99007'],
  ])('%s', async (path, text, newest) => {
    const r = await p50(`${path}?searchText=${encodeURIComponent(text)}`);
    expect(r.body).toContain(newest);
    expect(r.body).not.toContain(newest.replace('99007', '99008'));
    expect(r.ms).toBeLessThan(50);
  });
});

describe('the indexed condition finds what the plain LIKE finds', () => {
  const texts = [
    'Насос «Ёлка» 50% a_b "кавычки"',
    'насос елка 500 axb',
    'НАСОС ЁЛКА',
    'pump Grundfos 50%',
    'back\\slash',
  ];
  const searches = [
    'ёлка',
    'ЁЛК',
    'елка',
    'насос',
    '50%',
    '0%',
    'a_b',
    '_b',
    '"кав',
    'кавычки"',
    'grundfos',
    'Pump G',
    'k\\s',
    'ёл',
    '%',
    '_',
    'ридан',
    'a b c',
  ];
  let ids: number[] = [];

  beforeAll(async () => {
    await withDb(server, async (db) => {
      const t = new Date().toISOString();
      const rows = texts.map((s) => ({
        user_id: otherId,
        name: s,
        address: 'x',
        coords: '0, 0',
        lat: 0,
        lon: 0,
        search: s.toLowerCase(),
        created_at: t,
        updated_at: t,
      }));
      ids = (await db.insertInto('objects').values(rows).returning('id').execute()).map(
        (r) => r.id,
      );
    });
  });

  const found = (db: Kysely<DB>, where: ReturnType<typeof sql<boolean>>) =>
    db
      .selectFrom('objects')
      .select('id')
      .where('user_id', '=', otherId)
      .where(where)
      .orderBy('id')
      .execute()
      .then((r) => r.map((x) => x.id));

  it.each(searches)('%s', async (text) => {
    await withDb(server, async (db) => {
      const plain = await found(db, sql<boolean>`search like ${containsPattern(text)} escape '\\'`);
      expect(await found(db, containsWhere(db, 'objects', text))).toEqual(plain);
    });
  });

  it('knows exactly which rows hold ёлка, 50% and a_b', async () => {
    await withDb(server, async (db) => {
      expect(await found(db, containsWhere(db, 'objects', 'ЁлКа'))).toEqual([ids[0], ids[2]]);
      expect(await found(db, containsWhere(db, 'objects', '50%'))).toEqual([ids[0], ids[3]]);
      expect(await found(db, containsWhere(db, 'objects', 'a_b'))).toEqual([ids[0]]);
    });
  });

  it('follows changed and deleted rows', async () => {
    await withDb(server, async (db) => {
      await db
        .updateTable('objects')
        .set({ search: 'теплообменник новый' })
        .where('id', '=', ids[1]!)
        .execute();
      expect(await found(db, containsWhere(db, 'objects', 'теплообменник'))).toEqual([ids[1]]);
      expect(await found(db, containsWhere(db, 'objects', 'елка'))).toEqual([]);
      await db.deleteFrom('objects').where('id', '=', ids[1]!).execute();
      expect(await found(db, containsWhere(db, 'objects', 'теплообменник'))).toEqual([]);
    });
  });

  it("never answers another user's rows through the API", async () => {
    const r = await big.get(`/api/v1/objects/all?search=${encodeURIComponent('grundfos')}`);
    expect(((await r.json()) as any).data.totalCount).toBe(0);
  });
});
