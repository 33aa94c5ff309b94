// Hard limits of the document scanner. Every reader checks its input against these before doing
// expensive work, so a hostile or broken upload fails fast with a ScanInputError instead of eating
// the machine. One place, so the API, the queue and the tests agree on the numbers.

/** Largest accepted upload, bytes (20 MB). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** Largest total unpacked size of a zip container (xlsx/docx), bytes (100 MB). */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

/** Largest unpacked:packed ratio of a zip container, per entry and overall (100:1). */
export const MAX_ZIP_RATIO = 100;

/** Most entries a zip container may declare (an xlsx/docx has dozens, not thousands). */
export const MAX_ZIP_ENTRIES = 10_000;

/** Most pages (PDF pages, spreadsheet sheets) in one document. */
export const MAX_PAGES = 200;

/** Largest image, pixels (40 Mpx: an A2 sheet at 300 DPI is ≈ 35 Mpx). */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Lowest resolution a scanned PDF page is rendered at for OCR when 300 DPI would pass MAX_IMAGE_PIXELS (an A0 sheet: 160 DPI). */
export const MIN_OCR_DPI = 150;

/** LibreOffice conversion timeout, ms. */
export const LIBREOFFICE_TIMEOUT_MS = 60_000;

/** Tesseract timeout per page, ms. */
export const TESSERACT_PAGE_TIMEOUT_MS = 60_000;

/** Most rows read from one spreadsheet sheet / docx table (bounds the work on a huge sheet). */
export const MAX_SHEET_ROWS = 20_000;

/** Most columns considered in one table. */
export const MAX_TABLE_COLUMNS = 40;

/** The column selectors always offer the spec's columns 1..9; a wider table offers all of its columns. */
export const SPEC_COLUMNS = 9;
/** The most columns a column mapping may name: no table is read wider. */
export const MAX_COLUMN = MAX_TABLE_COLUMNS;
/** The last column offered for a document of `columnCount` columns: 9 at least, every column of a wider one, MAX_COLUMN at most. */
export function columnLimit(columnCount: number): number {
  const n = Number.isFinite(columnCount) ? Math.floor(columnCount) : 0;
  return Math.min(MAX_COLUMN, Math.max(SPEC_COLUMNS, n));
}

/** The longest text of each field of a position (scan.do cuts recognised cells to these, scan.save refuses longer, the review's inputs stop there). */
export const PRODUCT_LIMITS = {
  pos: 50,
  title: 500,
  marka: 300,
  sku: 100,
  man: 200,
  unit: 20,
} as const;

/** Largest quantity of one position (scan.save refuses more; the review says so before). */
export const MAX_COUNT = 1_000_000;
