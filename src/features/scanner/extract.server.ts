// Runs recognition in a worker thread (worker.ts) and reports its progress. Loaded only by the queue
// runner in the server entry; the API never waits for recognition.
import { Worker } from 'node:worker_threads';
import type { ExtractedDocument } from './recognition/types.ts';
import type { WorkerMessage } from './worker.ts';

/** A document the readers refused (scanner.errors.<code>): final, never retried. */
export class RefusedInput extends Error {
  readonly code: string;
  readonly format: string | undefined;
  constructor(code: string, format: string | undefined, message: string) {
    super(message);
    this.code = code;
    this.format = format;
  }
}

/** Upper bound of one recognition (200 pages of OCR at the per-page limit would be far more; the readers time out first). */
const JOB_TIMEOUT_MS = 15 * 60_000;

export function extractInWorker(
  bytes: Uint8Array,
  fileName: string,
  onProgress: (stage: string, done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<ExtractedDocument> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), {
      workerData: { bytes, fileName },
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      fn();
      void worker.terminate();
    };
    const onAbort = () => finish(() => reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted')));
    const timer = setTimeout(() => finish(() => reject(new RefusedInput('timeout', undefined, 'recognition took too long'))), JOB_TIMEOUT_MS);
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'progress') onProgress(m.stage, m.done, m.total);
      else if (m.type === 'done') finish(() => resolve(m.doc));
      else finish(() => reject(m.input ? new RefusedInput(m.code, m.format, m.message) : new Error(m.message)));
    });
    worker.on('error', (err) => finish(() => reject(err)));
    worker.on('exit', (code) => finish(() => reject(new Error(`recognition worker exited with code ${code}`))));
  });
}
