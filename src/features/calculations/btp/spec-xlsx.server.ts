// The specification as an .xlsx workbook (exceljs): a title row, the GOST 21.110 Form 1 header, the
// column-number row, then a section row per circuit and its lines. Numbers stay numbers.
import ExcelJS from 'exceljs';
import type { T } from '#lib/i18n/index.ts';
import { GOST_COLUMNS, type SpecSection } from './spec.ts';

export async function specificationXlsx(
  title: string,
  sections: SpecSection[],
  t: T,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(t('calcBtp.page.specification').slice(0, 31));
  ws.addRow([title]).font = { bold: true };
  const head = ws.addRow(GOST_COLUMNS.map((c) => t(`calcBtp.spec.col.${c}`)));
  head.font = { bold: true };
  head.alignment = { wrapText: true, vertical: 'middle' };
  ws.addRow(GOST_COLUMNS.map((_c, i) => i + 1)).alignment = { horizontal: 'center' };
  for (const s of sections) {
    ws.addRow(['', s.title]).font = { bold: true };
    for (const r of s.rows)
      ws.addRow([r.pos, r.name, r.type, r.code, r.supplier, r.unit, r.qty, r.mass, r.note]);
  }
  [7, 60, 22, 18, 24, 10, 10, 12, 40].forEach((w, i) => (ws.getColumn(i + 1).width = w));
  ws.getColumn(2).alignment = { wrapText: true };
  ws.getColumn(9).alignment = { wrapText: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}
