// The contract between the recognition pipeline (format readers, PDF/OCR extraction, row builder)
// and the scanner service (queue, API, matching, wizard). Readers turn any accepted file into an
// ExtractedDocument once, off the request path; buildRows() applies the user's column mapping and
// page choice to it in milliseconds, so step 3 of the wizard never waits for recognition again.

/** Formats accepted by the upload step (checked by content, never by the file name alone). */
export type ScanFormat = 'pdf' | 'xlsx' | 'xls' | 'docx' | 'doc' | 'jpg' | 'png';

/** How text reached us: a text layer / office cells, or OCR of an image. */
export type TextSource = 'text' | 'ocr';

/** A physical line of the table on one page, cut into the document's table columns. */
export interface ExtractedLine {
  /** 1-based page number in the document-as-PDF (the page the user ticks in the wizard). */
  page: number;
  /**
   * Cell texts by table column, index 0 = column 1 of the document. Missing cells are ''.
   * Length = ExtractedDocument.columnCount.
   */
  cells: string[];
  /** What the extractor already knows about this line. 'data' when unsure. */
  kind: 'data' | 'header' | 'column-numbers' | 'furniture';
  /** Bold/underlined text in column 2 only, when the reader can tell (helps section detection). */
  emphasised?: boolean;
  /** Mean OCR confidence 0..100 for OCR lines. */
  confidence?: number;
  /** Where the line sits on its page, when the reader knows (PDF text layer, OCR). */
  box?: LineBox;
}

/**
 * A vertical band of a page in PDF points of the page as displayed (after rotation), top-down:
 * 0 is the top edge. Lines joined into one row (wrapped cells, continuation lines) take the union.
 */
export interface LineBox {
  top: number;
  bottom: number;
}

/** Column numbers (1-based) chosen for each field; 0 = absent. Spec defaults: pos 1, title 2, marka 3, sku 4, man 5, unit 6, count 7. */
export interface ColumnMapping {
  pos: number;
  title: number;
  marka: number;
  sku: number;
  man: number;
  unit: number;
  count: number;
}

/**
 * Why a column was suggested for a field, so the wizard can say how sure it is: its heading matched
 * the field's vocabulary ('header', with the heading as read), what the column holds fits the field
 * ('content'), the GOST column-number row put it there ('numbers'), or the evidence is weak or
 * contradicts itself ('unsure': the user should check it).
 */
export type SuggestionBasis = 'header' | 'content' | 'numbers' | 'unsure';
export interface FieldSuggestion {
  basis: SuggestionBasis;
  /** The column's heading as read, when the basis is the heading ('' otherwise). */
  heading: string;
}
/** Per mapped field with a suggested column (fields suggested as absent are left out). */
export type SuggestionConfidence = Partial<Record<keyof ColumnMapping, FieldSuggestion>>;

export const DEFAULT_MAPPING: ColumnMapping = {
  pos: 1,
  title: 2,
  marka: 3,
  sku: 4,
  man: 5,
  unit: 6,
  count: 7,
};

/** The mapped fields, in the order of the column selectors and of the spec. */
export const MAPPING_FIELDS = [
  'pos',
  'title',
  'marka',
  'sku',
  'man',
  'unit',
  'count',
] as const satisfies ReadonlyArray<keyof ColumnMapping>;

export interface ExtractedPage {
  /** 1-based. */
  page: number;
  /** Size in PDF points after rotation (as displayed). */
  width: number;
  height: number;
  /** Rotation applied to read the page (0, 90, 180, 270). */
  rotation: number;
  source: TextSource;
  /** True when a specification table (header or column-number row) was found on this page. */
  hasTable: boolean;
}

export interface ExtractedDocument {
  format: ScanFormat;
  /** The document as PDF (office files and images converted), for scan.pdf and thumbnails. */
  pdf: Uint8Array;
  pages: ExtractedPage[];
  /** Number of table columns found (usually 9 for GOST 21.110 Form 1; at least 1). */
  columnCount: number;
  /** Column headers as read (joined hyphen breaks), index 0 = column 1; '' when unknown. */
  headers: string[];
  /** Mapping suggested from the header / column-number rows; null when nothing was recognised. */
  suggestedMapping: ColumnMapping | null;
  /** How sure each field of suggestedMapping is (set by extractSlice from the headings and the data). */
  suggestedBy?: SuggestionConfidence;
  lines: ExtractedLine[];
  /** Human-readable notes about the extraction (ruling lines missing, page rotated, OCR used). i18n keys. */
  notes: string[];
}

/** A recognised position (one logical row, after joining continuation lines). Field names per the spec. */
export interface RecognisedRow {
  /** Stable index of the row in this recognition (0-based), used when pos is empty or repeated. */
  index: number;
  page: number;
  pos: string;
  title: string;
  marka: string;
  sku: string;
  man: string;
  unit: string;
  /** Parsed quantity; null when the count cell was empty or unreadable. */
  count: number | null;
  /** The raw count cell text, when it differed from the parsed number (e.g. '29+3 (10%)=32'). */
  countText?: string;
  /** Section heading this row belongs to ('' when none). */
  section: string;
  /** The band of its page the row was read from (union of its lines), when known: the review's source crop. */
  box?: LineBox;
}

export type ProgressReport = (
  stage: 'convert' | 'render' | 'extract' | 'ocr',
  done: number,
  total: number,
) => void;

/** Thrown by readers for bad input; `code` is an i18n key under scanner.errors.*, `format` names the format. */
export class ScanInputError extends Error {
  readonly code: string;
  readonly format?: ScanFormat;
  /** Numbers the message names (tooManyPages: pages, limit). */
  readonly params?: Record<string, number>;
  constructor(code: string, format?: ScanFormat, detail?: string, params?: Record<string, number>) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'ScanInputError';
    this.code = code;
    this.format = format;
    if (params) this.params = params;
  }
}
