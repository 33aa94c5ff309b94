// Worker thread entry: runs one slice of recognition (extractSlice) off the main event loop, so
// recognising a long document never delays the server's requests. Messages out: progress, done (the
// document, its PDF bytes transferred), slice (a PDF read part of the way: the queue continues it
// later), error (ScanInputError code, format and numbers, or a message). Message in: abort.
import { parentPort, workerData } from 'node:worker_threads';
import { extractSlice, type PdfSlice } from './recognition/index.ts';
import type { ExtractedDocument } from './recognition/types.ts';

export interface WorkerInput {
  bytes: Uint8Array;
  fileName: string;
  /** The job's own temporary folder (the parent removes it whatever happens to the worker). */
  workDir: string;
  maxPages: number;
  slicePages: number;
  sliceMs?: number;
  resume: PdfSlice | null;
}

/** Message in: stop now (timeout, shutdown, lost lease); the readers kill their programs and clean up. */
export type WorkerCommand = { type: 'abort' };

export type WorkerMessage =
  | { type: 'progress'; stage: string; done: number; total: number }
  | { type: 'done'; doc: ExtractedDocument }
  | { type: 'slice'; slice: PdfSlice }
  | {
      type: 'error';
      input: boolean;
      code: string;
      format?: string;
      params?: Record<string, number>;
      message: string;
    };

const port = parentPort;
if (port) {
  const { bytes, fileName, workDir, maxPages, slicePages, sliceMs, resume } =
    workerData as WorkerInput;
  const send = (m: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);
  const stop = new AbortController();
  port.on('message', (m: WorkerCommand) => {
    if (m?.type === 'abort') stop.abort(new Error('recognition stopped'));
  });
  const progress = (stage: string, done: number, total: number) =>
    send({ type: 'progress', stage, done, total });
  extractSlice(bytes, fileName, {
    signal: stop.signal,
    workDir,
    progress,
    maxPages,
    slicePages,
    sliceMs,
    resume,
  }).then(
    (r) => {
      if ('slice' in r) return send({ type: 'slice', slice: r.slice });
      const { doc } = r;
      send(
        { type: 'done', doc },
        doc.pdf.buffer instanceof ArrayBuffer &&
          doc.pdf.byteOffset === 0 &&
          doc.pdf.byteLength === doc.pdf.buffer.byteLength
          ? [doc.pdf.buffer]
          : [],
      );
    },
    (err: unknown) => {
      const e = err as {
        name?: string;
        code?: unknown;
        format?: unknown;
        params?: unknown;
        message?: unknown;
      };
      const input = e?.name === 'ScanInputError' && typeof e.code === 'string';
      const params =
        input && e.params && typeof e.params === 'object'
          ? (e.params as Record<string, number>)
          : undefined;
      send({
        type: 'error',
        input,
        code: input ? String(e.code) : 'failed',
        format: typeof e?.format === 'string' ? e.format : undefined,
        params,
        message: typeof e?.message === 'string' ? e.message : String(err),
      });
    },
  );
}
