// Runs recognition in a worker thread (worker.ts) and reports its progress. Loaded only by the queue
// runner in the server entry; the API never waits for recognition.
import { rm } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import type { PdfSlice } from './recognition/index.ts';
import { MAX_PAGES } from './recognition/limits.ts';
import type { ExtractedDocument } from './recognition/types.ts';
import { scannerTempDir } from './tempdirs.server.ts';
import type { WorkerCommand, WorkerInput, WorkerMessage } from './worker.ts';

/** A document the readers refused (scanner.errors.<code>): final, never retried. */
export class RefusedInput extends Error {
  readonly code: string;
  readonly format: string | undefined;
  readonly params: Record<string, number> | undefined;
  constructor(
    code: string,
    format: string | undefined,
    message: string,
    params?: Record<string, number>,
  ) {
    super(message);
    this.code = code;
    this.format = format;
    this.params = params;
  }
}

/** One slice of recognition: the document, or a PDF read part of the way. */
export type SliceResult = { doc: ExtractedDocument } | { slice: PdfSlice };

export interface SliceInput {
  maxPages: number;
  slicePages: number;
  sliceMs?: number;
  resume: PdfSlice | null;
}

/** Upper bound of one recognition slice (200 pages of OCR at the per-page limit would be far more; the readers time out first). */
export const JOB_TIMEOUT_MS = 15 * 60_000;

/** How long a stopped worker gets to kill its programs (LibreOffice, Tesseract) before it is terminated. */
const STOP_GRACE_MS = 3000;

export async function extractInWorker(
  bytes: Uint8Array,
  fileName: string,
  onProgress: (stage: string, done: number, total: number) => void,
  signal?: AbortSignal,
  slice: SliceInput = { maxPages: MAX_PAGES, slicePages: MAX_PAGES, resume: null },
): Promise<SliceResult> {
  // The job's own folder: whatever the readers leave (a worker terminated mid-page never runs their
  // clean-up), it goes with the job; one left by a killed server is removed at the next start.
  const workDir = await scannerTempDir('job');
  try {
    return await run({ bytes, fileName, workDir, ...slice }, onProgress, signal);
  } finally {
    await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

function run(
  input: WorkerInput,
  onProgress: (stage: string, done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<SliceResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), {
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    let settled = false;
    const exited = new Promise<void>((r) => worker.once('exit', () => r()));
    const finish = (fn: () => void, stop = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (!stop) {
        fn();
        void worker.terminate();
        return;
      }
      // Asked to stop: the worker aborts its readers (they kill their process groups), then it is
      // terminated; the answer waits for that, so the job's folder is removed after the programs.
      worker.postMessage({ type: 'abort' } satisfies WorkerCommand);
      void Promise.race([exited, new Promise((r) => setTimeout(r, STOP_GRACE_MS))])
        .then(() => worker.terminate())
        .finally(fn);
    };
    const onAbort = () =>
      finish(
        () => reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted')),
        true,
      );
    const timer = setTimeout(
      () =>
        finish(
          () => reject(new RefusedInput('timeout', undefined, 'recognition took too long')),
          true,
        ),
      JOB_TIMEOUT_MS,
    );
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) onAbort();
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'progress') onProgress(m.stage, m.done, m.total);
      else if (m.type === 'done') finish(() => resolve({ doc: m.doc }));
      else if (m.type === 'slice') finish(() => resolve({ slice: m.slice }));
      else
        finish(() =>
          reject(
            m.input
              ? new RefusedInput(m.code, m.format, m.message, m.params)
              : new Error(m.message),
          ),
        );
    });
    worker.on('error', (err) => finish(() => reject(err)));
    worker.on('exit', (code) =>
      finish(() => reject(new Error(`recognition worker exited with code ${code}`))),
    );
  });
}
