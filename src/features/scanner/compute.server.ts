// The scanner's request-side compute pool: scan.do and scan.candidates hand the building and matching
// of positions (positions.server.ts) to worker threads (compute.worker.ts), so a 165,000-line
// spreadsheet never holds the event loop that answers everyone else (issue 20; decision 0029).
//
// Started by the server entry (src/server.ts), which runs our TypeScript directly; the Astro bundle
// reaches it through globalThis (its own copy of this module could not locate the worker file). A
// task waits in a bounded FIFO; one user has at most USER_TASKS of them; each has a time limit,
// after which its worker is terminated (the only way to stop a synchronous loop) and replaced.
// Recognition has its own worker (extract.server.ts): the two kinds of work never wait on each other.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Config } from '#lib/config.ts';
import { log } from '#lib/log.ts';
import type { ComputeInput, ComputeReply, ComputeRequest } from './compute.worker.ts';
import type { Scored } from './match.server.ts';
import {
  computeRefusal,
  installScanCompute,
  scanCompute,
  type ComputeTask,
  type PositionsResult,
  type ScanCompute,
} from './positions.server.ts';

export interface ComputeOptions {
  threads: number;
  /** Per task; under the server's 120 s request timeout, so the user reads why. */
  timeoutMs: number;
  /** Tasks waiting for a thread, all users together. */
  queue: number;
}

/** Tasks of one user in the pool at once (running or waiting): a second tab, not a flood. */
export const USER_TASKS = 2;

/** SCANNER_COMPUTE_THREADS: worker threads for scan.do / scan.candidates (default half the cores, at least 1). */
export function computeThreads(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SCANNER_COMPUTE_THREADS;
  if (raw === undefined || raw === '') return Math.max(1, Math.floor(availableParallelism() / 2));
  if (!/^\d{1,2}$/.test(raw) || Number(raw) < 1)
    throw new Error(`SCANNER_COMPUTE_THREADS: expected a whole number 1-99, got "${raw}"`);
  return Number(raw);
}

interface Job {
  id: number;
  userId: number;
  task: ComputeTask;
  resolve: (r: PositionsResult | Scored[]) => void;
  reject: (e: unknown) => void;
}

interface Slot {
  worker: Worker | null;
  job: Job | null;
  timer: ReturnType<typeof setTimeout> | null;
}

/** The worker's error as an Error carrying its codes (unavailableCause reads them: 503, not 500). */
function errorOf(reply: Extract<ComputeReply, { ok: false }>): Error {
  return Object.assign(
    new Error(reply.message),
    reply.code ? { code: reply.code } : {},
    reply.errcode !== undefined ? { errcode: reply.errcode } : {},
  );
}

export function createScanCompute(database: Config['database'], opts: ComputeOptions): ScanCompute {
  const slots: Slot[] = Array.from({ length: Math.max(1, opts.threads) }, () => ({
    worker: null,
    job: null,
    timer: null,
  }));
  const waiting: Job[] = [];
  let nextId = 1;
  let stopped = false;

  const settle = (slot: Slot, fn: (job: Job) => void) => {
    const job = slot.job;
    if (!job) return;
    slot.job = null;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    fn(job);
  };

  const retire = (slot: Slot) => {
    const w = slot.worker;
    slot.worker = null;
    if (w) void w.terminate();
  };

  const spawn = (slot: Slot): Worker => {
    const worker = new Worker(new URL('./compute.worker.ts', import.meta.url), {
      workerData: { database } satisfies ComputeInput,
      // Room for a 20 MB document, its 165,000 lines and their positions; a runaway task ends here
      // instead of in the server's heap.
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    worker.unref();
    worker.on('message', (reply: ComputeReply) => {
      if (slot.worker !== worker || slot.job?.id !== reply.id) return;
      settle(slot, (job) => (reply.ok ? job.resolve(reply.result) : job.reject(errorOf(reply))));
      dispatch();
    });
    const lost = (err: Error) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      settle(slot, (job) => job.reject(err));
      dispatch();
    };
    // Past its heap limit the document is too large to list, like one past the time limit.
    worker.on('error', (err) =>
      lost(
        (err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? computeRefusal('timeout')
          : err,
      ),
    );
    worker.on('exit', (code) => lost(new Error(`scanner compute worker exited with code ${code}`)));
    return worker;
  };

  const dispatch = () => {
    if (stopped) return;
    for (const slot of slots) {
      if (slot.job || !waiting.length) continue;
      const job = waiting.shift()!;
      const worker = (slot.worker ??= spawn(slot));
      slot.job = job;
      slot.timer = setTimeout(() => {
        log.warn('scanner compute: task over its time limit', {
          scan: 'positions' in job.task ? job.task.positions.scanId : null,
          ms: opts.timeoutMs,
        });
        settle(slot, (j) => j.reject(computeRefusal('timeout')));
        retire(slot);
        dispatch();
      }, opts.timeoutMs);
      worker.postMessage({ id: job.id, task: job.task } satisfies ComputeRequest);
    }
  };

  const run = (userId: number, task: ComputeTask) =>
    new Promise<PositionsResult | Scored[]>((resolve, reject) => {
      const mine =
        waiting.filter((j) => j.userId === userId).length +
        slots.filter((s) => s.job?.userId === userId).length;
      if (stopped || waiting.length >= opts.queue || mine >= USER_TASKS)
        return reject(computeRefusal('busy'));
      waiting.push({ id: nextId++, userId, task, resolve, reject });
      dispatch();
    });

  // Threads start with the server: loading a worker (its modules, the TypeScript stripper) takes
  // both cores for a moment, which would otherwise land on the first user's call.
  for (const slot of slots) slot.worker = spawn(slot);

  return {
    positions: (userId, task) => run(userId, { positions: task }) as Promise<PositionsResult>,
    candidates: (userId, task) => run(userId, { candidates: task }) as Promise<Scored[]>,
    async stop() {
      stopped = true;
      for (const job of waiting.splice(0)) job.reject(computeRefusal('busy'));
      for (const slot of slots) {
        settle(slot, (job) => job.reject(computeRefusal('busy')));
        const w = slot.worker;
        slot.worker = null;
        if (w) await w.terminate();
      }
    },
  };
}

/** Starts the pool in the server entry and makes it the one the API uses (through globalThis). */
export function startScanCompute(
  database: Config['database'],
  threads = computeThreads(),
): ScanCompute {
  const pool = createScanCompute(database, { threads, timeoutMs: 100_000, queue: 32 });
  installScanCompute(pool);
  return {
    positions: pool.positions,
    candidates: pool.candidates,
    async stop() {
      if (scanCompute() === pool) installScanCompute(undefined);
      await pool.stop();
    },
  };
}
