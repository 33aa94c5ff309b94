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

/** PNG of page `page` (1-based) of `pdf`, `height` pixels high, width in proportion. */
export async function renderThumbnail(pdf: Uint8Array, page: number, height = 250, opts: ThumbnailOptions = {}): Promise<Uint8Array> {
  if (!Number.isInteger(page) || page < 1) throw new RangeError(`page must be a positive integer, got ${page}`);
  if (!Number.isInteger(height) || height < 16 || height > 2000) throw new RangeError(`height must be 16..2000, got ${height}`);
  await requireTool('pdftoppm', 'pdf');
  // Named with the pid: a render cut off by a killed server is removed at the next start (tempdirs.server.ts).
  const dir = await mkdtemp(join(opts.workDir ?? tmpdir(), `scan-thumb-${process.pid}-`));
  try {
    const input = join(dir, 'in.pdf');
    await writeFile(input, pdf);
    const out = join(dir, 'thumb');
    const render = async (scaleArgs: string[]) => {
      try {
        await runTool('pdftoppm', ['-png', ...scaleArgs, '-f', String(page), '-l', String(page), '-singlefile', input, out], {
          timeoutMs: 30_000,
          signal: opts.signal,
          format: 'pdf',
        });
      } catch (e) {
        if (e instanceof ScanInputError || (e as Error).name === 'AbortError') throw e;
        if (/Wrong page range/i.test((e as Error).message)) throw new RangeError(`the document has no page ${page}`);
        throw new ScanInputError('corrupt', 'pdf', (e as Error).message);
      }
      return new Uint8Array(await readFile(`${out}.png`));
    };
    const png = await render(['-scale-to-y', String(height), '-scale-to-x', '-1']);
    // pdftoppm scales the page before its /Rotate; a page turned by 90 or 270 degrees comes out
    // `height` wide, so it is rendered again scaled by the other side.
    const meta = await sharp(png).metadata();
    if (meta.height === height) return png;
    return await render(['-scale-to-x', String(height), '-scale-to-y', '-1']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * PNG of a horizontal band of page `page` (1-based) of `pdf`: the page rendered at `scale` pixels
 * per point, `height` pixels from `y` down, the page's full `width` (the review's source crop).
 */
export async function renderBand(pdf: Uint8Array, page: number, band: { scale: number; y: number; width: number; height: number }, opts: ThumbnailOptions = {}): Promise<Uint8Array> {
  if (!Number.isInteger(page) || page < 1) throw new RangeError(`page must be a positive integer, got ${page}`);
  const { scale, y, width, height } = band;
  if (!(scale > 0 && scale <= 4) || ![y, width, height].every((n) => Number.isInteger(n) && n >= 0) || width < 1 || height < 1 || width > 4000 || height > 2000) {
    throw new RangeError(`bad band ${JSON.stringify(band)}`);
  }
  await requireTool('pdftoppm', 'pdf');
  const dir = await mkdtemp(join(opts.workDir ?? tmpdir(), `scan-thumb-${process.pid}-`));
  try {
    const input = join(dir, 'in.pdf');
    await writeFile(input, pdf);
    const out = join(dir, 'band');
    const dpi = String(Math.round(scale * 72 * 1000) / 1000);
    try {
      await runTool('pdftoppm', ['-png', '-gray', '-r', dpi, '-x', '0', '-y', String(y), '-W', String(width), '-H', String(height), '-f', String(page), '-l', String(page), '-singlefile', input, out], {
        timeoutMs: 30_000,
        signal: opts.signal,
        format: 'pdf',
      });
    } catch (e) {
      if (e instanceof ScanInputError || (e as Error).name === 'AbortError') throw e;
      if (/Wrong page range/i.test((e as Error).message)) throw new RangeError(`the document has no page ${page}`);
      throw new ScanInputError('corrupt', 'pdf', (e as Error).message);
    }
    // Grey text on white: a small palette keeps a row's band at a few kilobytes.
    return new Uint8Array(await sharp(await readFile(`${out}.png`)).png({ palette: true, colours: 16, compressionLevel: 9 }).toBuffer());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
