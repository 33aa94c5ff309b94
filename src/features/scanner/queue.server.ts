// The durable recognition queue (decision 0023): jobs are rows of scan_jobs, so they survive a
// restart and every instance on one PostgreSQL database shares them. A job is claimed with a lease
// (locked_by, locked_until) that the claimer renews while it works; a job whose lease ran out (its
// instance was killed) is taken back and retried, up to MAX_ATTEMPTS claims, then its scan is marked
// failed with a message: a job is never lost silently.
// PostgreSQL: the claim is one UPDATE over a `FOR UPDATE SKIP LOCKED` sub-select, so concurrent
// claimers never wait on or double-take a row. SQLite (one process): the same table, claimed with a
// compare-and-set UPDATE (SQLite serialises writers).
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { Engine } from '#lib/db/index.ts';
import { log } from '#lib/log.ts';
import type { JobRow, ScanDB } from './scanner.tables.ts';

export const MAX_ATTEMPTS = 3;
export const LEASE_MS = 30_000;
const POLL_MS = 1_000;
const RECOVER_BATCH = 20;

const iso = (ms: number) => new Date(ms).toISOString();

export async function enqueue(
  handle: Kysely<ScanDB>,
  scanId: number,
  at = Date.now(),
): Promise<number> {
  const t = iso(at);
  const { id } = await handle
    .insertInto('scan_jobs')
    .values({
      scan_id: scanId,
      state: 'queued',
      attempts: 0,
      run_after: t,
      locked_by: null,
      locked_until: null,
      last_error: null,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * The next due queued job, fair between users by pages: first the job whose user has the fewest
 * pages read in documents still in progress (a long PDF read in slices counts its pages; a fresh
 * upload counts none), then the oldest due. Bounded: each user has at most a few jobs queued.
 */
const nextDue = (t: string) => sql<{
  id: number;
}>`select j.id from scan_jobs j join scans s on s.id = j.scan_id
  where j.state = 'queued' and j.run_after <= ${t}
  order by (select coalesce(sum(p.done), 0) from scans p where p.user_id = s.user_id and p.status in ('queued', 'working')), j.run_after, j.id
  limit 1`;

/** Takes the next due queued job (nextDue) for `owner` with a lease of `leaseMs`; null when none is due. */
export async function claimJob(
  db: Kysely<ScanDB>,
  engine: Engine,
  owner: string,
  leaseMs = LEASE_MS,
  at = Date.now(),
): Promise<JobRow | null> {
  const t = iso(at);
  const until = iso(at + leaseMs);
  if (engine === 'postgres') {
    const r =
      await sql<JobRow>`update scan_jobs set state = 'running', locked_by = ${owner}, locked_until = ${until}, attempts = attempts + 1, updated_at = ${t}
      where id = (${nextDue(t)} for update of j skip locked)
      returning *`.execute(db);
    return r.rows[0] ?? null;
  }
  for (let tries = 0; tries < 5; tries++) {
    const next = (await nextDue(t).execute(db)).rows[0];
    if (!next) return null;
    const r = await db
      .updateTable('scan_jobs')
      .set({
        state: 'running',
        locked_by: owner,
        locked_until: until,
        attempts: sql<number>`attempts + 1`,
        updated_at: t,
      })
      .where('id', '=', next.id)
      .where('state', '=', 'queued')
      .returningAll()
      .executeTakeFirst();
    if (r) return r;
  }
  return null;
}

/** Extends the lease; false when the job is no longer ours (taken back after an expired lease). */
export async function renewLease(
  db: Kysely<ScanDB>,
  jobId: number,
  owner: string,
  leaseMs = LEASE_MS,
  at = Date.now(),
): Promise<boolean> {
  const r = await db
    .updateTable('scan_jobs')
    .set({ locked_until: iso(at + leaseMs), updated_at: iso(at) })
    .where('id', '=', jobId)
    .where('locked_by', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Ends a job we hold: done, or failed for good (an earlier error stays recorded unless a new one is given). */
export async function finishJob(
  db: Kysely<ScanDB>,
  jobId: number,
  owner: string,
  state: 'done' | 'failed',
  error: string | null = null,
): Promise<boolean> {
  const r = await db
    .updateTable('scan_jobs')
    .set({
      state,
      locked_by: null,
      locked_until: null,
      ...(error ? { last_error: error.slice(0, 500) } : {}),
      updated_at: iso(Date.now()),
    })
    .where('id', '=', jobId)
    .where('locked_by', '=', owner)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Gives a job we hold back to the queue after a transient failure (retried after `delayMs`). */
export async function retryJob(
  db: Kysely<ScanDB>,
  jobId: number,
  owner: string,
  error: string,
  delayMs: number,
): Promise<boolean> {
  const at = Date.now();
  const r = await db
    .updateTable('scan_jobs')
    .set({
      state: 'queued',
      locked_by: null,
      locked_until: null,
      run_after: iso(at + delayMs),
      last_error: error.slice(0, 500),
      updated_at: iso(at),
    })
    .where('id', '=', jobId)
    .where('locked_by', '=', owner)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Hands a job we hold back unchanged (shutdown): queued, due now, this claim not counted. */
export async function releaseJob(db: Kysely<ScanDB>, jobId: number, owner: string): Promise<void> {
  await db
    .updateTable('scan_jobs')
    .set({
      state: 'queued',
      locked_by: null,
      locked_until: null,
      attempts: sql<number>`attempts - 1`,
      run_after: iso(Date.now()),
      updated_at: iso(Date.now()),
    })
    .where('id', '=', jobId)
    .where('locked_by', '=', owner)
    .where('state', '=', 'running')
    .execute();
}

/**
 * Hands a job we hold back after a slice of its work (a long document): queued, due now, this claim
 * not counted as an attempt; nextDue decides whether another user's job goes first.
 */
export async function yieldJob(db: Kysely<ScanDB>, jobId: number, owner: string): Promise<boolean> {
  const at = iso(Date.now());
  const r = await db
    .updateTable('scan_jobs')
    .set({
      state: 'queued',
      locked_by: null,
      locked_until: null,
      attempts: sql<number>`attempts - 1`,
      run_after: at,
      updated_at: at,
    })
    .where('id', '=', jobId)
    .where('locked_by', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export interface Recovered {
  /** Jobs whose lease ran out, queued again. */
  requeued: number[];
  /** Jobs that had used their attempts: failed now; their scans must be marked failed. */
  failed: Array<{ id: number; scan_id: number }>;
}

/**
 * Takes back running jobs whose lease expired (their instance died or hung): queued again while
 * attempts remain, failed otherwise. Bounded: RECOVER_BATCH jobs per call.
 */
export async function recoverExpired(
  db: Kysely<ScanDB>,
  engine: Engine,
  at = Date.now(),
): Promise<Recovered> {
  const t = iso(at);
  const lost = 'lease expired (instance stopped or hung)';
  if (engine === 'postgres') {
    const expired = sql`select id from scan_jobs where state = 'running' and locked_until < ${t} order by locked_until, id limit ${RECOVER_BATCH} for update skip locked`;
    const failed = await sql<{
      id: number;
      scan_id: number;
    }>`update scan_jobs set state = 'failed', locked_by = null, locked_until = null, last_error = ${lost}, updated_at = ${t}
      where id in (${expired}) and attempts >= ${MAX_ATTEMPTS} returning id, scan_id`.execute(db);
    const requeued = await sql<{
      id: number;
    }>`update scan_jobs set state = 'queued', locked_by = null, locked_until = null, run_after = ${t}, last_error = ${lost}, updated_at = ${t}
      where id in (${expired}) and attempts < ${MAX_ATTEMPTS} returning id`.execute(db);
    return { requeued: requeued.rows.map((r) => r.id), failed: failed.rows };
  }
  const rows = await db
    .selectFrom('scan_jobs')
    .select(['id', 'scan_id', 'attempts', 'locked_until'])
    .where('state', '=', 'running')
    .where('locked_until', '<', t)
    .orderBy('locked_until')
    .orderBy('id')
    .limit(RECOVER_BATCH)
    .execute();
  const out: Recovered = { requeued: [], failed: [] };
  for (const r of rows) {
    const giveUp = r.attempts >= MAX_ATTEMPTS;
    const u = await db
      .updateTable('scan_jobs')
      .set({
        state: giveUp ? 'failed' : 'queued',
        locked_by: null,
        locked_until: null,
        run_after: t,
        last_error: lost,
        updated_at: t,
      })
      .where('id', '=', r.id)
      .where('state', '=', 'running')
      .where('locked_until', '=', r.locked_until)
      .executeTakeFirst();
    if (Number(u.numUpdatedRows) !== 1) continue;
    if (giveUp) out.failed.push({ id: r.id, scan_id: r.scan_id });
    else out.requeued.push(r.id);
  }
  return out;
}

export interface QueueHooks {
  /**
   * Does the work of one claimed job; `signal` aborts on shutdown or a lost lease. Throwing =
   * transient failure; 'yield' = part done, queue it again (the rest is the next claim's).
   */
  run(job: JobRow, ctx: { signal: AbortSignal }): Promise<void | 'yield'>;
  /** The job used its attempts (or its lease ran out on the last one): report it on the scan. */
  giveUp(scanId: number, error: string): Promise<void>;
  /** Periodic housekeeping (retention sweep), called about once a minute. */
  sweep?(): Promise<void>;
}

export interface QueueOptions {
  concurrency: number;
  owner?: string;
  leaseMs?: number;
  pollMs?: number;
  sweepMs?: number;
}

export interface RunningQueue {
  owner: string;
  wake(): void;
  stop(): Promise<void>;
}

const WAKE = Symbol.for('cabinet.scanner.queue.wake');
type WakeHolder = { [WAKE]?: () => void };

/** Tells this process's queue runner (if any) that a job was added; other instances find it by polling. */
export function wakeQueue(): void {
  (globalThis as WakeHolder)[WAKE]?.();
}

/** Runs up to `concurrency` jobs at a time until stop(); stop() aborts running jobs and waits for them. */
export function startQueue(
  db: Kysely<ScanDB>,
  engine: Engine,
  hooks: QueueHooks,
  o: QueueOptions,
): RunningQueue {
  const owner = o.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseMs = o.leaseMs ?? LEASE_MS;
  const pollMs = o.pollMs ?? POLL_MS;
  const sweepMs = o.sweepMs ?? 60_000;
  const running = new Map<number, { abort: AbortController; done: Promise<void> }>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastSweep = 0;
  let ticking = false;

  async function execute(job: JobRow, abort: AbortController) {
    const renew = setInterval(
      () => {
        renewLease(db, job.id, owner, leaseMs).then(
          (ours) => {
            if (!ours) abort.abort(new Error('lease lost'));
          },
          (err: unknown) => log.warn('scanner queue: lease renewal failed', { job: job.id, err }),
        );
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    try {
      if ((await hooks.run(job, { signal: abort.signal })) === 'yield')
        await yieldJob(db, job.id, owner);
      else await finishJob(db, job.id, owner, 'done');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (stopped) {
        // Shutting down: the job goes back to the queue as it was (this claim does not count).
        await releaseJob(db, job.id, owner).catch((e: unknown) =>
          log.warn('scanner queue: release failed', { job: job.id, err: e }),
        );
        log.info('scanner queue: job handed back at shutdown', { job: job.id });
      } else if (abort.signal.aborted) {
        // Lease lost (this instance stalled): the row is someone else's now.
        log.warn('scanner queue: job lease lost', { job: job.id, reason: message });
      } else if (job.attempts >= MAX_ATTEMPTS) {
        log.error('scanner queue: job failed for good', { job: job.id, scan: job.scan_id, err });
        if (await finishJob(db, job.id, owner, 'failed', message))
          await hooks.giveUp(job.scan_id, message);
      } else {
        log.warn('scanner queue: job failed, will retry', {
          job: job.id,
          attempt: job.attempts,
          err,
        });
        await retryJob(db, job.id, owner, message, 2_000 * job.attempts);
      }
    } finally {
      clearInterval(renew);
    }
  }

  async function tick() {
    if (ticking || stopped) return;
    ticking = true;
    try {
      const rec = await recoverExpired(db, engine);
      for (const f of rec.failed) await hooks.giveUp(f.scan_id, 'lease expired');
      if (rec.requeued.length)
        log.warn('scanner queue: took back jobs of a stopped instance', { jobs: rec.requeued });
      while (!stopped && running.size < o.concurrency) {
        const job = await claimJob(db, engine, owner, leaseMs);
        if (!job) break;
        const entry = { abort: new AbortController(), done: Promise.resolve() };
        entry.done = execute(job, entry.abort).finally(() => {
          running.delete(job.id);
          schedule(0);
        });
        running.set(job.id, entry);
      }
      if (hooks.sweep && Date.now() - lastSweep >= sweepMs) {
        lastSweep = Date.now();
        await hooks.sweep();
      }
    } catch (err) {
      log.warn('scanner queue: poll failed', { err });
    } finally {
      ticking = false;
      schedule(pollMs);
    }
  }

  function schedule(ms: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
    timer.unref?.();
  }

  (globalThis as WakeHolder)[WAKE] = () => schedule(0);
  schedule(0);
  log.info('scanner queue started', { owner, concurrency: o.concurrency, engine });

  return {
    owner,
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if ((globalThis as WakeHolder)[WAKE]) delete (globalThis as WakeHolder)[WAKE];
      for (const r of running.values()) r.abort.abort(new Error('shutting down'));
      await Promise.allSettled([...running.values()].map((r) => r.done));
    },
  };
}
