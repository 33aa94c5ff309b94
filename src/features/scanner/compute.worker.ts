// Worker thread entry of the scanner's request-side computation (compute.server.ts): builds and
// matches positions and ranks the popup's candidates (positions.server.ts) with its own database connection, so neither the 20 MB
// document nor the 165,000 lines of a large spreadsheet ever reach the server's event loop. It
// serves one task at a time and stays up for the next; the pool terminates it on a time limit.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Config } from '#lib/config.ts';
import { openDatabase } from '#lib/db/index.ts';
import { runTask, type ComputeTask, type PositionsResult } from './positions.server.ts';
import type { Scored } from './match.server.ts';
import type { ScanDB } from './scanner.tables.ts';

export interface ComputeInput {
  database: Config['database'];
}

export type ComputeRequest = { id: number; task: ComputeTask };
export type ComputeReply =
  | { id: number; ok: true; result: PositionsResult | Scored[] }
  | { id: number; ok: false; message: string; code?: string; errcode?: number };

const port = parentPort;
if (port) {
  // Below the event loop in the CPU's queue: on Linux a nice value is per thread, and pid 0 is
  // this thread. A listing may wait a moment longer; /healthz and other users' requests do not.
  try {
    setPriority(0, 10);
  } catch {
    // Not permitted on this system: the listing runs at normal priority.
  }
  const { database } = workerData as ComputeInput;
  const handle = openDatabase(database);
  const db = handle.db as unknown as Kysely<ScanDB>;
  port.on('message', (m: ComputeRequest) => {
    runTask(db, handle.engine, m.task).then(
      (result) => port.postMessage({ id: m.id, ok: true, result } satisfies ComputeReply),
      (err: unknown) => {
        // The error's codes travel with it, so the API tells a lost database or a full disk (503)
        // from a bug (500) exactly as it does for its own queries.
        const e = err as { message?: unknown; code?: unknown; errcode?: unknown };
        port.postMessage({
          id: m.id,
          ok: false,
          message: typeof e?.message === 'string' ? e.message : String(err),
          ...(typeof e?.code === 'string' ? { code: e.code } : {}),
          ...(typeof e?.errcode === 'number' ? { errcode: e.errcode } : {}),
        } satisfies ComputeReply);
      },
    );
  });
}
