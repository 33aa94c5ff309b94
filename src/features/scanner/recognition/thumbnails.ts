// Page thumbnails of the document as PDF for the wizard's page step: pdftoppm renders one page as a
// PNG scaled to the height asked for (250 px by the spec), in a temporary folder removed afterwards.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { requireTool, runTool } from './tools.ts';
import { ScanInputError } from './types.ts';

export interface ThumbnailOptions {
  signal?: AbortSignal;
  workDir?: string;
}

/**
 * Runs pdftoppm over one page of `pdf` in a temporary folder (named with the pid: a render cut off
 * by a killed server is removed at the next start, tempdirs.server.ts) and gives each PNG it made
 * to `withRender`; `render(args)` may be called more than once (a rotated page is rendered again).
 */
async function withPageRender<T>(
  pdf: Uint8Array,
  page: number,
  opts: ThumbnailOptions,
  withRender: (render: (args: string[]) => Promise<Uint8Array>) => Promise<T>,
): Promise<T> {
  await requireTool('pdftoppm', 'pdf');
  const dir = await mkdtemp(join(opts.workDir ?? tmpdir(), `scan-thumb-${process.pid}-`));
  try {
    const input = join(dir, 'in.pdf');
    await writeFile(input, pdf);
    const out = join(dir, 'page');
    return await withRender(async (args) => {
      try {
        await runTool(
          'pdftoppm',
          ['-png', ...args, '-f', String(page), '-l', String(page), '-singlefile', input, out],
          { timeoutMs: 30_000, signal: opts.signal, format: 'pdf' },
        );
      } catch (e) {
        if (e instanceof ScanInputError || (e as Error).name === 'AbortError') throw e;
        if (/Wrong page range/i.test((e as Error).message))
          throw new RangeError(`the document has no page ${page}`);
        throw new ScanInputError('corrupt', 'pdf', (e as Error).message);
      }
      return new Uint8Array(await readFile(`${out}.png`));
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** PNG of page `page` (1-based) of `pdf`, `height` pixels high, width in proportion. */
export async function renderThumbnail(
  pdf: Uint8Array,
  page: number,
  height = 250,
  opts: ThumbnailOptions = {},
): Promise<Uint8Array> {
  if (!Number.isInteger(page) || page < 1)
    throw new RangeError(`page must be a positive integer, got ${page}`);
  if (!Number.isInteger(height) || height < 16 || height > 2000)
    throw new RangeError(`height must be 16..2000, got ${height}`);
  return withPageRender(pdf, page, opts, async (render) => {
    const png = await render(['-scale-to-y', String(height), '-scale-to-x', '-1']);
    // pdftoppm scales the page before its /Rotate; a page turned by 90 or 270 degrees comes out
    // `height` wide, so it is rendered again scaled by the other side.
    const meta = await sharp(png).metadata();
    if (meta.height === height) return png;
    return await render(['-scale-to-x', String(height), '-scale-to-y', '-1']);
  });
}

/**
 * Grey PNG of page `page` (1-based) of `pdf` at `scale` pixels per point (the review's source crops
 * are cut from it: rendered once per page and kept with the scan, like the thumbnails).
 */
export async function renderPageAt(
  pdf: Uint8Array,
  page: number,
  scale: number,
  opts: ThumbnailOptions = {},
): Promise<Uint8Array> {
  if (!Number.isInteger(page) || page < 1)
    throw new RangeError(`page must be a positive integer, got ${page}`);
  if (!(scale > 0 && scale <= 4))
    throw new RangeError(`scale must be above 0 and at most 4, got ${scale}`);
  return withPageRender(pdf, page, opts, (render) =>
    render(['-gray', '-r', String(Math.round(scale * 72 * 1000) / 1000)]),
  );
}

/** Decoded pages (grey, one byte a pixel) by the caller's key, newest last, bounded by bytes. */
const decoded = new Map<string, { data: Buffer; width: number; height: number }>();
/** Some 18 pages of 1600 x 1131 px. */
export const DECODED_PAGES_BYTES = 32 * 1024 * 1024;

/**
 * The page's pixels, decoded once for all the crops of a list: decoding the page PNG took more than
 * half of each crop's time (13 of 16 ms for a 1600 px page; a cut from the decoded rows, 6 ms).
 */
async function pixelsOf(
  pagePng: Uint8Array,
  key: string | undefined,
): Promise<{ data: Buffer; width: number; height: number }> {
  const hit = key === undefined ? undefined : decoded.get(key);
  if (hit) {
    decoded.delete(key!);
    decoded.set(key!, hit);
    return hit;
  }
  const { data, info } = await sharp(pagePng)
    .toColourspace('b-w')
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const page = { data, width: info.width, height: info.height };
  if (key === undefined || page.data.length > DECODED_PAGES_BYTES) return page;
  decoded.set(key, page);
  let bytes = 0;
  for (const v of decoded.values()) bytes += v.data.length;
  for (const [k, v] of decoded) {
    if (bytes <= DECODED_PAGES_BYTES) break;
    decoded.delete(k);
    bytes -= v.data.length;
  }
  return page;
}

/**
 * The band `height` pixels from `y` down (full width, at most `width`) of a rendered page, as a
 * small-palette PNG. `key` names the rendering (scan and page): its pixels are kept for the next crops.
 */
export async function cutBand(
  pagePng: Uint8Array,
  band: { y: number; width: number; height: number },
  key?: string,
): Promise<Uint8Array> {
  const page = await pixelsOf(pagePng, key);
  const w = Math.min(band.width, page.width);
  const top = Math.min(band.y, Math.max(0, page.height - 1));
  const h = Math.min(band.height, page.height - top);
  if (w < 1 || h < 1) throw new RangeError(`band ${JSON.stringify(band)} is off the rendered page`);
  const rows = page.data.subarray(top * page.width, (top + h) * page.width);
  // Grey text on white: a 16-colour palette keeps a row's band at a few kilobytes.
  return new Uint8Array(
    await sharp(rows, { raw: { width: page.width, height: h, channels: 1 } })
      .extract({ left: 0, top: 0, width: w, height: h })
      .png({ palette: true, colours: 16, compressionLevel: 9 })
      .toBuffer(),
  );
}
