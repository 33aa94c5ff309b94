// The projects list at scale on the test engine (SQLite, PostgreSQL with TEST_DATABASE_URL): one
// employee with 100,000 projects and a colleague with a few; the first page, a deep page by key,
// a status filter and a rare search answer quickly and only with the owner's rows. Ordering: several
// requests at once with the same (stale) project make one order; a stale recalculation after the
// order is refused.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../../tests/helpers/db.ts';
import { insertUser } from '../../../../tests/helpers/users-db.ts';
import { HttpError } from '#lib/http/api.ts';
import { dictionaries } from '#lib/i18n/index.ts';
import { makeT } from '#lib/i18n/translate.ts';
import {
  calculateProject,
  createProject,
  getProject,
  listProjects,
  orderProject,
  parseBtpQuery,
  projectNumber,
} from './btp.server.ts';

const database = migratedDatabase();
let owner = 0,
  colleague = 0;
const N = 100_000;
beforeAll(async () => {
  const t = new Date().toISOString();
  const user = (email: string) => insertUser(database.db, email);
  owner = await user('owner@btp.test');
  colleague = await user('colleague@btp.test');
  const db = database.db as unknown as import('kysely').Kysely<import('./btp.tables.ts').BtpTables>;
  const statuses = ['draft', 'calculated', 'ordered'];
  for (let from = 0; from < N; from += 1000) {
    const rows = Array.from({ length: 1000 }, (_, k) => {
      const i = from + k;
      const title = i === 4242 ? 'Hospital Zeta wing' : `Block ${i} residential`;
      return {
        user_id: owner,
        organisation_id: null,
        object_id: null,
        title,
        status: statuses[i % 3]!,
        inputs: '{}',
        result: null,
        order_id: null,
        search: `${title.toLowerCase()}`,
        created_at: t,
        updated_at: t,
      };
    });
    await db.insertInto('btp_projects').values(rows).execute();
  }
  for (let i = 0; i < 3; i++) await createProject(colleague, `Colleague ${i}`, {}, database.db);
  // PostgreSQL plans from statistics; autovacuum would gather them soon after a bulk load like this.
  if (database.url) await sql`analyze btp_projects`.execute(database.db);
}, 300_000);

const timed = async <T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  await run();
  const a = performance.now();
  const value = await run();
  return { value, ms: performance.now() - a };
};

describe('projects list at 100,000 rows', () => {
  it("first page, a deep page by key, a status filter and a rare search stay fast and the owner's own", async () => {
    const q = (s: string) => parseBtpQuery(new URLSearchParams(s));
    const first = await timed(() => listProjects(owner, q('limit=20'), database.db));
    expect(first.value.entities).toHaveLength(20);
    expect(first.value.next).not.toBeNull();
    const deep = await timed(() => listProjects(owner, q('limit=20&after=500'), database.db));
    expect(deep.value.entities.every((e) => e.id < 500)).toBe(true);
    const status = await timed(() =>
      listProjects(owner, q('status=ordered&after=90000'), database.db),
    );
    expect(status.value.entities.every((e) => e.status === 'ordered' && e.id < 90_000)).toBe(true);
    const rare = await timed(() => listProjects(owner, q('q=zeta'), database.db));
    expect(rare.value.entities.map((e) => e.title)).toEqual(['Hospital Zeta wing']);
    const mine = await listProjects(colleague, q('limit=100'), database.db);
    expect(mine.entities.map((e) => e.title)).toEqual([
      'Colleague 2',
      'Colleague 1',
      'Colleague 0',
    ]);
    expect(await getProject(colleague, first.value.entities[0]!.id, database.db)).toBeNull();
    expect(mine.entities[0]!.number).toBe(projectNumber(mine.entities[0]!.id));
    console.log(
      `btp list at ${N} rows (${database.url ? 'postgres' : 'sqlite'}): first ${first.ms.toFixed(1)} ms, deep ${deep.ms.toFixed(1)} ms, status ${status.ms.toFixed(1)} ms, rare search ${rare.ms.toFixed(1)} ms`,
    );
    for (const x of [first, deep, status]) expect(x.ms).toBeLessThan(50);
    // A text in one row of 100,000 walks the owner's rows: bounded by the (user_id, id) index, measured.
    expect(rare.ms).toBeLessThan(1500);
  });
});

describe('ordering a project at once from several requests', () => {
  it('makes one order: the others and a recalculation with the stale project answer 409', async () => {
    const t = makeT(dictionaries.en);
    const user = await database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', colleague)
      .executeTakeFirstOrThrow();
    const id = await createProject(colleague, 'Race', { dhw_scheme: 'none' }, database.db);
    const draft = (await getProject(colleague, id, database.db))!;
    expect((await calculateProject(user, draft, {}, t, database.db)).status).toBe(200);
    // Every request read the project before any of them ordered it.
    const stale = (await getProject(colleague, id, database.db))!;
    expect([stale.status, stale.order_id]).toEqual(['calculated', null]);
    const settled = await Promise.allSettled(
      [0, 1, 2].map(() => orderProject(user, stale, t, database.db)),
    );
    const won = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const refused = settled.flatMap((s) =>
      s.status === 'rejected' ? [s.reason as HttpError] : [],
    );
    expect(won).toHaveLength(1);
    expect(refused.map((e) => [e instanceof HttpError, e.status, e.message])).toEqual([
      [true, 409, 'The project is already ordered and cannot change'],
      [true, 409, 'The project is already ordered and cannot change'],
    ]);
    const orders = await database.db
      .selectFrom('orders')
      .select(['id', 'number', 'title'])
      .where('user_id', '=', colleague)
      .execute();
    expect(orders).toEqual([
      { id: won[0]!.orderId, number: won[0]!.number, title: `${projectNumber(id)}: Race` },
    ]);
    const ordered = (await getProject(colleague, id, database.db))!;
    expect([ordered.status, ordered.order_id]).toEqual(['ordered', won[0]!.orderId]);
    // A recalculation that read the project before the order does not reopen it.
    await expect(
      calculateProject(user, stale, { heating_q: '700' }, t, database.db),
    ).rejects.toMatchObject({
      status: 409,
      message: 'The project is already ordered and cannot change',
    });
    const after = (await getProject(colleague, id, database.db))!;
    expect([after.status, after.inputs.heating_q, after.order_id]).toEqual([
      'ordered',
      '1000',
      won[0]!.orderId,
    ]);
  });
});
