// The maintenance plan on the test engine (SQLite, PostgreSQL with TEST_DATABASE_URL), in process:
// the back office's plan, a service event moving the next due day in its transaction, and the reminder
// check at chosen instants: one notification per reader (owner and granted colleague, none for a user
// without access) before the due day and once overdue, nothing again on a second or concurrent run,
// also from a second connection standing in for another server instance.
import { sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../tests/helpers/db.ts';
import { insertUser } from '../../../tests/helpers/users-db.ts';
import { openDatabase, type Database } from '#lib/db/index.ts';
import { addDays, addMonths, nextDue, planState } from './registry.maintenance.ts';
import {
  overdueAmong,
  PlanDueMissing,
  planOf,
  runMaintenanceReminders,
  serviceDone,
  setPlan,
  startMaintenanceReminders,
} from './registry.maintenance.server.ts';
import { addService } from './registry.service.server.ts';
import { maintenanceCall, serviceCall, showCall } from './registry.integration.server.ts';
import { HttpError } from '#lib/http/api.ts';
import { translator } from '#lib/i18n/index.ts';
import { bus } from '#lib/realtime/bus.ts';
import { userTopic } from '#lib/realtime/topics.ts';

const database = migratedDatabase();
const KEY = Symbol.for('cabinet.database');
type Holder = { [KEY]?: Database };
let previous: Database | undefined;
let other: Database | undefined;
let owner: number;
let colleague: number;
let stranger: number;
let serial = 0;

const TZ = 'Europe/Samara';
/** Noon in Samara on the calendar day. */
const at = (day: string) => new Date(`${day}T08:00:00Z`);

const user = (email: string, locale: string | null) => insertUser(database.db, email, { locale });

async function product(grant = true): Promise<number> {
  const t = new Date().toISOString();
  const s = `MT-${++serial}`;
  const { id } = await database.db
    .insertInto('products')
    .values({
      serial: s,
      sku: null,
      title: `Pump ${s}`,
      description: null,
      picture_file_id: null,
      user_id: owner,
      organisation_id: null,
      object_id: null,
      status: 1,
      request_id: null,
      order_id: null,
      order_item_id: null,
      search: s.toLowerCase(),
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const access: Array<{ user_id: number; kind: 'owner' | 'grant' }> = [
    { user_id: owner, kind: 'owner' },
  ];
  if (grant) access.push({ user_id: colleague, kind: 'grant' as const });
  await database.db
    .insertInto('product_access')
    .values(
      access.map((a) => ({
        ...a,
        product_id: id,
        status: 1,
        organisation_id: null,
        created_at: t,
      })),
    )
    .execute();
  return id;
}

/** How many notifications of the user about the product `on` reads. */
const notesOn = async (on: Database, userId: number, productId: number) =>
  (
    await on.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('pid', '=', productId)
      .execute()
  ).length;

/** The notifications of the user about the product, oldest first. */
const notes = (userId: number, productId: number) =>
  database.db
    .selectFrom('notifications')
    .select(['title', 'url', 'module'])
    .where('user_id', '=', userId)
    .where('pid', '=', productId)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  // The code under test (notify, addService) uses the process-wide database: this file's.
  const g = globalThis as Holder;
  previous = g[KEY];
  g[KEY] = { db: database.db, engine: database.engine, close: async () => {} };
  owner = await user('owner@mt.example', 'en');
  colleague = await user('colleague@mt.example', null);
  stranger = await user('stranger@mt.example', 'en');
  // A second connection (pool), as a second server instance would have.
  other = openDatabase(
    database.url
      ? { kind: 'postgres', url: database.url }
      : { kind: 'sqlite', file: await sqliteFile() },
  );
});
afterAll(async () => {
  await other?.close();
  const g = globalThis as Holder;
  if (previous) g[KEY] = previous;
  else delete g[KEY];
});

async function sqliteFile(): Promise<string> {
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(
    database.db,
  );
  return rows.find((r) => r.name === 'main')!.file;
}

describe('maintenance arithmetic', () => {
  it('adds months (the 31st lands on a shorter month’s last day) and days; states by the calendar day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(nextDue('2027-01-01', '2026-01-01', 6)).toBe('2027-01-01');
    expect(nextDue(null, '2026-01-01', 6)).toBe('2026-07-01');
    expect(nextDue(null, null, 6)).toBeNull();
    expect(nextDue(null, '2026-01-01', null)).toBeNull();
    expect(planState(null, '2026-06-01')).toBe('none');
    expect(planState('2026-05-31', '2026-06-01')).toBe('overdue');
    expect(planState('2026-06-01', '2026-06-01')).toBe('soon');
    expect(planState('2026-07-01', '2026-06-01')).toBe('soon');
    expect(planState('2026-07-02', '2026-06-01')).toBe('scheduled');
  });
});

describe('maintenance plan', () => {
  it('is set by the back office: derived due days, kept rows, removed kinds, refused rows', async () => {
    const id = await product();
    expect(await planOf(id)).toEqual([]);
    await addService(id, {
      kind: 'commissioning',
      date: '2026-01-10',
      title: 'Start',
      description: null,
    });
    await addService(id, {
      kind: 'inspection',
      date: '2026-03-05',
      title: 'Look',
      description: null,
    });
    const plan = await setPlan(id, [
      { kind: 'verification', next_due: '2030-01-01' },
      { kind: 'maintenance', interval_months: 6 },
      { kind: 'inspection', interval_months: 3 },
      { kind: 'part', interval_months: 12, last_done: '2026-02-01', next_due: '2026-02-15' },
    ]);
    // PLAN_KINDS order; never done: from commissioning; done: from the last service event.
    expect(plan.map((p) => [p.kind, p.interval_months, p.next_due, p.last_done])).toEqual([
      ['maintenance', 6, '2026-07-10', null],
      ['inspection', 3, '2026-06-05', '2026-03-05'],
      ['verification', null, '2030-01-01', null],
      ['part', 12, '2026-02-15', '2026-02-01'],
    ]);
    const ids = await database.db
      .selectFrom('product_maintenance')
      .select(['id', 'kind'])
      .where('product_id', '=', id)
      .orderBy('id')
      .execute();
    // Setting again keeps the rows of the kinds kept, drops the others.
    await setPlan(id, [{ kind: 'maintenance', interval_months: 12 }]);
    const after = await database.db
      .selectFrom('product_maintenance')
      .select(['id', 'kind', 'next_due'])
      .where('product_id', '=', id)
      .execute();
    expect(after).toEqual([
      {
        id: ids.find((r) => r.kind === 'maintenance')!.id,
        kind: 'maintenance',
        next_due: '2027-01-10',
      },
    ]);
    // Without commissioning or any day, an interval alone gives no due day: refused, nothing changed.
    const bare = await product();
    await expect(
      setPlan(bare, [
        { kind: 'verification', next_due: '2027-01-01' },
        { kind: 'part', interval_months: 6 },
      ]),
    ).rejects.toEqual(new PlanDueMissing(1));
    expect(await planOf(bare)).toEqual([]);
    await setPlan(bare, [{ kind: 'part', next_due: '2027-01-01' }]);
    // The list's mark: products of the page with work overdue on the day.
    expect(await overdueAmong([])).toEqual(new Set());
    expect(await overdueAmong([id, bare], '2026-06-30')).toEqual(new Set());
    expect(await overdueAmong([id, bare], '2027-01-02')).toEqual(new Set([bare]));
    expect(await overdueAmong([id, bare], '2027-01-11')).toEqual(new Set([id, bare]));
    expect(await overdueAmong([bare], '2027-01-01')).toEqual(new Set());
    expect(await setPlan(bare, [])).toEqual([]);
  });

  it('a service event of a planned kind moves the next due day (last done + interval) with it', async () => {
    const id = await product();
    await setPlan(id, [
      { kind: 'maintenance', interval_months: 6, last_done: '2026-01-31' },
      { kind: 'verification', next_due: '2026-09-01' },
    ]);
    // The plan was set in the summer.
    await database.db
      .updateTable('product_maintenance')
      .set({ updated_at: '2026-08-01T08:00:00.000Z' })
      .where('product_id', '=', id)
      .execute();
    await addService(id, {
      kind: 'maintenance',
      date: '2026-08-31',
      title: 'TO-1',
      description: null,
    });
    // A repair is not planned; an older maintenance changes nothing.
    await addService(id, { kind: 'repair', date: '2026-09-01', title: 'Fix', description: null });
    await addService(id, {
      kind: 'maintenance',
      date: '2026-05-01',
      title: 'Late entry',
      description: null,
    });
    // A one-off due day without an interval is fulfilled by the work.
    await addService(id, {
      kind: 'verification',
      date: '2026-08-20',
      title: 'Verified',
      description: null,
    });
    const plan = await planOf(id, '2026-09-01');
    expect(plan).toEqual([
      {
        kind: 'maintenance',
        interval_months: 6,
        next_due: '2027-02-28',
        last_done: '2026-08-31',
        status: 'scheduled',
      },
      {
        kind: 'verification',
        interval_months: null,
        next_due: null,
        last_done: '2026-08-20',
        status: 'none',
      },
    ]);
    // Called inside a transaction that fails, nothing moves.
    await expect(
      database.db.transaction().execute(async (trx) => {
        await serviceDone(trx, id, 'maintenance', '2027-03-01');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await planOf(id))[0]!.last_done).toBe('2026-08-31');
  });

  it('a back-filled older event moves no due day earlier and clears no one-off due day', async () => {
    const id = await product();
    await setPlan(id, [
      { kind: 'maintenance', interval_months: 12, next_due: '2027-01-01' },
      { kind: 'verification', next_due: '2027-03-01' },
      { kind: 'inspection', interval_months: 6, last_done: '2026-06-01' },
    ]);
    const plan = async () =>
      (await planOf(id, '2026-11-28')).map((p) => [p.kind, p.next_due, p.last_done]);
    // Old paper records entered now: before the current cycle, they change nothing.
    for (const kind of ['maintenance', 'verification', 'inspection'] as const)
      await addService(id, { kind, date: '2019-05-01', title: 'Old', description: null });
    // Within the cycle but its day plus the interval before the due day: nothing either.
    await addService(id, {
      kind: 'maintenance',
      date: '2025-12-31',
      title: 'X',
      description: null,
    });
    expect(await plan()).toEqual([
      ['maintenance', '2027-01-01', null],
      ['inspection', '2026-12-01', '2026-06-01'],
      ['verification', '2027-03-01', null],
    ]);
    // Done early in the current cycle: the due day moves on, never back.
    await addService(id, {
      kind: 'maintenance',
      date: '2026-01-02',
      title: 'Y',
      description: null,
    });
    expect((await plan())[0]).toEqual(['maintenance', '2027-01-02', '2026-01-02']);
  });
});

describe('the back office calls', () => {
  const t = translator('en');
  const body = (data: unknown) => ({ data: data as Record<string, unknown>, files: {} });
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => (e instanceof HttpError ? { status: e.status, ...e.body } : e),
    );

  it('set the plan (422 naming the field, 404 unknown), and a service event moves it', async () => {
    const id = await product();
    expect(await refusal(maintenanceCall(null, body({ plan: [] }), t))).toEqual({
      status: 404,
      message: 'Product not found',
    });
    expect(
      await refusal(maintenanceCall(id, body({ plan: [{ kind: 'part', interval_months: 0 }] }), t)),
    ).toEqual({
      status: 422,
      message: 'The data is not valid',
      errors: { 'plan.0.interval_months': 'Interval: a whole number of months from 1 to 120' },
    });
    expect(
      await refusal(maintenanceCall(id, body({ plan: [{ kind: 'part', interval_months: 6 }] }), t)),
    ).toEqual({
      status: 422,
      message: 'The data is not valid',
      errors: {
        'plan.0.next_due': 'Give the next due date, or the interval with the last done date',
      },
    });
    // A last done day in the future, a next due day before the last done day: refused by field.
    expect(
      await refusal(
        maintenanceCall(
          id,
          body({
            plan: [
              { kind: 'part', interval_months: 6, last_done: '2999-01-01' },
              { kind: 'maintenance', next_due: '2026-01-01', last_done: '2026-02-01' },
              { kind: 'inspection', next_due: '2026-02-01', last_done: '2026-02-01' },
            ],
          }),
          t,
        ),
      ),
    ).toEqual({
      status: 422,
      message: 'The data is not valid',
      errors: {
        'plan.0.last_done': 'The last done date cannot be in the future',
        'plan.1.next_due': 'The next due date cannot be before the last done date',
      },
    });
    expect(await planOf(id)).toEqual([]);
    const set = await maintenanceCall(
      id,
      body({ plan: [{ kind: 'part', interval_months: 6, last_done: '2026-01-15' }] }),
      t,
    );
    expect(set).toEqual({
      type: 'success',
      plan: [
        {
          kind: 'part',
          interval_months: 6,
          next_due: '2026-07-15',
          last_done: '2026-01-15',
          status: expect.any(String),
        },
      ],
    });
    await serviceCall(id, body({ kind: 'part', date: '2026-06-30', title: 'Seal' }), t);
    const shown = (await showCall(id, t)).data;
    expect(shown.maintenance.map((p) => [p.kind, p.next_due])).toEqual([['part', '2026-12-30']]);
    await expect(maintenanceCall(id, body({ plan: 'x' }), t)).rejects.toBeInstanceOf(HttpError);
  });
});

describe('maintenance reminders', () => {
  it('one notification per reader before the due day, none again, once overdue, none for others', async () => {
    // Only this test's plans count.
    await database.db.deleteFrom('product_maintenance').execute();
    const id = await product();
    const lone = await product(false);
    await setPlan(id, [{ kind: 'maintenance', next_due: '2026-12-20' }]);
    await setPlan(lone, [{ kind: 'inspection', next_due: '2026-12-20' }]);
    const run = (day: string) => runMaintenanceReminders(at(day), { days: 14, timeZone: TZ });
    // More than 14 days ahead: nothing.
    await run('2026-12-05');
    expect(await notes(owner, id)).toEqual([]);
    // 14 days ahead: owner and colleague, once each, in their language, linking to the product.
    expect(await run('2026-12-06')).toBeGreaterThanOrEqual(3);
    expect(await notes(owner, id)).toEqual([
      {
        title: `Maintenance due 20.12.2026: Pump MT-${serial - 1} (MT-${serial - 1})`,
        url: `/productions/${id}#maintenance`,
        module: 'sales',
      },
    ]);
    expect((await notes(colleague, id)).map((n) => n.title)).toEqual([
      `Техническое обслуживание: срок 20.12.2026 — Pump MT-${serial - 1} (MT-${serial - 1})`,
    ]);
    expect(await notes(owner, lone)).toHaveLength(1);
    expect(await notes(colleague, lone)).toEqual([]);
    expect(await notes(stranger, id)).toEqual([]);
    // A second run, and two at once (one of them on another connection), send nothing.
    expect(await run('2026-12-07')).toBe(0);
    expect(
      await Promise.all([
        run('2026-12-20'),
        runMaintenanceReminders(at('2026-12-20'), { days: 14, timeZone: TZ, handle: other!.db }),
      ]),
    ).toEqual([0, 0]);
    // The due day passes: one overdue reminder per reader, even from concurrent runs.
    const overdue = await Promise.all([
      run('2026-12-21'),
      runMaintenanceReminders(at('2026-12-21'), { days: 14, timeZone: TZ, handle: other!.db }),
      run('2026-12-21'),
    ]);
    // Two readers of the product and the owner of the other one.
    expect(overdue.reduce((a, b) => a + b, 0)).toBe(3);
    await run('2027-01-15');
    expect((await notes(owner, id)).map((n) => n.title)).toEqual([
      `Maintenance due 20.12.2026: Pump MT-${serial - 1} (MT-${serial - 1})`,
      `Maintenance overdue (due 20.12.2026): Pump MT-${serial - 1} (MT-${serial - 1})`,
    ]);
    expect(await notes(colleague, id)).toHaveLength(2);
    expect(await notes(stranger, id)).toEqual([]);
    // The work is done: the next due day gets its own reminders in time.
    await setPlan(id, [{ kind: 'maintenance', interval_months: 1, last_done: '2026-12-22' }]);
    await run('2027-01-09');
    await run('2027-01-10');
    expect((await notes(owner, id)).map((n) => n.title)).toEqual([
      `Maintenance due 20.12.2026: Pump MT-${serial - 1} (MT-${serial - 1})`,
      `Maintenance overdue (due 20.12.2026): Pump MT-${serial - 1} (MT-${serial - 1})`,
      `Maintenance due 22.01.2027: Pump MT-${serial - 1} (MT-${serial - 1})`,
    ]);
    expect(await notes(colleague, id)).toHaveLength(3);
  });

  it('a plan set past its due day reminds once as overdue only; the periodic check starts and stops', async () => {
    const id = await product(false);
    await setPlan(id, [{ kind: 'part', next_due: '2026-01-01' }]);
    expect(await runMaintenanceReminders(at('2026-03-01'), { days: 14, timeZone: TZ })).toBe(1);
    expect((await notes(owner, id)).map((n) => n.title)).toEqual([
      `Part replaced overdue (due 01.01.2026): Pump MT-${serial} (MT-${serial})`,
    ]);
    // Started, it checks at once against today (nothing due) and stops waiting for that run.
    const job = startMaintenanceReminders(60_000);
    await new Promise((r) => setTimeout(r, 1200));
    await job.stop();
    expect(await notes(owner, id)).toHaveLength(1);
  });

  /** A plugin calling `on` before each insert into `table` (it may throw: the statement fails). */
  const onInsert = (table: string, on: () => void): KyselyPlugin => ({
    transformQuery: ({ node }) => {
      const n = node as RootOperationNode & { into?: { table: { identifier: { name: string } } } };
      if (n.kind === 'InsertQueryNode' && n.into?.table.identifier.name === table) on();
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  const reminded = (id: number) =>
    database.db
      .selectFrom('product_maintenance_reminders as r')
      .innerJoin('product_maintenance as m', 'm.id', 'r.plan_id')
      .select(['r.kind', 'r.due'])
      .where('m.product_id', '=', id)
      .execute();
  const run = (day: string, more: Parameters<typeof runMaintenanceReminders>[1] = {}) =>
    runMaintenanceReminders(at(day), { days: 14, timeZone: TZ, ...more });

  it('exactly once: a failed notification or a product without readers yet uses up no reminder', async () => {
    await database.db.deleteFrom('product_maintenance').execute();
    const id = await product();
    await setPlan(id, [{ kind: 'maintenance', next_due: '2027-02-10' }]);
    // No readers yet: nothing claimed, so the readers granted later are told.
    await database.db.deleteFrom('product_access').where('product_id', '=', id).execute();
    expect(await run('2027-02-01')).toBe(0);
    expect(await reminded(id)).toEqual([]);
    await database.db
      .insertInto('product_access')
      .values({
        user_id: owner,
        kind: 'owner',
        product_id: id,
        status: 1,
        organisation_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    // Storing the notification fails (the process-wide handle too, as notify's used to be): the claim
    // is undone with it and nothing is announced.
    const events: unknown[] = [];
    const unsubscribe = bus().subscribe(userTopic(owner), (e) => events.push(e));
    const g = globalThis as Holder;
    const failing = database.db.withPlugin(
      onInsert('notifications', () => {
        throw new Error('disk full');
      }),
    );
    g[KEY] = { db: failing, engine: database.engine, close: async () => {} };
    try {
      expect(await run('2027-02-01')).toBe(0);
      expect(await run('2027-02-01', { handle: failing })).toBe(0);
    } finally {
      g[KEY] = { db: database.db, engine: database.engine, close: async () => {} };
    }
    expect(await reminded(id)).toEqual([]);
    expect(await notes(owner, id)).toEqual([]);
    expect(events).toEqual([]);
    // The next run sends it; its live event goes out once the notification is committed (another
    // connection already reads it).
    const seen: Array<Promise<number>> = [];
    const unsubscribe2 = bus().subscribe(userTopic(owner), () =>
      seen.push(notesOn(other!, owner, id)),
    );
    expect(await run('2027-02-01')).toBe(1);
    unsubscribe();
    unsubscribe2();
    expect(events).toHaveLength(1);
    expect(await Promise.all(seen)).toEqual([1]);
    expect(await reminded(id)).toEqual([{ kind: 'soon', due: '2027-02-10' }]);
    expect(await run('2027-02-02')).toBe(0);
    expect(await notes(owner, id)).toHaveLength(1);
  });

  it('pages by (next_due, id), stops before the next claim when asked, skips rows already told', async () => {
    await database.db.deleteFrom('product_maintenance').execute();
    const ids = [];
    for (const due of ['2027-03-01', '2027-02-20', '2027-03-01', '2027-02-25']) {
      const id = await product(false);
      await setPlan(id, [{ kind: 'part', next_due: due }]);
      ids.push(id);
    }
    // Stopped after the first claim: the other rows wait for the next run.
    const stopping = new AbortController();
    const handle = database.db.withPlugin(
      onInsert('product_maintenance_reminders', () => stopping.abort()),
    );
    expect(await run('2027-03-05', { handle, signal: stopping.signal, batch: 2 })).toBe(1);
    expect((await reminded(ids[1]!)).length).toBe(1);
    expect(await run('2027-03-05', { signal: AbortSignal.abort() })).toBe(0);
    // Pages of one row through equal due days: each row once.
    expect(await run('2027-03-05', { batch: 1 })).toBe(3);
    for (const id of ids)
      expect(await reminded(id)).toEqual([expect.objectContaining({ kind: 'overdue' })]);
    expect(await run('2027-03-06', { batch: 1 })).toBe(0);
    // A row told its overdue reminder records it and leaves the scan's partial index.
    const state = await database.db
      .selectFrom('product_maintenance')
      .select(['next_due', 'overdue_sent'])
      .where('product_id', 'in', ids)
      .execute();
    expect(state.every((r) => r.overdue_sent === r.next_due)).toBe(true);
    const scan = sql`select id from product_maintenance
      where (overdue_sent is null or overdue_sent <> next_due) and next_due <= '2027-03-06'
      order by next_due, id limit 200`;
    const plan =
      database.engine === 'sqlite'
        ? (await sql<{ detail: string }>`explain query plan ${scan}`.execute(database.db)).rows
            .map((r) => r.detail)
            .join(' ')
        : // A table this small is read whole unless told otherwise.
          await database.db.transaction().execute(async (trx) => {
            await sql`set local enable_seqscan = off`.execute(trx);
            const { rows } = await sql<Record<string, string>>`explain ${scan}`.execute(trx);
            return rows.map((r) => Object.values(r).join(' ')).join(' ');
          });
    expect(plan).toContain('product_maintenance_pending');
  });
});
