// Valibot schemas of the scanner calls, shared by the API (scanner.api.server.ts) and the wizard
// island: pure, no server imports. Messages are dictionary keys (scanner.api.validation.*).
import * as v from 'valibot';
import { columnLimit, MAX_COLUMN, SPEC_COLUMNS } from './recognition/limits.ts';
import {
  DEFAULT_MAPPING,
  MAPPING_FIELDS,
  type ColumnMapping,
  type RecognisedRow,
  type SuggestionConfidence,
} from './recognition/types.ts';
import { MAX_ID } from '#lib/validation.ts';
import { MAX_COUNT, PRODUCT_LIMITS } from './recognition/limits.ts';

export {
  DEFAULT_MAPPING,
  MAPPING_FIELDS,
  type ColumnMapping,
  columnLimit,
  MAX_COLUMN,
  SPEC_COLUMNS,
};

/** Document types and sections of step 0; only the first of each is available (spec §5). */
export const DOC_TYPES = ['specification', 'calculation'] as const;
export const SECTIONS = ['orders', 'specification'] as const;
/** Most positions one scan.do lists and one scan.save takes. */
export const MAX_PRODUCTS = 1000;

const UNIQID = /^[A-Za-z0-9_-]{21}$/;
export const isUniqid = (s: unknown): s is string => typeof s === 'string' && UNIQID.test(s);

const text = (max: number) =>
  v.pipe(
    v.optional(v.union([v.string(), v.number()]), ''),
    v.transform(String),
    v.trim(),
    v.maxLength(max, 'scanner.api.validation.tooLong'),
  );
const id = (message: string) =>
  v.pipe(
    v.optional(v.union([v.string(), v.number()]), ''),
    v.transform((s) => String(s).trim()),
    v.regex(/^\d{0,9}$/, message),
    v.transform((s) => (s ? Number(s) : 0)),
  );

/** Step 0 plus the upload (scan.file): order 0 = a new order. */
export const StartSchema = v.object({
  order: id('scanner.api.validation.order'),
  docType: v.pipe(
    v.optional(v.string(), 'specification'),
    v.transform((s) => s || 'specification'),
    v.literal('specification', 'scanner.api.validation.docType'),
  ),
  section: v.pipe(
    v.optional(v.string(), 'orders'),
    v.transform((s) => s || 'orders'),
    v.literal('orders', 'scanner.api.validation.section'),
  ),
  oid: id('scanner.api.validation.oid'),
  object: id('scanner.api.validation.object'),
});
export type StartInput = v.InferOutput<typeof StartSchema>;

const column = (required: boolean) =>
  v.pipe(
    v.optional(v.union([v.string(), v.number()]), ''),
    v.transform((s) => String(s).trim()),
    v.regex(
      /^\d{1,2}$/,
      required ? 'scanner.api.validation.columnRequired' : 'scanner.api.validation.column',
    ),
    v.transform(Number),
    v.check(
      (n) => n <= MAX_COLUMN,
      required ? 'scanner.api.validation.columnRequired' : 'scanner.api.validation.column',
    ),
    v.check((n) => !required || n > 0, 'scanner.api.validation.columnRequired'),
  );

/**
 * Column numbers 1..MAX_COLUMN per field (scan.do also holds them to the document's own columns,
 * columnLimit); 0 = absent (not for title and count); a column serves one field.
 */
export const MappingSchema = v.pipe(
  v.object({
    pos: column(false),
    title: column(true),
    marka: column(false),
    sku: column(false),
    man: column(false),
    unit: column(false),
    count: column(true),
  }),
  v.forward(
    v.check((m) => {
      const used = MAPPING_FIELDS.map((f) => m[f]).filter((c) => c > 0);
      return new Set(used).size === used.length;
    }, 'scanner.api.validation.columnTwice'),
    ['title'],
  ),
);

/** Comma-separated page numbers (1-based), at least one. */
export const PagesSchema = v.pipe(
  v.optional(v.union([v.string(), v.number()]), ''),
  v.transform((s) => String(s).trim()),
  v.regex(/^\d{1,3}(\s*,\s*\d{1,3})*$/, 'scanner.api.validation.pages'),
  v.transform((s) => [...new Set(s.split(',').map((x) => Number(x.trim())))].sort((a, b) => a - b)),
  v.check((pages) => pages.every((p) => p >= 1), 'scanner.api.validation.pages'),
);

export const DoSchema = v.object({ mapping: MappingSchema, pages: PagesSchema });

export { PRODUCT_LIMITS, MAX_COUNT };

/** One position as the wizard sends it in scan.save (products[] items are JSON strings of this). */
export const ProductSchema = v.object({
  index: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
  pos: text(PRODUCT_LIMITS.pos),
  title: v.pipe(text(PRODUCT_LIMITS.title), v.minLength(1, 'scanner.api.validation.productTitle')),
  marka: text(PRODUCT_LIMITS.marka),
  sku: text(PRODUCT_LIMITS.sku),
  man: text(PRODUCT_LIMITS.man),
  unit: text(PRODUCT_LIMITS.unit),
  count: v.pipe(
    v.union([v.number(), v.string()], 'scanner.api.validation.productCount'),
    v.transform((x) => (typeof x === 'number' ? x : Number(String(x).trim().replace(',', '.')))),
    v.number('scanner.api.validation.productCount'),
    v.check((n) => Number.isFinite(n) && n > 0, 'scanner.api.validation.productCount'),
    v.maxValue(MAX_COUNT, 'scanner.api.validation.productCountMax'),
  ),
  cid: v.optional(
    v.pipe(
      v.union([v.number(), v.string()]),
      v.transform(Number),
      v.check(
        (n) => Number.isSafeInteger(n) && n >= 0 && n <= MAX_ID,
        'scanner.api.validation.cid',
      ),
    ),
    0,
  ),
});
export type Product = v.InferOutput<typeof ProductSchema>;

export const SaveSchema = v.object({
  module: v.pipe(
    v.optional(v.string(), 'orders'),
    v.transform((s) => s || 'orders'),
    v.literal('orders', 'scanner.api.validation.module'),
  ),
  pid: id('scanner.api.validation.pid'),
});

/** scan.candidates: the row by index, an optional text instead of the row's own. */
export const CandidatesSchema = v.object({
  index: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.regex(/^\d{1,5}$/, 'scanner.api.validation.index'),
    v.transform(Number),
  ),
  q: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.maxLength(200, 'scanner.api.validation.tooLong'),
  ),
});

export const CatalogSchema = v.object({
  cid: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.regex(/^[1-9]\d{0,8}$/, 'scanner.api.validation.cid'),
    v.transform(Number),
  ),
  pos: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.maxLength(50, 'scanner.api.validation.tooLong'),
  ),
  index: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.regex(/^\d{0,5}$/, 'scanner.api.validation.index'),
    v.transform((s) => (s ? Number(s) : null)),
  ),
});

/** What scan.status answers (the wizard polls it). */
export interface ScanStatusView {
  uniqid: string;
  name: string;
  format: string;
  status: 'queued' | 'working' | 'ready' | 'failed';
  stage: string | null;
  done: number;
  total: number;
  pageCount: number;
  /** width and height: the page size in PDF points as displayed (for the thumbnails' aspect). */
  pages: Array<{
    page: number;
    hasTable: boolean;
    source: 'text' | 'ocr';
    width: number;
    height: number;
  }>;
  columnCount: number;
  headers: string[];
  suggestedMapping: ColumnMapping | null;
  /** How sure the suggestion of each field is (the pages step says it next to the selector). */
  suggestedBy: SuggestionConfidence;
  mapping: ColumnMapping;
  checkedPages: number[];
  notes: string[];
  order: number;
  oid: number;
  object: number;
  savedOrder: number | null;
  error?: string;
}

/** One recognised position of scan.do: the recognised row with the catalogue id chosen for it (0: none) and the best match. */
export interface ScanEntity extends RecognisedRow {
  cid: number;
  /** `hold`: why a near match was not ticked by itself (two items differ only in a number). */
  match: { cid: number; score: number; why: string[]; hold?: string } | null;
  /** The catalogue item of cid when the server matched the row by itself (null otherwise), so the list names it at once. */
  catalog: CatalogItem | null;
}

/** A catalogue item as scan.catalog and scan.do name it. */
export interface CatalogItem {
  cid: number;
  title: string;
  article: string;
  sku?: string;
  man: string;
  unit: string;
  /** Price per unit in roubles (price_kop / 100). */
  price: number;
  price_kop?: number;
}

export interface Candidate {
  cid: number;
  title: string;
  article: string;
  man: string;
  unit: string;
  /** Price per unit in roubles (price_kop / 100). */
  price: number;
  price_kop: number;
  score: number;
  why: string[];
  /** Numbers of the article/title that tell this item apart from the row and the other close candidates. */
  differs?: string[];
}
