// The recognition queue on the real database engine (SQLite, or PostgreSQL with TEST_DATABASE_URL):
// two claimers never take the same job; a job whose claimer died (lease expired) is taken back and
// retried, and after MAX_ATTEMPTS its scan is reported failed; a transient failure is retried; a
// shutdown hands a running job back without counting the attempt.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type Database } from '../../src/lib/db/index.ts';
import {
  claimJob,
  enqueue,
  finishJob,
  MAX_ATTEMPTS,
  recoverExpired,
  startQueue,
  type QueueHooks,
} from '../../src/features/scanner/queue.server.ts';
import type { ScanDB } from '../../src/features/scanner/scanner.tables.ts';
import { freshDatabase, type TestDatabase, openTestDatabase } from '../helpers/db.ts';

let test: TestDatabase;
let one: Database;
let two: Database;
let userId: number;
const dbOf = (d: Database) => d.db as unknown as Kysely<ScanDB>;
const open = () => openTestDatabase(test);

beforeAll(async () => {
  test = await freshDatabase();
  one = open();
  await migrateToLatest(one.db);
  two = open();
  const t = new Date().toISOString();
  const u = await one.db
    .insertInto('users')
    .values({
      email: 'queue@test.example',
      phone: null,
      name: 'Q',
      surname: 'Q',
      ochestvo: null,
      sex: null,
      birthday: null,
      place: null,
      post: null,
      avatar: null,
      account_type: 'personal',
      password_hash: null,
      locale: null,
      layout: null,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  userId = u.id;
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await test?.drop();
});

async function newScan(): Promise<number> {
  const t = new Date().toISOString();
  const r = await dbOf(one)
    .insertInto('scans')
    .values({
      uniqid: Math.random().toString(36).slice(2).padEnd(21, 'x').slice(0, 21),
      user_id: userId,
      order_id: null,
      organisation_id: null,
      object_id: null,
      doc_type: 'specification',
      section: 'orders',
      file_name: 'spec.xlsx',
      format: 'xlsx',
      size: 1,
      original_file: null,
      pdf_file: null,
      status: 'queued',
      stage: null,
      done: 0,
      total: 0,
      error_key: null,
      error_format: null,
      summary: null,
      document: null,
      thumbs: null,
      mapping: null,
      checked_pages: null,
      saved_order_id: null,
      created_at: t,
      updated_at: t,
      expires_at: new Date(Date.now() + 86400_000).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

const job = (id: number) =>
  dbOf(one).selectFrom('scan_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** Waits until the database shows what `check` looks for (expect.poll: at once, then every 50 ms). */
const until = (check: () => Promise<boolean>, ms = 8000) =>
  expect.poll(check, { timeout: ms, interval: 50 }).toBe(true);

describe('scanner queue', () => {
  it('two claimers on separate connections take every job exactly once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++)
      ids.push(await enqueue(dbOf(one), await newScan(), Date.now() - 1000));
    const claimed: Array<{ owner: string; id: number }> = [];
    const claimer = async (d: Database, owner: string) => {
      for (;;) {
        const j = await claimJob(dbOf(d), d.engine, owner);
        if (!j) return;
        claimed.push({ owner, id: j.id });
        await finishJob(dbOf(d), j.id, owner, 'done');
      }
    };
    await Promise.all([claimer(one, 'A'), claimer(two, 'B'), claimer(one, 'C'), claimer(two, 'D')]);
    const mine = claimed.filter((c) => ids.includes(c.id));
    expect(mine.map((c) => c.id).sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(mine.map((c) => c.id)).size).toBe(ids.length);
    for (const id of ids) expect((await job(id)).state).toBe('done');
  });

  it('takes back a job whose claimer died, retries it, and reports the scan after the last attempt', async () => {
    const scan = await newScan();
    const id = await enqueue(dbOf(one), scan, Date.now() - 1000);
    // Three instances claim it in turn and die without finishing (their leases run out).
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const j = await claimJob(dbOf(one), one.engine, `dead-${attempt}`, 100);
      expect(j?.id).toBe(id);
      expect(j?.attempts).toBe(attempt);
      // The event is the lease running out, which only time brings: 100 ms lease, 150 ms wait.
      await new Promise((r) => setTimeout(r, 150));
      const rec = await recoverExpired(dbOf(two), two.engine);
      if (attempt < MAX_ATTEMPTS) {
        expect(rec.requeued).toContain(id);
        expect((await job(id)).state).toBe('queued');
        expect((await job(id)).last_error).toMatch(/lease expired/);
      } else {
        expect(rec.failed).toContainEqual({ id, scan_id: scan });
        expect((await job(id)).state).toBe('failed');
      }
    }
  });

  it('a restarted instance finishes a job left running by a killed one', async () => {
    const scan = await newScan();
    const id = await enqueue(dbOf(one), scan, Date.now() - 1000);
    await claimJob(dbOf(one), one.engine, 'killed', 100);
    const ran: number[] = [];
    const hooks: QueueHooks = {
      run: async (j) => void ran.push(j.scan_id),
      giveUp: async () => undefined,
    };
    const q = startQueue(dbOf(two), two.engine, hooks, {
      concurrency: 1,
      pollMs: 50,
      leaseMs: 1000,
    });
    try {
      await until(async () => (await job(id)).state === 'done');
    } finally {
      await q.stop();
    }
    expect(ran).toContain(scan);
    expect((await job(id)).attempts).toBe(2);
  });

  it('retries a transient failure and gives up (reporting the scan) after the last attempt', async () => {
    const flaky = await newScan();
    const broken = await newScan();
    const a = await enqueue(dbOf(one), flaky, Date.now() - 1000);
    const b = await enqueue(dbOf(one), broken, Date.now() - 1000);
    const calls = new Map<number, number>();
    const reported: number[] = [];
    const hooks: QueueHooks = {
      run: async (j) => {
        const n = (calls.get(j.scan_id) ?? 0) + 1;
        calls.set(j.scan_id, n);
        if (j.scan_id === broken || n === 1) throw new Error('converter crashed');
      },
      giveUp: async (scanId) => void reported.push(scanId),
    };
    const q = startQueue(dbOf(one), one.engine, hooks, {
      concurrency: 2,
      pollMs: 50,
      leaseMs: 2000,
    });
    try {
      await until(async () => (await job(a)).state === 'done', 10_000);
      await until(async () => (await job(b)).state === 'failed', 15_000);
    } finally {
      await q.stop();
    }
    expect(calls.get(flaky)).toBe(2);
    expect(calls.get(broken)).toBe(MAX_ATTEMPTS);
    expect(reported).toEqual([broken]);
    expect((await job(b)).last_error).toBe('converter crashed');
  }, 30_000);

  it('a shutdown hands the running job back without counting the attempt', async () => {
    const scan = await newScan();
    const id = await enqueue(dbOf(one), scan, Date.now() - 1000);
    let started = false;
    const hooks: QueueHooks = {
      run: (_j, { signal }) =>
        new Promise((_resolve, reject) => {
          started = true;
          signal.addEventListener('abort', () => reject(signal.reason as Error));
        }),
      giveUp: async () => undefined,
    };
    const q = startQueue(dbOf(one), one.engine, hooks, { concurrency: 1, pollMs: 50 });
    await until(async () => started);
    await q.stop();
    const j = await job(id);
    expect(j.state).toBe('queued');
    expect(j.attempts).toBe(0);
    expect(j.locked_by).toBeNull();
  });
});
