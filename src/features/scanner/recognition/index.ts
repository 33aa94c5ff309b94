// Entry point of recognition: sniffs the format by content, dispatches to the reader and returns the
// ExtractedDocument (with the document as PDF) that buildRows() and the wizard work from. Bad input
// ends as ScanInputError(code) with code an i18n key under scanner.errors.*; temporary files live in
// per-call folders that the readers remove in `finally`; `signal` kills running child processes.
import { suggestColumns } from './columns.ts';
import { extractImage } from './images.ts';
import { convertOffice } from './libreoffice.ts';
import { extractDocx, extractXlsx, type OfficeDocument } from './office.ts';
import { readPdf, type PdfSlice } from './pdf.ts';
import { sniffFormat } from './sniff.ts';
import { requireTool } from './tools.ts';
import {
  ScanInputError,
  type ExtractedDocument,
  type ProgressReport,
  type ScanFormat,
} from './types.ts';

export { renderThumbnail } from './thumbnails.ts';
export type { PdfSlice } from './pdf.ts';
export { scannerTools } from './tools.ts';

export interface ExtractOptions {
  progress?: ProgressReport;
  signal?: AbortSignal;
  /** Parent folder for temporary files (default: the OS temp folder). */
  workDir?: string;
}

async function office(
  bytes: Uint8Array,
  format: 'xlsx' | 'xls' | 'docx' | 'doc',
  opts: ExtractOptions,
): Promise<Omit<ExtractedDocument, 'format'>> {
  const conv = { signal: opts.signal, workDir: opts.workDir };
  const sheet = format === 'xlsx' || format === 'xls';
  // Office files are read from their cells; the PDF (for previews) comes from LibreOffice.
  await requireTool('soffice', format);
  opts.progress?.('convert', 0, format === 'xls' || format === 'doc' ? 2 : 1);
  let modern: Uint8Array = bytes;
  if (format === 'xls') modern = await convertOffice(bytes, 'xls', 'xlsx', conv);
  if (format === 'doc') modern = await convertOffice(bytes, 'doc', 'docx', conv);
  opts.signal?.throwIfAborted();
  const doc: OfficeDocument = sheet
    ? await extractXlsx(modern, format)
    : await extractDocx(modern, format);
  opts.progress?.('extract', 1, 1);
  opts.signal?.throwIfAborted();
  const pdf = await convertOffice(modern, sheet ? 'xlsx' : 'docx', 'pdf', conv);
  opts.progress?.(
    'convert',
    format === 'xls' || format === 'doc' ? 2 : 1,
    format === 'xls' || format === 'doc' ? 2 : 1,
  );
  const { format: _f, ...rest } = doc;
  void _f;
  return { ...rest, pdf };
}

/**
 * Recognises an uploaded specification. Throws ScanInputError: unsupported, corrupt, encrypted,
 * tooLarge, tooManyPages, imageTooLarge, zipBomb, noTable, toolMissing (with the format), timeout.
 */
export async function extractDocument(
  bytes: Uint8Array,
  fileName: string,
  opts: ExtractOptions = {},
): Promise<ExtractedDocument> {
  const r = await extractSlice(bytes, fileName, { ...opts, resume: null, slicePages: Infinity });
  if ('slice' in r) throw new Error('unreachable: an unsliced read stopped early');
  return r.doc;
}

export interface SliceOptions extends ExtractOptions {
  /** Most pages of a PDF (default MAX_PAGES). */
  maxPages?: number;
  /** A PDF read part of the way by an earlier call. */
  resume?: PdfSlice | null;
  /** PDF pages read before the rest is handed back (default: all). */
  slicePages?: number;
  /** Time after which a PDF's remaining pages are handed back (default: none). */
  sliceMs?: number;
}

/** extractDocument in slices: a PDF may come back part-read (`slice`), to be continued by another call with `resume`. */
export async function extractSlice(
  bytes: Uint8Array,
  fileName: string,
  opts: SliceOptions = {},
): Promise<{ doc: ExtractedDocument } | { slice: PdfSlice }> {
  const { format, declared } = sniffFormat(bytes, fileName);
  let doc: Omit<ExtractedDocument, 'format'>;
  switch (format) {
    case 'pdf': {
      const r = await readPdf(bytes, { ...opts, format });
      if ('slice' in r) return r;
      doc = r.doc;
      break;
    }
    case 'jpg':
    case 'png':
      doc = await extractImage(bytes, format, opts);
      break;
    default:
      doc = await office(bytes, format, opts);
  }
  const notes = [...doc.notes];
  if (declared && declared !== format) notes.unshift('scanner.notes.renamed');
  const dataLines = doc.lines.filter(
    (l) => l.kind === 'data' && l.cells.some((c) => c.trim()),
  ).length;
  // A document without a specification table: nothing to recognise. Office files keep their cells
  // when they have data (the user maps the columns by hand); a PDF or image needs a heading or a
  // column-number row on some page, else it is a drawing or a letter, not a specification.
  const paged: ScanFormat[] = ['pdf', 'jpg', 'png'];
  if (!dataLines || (paged.includes(format) && !doc.pages.some((p) => p.hasTable)))
    throw new ScanInputError('noTable', format);
  // The readers suggest columns from the headings; the data of every column confirms, corrects or
  // completes that suggestion and says how sure each field is.
  const data = doc.lines.filter((l) => l.kind === 'data').map((l) => l.cells);
  const suggestion = suggestColumns(
    doc.headers,
    data,
    doc.suggestedMapping,
    doc.lines.some((l) => l.kind === 'column-numbers'),
  );
  return {
    doc: {
      format,
      ...doc,
      suggestedMapping: suggestion.mapping,
      suggestedBy: suggestion.confidence,
      notes,
    },
  };
}
