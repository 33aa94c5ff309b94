// The scanner wizard's pure rules (no React, no DOM): the answers of the scan calls as the island
// reads them, the column mapping and its checks (spec section 5), where a reload resumes (the URL's
// ?scan=<uniqid>&step=N), and the payload of scan.save. Unit-tested in model.test.ts.
import {
  MAX_COUNT,
  MAX_UPLOAD_BYTES,
  PRODUCT_LIMITS,
  columnLimit,
} from '#features/scanner/recognition/limits.ts';
import {
  DEFAULT_MAPPING,
  MAPPING_FIELDS,
  type ColumnMapping,
} from '#features/scanner/recognition/types.ts';
import type { Candidate, CatalogItem, ScanStatusView } from '#features/scanner/scanner.schema.ts';

export { DEFAULT_MAPPING, type ColumnMapping };

/** Steps 0..4 of the spec: Start, Document upload, Page selection, Product selection, Completion. */
export const STEPS = ['start', 'upload', 'pages', 'positions', 'done'] as const;
export type Step = 0 | 1 | 2 | 3 | 4;

/** Call kinds of the spec (section 4), each with its own loading flag and error. */
export const CALL_KINDS = [
  'list',
  'scan',
  'checkedScan',
  'getScanFile',
  'getProduct',
  'sendProduct',
] as const;
export type CallKind = (typeof CALL_KINDS)[number];

/** Accepted formats (spec section 2): the file picker's accept attribute and the client-side name check. */
export const ACCEPT_EXTENSIONS = [
  'pdf',
  'xls',
  'xlsx',
  'doc',
  'docx',
  'jpg',
  'jpeg',
  'png',
] as const;
export const ACCEPT =
  '.pdf,.xls,.xlsx,.doc,.docx,.jpg,.jpeg,.png,application/pdf,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,image/jpeg,image/png';
/** The server's upload limit for a scan, checked here only to answer at once. */
export { MAX_UPLOAD_BYTES };
/** scan.save's limits of a position's texts and quantity, checked here to answer at once. */
export { MAX_COUNT, PRODUCT_LIMITS };

export const THUMB_HEIGHT = 250;
/** Column numbers the selectors offer at least (spec: columns 1 to 9). */
export const COLUMN_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
/** Column numbers the selectors offer for a document: 1..9, or every column of a wider table (the server's limit, columnLimit). */
export function columnChoices(columnCount: number): number[] {
  return Array.from({ length: columnLimit(columnCount) }, (_, i) => i + 1);
}
export { MAPPING_FIELDS };
export type MappingField = (typeof MAPPING_FIELDS)[number];
/**
 * Fields that may be 'absent' (0). The spec names position, manufacturer, unit and description; the
 * description of a GOST 21.110 row is its type/marking column (3) and product code column (4), so
 * both may be absent. The name (title) and the quantity (count) are what a position is made of.
 */
export const OPTIONAL_FIELDS: ReadonlySet<MappingField> = new Set([
  'pos',
  'marka',
  'sku',
  'man',
  'unit',
]);

export type DocType = 'specification' | 'calculation';
export type Section = 'orders' | 'specification';

export interface StartChoice {
  /** 0 = new order, else the id of one of the user's orders to append to. */
  order: number;
  /** Text of the chosen order (shown on later steps). */
  orderText: string;
  docType: DocType;
  section: Section;
  oid: string;
  object: string;
}

export const NEW_START: StartChoice = {
  order: 0,
  orderText: '',
  docType: 'specification',
  section: 'orders',
  oid: '',
  object: '',
};

export interface OrderOption {
  id: number;
  number: string;
  title: string | null;
  oid_name: string | null;
  object_name: string | null;
  /** The order's status; only a 'new' order takes positions (absent: not known here, the server decides). */
  status?: string;
}

/** Whether positions can be added to the order (the server's takesNewLines; archived orders are not listed). */
export const takesPositions = (o: OrderOption): boolean => !o.status || o.status === 'new';

// The answers' shapes are S's (scanner.schema.ts); only types are imported, so the island does not
// carry the server's validation schemas.
export type ScanStatus = ScanStatusView;
/** A page with its size in PDF points (gives the thumbnail's width). */
export type ScanPage = ScanStatusView['pages'][number];

export type { Candidate, CatalogItem };

export interface SaveResult {
  order: { id: number; number: string; url: string };
  matched: number;
  unmatched: number;
  /** What the saved lines added to the order, kopecks (catalogue prices at the save). */
  addedKop?: number;
  /** The total the review showed when saving (set by the wizard, not the server). */
  shownKop?: number;
}

/** Where a page load starts: a fresh wizard, or a scan to resume at a step (reload survives). */
export function resumeFrom(search: string): { uniqid: string; step: Step } | null {
  const params = new URLSearchParams(search);
  const uniqid = params.get('scan') ?? '';
  if (!/^[A-Za-z0-9_-]{21}$/.test(uniqid)) return null;
  const n = Number(params.get('step'));
  // A finished scan is not resumed at its completion (the order is saved); the pages step shows it again.
  const step = (Number.isInteger(n) && n >= 1 && n <= 3 ? n : 1) as Step;
  return { uniqid, step };
}

/** The query string for a step of a scan ('' for the start and completion: a reload starts afresh). */
export function stepSearch(uniqid: string | null, step: Step): string {
  if (!uniqid || step === 0 || step === 4) return '';
  return `?${new URLSearchParams({ scan: uniqid, step: String(step) })}`;
}

export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]+)$/.exec(name);
  return m ? m[1]!.toLowerCase() : '';
}

/** Client-side check of a chosen file: an i18n key under scanner.wizard.upload.* or null. The server checks the content. */
export function fileProblem(file: { name: string; size: number } | null): string | null {
  if (!file) return 'needFile';
  if (!(ACCEPT_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return 'badType';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  return null;
}

/** The mapping the selectors start from: the server's saved one, else its suggestion, else the spec's defaults. */
export function initialMapping(status: {
  mapping: ColumnMapping | null;
  suggestedMapping: ColumnMapping | null;
}): ColumnMapping {
  return { ...(status.mapping ?? status.suggestedMapping ?? DEFAULT_MAPPING) };
}

/**
 * Problems of a mapping by field (i18n keys under scanner.wizard.pages.*, columnInvalid takes
 * {max}); empty when it can be sent. `columnCount` is the document's (status.columnCount).
 */
export function mappingProblems(
  m: ColumnMapping,
  columnCount = 0,
): Partial<Record<MappingField, string>> {
  const out: Partial<Record<MappingField, string>> = {};
  const seen = new Map<number, MappingField>();
  const limit = columnLimit(columnCount);
  for (const f of MAPPING_FIELDS) {
    const col = m[f];
    if (!Number.isInteger(col) || col < 0 || col > limit) out[f] = 'columnInvalid';
    else if (col === 0 && !OPTIONAL_FIELDS.has(f)) out[f] = 'columnRequired';
    else if (col > 0 && seen.has(col)) out[f] = 'columnTwice';
    if (col > 0) seen.set(col, seen.get(col) ?? f);
  }
  return out;
}

/** Pages ticked after load: all of them (spec), or what the user ticked before a reload. */
export function initialPages(status: {
  pageCount: number;
  checkedPages: number[] | null;
}): number[] {
  const all = Array.from({ length: status.pageCount }, (_, i) => i + 1);
  const saved = (status.checkedPages ?? []).filter((p) => p >= 1 && p <= status.pageCount);
  return saved.length ? saved : all;
}

/** Thumbnail width for the 250 px height, from the page's proportions (A3 landscape when unknown). */
export function thumbWidth(p: { width?: number; height?: number }): number {
  const ratio = p.width && p.height && p.width > 0 && p.height > 0 ? p.width / p.height : 420 / 297;
  return Math.max(50, Math.min(800, Math.round(THUMB_HEIGHT * ratio)));
}

/** Progress as a whole percentage 0..100 (never NaN), from done of total. */
export function percent(done: number, total: number): number {
  if (!Number.isFinite(done) || !Number.isFinite(total) || total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((done / total) * 100)));
}

/** A match score as a percentage: the server answers 0..1 (or already 0..100). */
export function scorePercent(score: number): number {
  if (!Number.isFinite(score) || score <= 0) return 0;
  return Math.min(100, Math.round(score <= 1 ? score * 100 : score));
}

// The positions of step 4 (matching, corrections, what a reload keeps, the save payload): positions.ts.
export * from './positions.ts';
