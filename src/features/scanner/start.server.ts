// Starts the recognition queue in the server entry (src/server.ts) and stops it on shutdown.
// SCANNER_CONCURRENCY: documents recognised at once by this instance (default: half the cores,
// at least 1; 1 on the 2-core machine); 0 turns recognition off on this instance (others on the same
// PostgreSQL database still take its jobs).
import { availableParallelism } from 'node:os';
import type { Kysely } from 'kysely';
import type { Engine } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import { extractInWorker } from './extract.server.ts';
import { startQueue, type RunningQueue } from './queue.server.ts';
import { failScan, runScanJob, sweepScans } from './scanner.server.ts';
import type { ScanDB } from './scanner.tables.ts';

export function scannerConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SCANNER_CONCURRENCY;
  if (raw === undefined || raw === '') return Math.max(1, Math.floor(availableParallelism() / 2));
  if (!/^\d{1,2}$/.test(raw)) throw new Error(`SCANNER_CONCURRENCY: expected a whole number 0-99, got "${raw}"`);
  return Number(raw);
}

export function startScanner(db: Kysely<DB>, engine: Engine, concurrency = scannerConcurrency()): RunningQueue | null {
  if (concurrency === 0) return null;
  return startQueue(
    db as unknown as Kysely<ScanDB>,
    engine,
    {
      run: (job, { signal }) => runScanJob(job, signal, extractInWorker),
      giveUp: (scanId) => failScan(scanId, 'scanner.api.failed'),
      sweep: async () => {
        while ((await sweepScans()) > 0);
      },
    },
    { concurrency },
  );
}
