// Scans of the signed-in user: created by an upload (the original kept in the FileStore, a job
// queued), recognised off the request path by the queue (job.server.ts), read by the wizard through
// their random uniqid only. Another user's or an expired scan is simply not found. Files are kept
// only as long as needed: the original and the PDF go RETENTION_DAYS after the upload, or when the
// scan is saved into an order, or at once when recognition refuses the document.
import { nanoid } from 'nanoid';
import { sql, type Kysely } from 'kysely';
import { database, type Engine } from '#lib/db/index.ts';
import { files } from '#lib/files.server.ts';
import { log } from '#lib/log.ts';
import { enqueue, wakeQueue } from './queue.server.ts';
import type {
  ColumnMapping,
  ExtractedDocument,
  ExtractedLine,
  ExtractedPage,
  ScanFormat,
  SuggestionConfidence,
} from './recognition/types.ts';
import { DEFAULT_MAPPING, type ScanStatusView, type StartInput } from './scanner.schema.ts';
import type { ScanDB, ScanRow } from './scanner.tables.ts';
import { config } from '#lib/config.ts';
import { MAX_UPLOAD_BYTES } from './recognition/limits.ts';
import { scannerMaxPages } from './settings.server.ts';

export const RETENTION_DAYS = 7;
/** After a save the scan answers a little longer (the wizard's completion step), without its files. */
const AFTER_SAVE_MS = 24 * 3600_000;
const SWEEP_BATCH = 50;
export const FILE_KIND = 'scan';

/** The largest upload in MB, as the refusals name it: the scanner's own cap or the server's, whichever is smaller. */
export const uploadLimitBytes = (): number => Math.min(MAX_UPLOAD_BYTES, config().uploadLimit);
const uploadLimitMb = (): number => Math.round(uploadLimitBytes() / 1048576);

export const scanDb = (): Kysely<ScanDB> => database().db as unknown as Kysely<ScanDB>;
export const scanEngine = (): Engine => database().engine;

export interface ScanSummary {
  pages: ExtractedPage[];
  columnCount: number;
  headers: string[];
  suggestedMapping: ColumnMapping | null;
  /** Absent in scans recognised before it was kept. */
  suggestedBy?: SuggestionConfidence;
  notes: string[];
}

const json = <T>(s: string | null, fallback: T): T => {
  if (!s) return fallback;
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
};

/** The user already has `count` documents waiting or in recognition (the limit of createScan). */
export class PendingLimit extends Error {
  readonly count: number;
  constructor(count: number) {
    super(`${count} scans pending`);
    this.count = count;
  }
}

/**
 * Stores the upload and queues its recognition. At most `maxPending` of the user's scans wait or
 * run: the count and the insert are one transaction that holds the user's row locked on PostgreSQL
 * (concurrent uploads of one user queue behind it; SQLite runs one write transaction at a time), so
 * simultaneous uploads cannot all see room. Throws PendingLimit (the stored file removed) when full.
 */
export async function createScan(
  userId: number,
  start: StartInput,
  file: { bytes: Uint8Array; name: string; format: ScanFormat; mime: string },
  maxPending = Infinity,
): Promise<string> {
  const stored = await files().put(file.bytes, {
    owner: userId,
    kind: FILE_KIND,
    name: file.name,
    type: file.mime,
  });
  const uniqid = nanoid();
  const t = new Date();
  try {
    await scanDb()
      .transaction()
      .execute(async (trx) => {
        if (Number.isFinite(maxPending)) {
          if (scanEngine() === 'postgres')
            await sql`select id from users where id = ${userId} for update`.execute(trx);
          const pending = await pendingScans(userId, maxPending, trx);
          if (pending >= maxPending) throw new PendingLimit(pending);
        }
        const { id } = await trx
          .insertInto('scans')
          .values({
            uniqid,
            user_id: userId,
            order_id: start.order || null,
            organisation_id: start.oid || null,
            object_id: start.object || null,
            doc_type: start.docType,
            section: start.section,
            file_name: file.name.slice(0, 200),
            format: file.format,
            size: file.bytes.byteLength,
            original_file: stored.id,
            pdf_file: null,
            status: 'queued',
            stage: null,
            done: 0,
            total: 0,
            error_key: null,
            error_format: null,
            summary: null,
            document: null,
            thumbs: null,
            mapping: null,
            checked_pages: null,
            saved_order_id: null,
            created_at: t.toISOString(),
            updated_at: t.toISOString(),
            expires_at: new Date(t.getTime() + RETENTION_DAYS * 86400_000).toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await enqueue(trx, id, t.getTime());
      });
  } catch (err) {
    await files()
      .remove(stored.id)
      .catch(() => undefined);
    throw err;
  }
  wakeQueue();
  return uniqid;
}

/** Every column but the recognised lines (large; read only by documentOf), so a status poll stays cheap. */
const SCAN_COLUMNS = [
  'id',
  'uniqid',
  'user_id',
  'order_id',
  'organisation_id',
  'object_id',
  'doc_type',
  'section',
  'file_name',
  'format',
  'size',
  'original_file',
  'pdf_file',
  'status',
  'stage',
  'done',
  'total',
  'error_key',
  'error_format',
  'summary',
  'thumbs',
  'mapping',
  'checked_pages',
  'saved_order_id',
  'created_at',
  'updated_at',
  'expires_at',
] as const;
export type ScanHead = Omit<ScanRow, 'document'>;

/** The user's scan by uniqid (without its lines); null for another user's, an unknown or an expired one. */
export async function findScan(userId: number, uniqid: string): Promise<ScanHead | null> {
  const row = await scanDb()
    .selectFrom('scans')
    .select([...SCAN_COLUMNS])
    .where('uniqid', '=', uniqid)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row || row.expires_at <= new Date().toISOString()) return null;
  // The last scan.do's choice lives in scan_choices (migration 0021; older scans kept it in the row).
  const choice = await scanDb()
    .selectFrom('scan_choices')
    .select(['mapping', 'checked_pages'])
    .where('scan_id', '=', row.id)
    .executeTakeFirst();
  return choice ? { ...row, ...choice } : row;
}

export const summaryOf = (row: ScanHead): ScanSummary | null =>
  json<ScanSummary | null>(row.summary, null);

export function statusView(
  row: ScanHead,
  t: (key: string, params?: Record<string, string | number>) => string,
): ScanStatusView {
  const s = summaryOf(row);
  const mapping =
    json<ColumnMapping | null>(row.mapping, null) ?? s?.suggestedMapping ?? DEFAULT_MAPPING;
  const pages = s?.pages ?? [];
  return {
    uniqid: row.uniqid,
    name: row.file_name,
    format: row.format,
    status: row.status,
    stage: row.stage,
    done: row.done,
    total: row.total,
    pageCount: pages.length,
    pages: pages.map((p) => ({
      page: p.page,
      hasTable: p.hasTable,
      source: p.source,
      width: p.width,
      height: p.height,
    })),
    columnCount: s?.columnCount ?? 0,
    headers: s?.headers ?? [],
    suggestedMapping: s?.suggestedMapping ?? null,
    suggestedBy: s?.suggestedBy ?? {},
    mapping,
    checkedPages: json<number[] | null>(row.checked_pages, null) ?? pages.map((p) => p.page),
    notes: (s?.notes ?? []).map((k) => t(k)),
    order: row.order_id ?? 0,
    oid: row.organisation_id ?? 0,
    object: row.object_id ?? 0,
    savedOrder: row.saved_order_id,
    // A failed scan's `total` and `done` are the page count and limit a refusal named (tooManyPages).
    ...(row.status === 'failed'
      ? {
          error: t(row.error_key ?? 'scanner.api.failed', {
            format: (row.error_format ?? row.format).toUpperCase(),
            size: uploadLimitMb(),
            pages: row.total,
            limit: row.done || scannerMaxPages(),
          }),
        }
      : {}),
  };
}

/** The recognised document without its PDF (the row builder does not need it). */
export async function documentOf(row: ScanHead): Promise<ExtractedDocument | null> {
  const s = summaryOf(row);
  if (row.status !== 'ready' || !s) return null;
  const lines = await scanDb()
    .selectFrom('scans')
    .select('document')
    .where('id', '=', row.id)
    .executeTakeFirst();
  return {
    format: row.format as ScanFormat,
    pdf: new Uint8Array(0),
    pages: s.pages,
    columnCount: s.columnCount,
    headers: s.headers,
    suggestedMapping: s.suggestedMapping,
    lines: json<ExtractedLine[]>(lines?.document ?? null, []),
    notes: s.notes,
  };
}

async function removeFiles(
  row: Pick<ScanRow, 'original_file' | 'pdf_file' | 'thumbs'>,
): Promise<void> {
  const ids = [
    row.original_file,
    row.pdf_file,
    ...Object.values(json<Record<string, string>>(row.thumbs, {})),
  ].filter((x): x is string => !!x);
  for (const id of ids)
    await files()
      .remove(id)
      .catch((err: unknown) => log.warn('scanner: file removal failed', { id, err }));
}

/**
 * Marks a scan failed with a dictionary key and what its message names (the format; for
 * tooManyPages the document's pages and the limit, kept in `total` and `done`), removing its files.
 */
export async function failScan(
  scanId: number,
  errorKey: string,
  format?: string,
  counts?: { pages?: number; limit?: number },
): Promise<void> {
  const db = scanDb();
  const row = await db
    .selectFrom('scans')
    .select(['original_file', 'pdf_file', 'thumbs'])
    .where('id', '=', scanId)
    .executeTakeFirst();
  if (!row) return;
  await db
    .updateTable('scans')
    .set({
      status: 'failed',
      error_key: errorKey,
      error_format: format ?? null,
      original_file: null,
      pdf_file: null,
      thumbs: null,
      stage: null,
      document: null,
      ...(counts?.pages ? { done: counts.limit ?? 0, total: counts.pages } : {}),
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', scanId)
    .execute();
  await removeFiles(row);
}

/** The retention sweep: expired scans lose their files and rows (bounded batch per call). */
export async function sweepScans(at = new Date()): Promise<number> {
  const db = scanDb();
  const rows = await db
    .selectFrom('scans')
    .select(['id', 'original_file', 'pdf_file', 'thumbs'])
    .where('expires_at', '<=', at.toISOString())
    .orderBy('expires_at')
    .orderBy('id')
    .limit(SWEEP_BATCH)
    .execute();
  for (const r of rows) {
    await removeFiles(r);
    await db.deleteFrom('scan_jobs').where('scan_id', '=', r.id).execute();
    await db.deleteFrom('scans').where('id', '=', r.id).execute();
  }
  return rows.length;
}

/**
 * Marks the scan saved to the order, inside the save's transaction: only the first save of a scan
 * claims it (false for a second one, sent at once from another tab or as a resend, so its order is
 * rolled back). The scan answers a day longer as saved, then the sweep drops it.
 */
export async function claimScan(
  handle: Kysely<ScanDB>,
  row: ScanHead,
  orderId: number,
): Promise<boolean> {
  const r = await handle
    .updateTable('scans')
    .set({
      saved_order_id: orderId,
      original_file: null,
      pdf_file: null,
      thumbs: null,
      expires_at: new Date(Date.now() + AFTER_SAVE_MS).toISOString(),
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', row.id)
    .where('saved_order_id', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * How many of the user's scans wait for or are in recognition, counted up to `max` (a walk back
 * over the user's own scans, at most a week of uploads at the hourly limit).
 */
export async function pendingScans(
  userId: number,
  max: number,
  handle: Kysely<ScanDB> = scanDb(),
): Promise<number> {
  const rows = await handle
    .selectFrom('scans')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'in', ['queued', 'working'])
    // No order: which rows are counted does not matter, and without one the planners seek
    // (user_id, status, id) of migration 0029 instead of walking every scan of the user by id.
    .limit(max)
    .execute();
  return rows.length;
}

/** After a save's transaction: the scan's files are deleted. */
export const forgetFiles = (row: ScanHead): Promise<void> => removeFiles(row);

/**
 * A page thumbnail (PNG, `height` px high), rendered once and kept in the FileStore. `key` names the
 * rendering in the scan's map (the page number for thumbnails; the review's crops keep their own).
 */
export async function thumbnail(
  row: ScanHead,
  page: number,
  render: (pdf: Uint8Array, page: number) => Promise<Uint8Array>,
  key = String(page),
): Promise<Uint8Array | null> {
  if (!row.pdf_file) return null;
  const cached = json<Record<string, string>>(row.thumbs, {})[key];
  if (cached) {
    const data = await files().read(cached);
    if (data) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  }
  const pdf = await files().read(row.pdf_file);
  if (!pdf) return null;
  const png = await render(new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength), page);
  const stored = await files().put(png, {
    owner: row.user_id,
    kind: FILE_KIND,
    name: `${key === String(page) ? 'page' : key}-${page}.png`,
    type: 'image/png',
  });
  // The page map is updated by compare-and-set: thumbnails load several at once, and a file whose
  // id a lost race overwrote would be in no map, so nothing would ever delete it.
  for (let attempt = 0; attempt < 5; attempt++) {
    const fresh = await scanDb()
      .selectFrom('scans')
      .select(['thumbs', 'pdf_file'])
      .where('id', '=', row.id)
      .executeTakeFirst();
    const map = json<Record<string, string>>(fresh?.thumbs ?? null, {});
    // The scan was saved or dropped meanwhile, or another request stored this page first.
    if (!fresh?.pdf_file || map[key]) break;
    const next = JSON.stringify({ ...map, [key]: stored.id });
    const r = await scanDb()
      .updateTable('scans')
      .set({ thumbs: next })
      .where('id', '=', row.id)
      .where((eb) =>
        fresh.thumbs === null ? eb('thumbs', 'is', null) : eb('thumbs', '=', fresh.thumbs),
      )
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) return png;
  }
  await files().remove(stored.id);
  return png;
}
