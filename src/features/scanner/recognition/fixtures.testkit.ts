// Test documents for the PDF and OCR readers, made on the fly: a GOST 21.110 Form 1 table as HTML
// converted to PDF by LibreOffice (one soffice run for all of them), ruled or without row lines.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GOST_HEAD } from './sheets.testkit.ts';

/** The headings of GOST 21.110 Form 1 (sheets.testkit.ts). */
export const HEADINGS = GOST_HEAD;

export interface FixtureRow {
  pos: string;
  title: string;
  marka: string;
  man: string;
  unit: string;
  count: string;
}

export const ROWS: FixtureRow[] = [
  { pos: '', title: 'Насосное оборудование', marka: '', man: '', unit: '', count: '' },
  {
    pos: '1.1',
    title: 'Насос циркуляционный для системы отопления',
    marka: 'UPS 25-40 180',
    man: 'Grundfos',
    unit: 'шт.',
    count: '2',
  },
  {
    pos: '1.2',
    title: 'Насос повысительный',
    marka: 'CMB 3-37',
    man: 'Grundfos',
    unit: 'шт.',
    count: '1',
  },
  {
    pos: '1.3',
    title: 'Кран шаровой латунный Ду 25',
    marka: 'BV-25',
    man: 'Broen',
    unit: 'шт.',
    count: '12',
  },
  { pos: '', title: 'Теплообменное оборудование', marka: '', man: '', unit: '', count: '' },
  {
    pos: '2.1',
    title: 'Теплообменник пластинчатый разборный',
    marka: 'TL3-BFG',
    man: 'Ридан',
    unit: 'шт.',
    count: '1',
  },
  {
    pos: '2.2',
    title: 'Труба стальная электросварная 57х3,5',
    marka: 'ГОСТ 10704-91',
    man: '',
    unit: 'м',
    count: '24,5',
  },
  {
    pos: '2.3',
    title: 'Фильтр сетчатый фланцевый',
    marka: 'FVF 50',
    man: 'Danfoss',
    unit: 'шт.',
    count: '3',
  },
];

function cell(s: string): string {
  return `<td>${s.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</td>`;
}

/** HTML of a Form 1 table; `ruled: false` keeps only the frame and column lines (no row lines). */
export function specHtml(
  rows: FixtureRow[],
  ruled: boolean,
  repeat = 1,
  page = '420mm 297mm',
): string {
  const rules = ruled ? 'border="1" rules="all"' : 'border="1" rules="cols" frame="box"';
  const body = Array.from({ length: repeat }, (_, k) =>
    rows
      .map(
        (r) =>
          `<tr valign="top">${[k ? r.pos.replace(/^(\d+)/, (d) => String(Number(d) + 2 * k)) : r.pos, r.title, r.marka, '', r.man, r.unit, r.count, '', ''].map(cell).join('')}</tr>`,
      )
      .join('\n'),
  ).join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><style>@page{size:${page};margin:10mm 5mm 10mm 20mm} td{font-family:'Liberation Sans';font-size:10pt}</style></head><body>
<table ${rules} cellspacing="0" cellpadding="4" width="100%">
<col width="5%"><col width="33%"><col width="15%"><col width="9%"><col width="11%"><col width="5%"><col width="5%"><col width="7%"><col width="10%">
<tr>${HEADINGS.map(cell).join('')}</tr>
<tr>${HEADINGS.map((_, i) => cell(String(i + 1))).join('')}</tr>
${body}
</table></body></html>`;
}

/** Converts HTML documents to PDF with one LibreOffice run. */
export function htmlToPdf(docs: Record<string, string>): Record<string, Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'scan-fixture-'));
  try {
    const files = Object.entries(docs).map(([name, html]) => {
      const f = join(dir, `${name}.html`);
      writeFileSync(f, html);
      return f;
    });
    execFileSync(
      'soffice',
      [
        '--headless',
        `-env:UserInstallation=file://${dir}/profile`,
        '--convert-to',
        'pdf:writer_pdf_Export',
        '--outdir',
        dir,
        ...files,
      ],
      {
        stdio: 'ignore',
        timeout: 120_000,
      },
    );
    return Object.fromEntries(
      Object.keys(docs).map((name) => [
        name,
        new Uint8Array(readFileSync(join(dir, `${name}.pdf`))),
      ]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
