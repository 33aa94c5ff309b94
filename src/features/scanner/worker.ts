// Worker thread entry: runs extractDocument() off the main event loop, so recognising a long
// document never delays the server's requests. Messages out: progress, done (the document, its PDF
// bytes transferred), error (ScanInputError code and format, or a message). Message in: abort.
import { parentPort, workerData } from 'node:worker_threads';
import { extractDocument } from './recognition/index.ts';
import type { ExtractedDocument } from './recognition/types.ts';

export interface WorkerInput {
  bytes: Uint8Array;
  fileName: string;
  /** The job's own temporary folder (the parent removes it whatever happens to the worker). */
  workDir: string;
}

/** Message in: stop now (timeout, shutdown, lost lease); the readers kill their programs and clean up. */
export type WorkerCommand = { type: 'abort' };

export type WorkerMessage =
  | { type: 'progress'; stage: string; done: number; total: number }
  | { type: 'done'; doc: ExtractedDocument }
  | { type: 'error'; input: boolean; code: string; format?: string; message: string };

const port = parentPort;
if (port) {
  const { bytes, fileName, workDir } = workerData as WorkerInput;
  const send = (m: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);
  const stop = new AbortController();
  port.on('message', (m: WorkerCommand) => {
    if (m?.type === 'abort') stop.abort(new Error('recognition stopped'));
  });
  extractDocument(bytes, fileName, { signal: stop.signal, workDir, progress: (stage, done, total) => send({ type: 'progress', stage, done, total }) }).then(
    (doc) => send({ type: 'done', doc }, doc.pdf.buffer instanceof ArrayBuffer && doc.pdf.byteOffset === 0 && doc.pdf.byteLength === doc.pdf.buffer.byteLength ? [doc.pdf.buffer] : []),
    (err: unknown) => {
      const e = err as { name?: string; code?: unknown; format?: unknown; message?: unknown };
      const input = e?.name === 'ScanInputError' && typeof e.code === 'string';
      send({ type: 'error', input, code: input ? String(e.code) : 'failed', format: typeof e?.format === 'string' ? e.format : undefined, message: typeof e?.message === 'string' ? e.message : String(err) });
    },
  );
}
