// PDF reader: text items and ruling lines per page through pdf.js, page furniture and rotated text
// dropped, the table built by stream.ts (rulings first, text positions as fallback). Pages without a
// text layer (scans) are read by OCR (ocr.ts) into the same builder.
import { MAX_PAGES } from './limits.ts';
import { rulingsFromSegments, segmentsFromOperatorList, type Rulings } from './lattice.ts';
import { ocrPdfPage, renderDpi } from './ocr.ts';
import { checkPdfStreams } from './pdf-streams.ts';
import { openPdf, Util, type PDFDocumentProxy } from './pdfjs.ts';
import { buildPageTable, type PageTable, type TextBox } from './stream.ts';
import { requireTool } from './tools.ts';
import {
  ScanInputError,
  type ColumnMapping,
  type ExtractedDocument,
  type ExtractedLine,
  type ExtractedPage,
  type ProgressReport,
  type ScanFormat,
} from './types.ts';

const MM = 72 / 25.4;

/** One page's result before the document is assembled. */
export interface PageResult {
  page: ExtractedPage;
  table: PageTable | null;
  notes: string[];
}

interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

const STAMP_WORDS =
  /^(изм|лист|листов|№\s*докум|n\s*докум|подп|подпись|дата|стадия|кол\.?\s*уч|разраб|пров|н\.?\s*контр|утв|гип|масштаб|инв|взам)/i;

/**
 * Text items as boxes in display coordinates. Rotated (or mirrored) text is dropped: the margin
 * strip and stamps of drawings carry it, a table does not.
 */
export function textBoxes(
  items: TextItemLike[],
  viewport: number[],
): { boxes: TextBox[]; rotated: TextBox[] } {
  const boxes: TextBox[] = [];
  const rotated: TextBox[] = [];
  for (const it of items) {
    if (!it.str || !it.str.trim()) continue;
    const m = Util.transform(viewport, it.transform) as number[];
    const [a, b, c, d, e, f] = m as [number, number, number, number, number, number];
    const size = Math.hypot(c, d) || Math.abs(it.height) || 1;
    const upright = Math.abs(b) < 0.01 * size && Math.abs(c) < 0.01 * size && a > 0 && d < 0;
    const box: TextBox = {
      text: it.str,
      x0: e,
      x1: e + Math.abs(it.width),
      y0: f - 0.8 * size,
      y1: f + 0.2 * size,
      size,
    };
    if (!upright) {
      rotated.push(box);
      continue;
    }
    // Several cells in one item (some producers pad with runs of spaces): split at the runs.
    if (/\S\s{2,}\S/.test(it.str)) {
      const per = Math.abs(it.width) / it.str.length;
      let pos = 0;
      for (const piece of it.str.split(/(\s{2,})/)) {
        if (piece.trim())
          boxes.push({
            ...box,
            text: piece,
            x0: e + pos * per,
            x1: e + (pos + piece.length) * per,
          });
        pos += piece.length;
      }
    } else boxes.push(box);
  }
  return { boxes, rotated };
}

export interface Zones {
  titleBlock: { x0: number; y0: number } | null;
  leftStrip: number | null;
}

/**
 * Page furniture of drawings (GOST 21.101): the title block, 185 × 55 mm at the bottom right,
 * and the strip of extra columns left of the 20 mm frame. Zones are only applied when their
 * contents show they are there (stamp words, rotated margin text), so a plain office export whose
 * table runs to the page edges keeps all its rows.
 */
export function furnitureZones(
  boxes: TextBox[],
  rotated: TextBox[],
  width: number,
  height: number,
): Zones {
  const tb = { x0: width - 190 * MM, y0: height - 60 * MM };
  const stamp = new Set(
    boxes
      .filter((b) => b.x0 >= tb.x0 && b.y0 >= tb.y0 && STAMP_WORDS.test(b.text.trim()))
      .map((b) => b.text.trim().toLowerCase().slice(0, 4)),
  );
  const strip = 20 * MM;
  const stripText =
    rotated.some((b) => b.x0 < strip) ||
    boxes.some((b) => b.x1 <= strip && /инв|взам|подп/i.test(b.text));
  return { titleBlock: stamp.size >= 3 ? tb : null, leftStrip: stripText ? strip - 1 : null };
}

export function inFurniture(z: Zones, x0: number, x1: number, y0: number, y1: number): boolean {
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  if (z.titleBlock && cx >= z.titleBlock.x0 && cy >= z.titleBlock.y0) return true;
  if (z.leftStrip !== null && x1 <= z.leftStrip) return true;
  return false;
}

function withoutFurniture(r: Rulings, z: Zones): Rulings {
  if (!z.titleBlock && z.leftStrip === null) return r;
  return {
    horizontal: r.horizontal.filter((h) => !inFurniture(z, h.from, h.to, h.at, h.at)),
    vertical: r.vertical.filter(
      (v) =>
        !inFurniture(z, v.at, v.at, v.from, v.to) &&
        !(z.titleBlock && v.at > z.titleBlock.x0 + 1 && v.from >= z.titleBlock.y0 - 2),
    ),
  };
}

/** A page has a text layer when it carries at least this many non-space characters. */
const MIN_TEXT_CHARS = 8;

export interface PdfOptions {
  progress?: ProgressReport;
  signal?: AbortSignal;
  workDir?: string;
  /** Format reported in errors and in the document (office files converted to PDF keep theirs). */
  format?: ScanFormat;
  /** OCR stage timings (milliseconds, added up), for the benchmark. */
  timings?: Record<string, number>;
  /** Most pages accepted (default MAX_PAGES); more is refused as tooManyPages naming both numbers. */
  maxPages?: number;
  /** Where an earlier slice stopped (null: from the first page, the file checked first). */
  resume?: PdfSlice | null;
  /** Pages read before handing the rest back as a slice (default: all). */
  slicePages?: number;
  /** Time after which the rest is handed back (checked between pages; default: none). */
  sliceMs?: number;
}

/** A document read part of the way: the queue gives the recognition slot to others in between. */
export interface PdfSlice {
  /** Next page to read (1-based). */
  next: number;
  total: number;
  /** Column boundaries of the last table page (a continuation page takes them). */
  previous: number[] | null;
  results: PageResult[];
}

export type PdfOutcome = { doc: Omit<ExtractedDocument, 'format'> } | { slice: PdfSlice };

/** pdf.js's own exceptions: the file is malformed (a page-tree cycle, a page that is not there…); reading it again gives the same. */
const PDFJS_FAULTS = new Set([
  'UnknownErrorException',
  'FormatError',
  'InvalidPDFException',
  'MissingPDFException',
  'UnexpectedResponseException',
]);
export const isPdfFault = (e: unknown): boolean =>
  PDFJS_FAULTS.has((e as { name?: string })?.name ?? '');

/** Reads every page of a PDF: text pages through pdf.js, pages without text through OCR. */
export async function extractPdf(
  bytes: Uint8Array,
  opts: PdfOptions = {},
): Promise<Omit<ExtractedDocument, 'format'>> {
  const r = await readPdf(bytes, { ...opts, resume: null, slicePages: Infinity });
  if ('slice' in r) throw new Error('unreachable: an unsliced read stopped early');
  return r.doc;
}

/**
 * Reads the pages of a PDF from `resume` (or the start) for `slicePages` pages: the document when
 * the last page is read, else where it stopped. On the first slice the file's compressed streams
 * are measured (checkPdfStreams) before pdf.js inflates any. Damaged structure is refused as
 * ScanInputError('corrupt'), never left to look transient.
 */
export async function readPdf(bytes: Uint8Array, opts: PdfOptions = {}): Promise<PdfOutcome> {
  const format = opts.format ?? 'pdf';
  if (!opts.resume) await checkPdfStreams(bytes, format, opts.signal);
  const { doc, close } = await openPdf(bytes);
  try {
    const total = doc.numPages;
    const limit = opts.maxPages ?? MAX_PAGES;
    if (total > limit)
      throw new ScanInputError('tooManyPages', format, `${total} pages`, { pages: total, limit });
    const state: PdfSlice = opts.resume
      ? { ...opts.resume, results: [...opts.resume.results] }
      : { next: 1, total, previous: null, results: [] };
    const stop = Math.min(total, state.next + Math.max(1, opts.slicePages ?? Infinity) - 1);
    const started = Date.now();
    const first = state.next;
    for (; state.next <= stop; state.next++) {
      opts.signal?.throwIfAborted();
      // At least one page per slice, so a slow page cannot make a document that never ends.
      if (state.next > first && Date.now() - started >= (opts.sliceMs ?? Infinity)) break;
      const n = state.next;
      let result: PageResult;
      try {
        result = await readPage(bytes, doc, n, total, state.previous, format, opts);
      } catch (e) {
        if (isPdfFault(e))
          throw new ScanInputError('corrupt', format, `page ${n}: ${(e as Error).message}`);
        throw e;
      }
      if (result.table && result.page.hasTable) state.previous = result.table.bounds;
      state.results.push(result);
      opts.progress?.('extract', n, total);
    }
    if (state.next <= total) return { slice: state };
    return { doc: { pdf: bytes, ...assembleDocument(state.results) } };
  } finally {
    await close();
  }
}

async function readPage(
  bytes: Uint8Array,
  doc: PDFDocumentProxy,
  n: number,
  total: number,
  previous: number[] | null,
  format: ScanFormat,
  opts: PdfOptions,
): Promise<PageResult> {
  const page = await doc.getPage(n);
  const viewport = page.getViewport({ scale: 1 });
  const width = viewport.width;
  const height = viewport.height;
  const rotation = ((viewport.rotation % 360) + 360) % 360;
  const content = await page.getTextContent();
  const { boxes, rotated } = textBoxes(content.items as TextItemLike[], viewport.transform);
  const chars = boxes.reduce((s, b) => s + b.text.replace(/\s/g, '').length, 0);
  const notes: string[] = [];
  if (rotation) notes.push('scanner.notes.pageRotated');
  let table: PageTable | null;
  let source: 'text' | 'ocr' = 'text';
  if (chars < MIN_TEXT_CHARS) {
    // No text layer: a scan (or an empty page, which the renderer finds blank and OCR skips).
    await requireTool('tesseract', format);
    await requireTool('pdftoppm', format);
    opts.progress?.('ocr', n - 1, total);
    const dpi = renderDpi(width, height);
    if (dpi === null)
      throw new ScanInputError(
        'pageTooLarge',
        format,
        `page ${n}: ${Math.round(width)}x${Math.round(height)} pt`,
      );
    const ocr = await ocrPdfPage(bytes, n, dpi, {
      signal: opts.signal,
      workDir: opts.workDir,
      format,
      timings: opts.timings,
    });
    if (ocr.boxes.length) {
      source = 'ocr';
      notes.push('scanner.notes.ocrUsed', ...ocr.notes);
    }
    table = buildPageTable(ocr.boxes, ocr.rulings, previous, true);
  } else {
    const zones = furnitureZones(boxes, rotated, width, height);
    const kept = boxes.filter((b) => !inFurniture(zones, b.x0, b.x1, b.y0, b.y1));
    if (kept.length < boxes.length || rotated.length) notes.push('scanner.notes.furnitureDropped');
    // The operator list (drawings can hold hundreds of thousands of paths) is read only where a
    // table may be: a heading or column-number row in the text, or a table on an earlier page.
    const textOnly = buildPageTable(kept, null, previous);
    const maybeTable =
      !!previous ||
      (!!textOnly &&
        (textOnly.detection.headerRows.length > 0 || textOnly.detection.numberRow !== null));
    if (maybeTable) {
      const ops = await page.getOperatorList();
      const rulings = withoutFurniture(
        rulingsFromSegments(segmentsFromOperatorList(ops, viewport.transform)),
        zones,
      );
      table = buildPageTable(kept, rulings, previous);
    } else table = textOnly;
  }
  if (table && table.columnsFrom !== 'rulings' && source === 'text')
    notes.push('scanner.notes.noRulings');
  if (table && !table.rowRulings && table.rows.length > 3) notes.push('scanner.notes.streamRows');
  // A continuation page without a repeated heading: same columns as the page before.
  const continues =
    !!table &&
    !!previous &&
    (table.columnsFrom === 'previous' || table.bounds.length === previous.length);
  const hasTable =
    !!table &&
    (table.detection.headerRows.length > 0 || table.detection.numberRow !== null || continues);
  page.cleanup();
  return { page: { page: n, width, height, rotation, source, hasTable }, table, notes };
}

/** Columns, headings, suggested mapping and lines of the document from its pages' tables. */
export function assembleDocument(
  results: PageResult[],
): Pick<
  ExtractedDocument,
  'pages' | 'columnCount' | 'headers' | 'suggestedMapping' | 'lines' | 'notes'
> {
  const withTable = results.filter((r) => r.page.hasTable && r.table);
  const first = withTable[0]?.table ?? results.find((r) => r.table)?.table ?? null;
  const columnCount = Math.max(1, first ? first.bounds.length - 1 : 1);
  const headed = withTable.find((r) => r.table!.detection.headerRows.length)?.table ?? first;
  const headers = Array.from({ length: columnCount }, (_, i) => headed?.detection.columns[i] ?? '');
  let suggestedMapping: ColumnMapping | null = null;
  for (const r of withTable) {
    if (r.table!.detection.mapping) {
      suggestedMapping = r.table!.detection.mapping;
      break;
    }
  }
  const lines: ExtractedLine[] = [];
  // Only pages with a table contribute lines when any page has one; otherwise every page's text (the
  // user may still map columns by hand).
  const sources = withTable.length ? withTable : results.filter((r) => r.table);
  for (const r of sources) {
    for (const row of r.table!.rows) {
      const cells = Array.from({ length: columnCount }, (_, i) => row.cells[i] ?? '');
      // Extra columns of a wider page fold into the last one rather than vanish.
      if (row.cells.length > columnCount)
        cells[columnCount - 1] = [cells[columnCount - 1], ...row.cells.slice(columnCount)]
          .filter((s) => s)
          .join(' ');
      const line: ExtractedLine = { page: r.page.page, cells, kind: row.kind };
      if (row.confidence !== undefined) line.confidence = Math.round(row.confidence * 10) / 10;
      // The row's band in points of the page as displayed (text layer and OCR alike): the review's source crop.
      if (Number.isFinite(row.y0) && Number.isFinite(row.y1) && row.y1 > row.y0)
        line.box = { top: Math.round(row.y0 * 10) / 10, bottom: Math.round(row.y1 * 10) / 10 };
      lines.push(line);
    }
  }
  const notes = [...new Set(results.flatMap((r) => r.notes))];
  return {
    pages: results.map((r) => r.page),
    columnCount,
    headers,
    suggestedMapping,
    lines,
    notes,
  };
}
