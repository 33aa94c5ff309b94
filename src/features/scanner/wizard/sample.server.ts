// The sample file the upload step offers: a GOST 21.110-2013 Form 1 equipment specification as
// .xlsx (exceljs), the layout the scanner reads best: the nine column headings, the row of column
// numbers under them, section headings in column 2 and a few realistic pump and automation
// positions (one of them spanning two lines, as CAD exports write long names). The words come from
// the dictionaries (scanner.wizard.sample.*), the markings and figures are the same in every language.
import ExcelJS from 'exceljs';
import type { T } from '#lib/i18n/index.ts';

/** Column widths of Form 1 in millimetres (20, 130, 60, 35, 45, 20, 20, 25, 40 = 395 mm on A3). */
const WIDTHS_MM = [20, 130, 60, 35, 45, 20, 20, 25, 40];

interface SampleRow {
  pos: string;
  /** Key under scanner.wizard.sample.items. */
  item: string;
  marka: string;
  man: string;
  unit: 'pcs' | 'set';
  count: number;
  massKg: number;
  note?: string;
  /** A continuation line of the name (key under scanner.wizard.sample.items). */
  more?: string;
}

// The markings are demo catalogue models (the scanner's own sample matches 6 of 6 on a demo
// install, tested in sample.db.test.ts), written with a decimal comma as Russian drawings do.
const SECTIONS: Array<{ key: string; rows: SampleRow[] }> = [
  {
    key: 'pumps',
    rows: [
      {
        pos: '1.1',
        item: 'heatingPump',
        more: 'heatingPumpMore',
        marka: 'DIL 100/34-7,5/2',
        man: 'Demo Pumps',
        unit: 'pcs',
        count: 2,
        massKg: 148,
        note: 'dutyStandby',
      },
      {
        pos: '1.2',
        item: 'makeupPump',
        marka: 'DMV 25/42-8-0,75/2',
        man: 'Demo Pumps',
        unit: 'pcs',
        count: 2,
        massKg: 32,
        note: 'dutyStandby',
      },
      {
        pos: '1.3',
        item: 'cabinet',
        marka: 'DSHU-2x7,5-F',
        man: 'Demo Cabinets',
        unit: 'set',
        count: 1,
        massKg: 85,
      },
    ],
  },
  {
    key: 'automation',
    rows: [
      {
        pos: '2.1',
        item: 'vfd',
        marka: 'DFC-7,5',
        man: 'Demo Electric',
        unit: 'pcs',
        count: 2,
        massKg: 6,
      },
      {
        pos: '2.2',
        item: 'pressure',
        marka: 'DPT-16',
        man: 'Demo Electric',
        unit: 'pcs',
        count: 2,
        massKg: 0.3,
      },
      {
        pos: '2.3',
        item: 'phaseRelay',
        marka: 'DRL-3F',
        man: 'Demo Electric',
        unit: 'pcs',
        count: 1,
        massKg: 0.2,
      },
    ],
  },
];

const thin = { style: 'thin' as const };
const BORDER = { top: thin, left: thin, bottom: thin, right: thin };

export async function sampleSpecification(t: T): Promise<Buffer> {
  const s = (key: string) => t(`scanner.wizard.sample.${key}`);
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(s('sheet').slice(0, 31), {
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  // Excel's column width is in characters; about 2 mm each at the default font.
  ws.columns = WIDTHS_MM.map((mm) => ({ width: Math.round(mm / 2.2) }));

  ws.mergeCells(1, 1, 1, 9);
  const title = ws.getCell(1, 1);
  title.value = s('title');
  title.font = { bold: true, size: 12 };
  title.alignment = { horizontal: 'center' };

  const head = ws.addRow(Array.from({ length: 9 }, (_, i) => s(`headers.h${i + 1}`)));
  head.height = 60;
  const numbers = ws.addRow(Array.from({ length: 9 }, (_, i) => i + 1));
  for (const row of [head, numbers])
    row.eachCell((c) => {
      c.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
      c.border = BORDER;
    });

  for (const section of SECTIONS) {
    const heading = ws.addRow(['', s(`sections.${section.key}`)]);
    heading.getCell(2).font = { bold: true, underline: true };
    for (const r of section.rows) {
      ws.addRow([
        r.pos,
        s(`items.${r.item}`),
        r.marka,
        '',
        r.man,
        s(`units.${r.unit}`),
        r.count,
        r.massKg,
        r.note ? s(`notes.${r.note}`) : '',
      ]);
      if (r.more) ws.addRow(['', s(`items.${r.more}`)]);
    }
  }
  for (let i = 2; i <= ws.rowCount; i++)
    for (let c = 1; c <= 9; c++) {
      const cell = ws.getCell(i, c);
      cell.border = BORDER;
      if (i > 3) cell.alignment = { vertical: 'top', wrapText: c === 2 || c === 3 || c === 9 };
    }
  return Buffer.from(await book.xlsx.writeBuffer());
}
