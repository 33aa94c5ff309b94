import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { htmlToPdf, ROWS, specHtml } from './fixtures.testkit.ts';
import { extractDocument } from './index.ts';
import { estimateSkew, parseTsv, takesStripReading, wordsToBoxes, type OcrWord } from './ocr.ts';
import { removeRulings } from './raster.ts';
import { cutBand, renderPageAt, renderThumbnail } from './thumbnails.ts';
import { cropGeometry } from '../crop.ts';
import { ScanInputError, type ExtractedDocument } from './types.ts';

let pdf: Uint8Array;
let scan: Buffer;

beforeAll(() => {
  pdf = htmlToPdf({ a4: specHtml(ROWS, true, 1, '297mm 210mm') }).a4!;
  const dir = mkdtempSync(join(tmpdir(), 'ocr-test-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-r',
      '300',
      '-gray',
      '-png',
      '-singlefile',
      join(dir, 'in.pdf'),
      join(dir, 'page'),
    ]);
    scan = readFileSync(join(dir, 'page.png'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

/** Positions found: each fixture row's pos, unit and count on one line whose title starts like the row's. */
function expectPositions(doc: ExtractedDocument) {
  const lines = doc.lines.filter((l) => l.kind === 'data').map((l) => l.cells);
  let found = 0;
  for (const r of ROWS.filter((x) => x.pos)) {
    const line = lines.find((c) => c[0] === r.pos);
    if (line && line[6] === r.count && line[1]!.startsWith(r.title.split(' ')[0]!)) found++;
  }
  // OCR may misread a character or two; at least 5 of the 6 positions come out whole.
  expect(found).toBeGreaterThanOrEqual(5);
}

async function refusal(p: Promise<unknown>): Promise<ScanInputError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ScanInputError) return e;
    throw e;
  }
  throw new Error('expected a ScanInputError');
}

describe('OCR helpers', () => {
  it('parses Tesseract TSV words and estimates a skew from its lines', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t1000\t1000\t-1\t',
      '5\t1\t1\t1\t1\t1\t100\t200\t80\t30\t96.5\tНасос',
      '5\t1\t1\t1\t1\t2\t800\t210\t80\t30\t95\tUPS',
      '5\t1\t1\t1\t1\t3\t1500\t219\t80\t30\t91\t25-40',
      '5\t1\t1\t1\t2\t1\t100\t300\t80\t30\t90\tКран',
      '5\t1\t1\t1\t2\t2\t800\t310\t80\t30\t90\tBV',
      '5\t1\t1\t1\t2\t3\t1500\t319\t80\t30\t88\t25',
      '5\t1\t1\t1\t3\t1\t100\t400\t80\t30\t12\t ',
    ].join('\n');
    const words = parseTsv(tsv);
    expect(words.map((w) => w.text)).toEqual(['Насос', 'UPS', '25-40', 'Кран', 'BV', '25']);
    expect(words[0]).toMatchObject({ left: 100, top: 200, width: 80, height: 30, conf: 96.5 });
    const slope = estimateSkew(words);
    expect(slope).toBeCloseTo(19 / 1400, 3);
    // Sheared back, the words of one line share their baseline.
    const boxes = wordsToBoxes(words, 300, slope);
    expect(Math.abs(boxes[0]!.y1 - boxes[2]!.y1)).toBeLessThan(0.5);
  });

  it('finds ruling lines in an image and paints them white, keeping the text', () => {
    const w = 400;
    const h = 200;
    const px = new Uint8Array(w * h).fill(255);
    for (let x = 10; x < 390; x++) for (const y of [20, 21, 180]) px[y * w + x] = 0;
    for (let y = 20; y < 181; y++) px[y * w + 200] = 0;
    // A "glyph": a short dark run that must survive.
    for (let x = 50; x < 60; x++) px[100 * w + x] = 0;
    const r = removeRulings(px, w, h, 90);
    expect(r.horizontal.map((l) => l.at)).toEqual([20, 21, 180]);
    expect(r.vertical.map((l) => l.at)).toEqual([200]);
    expect(px[20 * w + 100]).toBe(255);
    expect(px[100 * w + 200]).toBe(255);
    expect(px[100 * w + 55]).toBe(0);
  });
});

describe('OCR of scans', () => {
  it('a scanned PDF (image only) is read page by page through Tesseract', async () => {
    const jpg = await sharp(scan).jpeg({ quality: 80 }).toBuffer();
    const meta = await sharp(scan).metadata();
    const doc = await PDFDocument.create();
    const image = await doc.embedJpg(jpg);
    const page = doc.addPage([(meta.width! * 72) / 300, (meta.height! * 72) / 300]);
    page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
    const result = await extractDocument(await doc.save(), 'scan.pdf');
    expect(result.pages[0]).toMatchObject({ source: 'ocr', hasTable: true });
    expect(result.notes).toContain('scanner.notes.ocrUsed');
    expect(result.columnCount).toBe(9);
    expect(result.suggestedMapping).toMatchObject({ pos: 1, title: 2, count: 7 });
    expect(result.lines.every((l) => typeof l.confidence === 'number')).toBe(true);
    // OCR lines know their band of the page too (points from the top), for the review's crops.
    const height = result.pages[0]!.height;
    expect(
      result.lines
        .filter((l) => l.kind === 'data')
        .every(
          (l) => l.box && l.box.top >= 0 && l.box.bottom > l.box.top && l.box.bottom <= height + 1,
        ),
    ).toBe(true);
    expectPositions(result);
  }, 120_000);

  it('a photo lying on its side (PNG) is turned upright and read; its PDF has one page', async () => {
    const turned = await sharp(scan).rotate(90).png().toBuffer();
    const result = await extractDocument(new Uint8Array(turned), 'photo.png');
    expect(result.format).toBe('png');
    expect(result.pages[0]).toMatchObject({ source: 'ocr', rotation: 270, hasTable: true });
    expect(result.notes).toContain('scanner.notes.pageRotated');
    expectPositions(result);
    const asPdf = await PDFDocument.load(result.pdf);
    expect(asPdf.getPageCount()).toBe(1);
    const thumb = await sharp(await renderThumbnail(result.pdf, 1)).metadata();
    // Displayed upright: landscape again.
    expect(thumb.height).toBe(250);
    expect(thumb.width!).toBeGreaterThan(250);
    // The bands are on the page as displayed (turned upright): the crop of each data row holds ink.
    const page = result.pages[0]!;
    const data = result.lines.filter((l) => l.kind === 'data' && l.cells.some((c) => c.trim()));
    expect(data.length).toBeGreaterThan(3);
    // Rendered as scan.crop renders it (the crops' scale of this page).
    const rendered = await renderPageAt(result.pdf, 1, cropGeometry(page, 0, 1)!.scale);
    for (const l of data.slice(0, 4)) {
      const band = cropGeometry(page, Math.floor(l.box!.top), Math.ceil(l.box!.bottom))!;
      const stats = await sharp(await cutBand(rendered, band)).stats();
      expect(stats.channels[0]!.min, JSON.stringify(l.box)).toBeLessThan(100);
      // Cut from the page's pixels kept under a key (scan.crop's way), the crop is the same image.
      expect(await cutBand(rendered, band, 'photo-1')).toEqual(await cutBand(rendered, band));
    }
  }, 180_000);

  it('refuses an image over 40 megapixels and a broken image', async () => {
    const huge = await sharp({
      create: { width: 8000, height: 5001, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect((await refusal(extractDocument(new Uint8Array(huge), 'huge.png'))).code).toBe(
      'imageTooLarge',
    );
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    expect((await refusal(extractDocument(broken, 'broken.png'))).code).toBe('corrupt');
  }, 60_000);
});

describe('thumbnails', () => {
  it('renders a page 250 px high as PNG; a missing page is an error', async () => {
    const png = await renderThumbnail(pdf, 1);
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.height).toBe(250);
    expect(meta.width).toBe(Math.round((250 * 297) / 210));
    await expect(renderThumbnail(pdf, 2)).rejects.toThrow(RangeError);
  });
});

// Keep the word type in use for readers of this file: the builder takes OCR words as boxes.
export type { OcrWord };

describe('the digits-only second reading of the position and quantity columns', () => {
  it.each([
    ['pos', 'ak', '1', 96, true],
    ['pos', '', '3.1', 50, true],
    ['pos', '11', '1.1', 83, true],
    ['pos', '2%', '2.1', 95, true],
    ['pos', '2%', '2.1', 60, false],
    ['pos', '1.4', '14', 79, false],
    ['count', '125', '12,5', 96, true],
    ['count', '36,0', '36,0', 96, true],
    ['count', '48', '4', 96, false],
    ['count', '2 (1 раб.+1 рез.)', '216.1', 90, false],
    ['count', '29+3', '2943', 90, false],
  ] as const)(
    '%s: first %j, digits-only %j (confidence %d) → replaces: %s',
    (field, was, text, conf, expected) => {
      expect(takesStripReading(field, was, text, conf)).toBe(expected);
    },
  );
});
