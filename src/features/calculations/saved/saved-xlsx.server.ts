// A saved calculation as an .xlsx workbook (exceljs): the offer (chosen items, prices, total), the
// result list with its figures, and the inputs. Numbers stay numbers so the engineer can compute on.
import ExcelJS from 'exceljs';
import type { T } from '#lib/i18n/index.ts';
import { calcKind } from './kinds/index.server.ts';
import type { CalculationDetails } from './saved.server.ts';
import { inputRows } from './inputs.ts';
import { head } from '../kit/units.ts';

export async function calculationXlsx(c: CalculationDetails, t: T): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = (name: string, head: string[], rows: unknown[][]) => {
    const ws = book.addWorksheet(name.slice(0, 31));
    ws.addRow([`${c.request}: ${c.title}`]).font = { bold: true };
    ws.addRow(head).font = { bold: true };
    for (const row of rows) ws.addRow(row);
    ws.columns.forEach((col) => (col.width = 18));
    return ws;
  };
  const offer = sheet(
    t('calcPumps.saved.offer'),
    [
      t('calcPumps.page.sku'),
      t('calcPumps.saved.item'),
      t('calcPumps.page.count'),
      head(t('calcPumps.page.priceItem'), 'kop', t),
      head(t('calcPumps.saved.sum'), 'kop', t),
    ],
    c.chosen.map((i) => [
      i.sku,
      i.title,
      i.quantity,
      i.price_kop / 100,
      (i.price_kop * i.quantity) / 100,
    ]),
  );
  offer.addRow(['', t('calcPumps.saved.total'), '', '', c.total_kop / 100]).font = { bold: true };
  const r = calcKind(c.kind)?.xlsx(c, t);
  if (r) sheet(t('calcPumps.page.results'), r.head, r.rows);
  sheet(
    t('calcPumps.page.inputs'),
    [t('calcSaved.sheet.quantity'), t('calcSaved.sheet.value')],
    inputRows(c.kind, c.inputs, t),
  );
  return Buffer.from(await book.xlsx.writeBuffer());
}
