// OCR with the system Tesseract (rus+eng) on a 300 DPI render of a page (pdftoppm) or on an
// uploaded image. Word boxes come from the TSV output and go through the same table builder as PDF
// text (stream.ts). The page is turned upright first when Tesseract's orientation detection (OSD)
// is sure it lies on its side or upside down, and a slight skew of a scan is undone on the word
// boxes (each Tesseract text line gives the slope), so physical lines group correctly. The pixel
// work (grey pages, skew, ruling lines, PGM files) is raster.ts.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS, MIN_OCR_DPI, TESSERACT_PAGE_TIMEOUT_MS } from './limits.ts';
import type { Rulings } from './lattice.ts';
import {
  binarise,
  estimateImageSkew,
  paperNoise,
  isBlank,
  parsePgm,
  rawOf,
  removeRulings,
  scaleRulings,
  toGrey,
  writePgm,
  type Grey,
} from './raster.ts';
import { buildPageTable, type TextBox } from './stream.ts';
import { runTool } from './tools.ts';
import { ScanInputError, type ScanFormat } from './types.ts';

export const OCR_DPI = 300;

/** Paper grain (raster.ts paperNoise) from which a page is binarised before Tesseract reads it. */
const NOISY_PAPER = 1;

export interface OcrWord {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
  conf: number;
  /** Tesseract's block/paragraph/line id. */
  line: string;
}

export interface OcrOptions {
  signal?: AbortSignal;
  workDir?: string;
  format?: ScanFormat;
  /** Milliseconds per stage, added up (the benchmark prints them). */
  timings?: Record<string, number>;
}

/** Runs `fn` and adds its duration to `timings[stage]`. */
async function timed<T>(opts: OcrOptions, stage: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await fn();
  } finally {
    if (opts.timings)
      opts.timings[stage] = (opts.timings[stage] ?? 0) + performance.now() - started;
  }
}

export interface OcrPage {
  /** Word boxes in points (1/72 in) of the page as displayed. */
  boxes: TextBox[];
  /** Ruling lines found in the image (points), removed before OCR. */
  rulings: Rulings;
  /** Page size in points. */
  width: number;
  height: number;
  /** Degrees the image was turned (clockwise) to read it. */
  rotated: number;
  notes: string[];
}

const ENV = { OMP_THREAD_LIMIT: '1' };

/** Parses `tesseract … tsv` output into words (level 5 rows with text). */
export function parseTsv(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  for (const row of tsv.split('\n').slice(1)) {
    const f = row.split('\t');
    if (f.length < 12 || f[0] !== '5') continue;
    const text = f.slice(11).join('\t').trim();
    if (!text) continue;
    const conf = Number(f[10]);
    words.push({
      text,
      left: Number(f[6]),
      top: Number(f[7]),
      width: Number(f[8]),
      height: Number(f[9]),
      conf: Number.isFinite(conf) ? conf : 0,
      line: `${f[1]}.${f[2]}.${f[3]}.${f[4]}`,
    });
  }
  return words;
}

/**
 * Skew of the text as a slope (dy/dx), the median over Tesseract's lines of the slope of their
 * word bottoms; 0 when there is too little text to tell.
 */
export function estimateSkew(words: OcrWord[]): number {
  const byLine = new Map<string, OcrWord[]>();
  for (const w of words) {
    if (w.conf < 30 || w.height < 4) continue;
    const l = byLine.get(w.line);
    if (l) l.push(w);
    else byLine.set(w.line, [w]);
  }
  const slopes: number[] = [];
  for (const ws of byLine.values()) {
    if (ws.length < 3) continue;
    const xs = ws.map((w) => w.left + w.width / 2);
    const ys = ws.map((w) => w.top + w.height);
    const span = Math.max(...xs) - Math.min(...xs);
    const h = ws.reduce((s, w) => s + w.height, 0) / ws.length;
    if (span < 20 * h) continue;
    const mx = xs.reduce((s, x) => s + x, 0) / xs.length;
    const my = ys.reduce((s, y) => s + y, 0) / ys.length;
    let num = 0;
    let den = 0;
    xs.forEach((x, i) => {
      num += (x - mx) * (ys[i]! - my);
      den += (x - mx) ** 2;
    });
    if (den > 0) slopes.push(num / den);
  }
  if (slopes.length < 2) return 0;
  slopes.sort((a, b) => a - b);
  const m = slopes[Math.floor(slopes.length / 2)]!;
  return Math.abs(m) > 0.1 ? 0 : m;
}

/** Word boxes in points, the skew sheared out (y' = y − slope·x). */
export function wordsToBoxes(words: OcrWord[], dpi: number, slope: number): TextBox[] {
  const k = 72 / dpi;
  return words.map((w) => {
    const cx = w.left + w.width / 2;
    const dy = slope * cx;
    return {
      text: w.text,
      x0: w.left * k,
      x1: (w.left + w.width) * k,
      y0: (w.top - dy) * k,
      y1: (w.top + w.height - dy) * k,
      // Tesseract's word box height is about the cap height plus descenders; a font size is larger.
      size: Math.max(1, w.height * k * 1.15),
      conf: w.conf,
    };
  });
}

/** Orientation by Tesseract OSD: degrees to turn the image clockwise (0 when unsure) and OSD's confidence. */
export async function detectRotation(
  image: string,
  opts: OcrOptions,
): Promise<{ rotate: number; confidence: number }> {
  try {
    const r = await runTool('tesseract', [image, 'stdout', '--psm', '0', '-l', 'osd'], {
      timeoutMs: 30_000,
      signal: opts.signal,
      env: ENV,
      format: opts.format,
    });
    const text = r.stdout.toString('utf8');
    const rotate = Number(/Rotate:\s*(\d+)/.exec(text)?.[1] ?? 0);
    const conf = Number(/Orientation confidence:\s*([\d.]+)/.exec(text)?.[1] ?? 0);
    return conf >= 2 && [90, 180, 270].includes(rotate)
      ? { rotate, confidence: conf }
      : { rotate: 0, confidence: conf };
  } catch (e) {
    if ((e as Error).name === 'AbortError' || (e as { code?: string }).code === 'timeout') throw e;
    // Too little text for OSD: read it as it is.
    return { rotate: 0, confidence: 0 };
  }
}

/** Runs Tesseract on an image file and returns its words. */
export async function tesseractWords(image: string, opts: OcrOptions): Promise<OcrWord[]> {
  // Ruling lines are already removed, so white-on-black cells are not expected: skip the inverted pass.
  const r = await runTool(
    'tesseract',
    [
      image,
      'stdout',
      '-l',
      'rus+eng',
      '--psm',
      '6',
      '--dpi',
      String(OCR_DPI),
      '-c',
      'tessedit_do_invert=0',
      'tsv',
    ],
    {
      timeoutMs: TESSERACT_PAGE_TIMEOUT_MS,
      signal: opts.signal,
      env: ENV,
      format: opts.format,
    },
  );
  return parseTsv(r.stdout.toString('utf8'));
}

/** Straightens, removes the ruling lines and reads the words of an upright grey page. */
async function readUpright(
  g: Grey,
  dpi: number,
  dir: string,
  opts: OcrOptions,
): Promise<{ words: OcrWord[]; rulings: Rulings; page: Grey; skew: number }> {
  // Measured before straightening: the rotation's interpolation smooths the grain away.
  const grainy = paperNoise(g) >= NOISY_PAPER;
  const skew = await timed(opts, 'skew', () => estimateImageSkew(g));
  const page = skew
    ? await timed(opts, 'skew', () => toGrey(rawOf(g).rotate(skew, { background: '#ffffff' })))
    : g;
  const file = join(dir, 'clean.pgm');
  const rulings = await timed(opts, 'rulings', async () => {
    const found = removeRulings(page.data, page.width, page.height, Math.round(dpi * 0.3));
    // Tesseract reads a denoised black-on-white scan better than the grainy grey one (issue 22:
    // the unit heading `Ед.` read `En:`, `Термостат` read `Tepmoctat`, one page in three). A clean
    // render is left as it is: the median would thin its small, lightly blurred glyphs.
    await writePgm(file, grainy ? await timed(opts, 'binarise', () => binarise(page)) : page);
    return found;
  });
  opts.signal?.throwIfAborted();
  const words = await timed(opts, 'tesseract', () => tesseractWords(file, opts));
  return { words, rulings, page, skew };
}

/** A clean position number (`1`, `1.1`, `2.10.3`) or quantity (`12`, `0,75`). */
const POS_RE = /^\d{1,3}(\.\d{1,3})*\.?$/;
const COUNT_RE = /^\d+([.,]\d+)?$/;

/**
 * Reads the position and quantity columns a second time, each as one strip cropped from the
 * cleaned page, with Tesseract limited to digits, dot and comma: a general reading loses the dot
 * of `1.1` (read `11`) and takes a lone `1` for a letter. A word of the strip replaces the first
 * reading's words in that column on its line when those hold no digit at all, or (positions) the
 * same digits without the dots; a clean number the first reading missed is added. Columns come
 * from a first build of the table (rulings or the column-number row) and its suggested mapping.
 */
const digits = (t: string) => t.replace(/[^0-9]/g, '');

/**
 * Whether the digits-only reading `text` (already of the column's shape, confidence `conf`) of a
 * position or quantity cell replaces what the first reading made of it (`was`, '' for nothing):
 * when that has no digit (`ak` → `1`), or the same digits without the separator the digits-only
 * reading found (`125` → `12,5`, `11` → `1.1`), or, for a position, no position shape at all
 * (`2%` → `2.1`) while the digits-only reading is sure of it.
 */
export function takesStripReading(
  field: 'pos' | 'count',
  was: string,
  text: string,
  conf: number,
): boolean {
  if (!/\d/.test(was)) return true;
  if (/[.,]/.test(text) && digits(was) === digits(text)) return true;
  return field === 'pos' && !POS_RE.test(was) && conf >= 70;
}

async function rereadNumberColumns(
  read: { words: OcrWord[]; rulings: Rulings; page: Grey },
  dpi: number,
  dir: string,
  opts: OcrOptions,
): Promise<OcrWord[]> {
  const k = 72 / dpi;
  const slope = estimateSkew(read.words);
  const table = buildPageTable(
    wordsToBoxes(read.words, dpi, slope),
    scaleRulings(read.rulings, k),
    null,
    true,
  );
  const mapping = table?.detection.mapping;
  if (!table || !mapping) return read.words;
  const data = table.rows.filter((r) => r.kind === 'data');
  const heads = table.rows.filter((r) => r.kind !== 'data');
  if (!data.length) return read.words;
  const topPt = heads.length
    ? Math.max(...heads.map((r) => r.y1))
    : Math.min(...data.map((r) => r.y0));
  const bottomPt = Math.max(...data.map((r) => r.y1));
  let words = read.words;
  const fields = (['pos', 'count'] as const).filter((f) => mapping[f] > 0);
  for (const field of fields) {
    const col = mapping[field];
    const x0 = Math.max(0, Math.floor(table.bounds[col - 1]! / k) + 4);
    const x1 = Math.min(read.page.width, Math.ceil(table.bounds[col]! / k) - 4);
    if (x1 - x0 < 10) continue;
    // Back from sheared points to pixels of the page (y = y' + slope·x at the strip's middle).
    const dy = slope * ((x0 + x1) / 2);
    const y0 = Math.max(0, Math.floor(topPt / k + dy) + 2);
    const y1 = Math.min(read.page.height, Math.ceil(bottomPt / k + dy) + 20);
    if (y1 - y0 < 10) continue;
    const file = join(dir, `strip-${field}.png`);
    await timed(opts, 'strips', () =>
      rawOf(read.page)
        .extract({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 })
        // Black on white: the paper's grey and the whitened rules confuse Tesseract's own binarisation.
        .threshold(140)
        .extend({ top: 20, bottom: 20, left: 20, right: 20, background: '#ffffff' })
        .png({ compressionLevel: 1 })
        .toFile(file),
    );
    opts.signal?.throwIfAborted();
    const r = await timed(opts, 'strips', () =>
      runTool(
        'tesseract',
        [
          file,
          'stdout',
          '-l',
          'eng',
          '--psm',
          '6',
          '--dpi',
          String(dpi),
          '-c',
          'tessedit_char_whitelist=0123456789.,',
          '-c',
          'tessedit_do_invert=0',
          'tsv',
        ],
        {
          timeoutMs: TESSERACT_PAGE_TIMEOUT_MS,
          signal: opts.signal,
          env: ENV,
          format: opts.format,
        },
      ),
    );
    const strip = parseTsv(r.stdout.toString('utf8')).map((w) => ({
      ...w,
      left: w.left + x0 - 20,
      top: w.top + y0 - 20,
      line: `strip-${field}.${w.line}`,
    }));
    const clean = field === 'pos' ? POS_RE : COUNT_RE;
    const inColumn = (w: OcrWord) => {
      const cx = w.left + w.width / 2;
      const cy = w.top + w.height / 2;
      return (
        cx >= x0 &&
        cx <= x1 &&
        w.left >= x0 - 8 &&
        w.left + w.width <= x1 + 8 &&
        cy >= y0 &&
        cy <= y1
      );
    };
    const overlapsY = (a: OcrWord, b: OcrWord) =>
      Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top) >
      0.4 * Math.min(a.height, b.height);
    const drop = new Set<OcrWord>();
    const added: OcrWord[] = [];
    for (const s of strip) {
      const text = s.text.replace(/,$/, '');
      if (!clean.test(text) || s.conf < 40) continue;
      const old = words.filter((w) => inColumn(w) && overlapsY(w, s));
      const replace = takesStripReading(field, old.map((w) => w.text).join(''), text, s.conf);
      if (!replace) continue;
      if (!old.length && s.conf < 70) continue;
      old.forEach((w) => drop.add(w));
      added.push({ ...s, text, line: old[0]?.line ?? s.line });
    }
    if (added.length) words = [...words.filter((w) => !drop.has(w)), ...added];
  }
  return words;
}

const meanConf = (words: OcrWord[]) =>
  words.length ? words.reduce((s, w) => s + w.conf, 0) / words.length : 0;

/** Characters in words read with confidence 80 or more: how well a reading went. */
const confidentChars = (words: OcrWord[]) =>
  words.reduce((s, w) => s + (w.conf >= 80 ? w.text.length : 0), 0);

/**
 * OCR of a raster image (PNG/JPEG/…) at `dpi`: skew, ruling lines (found and removed before
 * Tesseract reads the text), words; when the text reads badly, Tesseract's orientation detection
 * decides whether the page lies on its side or upside down and it is read again turned upright.
 * Boxes and rulings are in points of the image as read.
 */
export async function ocrImage(image: Uint8Array, dpi: number, opts: OcrOptions): Promise<OcrPage> {
  const grey = await timed(opts, 'decode', () => toGrey(sharp(image, { limitInputPixels: false })));
  return ocrGrey(grey, dpi, opts);
}

async function ocrGrey(grey: Grey, dpi: number, opts: OcrOptions): Promise<OcrPage> {
  const dir = await mkdtemp(join(opts.workDir ?? tmpdir(), 'scan-ocr-'));
  try {
    if (isBlank(grey))
      return {
        boxes: [],
        rulings: { horizontal: [], vertical: [] },
        width: (grey.width * 72) / dpi,
        height: (grey.height * 72) / dpi,
        rotated: 0,
        notes: [],
      };
    const original = new Uint8Array(grey.data);
    let read = await readUpright(grey, dpi, dir, opts);
    let rotate = 0;
    // A page read well is upright. Otherwise (a page on its side reads as noise) Tesseract's
    // orientation detection decides, on a 2000 px wide copy, and the page is read again turned.
    if (read.words.length < 10 || meanConf(read.words) < 70) {
      const small = join(dir, 'small.png');
      const osd = await timed(opts, 'orientation', async () => {
        await sharp(original, { raw: { width: grey.width, height: grey.height, channels: 1 } })
          .resize({ width: 2000, withoutEnlargement: true })
          .png()
          .toFile(small);
        return detectRotation(small, opts);
      });
      if (osd.rotate) {
        const turned = await toGrey(
          sharp(original, { raw: { width: grey.width, height: grey.height, channels: 1 } }).rotate(
            osd.rotate,
          ),
        );
        const again = await readUpright(turned, dpi, dir, opts);
        if (confidentChars(again.words) > confidentChars(read.words)) {
          read = again;
          rotate = osd.rotate;
        }
      }
    }
    read = { ...read, words: await rereadNumberColumns(read, dpi, dir, opts) };
    const slope = estimateSkew(read.words);
    const notes: string[] = [];
    if (rotate) notes.push('scanner.notes.pageRotated');
    if (read.skew || Math.abs(slope) > 0.002) notes.push('scanner.notes.skewCorrected');
    return {
      boxes: wordsToBoxes(read.words, dpi, slope),
      rulings: scaleRulings(read.rulings, 72 / dpi),
      width: (read.page.width * 72) / dpi,
      height: (read.page.height * 72) / dpi,
      rotated: rotate,
      notes,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The resolution a scanned page of `widthPt` × `heightPt` points is rendered at: 300 DPI, or as much
 * as keeps the render within MAX_IMAGE_PIXELS (large drawings carry large text); null when even
 * MIN_OCR_DPI would pass it (the page is refused rather than rendered into gigabytes).
 */
export function renderDpi(widthPt: number, heightPt: number): number | null {
  const squareInches = (widthPt / 72) * (heightPt / 72);
  if (!(squareInches > 0)) return OCR_DPI;
  const fit = Math.floor(Math.sqrt(MAX_IMAGE_PIXELS / squareInches));
  return fit >= OCR_DPI ? OCR_DPI : fit >= MIN_OCR_DPI ? fit : null;
}

/** Renders one page of a PDF at `dpi` (renderDpi) with pdftoppm (as displayed, /Rotate applied; grey PGM) and reads it. */
export async function ocrPdfPage(
  pdf: Uint8Array,
  page: number,
  dpi: number,
  opts: OcrOptions,
): Promise<OcrPage> {
  const dir = await mkdtemp(join(opts.workDir ?? tmpdir(), 'scan-render-'));
  try {
    const input = join(dir, 'in.pdf');
    await writeFile(input, pdf);
    const out = join(dir, 'page');
    await timed(opts, 'render', () =>
      runTool(
        'pdftoppm',
        [
          '-r',
          String(dpi),
          '-f',
          String(page),
          '-l',
          String(page),
          '-gray',
          '-singlefile',
          input,
          out,
        ],
        {
          timeoutMs: TESSERACT_PAGE_TIMEOUT_MS,
          signal: opts.signal,
          format: opts.format,
        },
      ).catch((e: unknown) => {
        // Poppler's exit codes 1 (the PDF cannot be opened) and 3 (permissions): the file, not the moment.
        const code = (e as { exitCode?: unknown }).exitCode;
        throw code === 1 || code === 3
          ? new ScanInputError('corrupt', opts.format, (e as Error).message)
          : e;
      }),
    );
    // Grey PGM: no PNG encoding and decoding of a 35 Mpx page.
    const grey = parsePgm(new Uint8Array(await readFile(`${out}.pgm`)));
    return await ocrGrey(grey, dpi, { ...opts, workDir: dir });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
