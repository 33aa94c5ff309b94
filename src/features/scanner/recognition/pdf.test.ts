import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus, readTruth } from '../../../../scripts/scanner-corpus.ts';
import { score } from '../../../../scripts/scanner-accuracy.ts';
import { htmlToPdf, ROWS, specHtml } from './fixtures.testkit.ts';
import { extractDocument } from './index.ts';
import { buildRows } from './rows.ts';
import { extractPdf, furnitureZones, inFurniture } from './pdf.ts';
import { renderDpi } from './ocr.ts';
import type { TextBox } from './stream.ts';
import { DEFAULT_MAPPING, ScanInputError, type ExtractedDocument } from './types.ts';

const SAMPLES = new URL('../../../../../shared/samples/scanner/', import.meta.url).pathname;
const MM = 72 / 25.4;

let ruled: Uint8Array;
let unruled: Uint8Array;

beforeAll(() => {
  const made = htmlToPdf({ ruled: specHtml(ROWS, true), unruled: specHtml(ROWS, false) });
  ruled = made.ruled!;
  unruled = made.unruled!;
}, 120_000);

const data = (doc: Pick<ExtractedDocument, 'lines'>) =>
  doc.lines.filter((l) => l.kind === 'data').map((l) => l.cells);

async function refusal(p: Promise<unknown>): Promise<ScanInputError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ScanInputError) return e;
    throw e;
  }
  throw new Error('expected a ScanInputError');
}

/** The same page turned on its side: content drawn rotated, /Rotate 270 so it displays upright. */
async function rotatedCopy(pdf: Uint8Array): Promise<Uint8Array> {
  const src = await PDFDocument.load(pdf);
  const out = await PDFDocument.create();
  const [page0] = await out.embedPdf(src, [0]);
  const { width, height } = src.getPage(0).getSize();
  const page = out.addPage([height, width]);
  page.drawPage(page0!, { x: 0, y: width, rotate: degrees(-90) });
  page.setRotation(degrees(270));
  return out.save();
}

describe('PDF with a text layer', () => {
  it('ruled table: columns from the vertical rules, one line per ruled row (wrapped cells joined), header and column numbers marked', async () => {
    const doc = await extractPdf(ruled);
    expect(doc.columnCount).toBe(9);
    expect(doc.headers[1]).toBe('Наименование и техническая характеристика');
    expect(doc.suggestedMapping).toEqual({
      pos: 1,
      title: 2,
      marka: 3,
      sku: 4,
      man: 5,
      unit: 6,
      count: 7,
    });
    expect(doc.pages).toEqual([
      expect.objectContaining({ page: 1, rotation: 0, source: 'text', hasTable: true }),
    ]);
    expect(doc.notes).not.toContain('scanner.notes.noRulings');
    expect(doc.lines.filter((l) => l.kind === 'column-numbers').map((l) => l.cells)).toEqual([
      ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
    ]);
    expect(doc.lines.some((l) => l.kind === 'header')).toBe(true);
    const rows = data(doc);
    expect(rows).toHaveLength(ROWS.length);
    ROWS.forEach((r, i) =>
      expect(rows[i]).toEqual([r.pos, r.title, r.marka, '', r.man, r.unit, r.count, '', '']),
    );
    // Every line knows its band of the page (points from the top), in reading order, inside the page.
    const boxes = doc.lines.filter((l) => l.kind === 'data').map((l) => l.box!);
    expect(
      boxes.every((b) => b && b.top >= 0 && b.bottom > b.top && b.bottom <= doc.pages[0]!.height),
    ).toBe(true);
    expect(boxes.every((b, i) => i === 0 || b.top >= boxes[i - 1]!.top)).toBe(true);
  });

  it('table without row lines: rows from the text positions, every position found', async () => {
    const doc = await extractPdf(unruled);
    expect(doc.columnCount).toBe(9);
    expect(doc.notes).toContain('scanner.notes.streamRows');
    const rows = data(doc);
    for (const r of ROWS) {
      const line = rows.find((c) => c[1]!.startsWith(r.title.split(' ').slice(0, 2).join(' ')));
      expect(line, r.title).toBeDefined();
      expect(line).toEqual(
        expect.arrayContaining([r.pos, r.marka, r.man, r.unit, r.count].filter((x) => x)),
      );
    }
    // The wrapped title continues on its own physical line (the row builder joins it).
    expect(rows.some((c) => c[1] === 'отопления' && c[0] === '')).toBe(true);
  });

  it('a page drawn on its side with /Rotate 270 reads as the upright page', async () => {
    const doc = await extractPdf(await rotatedCopy(ruled));
    expect(doc.pages[0]).toMatchObject({ rotation: 270, hasTable: true });
    expect(doc.pages[0]!.width).toBeGreaterThan(doc.pages[0]!.height);
    expect(doc.notes).toContain('scanner.notes.pageRotated');
    expect(data(doc)).toEqual(data(await extractPdf(ruled)));
  });

  it('drops rotated text in the margin strip and keeps the table', async () => {
    const pdf = await PDFDocument.load(ruled);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.getPage(0);
    page.drawText('Inv. N podl. 1234   Vzam. inv. N', {
      x: 12 * MM,
      y: 40 * MM,
      size: 8,
      font,
      rotate: degrees(90),
    });
    const doc = await extractPdf(await pdf.save());
    expect(doc.notes).toContain('scanner.notes.furnitureDropped');
    expect(doc.lines.flatMap((l) => l.cells).join(' ')).not.toMatch(/podl|Vzam/);
    expect(data(doc)).toEqual(data(await extractPdf(ruled)));
  });

  it('title block zone applies only when stamp words show it is there', () => {
    const W = 420 * MM;
    const H = 297 * MM;
    const box = (text: string, xMm: number, yMm: number): TextBox => ({
      text,
      x0: xMm * MM,
      x1: (xMm + 10) * MM,
      y0: yMm * MM,
      y1: (yMm + 3) * MM,
      size: 8,
    });
    const stamp = [
      box('Изм.', 240, 270),
      box('Лист', 250, 270),
      box('№ докум.', 260, 270),
      box('Подп.', 275, 270),
      box('Дата', 290, 270),
    ];
    const row = box('Насос', 300, 260);
    const withStamp = furnitureZones([...stamp, row], [], W, H);
    expect(withStamp.titleBlock).not.toBeNull();
    expect(inFurniture(withStamp, row.x0, row.x1, row.y0, row.y1)).toBe(true);
    expect(inFurniture(withStamp, 100 * MM, 120 * MM, 260 * MM, 263 * MM)).toBe(false);
    // A plain office export whose table runs to the bottom right keeps its rows.
    const plain = furnitureZones([row], [], W, H);
    expect(plain.titleBlock).toBeNull();
    expect(inFurniture(plain, row.x0, row.x1, row.y0, row.y1)).toBe(false);
  });
});

describe('a Word table printed to PDF by LibreOffice (portrait, wrapped cells, no rules)', () => {
  let dir = '';
  let files: Awaited<ReturnType<typeof generateCorpus>> = {};
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'scan-word-'));
    files = await generateCorpus({
      outDir: dir,
      docs: ['word', 'shkaf'],
      variants: ['pdf-norules'],
      writeTruth: false,
    });
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the wrapped heading as one heading, suggests the mapping and finds 14 of 14 positions', async () => {
    const doc = await extractDocument(
      new Uint8Array(readFileSync(files.word!['pdf-norules']!)),
      'word.pdf',
    );
    expect(doc.columnCount).toBe(9);
    expect(doc.headers.slice(0, 3)).toEqual([
      'Поз.',
      'Наименование и техническая характеристика',
      'Тип, марка, обозначение документа, опросного листа',
    ]);
    expect(doc.suggestedMapping).toMatchObject({ pos: 1, title: 2, marka: 3, unit: 6, count: 7 });
    const rows = buildRows(doc, doc.suggestedMapping ?? DEFAULT_MAPPING, []);
    const s = score(readTruth('word'), rows);
    expect([s.right, s.found]).toEqual([14, 14]);
    // Every line of a wrapped name in its row; the footer paragraph under the table is no name's tail.
    expect(rows.find((r) => r.pos === '1')!.title).toBe(
      'Установка приточная компактная с водяным калорифером, фильтром класса F7 и частотным регулированием вентилятора, L=3200 м3/ч',
    );
    expect(rows.find((r) => r.pos === '14')!.title).toBe(
      'Кабель контрольный с медными жилами, не распространяющий горение, с низким дымовыделением',
    );
  }, 60_000);

  it('keeps a heading under an item a row of its own that sets the section of the rows after it', async () => {
    for (const name of ['word', 'shkaf'] as const) {
      const doc = await extractDocument(
        new Uint8Array(readFileSync(files[name]!['pdf-norules']!)),
        `${name}.pdf`,
      );
      const rows = buildRows(doc, doc.suggestedMapping ?? DEFAULT_MAPPING, []);
      const truth = readTruth(name);
      expect(rows.map((r) => [r.pos, r.title, r.section])).toEqual(
        truth.map((t) => [t.pos, t.title, t.section]),
      );
    }
    const doc = await extractDocument(
      new Uint8Array(readFileSync(files.shkaf!['pdf-norules']!)),
      'shkaf.pdf',
    );
    const rows = buildRows(doc, doc.suggestedMapping ?? DEFAULT_MAPPING, []);
    expect(rows.find((r) => r.pos === '4')!.title).toBe('Реле контроля фаз');
    expect(rows.find((r) => r.pos === '5')!.section).toBe('Узел учета тепловой энергии');
  }, 60_000);
});

describe('PDF refusals', () => {
  it('a password-protected PDF is refused as encrypted', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]).drawText('secret', { x: 20, y: 100 });
    const base = Buffer.from(await doc.save({ useObjectStreams: false }));
    const text = base.toString('latin1');
    const prev = Number(/startxref\s+(\d+)/.exec(text.slice(text.lastIndexOf('startxref')))![1]);
    const size = Number(/\/Size (\d+)/.exec(text)![1]);
    const root = /\/Root (\d+ \d+ R)/.exec(text)![1];
    // An incremental update adding a standard security handler whose user password is not empty.
    const obj = `${size} 0 obj\n<< /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -4 >>\nendobj\n`;
    const xrefAt = base.length + obj.length;
    const tail = `xref\n${size} 1\n${String(base.length).padStart(10, '0')} 00000 n \ntrailer\n<< /Size ${size + 1} /Root ${root} /Encrypt ${size} 0 R /Prev ${prev} /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>] >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    const encrypted = new Uint8Array(Buffer.concat([base, Buffer.from(obj + tail, 'latin1')]));
    const e = await refusal(extractDocument(encrypted, 'spec.pdf'));
    expect(e.code).toBe('encrypted');
    expect(e.format).toBe('pdf');
  });

  it('a 201-page PDF is refused at once as tooManyPages', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 201; i++) doc.addPage([595, 842]);
    const bytes = await doc.save();
    const started = Date.now();
    const e = await refusal(extractDocument(bytes, 'long.pdf'));
    expect(e.code).toBe('tooManyPages');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('a damaged PDF is refused as corrupt', async () => {
    const e = await refusal(
      extractDocument(
        new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage'),
        'x.pdf',
      ),
    );
    expect(['corrupt', 'noTable']).toContain(e.code);
  });

  it('a renamed PDF is read by its content, with a note', async () => {
    const doc = await extractDocument(ruled, 'specification.xlsx');
    expect(doc.format).toBe('pdf');
    expect(doc.notes[0]).toBe('scanner.notes.renamed');
  });

  it.runIf(existsSync(SAMPLES))(
    'shared sample 05 (CAD plans, /Rotate 270): pages rotated, no specification table',
    async () => {
      const bytes = new Uint8Array(
        readFileSync(SAMPLES + '05-lexkorn-check_office_dwg-floorplans-rotate270-NO-SPEC.pdf'),
      );
      const doc = await extractPdf(bytes);
      expect(doc.pages.length).toBe(4);
      // No page has a specification table: extractDocument refuses such a document as noTable.
      expect(doc.pages.every((p) => p.rotation === 270 && !p.hasTable && p.source === 'text')).toBe(
        true,
      );
    },
    60_000,
  );

  it('a PDF with text but no specification table is refused as noTable', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([595, 842]);
    page.drawText('Dear customer, please find the drawings attached.', {
      x: 60,
      y: 700,
      size: 11,
      font,
    });
    page.drawText('Best regards', { x: 60, y: 680, size: 11, font });
    expect((await refusal(extractDocument(await pdf.save(), 'letter.pdf'))).code).toBe('noTable');
  });
});

describe('scanned pages of any size stay within the pixel limit', () => {
  it('renders at 300 DPI up to A2, lower for A1 and A0, and refuses a page beyond A0', () => {
    const dpi = (wMm: number, hMm: number) => renderDpi(wMm * MM, hMm * MM);
    expect(dpi(210, 297)).toBe(300);
    expect(dpi(420, 594)).toBe(300);
    expect(dpi(594, 841)).toBe(227);
    expect(dpi(841, 1189)).toBe(160);
    expect(dpi(1189, 1682)).toBeNull();
    for (const [w, h] of [
      [594, 841],
      [841, 1189],
    ] as const) {
      const d = dpi(w, h)!;
      expect(((w / 25.4) * d * (h / 25.4) * d) / 1e6).toBeLessThanOrEqual(40);
    }
  });
  it('a page without text larger than A0 is refused before it is rendered', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([1189 * MM, 1682 * MM]);
    const started = performance.now();
    const err = await refusal(extractPdf(await doc.save()));
    expect(err.code).toBe('pageTooLarge');
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
