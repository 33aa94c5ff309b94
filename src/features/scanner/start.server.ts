// Starts the recognition queue in the server entry (src/server.ts) and stops it on shutdown.
// SCANNER_CONCURRENCY: documents recognised at once by this instance (default: half the cores,
// at least 1; 1 on the 2-core machine); 0 turns recognition off on this instance (others on the same
// PostgreSQL database still take its jobs). SCANNER_MAX_PAGES and SCANNER_SLICE_PAGES: settings.server.ts.
// At start the temporary folders left by a killed recognition are removed (tempdirs.server.ts).
import { availableParallelism } from 'node:os';
import type { Kysely } from 'kysely';
import type { Engine } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import { extractInWorker, JOB_TIMEOUT_MS } from './extract.server.ts';
import { startQueue, type RunningQueue } from './queue.server.ts';
import { runScanJob } from './job.server.ts';
import { failScan, sweepScans } from './scanner.server.ts';
import type { ScanDB } from './scanner.tables.ts';
import { scannerMaxPages, scannerSlicePages, SLICE_MS } from './settings.server.ts';
import { removeLeftoverTempDirs } from './tempdirs.server.ts';
import { log } from '#lib/log.ts';

export function scannerConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SCANNER_CONCURRENCY;
  if (raw === undefined || raw === '') return Math.max(1, Math.floor(availableParallelism() / 2));
  if (!/^\d{1,2}$/.test(raw))
    throw new Error(`SCANNER_CONCURRENCY: expected a whole number 0-99, got "${raw}"`);
  return Number(raw);
}

export function startScanner(
  db: Kysely<DB>,
  engine: Engine,
  concurrency = scannerConcurrency(),
): RunningQueue | null {
  // Even an instance that recognises nothing clears what a killed one left on this machine.
  void removeLeftoverTempDirs(JOB_TIMEOUT_MS + 5 * 60_000).catch((err: unknown) =>
    log.warn('scanner: leftover folder sweep failed', { err }),
  );
  if (concurrency === 0) return null;
  const slice = { maxPages: scannerMaxPages(), slicePages: scannerSlicePages(), sliceMs: SLICE_MS };
  return startQueue(
    db as unknown as Kysely<ScanDB>,
    engine,
    {
      run: (job, { signal }) =>
        runScanJob(job, signal, (bytes, name, progress, sig, resume) =>
          extractInWorker(bytes, name, progress, sig, { ...slice, resume }),
        ),
      giveUp: (scanId) => failScan(scanId, 'scanner.api.failed'),
      sweep: async () => {
        while ((await sweepScans()) > 0);
      },
    },
    { concurrency },
  );
}
