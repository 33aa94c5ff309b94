// The request-side heavy part of scan.do and scan.candidates: read a recognised document's lines,
// build its positions for the user's mapping and pages, and (scan.do) match the first MAX_PRODUCTS of
// them to the catalogue. A spreadsheet may hold 165,000 lines (20 MB of JSON): this runs in the
// scanner's compute worker (compute.worker.ts), never on the server's event loop
// (docs/decisions/0029-scanner-rows-off-the-request-thread.md). Nothing here touches the request.
import type { Kysely } from 'kysely';
import type { Engine } from '#lib/db/index.ts';
import { candidatesFor, matchRows, type Owner, type RowText, type Scored } from './match.server.ts';
import { buildRows } from './recognition/rows.ts';
import type { ColumnMapping, ExtractedLine, RecognisedRow } from './recognition/types.ts';
import { MAX_PRODUCTS } from './scanner.schema.ts';
import type { ScanDB } from './scanner.tables.ts';

export interface PositionsTask {
  scanId: number;
  mapping: ColumnMapping;
  pages: number[];
  /** Whose learned matches apply; absent: rows only (the matching popup looks one row up). */
  owner?: Owner;
  /**
   * Store this mapping and these pages as the scan's choice first (scan.do, when they changed), in
   * scan_choices: on SQLite an update of `scans` rewrites the whole row, 20 MB of lines included.
   */
  remember?: boolean;
}

export interface PositionsResult {
  /** The first MAX_PRODUCTS positions. */
  rows: RecognisedRow[];
  /** How many positions the chosen pages hold in all. */
  total: number;
  /** The best match of each of `rows` (scan.do), or null when no owner was given. */
  matches: Array<Scored | null> | null;
}

/** The matching popup's ranking of one position (scan.candidates): catalogue text search, so off the loop too. */
export interface CandidatesTask {
  row: RowText;
  owner: Owner;
  q: string;
}

export type ComputeTask = { positions: PositionsTask } | { candidates: CandidatesTask };

/** What the compute pool (compute.server.ts) offers the API. */
export interface ScanCompute {
  positions(userId: number, task: PositionsTask): Promise<PositionsResult>;
  candidates(userId: number, task: CandidatesTask): Promise<Scored[]>;
  stop(): Promise<void>;
}

/**
 * Why the pool did not run a task to its end: full (busy) or over its time limit (timeout). Told by
 * a property, not by class: the Astro bundle and the server entry hold separate copies of modules.
 */
export type ComputeRefusal = Error & { computeRefused: 'busy' | 'timeout' };
export const computeRefusal = (reason: 'busy' | 'timeout'): ComputeRefusal =>
  Object.assign(new Error(`scanner compute: ${reason}`), { computeRefused: reason });
export const refusalOf = (err: unknown): 'busy' | 'timeout' | null => {
  const r = (err as Partial<ComputeRefusal> | null)?.computeRefused;
  return r === 'busy' || r === 'timeout' ? r : null;
};

const KEY = Symbol.for('cabinet.scanner.compute');
type Holder = { [KEY]?: ScanCompute };
/** Installed by the server entry (compute.server.ts); absent under `astro dev`. */
export const scanCompute = (): ScanCompute | undefined => (globalThis as Holder)[KEY];
export function installScanCompute(pool: ScanCompute | undefined): void {
  if (pool) (globalThis as Holder)[KEY] = pool;
  else delete (globalThis as Holder)[KEY];
}

export const rowText = (r: Pick<RecognisedRow, 'title' | 'marka' | 'sku' | 'man'>): RowText => ({
  title: r.title,
  marka: r.marka,
  sku: r.sku,
  man: r.man,
});

/** The pages of a scan that were read by OCR (its summary's pages with source 'ocr'). */
export function ocrPages(summary: string | null): Set<number> {
  try {
    const pages = (
      JSON.parse(summary ?? '{}') as { pages?: Array<{ page?: unknown; source?: unknown }> }
    ).pages;
    return new Set(
      (Array.isArray(pages) ? pages : [])
        .filter((p) => p?.source === 'ocr' && typeof p.page === 'number')
        .map((p) => p.page as number),
    );
  } catch {
    return new Set();
  }
}

function linesOf(json: string | null): ExtractedLine[] {
  if (!json) return [];
  try {
    const lines = JSON.parse(json) as unknown;
    return Array.isArray(lines) ? (lines as ExtractedLine[]) : [];
  } catch {
    return [];
  }
}

export async function computePositions(
  db: Kysely<ScanDB>,
  engine: Engine,
  task: PositionsTask,
): Promise<PositionsResult> {
  if (task.remember) {
    const choice = {
      mapping: JSON.stringify(task.mapping),
      checked_pages: JSON.stringify(task.pages),
    };
    await db
      .insertInto('scan_choices')
      .values({ scan_id: task.scanId, ...choice })
      .onConflict((oc) => oc.column('scan_id').doUpdateSet(choice))
      .execute();
  }
  const scan = await db
    .selectFrom('scans')
    .select(['status', 'document', 'summary'])
    .where('id', '=', task.scanId)
    .executeTakeFirst();
  const lines = scan?.status === 'ready' ? linesOf(scan.document) : [];
  const all = buildRows({ lines }, task.mapping, task.pages);
  const rows = all.slice(0, MAX_PRODUCTS);
  const ocr = ocrPages(scan?.summary ?? null);
  const matches = task.owner
    ? await matchRows(
        db,
        engine,
        task.owner,
        rows.map((r) => ({ ...rowText(r), ...(ocr.has(r.page) ? { ocr: true } : {}) })),
      )
    : null;
  return { rows, total: all.length, matches };
}

/** One task of the compute worker (or of the API itself when there is no pool). */
export function runTask(
  db: Kysely<ScanDB>,
  engine: Engine,
  task: ComputeTask,
): Promise<PositionsResult | Scored[]> {
  if ('positions' in task) return computePositions(db, engine, task.positions);
  return candidatesFor(db, engine, task.candidates.owner, task.candidates.row, task.candidates.q);
}
