// The queue's work for one scan (decision 0023): read the original, recognise it (a slice of it, for
// a long PDF) in the worker, and store the result on the scan row; a refusal of the document fails
// the scan with its reason at once, anything else is thrown for the queue to retry.
import { files } from '#lib/files.server.ts';
import { log } from '#lib/log.ts';
import type { PdfSlice } from './recognition/index.ts';
import type { ExtractedDocument } from './recognition/types.ts';
import { failScan, FILE_KIND, scanDb, type ScanSummary } from './scanner.server.ts';
import type { JobRow } from './scanner.tables.ts';

const PROGRESS_EVERY_MS = 500;

const sliceOf = (s: string | null): PdfSlice | null => {
  try {
    return s ? ((JSON.parse(s) as { slice?: PdfSlice }).slice ?? null) : null;
  } catch {
    return null;
  }
};

/** One slice of recognition (extractInWorker with the settings bound): the document, or a PDF read part of the way. */
export type Extract = (
  bytes: Uint8Array,
  fileName: string,
  onProgress: (stage: string, done: number, total: number) => void,
  signal: AbortSignal,
  resume: PdfSlice | null,
) => Promise<{ doc: ExtractedDocument } | { slice: PdfSlice }>;

/** Refusals of the readers are final (the scan fails with their message); anything else is retried. */
export interface InputRefusal {
  code: string;
  format?: string;
  params?: Record<string, number>;
}
const refusalOf = (err: unknown): InputRefusal | null => {
  const e = err as {
    code?: unknown;
    format?: unknown;
    params?: Record<string, number>;
    name?: string;
  };
  return e &&
    typeof e.code === 'string' &&
    (e.name === 'ScanInputError' || e.constructor?.name === 'RefusedInput')
    ? {
        code: e.code,
        format: typeof e.format === 'string' ? e.format : undefined,
        params: e.params,
      }
    : null;
};

/**
 * The queue's work for one job: recognise the scan's original and store the result. A long PDF is
 * read in slices: after each the part read is kept on the scan row (`document`, while it is
 * working) and 'yield' hands the slot back, so the queue can serve another user's document first.
 */
export async function runScanJob(
  job: JobRow,
  signal: AbortSignal,
  extract: Extract,
): Promise<'yield' | void> {
  const db = scanDb();
  const row = await db
    .selectFrom('scans')
    .selectAll()
    .where('id', '=', job.scan_id)
    .executeTakeFirst();
  // Gone, finished, or past its retention time (the sweep removes it): nothing to do.
  if (
    !row ||
    row.status === 'ready' ||
    row.status === 'failed' ||
    row.expires_at <= new Date().toISOString()
  )
    return;
  if (!row.original_file) return failScan(row.id, 'scanner.api.lost');
  const bytes = await files().read(row.original_file);
  if (!bytes) return failScan(row.id, 'scanner.api.lost');
  const resume = row.status === 'working' ? sliceOf(row.document) : null;
  await db
    .updateTable('scans')
    .set({
      status: 'working',
      stage: 'extract',
      done: resume ? resume.next - 1 : 0,
      total: resume?.total ?? 0,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', row.id)
    .execute();
  let last = 0;
  let pending: Promise<unknown> = Promise.resolve();
  const progress = (stage: string, done: number, total: number) => {
    const t = Date.now();
    if (t - last < PROGRESS_EVERY_MS && done < total) return;
    last = t;
    pending = pending.then(() =>
      db
        .updateTable('scans')
        .set({ stage: stage.slice(0, 16), done, total, updated_at: new Date(t).toISOString() })
        .where('id', '=', row.id)
        .where('status', '=', 'working')
        .execute()
        .catch(() => undefined),
    );
  };
  let doc: ExtractedDocument;
  try {
    const r = await extract(
      new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      row.file_name,
      progress,
      signal,
      resume,
    );
    if ('slice' in r) {
      await pending;
      // `done` counts the pages read: the queue serves first the user with the fewest pages in progress.
      await db
        .updateTable('scans')
        .set({
          document: JSON.stringify({ slice: r.slice }),
          done: r.slice.next - 1,
          total: r.slice.total,
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', row.id)
        .where('status', '=', 'working')
        .execute();
      return 'yield';
    }
    doc = r.doc;
  } catch (err) {
    const refusal = refusalOf(err);
    if (!refusal) throw err;
    await pending;
    log.info('scanner: document refused', { scan: row.id, code: refusal.code });
    return failScan(
      row.id,
      `scanner.errors.${refusal.code}`,
      refusal.format ?? row.format,
      refusal.params,
    );
  }
  await pending;
  // Once recognised, only the PDF is kept (the wizard's preview and pages): a PDF upload is its own
  // PDF; any other original is deleted, so a customer's document is not stored twice for a week.
  const original = row.original_file;
  const samePdf =
    Buffer.compare(
      Buffer.from(doc.pdf.buffer, doc.pdf.byteOffset, doc.pdf.byteLength),
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    ) === 0;
  const pdfId = samePdf
    ? original
    : (
        await files().put(doc.pdf, {
          owner: row.user_id,
          kind: FILE_KIND,
          name: `${row.file_name.replace(/\.[^.]*$/, '')}.pdf`,
          type: 'application/pdf',
        })
      ).id;
  const summary: ScanSummary = {
    pages: doc.pages,
    columnCount: doc.columnCount,
    headers: doc.headers,
    suggestedMapping: doc.suggestedMapping,
    suggestedBy: doc.suggestedBy ?? {},
    notes: doc.notes,
  };
  const done = await db
    .updateTable('scans')
    .set({
      status: 'ready',
      stage: null,
      done: doc.pages.length,
      total: doc.pages.length,
      original_file: null,
      pdf_file: pdfId,
      format: doc.format,
      summary: JSON.stringify(summary),
      document: JSON.stringify(doc.lines),
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', row.id)
    .where('status', '=', 'working')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) {
    // Another run finished it (or it failed meanwhile): this run's PDF goes, the original stays with the row.
    if (!samePdf) await files().remove(pdfId);
    return;
  }
  if (!samePdf) await files().remove(original);
}
