// Office readers: .xlsx through exceljs (after zip.ts has checked the container) and .docx by
// reading word/document.xml tables ourselves (parsed by saxes, xml.ts). Both give the ExtractedDocument of the contract minus
// the PDF, which index.ts gets from LibreOffice. Each visible sheet is a page; a .docx page is
// counted by explicit and last-rendered page breaks.

import ExcelJS from 'exceljs';
import { ScanInputError } from './types.ts';
import type {
  ColumnMapping,
  ExtractedDocument,
  ExtractedLine,
  ExtractedPage,
  ScanFormat,
} from './types.ts';
import { kid, kids, parseXml, type XmlNode } from './xml.ts';
import { openZip } from './zip.ts';
import { detectHeader } from './headers.ts';
import { joinPieces } from '#lib/normalise.ts';
import { MAX_PAGES, MAX_SHEET_ROWS, MAX_TABLE_COLUMNS } from './limits.ts';

export type OfficeDocument = Omit<ExtractedDocument, 'pdf'>;

/** A3 landscape in PDF points, the size of a GOST 21.110 sheet (the page size of office input is nominal). */
const A3 = { width: 1190.55, height: 841.89 };

interface GridRow {
  cells: string[];
  /** Per cell: bold or underlined. */
  strong: boolean[];
}

interface GridPage {
  rows: GridRow[];
}

/** Text of a number as a person would type it: no binary noise (0.1+0.2), decimal comma kept out. */
function numberText(n: number): string {
  if (!Number.isFinite(n)) return '';
  return String(Number(n.toPrecision(12)));
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText))
      return value.richText.map((r) => r.text).join('');
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as ExcelJS.CellFormulaValue).result;
      if (result === undefined || result === null) return '';
      if (typeof result === 'object' && 'error' in result) return '';
      return cellText(result as ExcelJS.CellValue);
    }
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return '';
  }
  return '';
}

/** Cut grid rows into the table: columns from the first to the last heading / number cell. */
function assemble(format: ScanFormat, grids: GridPage[]): OfficeDocument {
  const pages: ExtractedPage[] = [];
  const lines: ExtractedLine[] = [];
  const notes: string[] = [];
  let headers: string[] = [];
  let suggested: ColumnMapping | null = null;
  let columnCount = 0;
  const cuts: { from: number; to: number; detection: ReturnType<typeof detectHeader> | null }[] =
    [];

  grids.forEach((grid) => {
    const texts = grid.rows.map((r) => r.cells);
    const detection = detectHeader(texts);
    const found = detection.headerRows.length > 0 || detection.numberRow !== null;
    let from = Number.POSITIVE_INFINITY;
    let to = -1;
    if (found) {
      for (const r of [
        ...detection.headerRows,
        ...(detection.numberRow !== null ? [detection.numberRow] : []),
      ]) {
        texts[r]!.forEach((c, i) => {
          if (c.trim()) {
            from = Math.min(from, i);
            to = Math.max(to, i);
          }
        });
      }
    }
    if (!found || to < 0) {
      for (const row of texts)
        row.forEach((c, i) => {
          if (c.trim()) {
            from = Math.min(from, i);
            to = Math.max(to, i);
          }
        });
    }
    if (to < 0) {
      from = 0;
      to = 0;
    }
    cuts.push({ from, to, detection: found ? detection : null });
    columnCount = Math.max(columnCount, to - from + 1);
  });

  grids.forEach((grid, index) => {
    const page = index + 1;
    const { from, detection } = cuts[index]!;
    const headerRows = new Set(detection?.headerRows ?? []);
    const firstTableRow = detection
      ? Math.min(...(detection.headerRows.length ? detection.headerRows : [detection.numberRow!]))
      : 0;
    if (detection && !headers.length && detection.headerRows.length) {
      headers = detection.columns.slice(from, from + columnCount);
      const m = detectHeader(grid.rows.map((r) => r.cells.slice(from, from + columnCount))).mapping;
      suggested = m;
    }
    if (detection && !suggested)
      suggested = detectHeader(
        grid.rows.map((r) => r.cells.slice(from, from + columnCount)),
      ).mapping;
    pages.push({
      page,
      width: A3.width,
      height: A3.height,
      rotation: 0,
      source: 'text',
      hasTable: detection !== null,
    });
    let blank = true;
    const pageLines: ExtractedLine[] = [];
    grid.rows.forEach((row, r) => {
      const cells = Array.from({ length: columnCount }, (_, i) =>
        (row.cells[from + i] ?? '').trim(),
      );
      const filled = cells.map((c, i) => (c ? i : -1)).filter((i) => i >= 0);
      if (!filled.length) {
        if (!blank) pageLines.push({ page, cells, kind: 'data' });
        blank = true;
        return;
      }
      blank = false;
      let kind: ExtractedLine['kind'] = 'data';
      if (headerRows.has(r)) kind = 'header';
      else if (detection && r === detection.numberRow) kind = 'column-numbers';
      else if (detection && r < firstTableRow) kind = 'furniture';
      const line: ExtractedLine = { page, cells, kind };
      if (filled.length === 1 && row.strong[from + filled[0]!]) line.emphasised = true;
      pageLines.push(line);
    });
    while (pageLines.length && !pageLines[pageLines.length - 1]!.cells.some((c) => c))
      pageLines.pop();
    lines.push(...pageLines);
  });

  if (!headers.length) headers = Array.from({ length: columnCount }, () => '');
  while (headers.length < columnCount) headers.push('');
  if (!pages.some((p) => p.hasTable)) notes.push('scanner.notes.noHeader');
  return {
    format,
    pages,
    columnCount: Math.max(columnCount, 1),
    headers,
    suggestedMapping: suggested,
    lines,
    notes,
  };
}

/** Read an .xlsx workbook: every visible sheet is a page; merged cells keep their text in the first cell. */
export async function extractXlsx(
  bytes: Uint8Array,
  format: ScanFormat = 'xlsx',
): Promise<OfficeDocument> {
  const zip = openZip(bytes, format);
  if (!zip.has('xl/workbook.xml'))
    throw new ScanInputError('corrupt', format, 'no xl/workbook.xml');
  zip.verifyAll();
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch (err) {
    throw new ScanInputError('corrupt', format, (err as Error).message);
  }
  if (!wb.worksheets.length)
    throw new ScanInputError('corrupt', format, 'a workbook without sheets');
  const sheets = wb.worksheets.filter((ws) => ws.state !== 'hidden' && ws.state !== 'veryHidden');
  if (sheets.length > MAX_PAGES)
    throw new ScanInputError('tooManyPages', format, `${sheets.length} sheets`, {
      pages: sheets.length,
      limit: MAX_PAGES,
    });
  const grids: GridPage[] = [];
  for (const ws of sheets) {
    const rowCount = Math.min(ws.rowCount, MAX_SHEET_ROWS);
    const colCount = Math.min(ws.columnCount, MAX_TABLE_COLUMNS);
    const visibleCols: number[] = [];
    for (let c = 1; c <= colCount; c++) if (!ws.getColumn(c).hidden) visibleCols.push(c);
    const rows: GridRow[] = [];
    for (let r = 1; r <= rowCount; r++) {
      const row = ws.getRow(r);
      if (row.hidden) continue;
      const cells: string[] = [];
      const strong: boolean[] = [];
      for (const c of visibleCols) {
        const cell = row.getCell(c);
        const slave = cell.isMerged && cell.master && cell.master.address !== cell.address;
        cells.push(
          slave ? '' : cellText(cell.value).replace(/\r?\n/g, ' ').replace(/\s+/g, ' ').trim(),
        );
        const font = cell.font;
        strong.push(Boolean(font && (font.bold || (font.underline && font.underline !== 'none'))));
      }
      rows.push({ cells, strong });
    }
    grids.push({ rows });
  }
  return assemble(format, grids);
}

// ---------------------------------------------------------------- docx

interface DocxState {
  page: number;
}

/** Text of a paragraph; counts page breaks inside it. Bold when every run with text is bold/underlined. */
function paragraphText(p: XmlNode, state: DocxState): { text: string; strong: boolean } {
  let text = '';
  let allStrong = true;
  let any = false;
  const pPr = kid(p, 'w:pPr');
  if (pPr && kid(pPr, 'w:pageBreakBefore')) state.page++;
  const pStrong = pPr ? isStrong(kid(pPr, 'w:rPr')) : false;
  const walk = (n: XmlNode, strong: boolean): void => {
    for (const c of n.children) {
      if (typeof c === 'string') continue;
      if (c.name === 'w:r') {
        const rs = isStrong(kid(c, 'w:rPr')) || strong;
        for (const rc of c.children) {
          if (typeof rc === 'string') continue;
          if (rc.name === 'w:t') {
            const t = rc.children.filter((x): x is string => typeof x === 'string').join('');
            if (t.trim()) {
              any = true;
              if (!rs) allStrong = false;
            }
            text += t;
          } else if (rc.name === 'w:tab') text += ' ';
          else if (rc.name === 'w:br') {
            if (rc.attrs['w:type'] === 'page') state.page++;
            else text += '\n';
          } else if (rc.name === 'w:lastRenderedPageBreak') state.page++;
          else if (rc.name === 'w:noBreakHyphen') text += '-';
          else if (rc.name === 'w:softHyphen') text += '\u00AD';
        }
      } else if (
        c.name === 'w:hyperlink' ||
        c.name === 'w:ins' ||
        c.name === 'w:smartTag' ||
        c.name === 'w:sdt' ||
        c.name === 'w:sdtContent' ||
        c.name === 'w:fldSimple'
      )
        walk(c, strong);
    }
  };
  walk(p, pStrong);
  return { text, strong: any && allStrong };
}

function isStrong(rPr: XmlNode | undefined): boolean {
  if (!rPr) return false;
  const b = kid(rPr, 'w:b');
  const u = kid(rPr, 'w:u');
  const on = (n: XmlNode | undefined) =>
    n !== undefined && !['0', 'false', 'none'].includes(n.attrs['w:val'] ?? '');
  return on(b) || on(u);
}

function cellContent(tc: XmlNode, state: DocxState): { text: string; strong: boolean } {
  const parts: string[] = [];
  let strong = true;
  let any = false;
  const walk = (n: XmlNode): void => {
    for (const c of n.children) {
      if (typeof c === 'string') continue;
      if (c.name === 'w:p') {
        const p = paragraphText(c, state);
        if (p.text.trim()) {
          parts.push(...p.text.split('\n'));
          any = true;
          if (!p.strong) strong = false;
        }
      } else if (
        c.name === 'w:tbl' ||
        c.name === 'w:tr' ||
        c.name === 'w:tc' ||
        c.name === 'w:sdt' ||
        c.name === 'w:sdtContent'
      )
        walk(c);
    }
  };
  walk(tc);
  return { text: joinPieces(parts), strong: any && strong };
}

/** Read the tables of a .docx: gridSpan and vMerge resolved, paragraphs in a cell joined. */
export async function extractDocx(
  bytes: Uint8Array,
  format: ScanFormat = 'docx',
): Promise<OfficeDocument> {
  const zip = openZip(bytes, format);
  if (!zip.has('word/document.xml'))
    throw new ScanInputError('corrupt', format, 'no word/document.xml');
  zip.verifyAll();
  let root: XmlNode;
  try {
    root = parseXml(zip.readText('word/document.xml'));
  } catch (err) {
    if (err instanceof ScanInputError) throw err;
    throw new ScanInputError('corrupt', format, `word/document.xml: ${(err as Error).message}`);
  }
  const body = kid(kid(root, 'w:document') ?? root, 'w:body');
  if (!body) throw new ScanInputError('corrupt', format, 'no w:body');
  const state: DocxState = { page: 1 };
  const byPage = new Map<number, GridRow[]>();
  let rowBudget = MAX_SHEET_ROWS;
  const pushRow = (row: GridRow, page: number) => {
    if (rowBudget-- <= 0) return;
    if (!byPage.has(page)) byPage.set(page, []);
    byPage.get(page)!.push(row);
  };
  for (const block of body.children) {
    if (typeof block === 'string') continue;
    if (block.name === 'w:p') paragraphText(block, state);
    else if (block.name === 'w:tbl') {
      for (const tr of kids(block, 'w:tr')) {
        const cells: string[] = [];
        const strong: boolean[] = [];
        const trPr = kid(tr, 'w:trPr');
        const before =
          Number.parseInt(trPr ? (kid(trPr, 'w:gridBefore')?.attrs['w:val'] ?? '0') : '0', 10) || 0;
        for (let i = 0; i < Math.min(before, MAX_TABLE_COLUMNS); i++) {
          cells.push('');
          strong.push(false);
        }
        const rowPage = state.page;
        for (const tc of kids(tr, 'w:tc')) {
          const tcPr = kid(tc, 'w:tcPr');
          const span = Math.max(
            1,
            Math.min(
              MAX_TABLE_COLUMNS,
              Number.parseInt(tcPr ? (kid(tcPr, 'w:gridSpan')?.attrs['w:val'] ?? '1') : '1', 10) ||
                1,
            ),
          );
          const vMerge = tcPr ? kid(tcPr, 'w:vMerge') : undefined;
          const continued =
            vMerge !== undefined && (vMerge.attrs['w:val'] ?? 'continue') === 'continue';
          const content = cellContent(tc, state);
          cells.push(continued ? '' : content.text);
          strong.push(!continued && content.strong);
          for (let s = 1; s < span; s++) {
            cells.push('');
            strong.push(false);
          }
          if (cells.length >= MAX_TABLE_COLUMNS) break;
        }
        pushRow({ cells: cells.slice(0, MAX_TABLE_COLUMNS), strong }, rowPage);
      }
      pushRow({ cells: [], strong: [] }, state.page);
    }
    if (state.page > MAX_PAGES)
      throw new ScanInputError('tooManyPages', format, `${state.page} pages`, {
        pages: state.page,
        limit: MAX_PAGES,
      });
  }
  const pageCount = Math.max(1, state.page);
  const grids: GridPage[] = [];
  for (let p = 1; p <= pageCount; p++) grids.push({ rows: byPage.get(p) ?? [] });
  return assemble(format, grids);
}
