// The raster side of OCR: a page as 8-bit grey pixels, its skew found from the dark-pixel row
// profile, the ruling lines of a table found (and whitened) as long dark runs, a blank-page test,
// and PGM files in and out (pdftoppm writes them, Tesseract reads them). No Tesseract here (ocr.ts).
import { writeFile } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import { tidy, type Ruling, type Rulings } from './lattice.ts';

export interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

export async function toGrey(input: Sharp): Promise<Grey> {
  const { data, info } = await input.greyscale().raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) {
    const out = new Uint8Array(info.width * info.height);
    for (let i = 0; i < out.length; i++) out[i] = data[i * info.channels]!;
    return { data: out, width: info.width, height: info.height };
  }
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

export const rawOf = (g: Grey) =>
  sharp(g.data, { raw: { width: g.width, height: g.height, channels: 1 } });

/**
 * Rotation (degrees, for sharp's rotate) that makes text rows horizontal: the angle whose row
 * profile of dark pixels is sharpest (sum of squared counts), found by projecting the dark pixels
 * of a 2000 px wide copy along each candidate angle (coarse 0.5 degree steps, then 0.1).
 */
export async function estimateImageSkew(g: Grey): Promise<number> {
  const small = await toGrey(rawOf(g).resize({ width: 2000, withoutEnlargement: true }));
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < small.height; y++) {
    const row = y * small.width;
    for (let x = 0; x < small.width; x++) {
      if (small.data[row + x]! < 128) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length < 1000) return 0;
  const pad = Math.ceil(small.width * Math.tan((3.5 * Math.PI) / 180));
  const bins = new Float64Array(small.height + 2 * pad + 2);
  const scoreOf = (deg: number) => {
    // Rotating the image by `deg` (clockwise, y down) moves a point to y' = x·sin + y·cos.
    const t = (deg * Math.PI) / 180;
    const sin = Math.sin(t);
    const cos = Math.cos(t);
    bins.fill(0);
    for (let i = 0; i < xs.length; i++) bins[Math.round(xs[i]! * sin + ys[i]! * cos) + pad]! += 1;
    let score = 0;
    for (let i = 0; i < bins.length; i++) score += bins[i]! * bins[i]!;
    return score;
  };
  let best = 0;
  let bestScore = scoreOf(0);
  const tryAngle = (angle: number) => {
    const a = Math.round(angle * 100) / 100;
    if (a === 0 || Math.abs(a) > 3) return;
    const score = scoreOf(a);
    // Ties keep the smaller turn: no rotation unless it clearly helps.
    if (score > bestScore * 1.01) {
      bestScore = score;
      best = a;
    }
  };
  for (const a of [-3, -2.5, -2, -1.5, -1, -0.5, 0.5, 1, 1.5, 2, 2.5, 3]) tryAngle(a);
  const centre = best;
  for (const d of [-0.4, -0.3, -0.2, -0.1, 0.1, 0.2, 0.3, 0.4]) tryAngle(centre + d);
  return best;
}

/**
 * Finds ruling lines in a grey image and paints them white so Tesseract reads only the text.
 * A line is a run of dark pixels at least `minRun` long (one light pixel may break it) that is
 * thin: a few pixels away across it the image is not dark along the run, which tells a rule from
 * a row of letters or a filled area. "Dark" is relative to the page's background (noise and a
 * grey paper tone stay light). Returns the lines in pixels.
 */
export function removeRulings(
  px: Uint8Array,
  width: number,
  height: number,
  minRun: number,
): Rulings {
  const sample: number[] = [];
  for (let i = 0; i < px.length; i += 997) sample.push(px[i]!);
  sample.sort((p, q) => p - q);
  const background = sample.length ? sample[Math.floor(sample.length / 2)]! : 255;
  const DARK = Math.min(160, background - 70);
  const GAP = 1;
  const FAR = 6;
  const dark = (i: number) => px[i]! < DARK;
  const horizontal: Ruling[] = [];
  const vertical: Ruling[] = [];

  const hRuns: Ruling[] = [];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let start = -1;
    let last = -1;
    for (let x = 0; x <= width; x++) {
      const d = x < width && dark(row + x);
      if (d && start >= 0 && x - last <= GAP + 1) {
        last = x;
        continue;
      }
      if (start >= 0 && (d || x === width || x - last > GAP + 1)) {
        if (last - start + 1 >= minRun) hRuns.push({ at: y, from: start, to: last });
        start = -1;
      }
      if (d) {
        start = x;
        last = x;
      }
    }
  }
  const vRuns: Ruling[] = [];
  const vStart = new Int32Array(width).fill(-1);
  const vLast = new Int32Array(width).fill(-1);
  for (let y = 0; y <= height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const d = y < height && dark(row + x);
      if (vStart[x]! >= 0 && (y === height || (d ? false : y - vLast[x]! > GAP + 1))) {
        if (vLast[x]! - vStart[x]! + 1 >= minRun)
          vRuns.push({ at: x, from: vStart[x]!, to: vLast[x]! });
        vStart[x] = -1;
      }
      if (d) {
        if (vStart[x]! < 0) vStart[x] = y;
        vLast[x] = y;
      }
    }
  }
  // Thin only: across the run, FAR pixels to either side, most of its length is not dark.
  const thinH = (r: Ruling) => {
    let thick = 0;
    let n = 0;
    for (let x = r.from; x <= r.to; x += 3) {
      n++;
      const up = r.at - FAR >= 0 && dark((r.at - FAR) * width + x);
      const down = r.at + FAR < height && dark((r.at + FAR) * width + x);
      if (up && down) thick++;
    }
    return thick < 0.3 * n;
  };
  const thinV = (r: Ruling) => {
    let thick = 0;
    let n = 0;
    for (let y = r.from; y <= r.to; y += 3) {
      n++;
      const left = r.at - FAR >= 0 && dark(y * width + r.at - FAR);
      const right = r.at + FAR < width && dark(y * width + r.at + FAR);
      if (left && right) thick++;
    }
    return thick < 0.3 * n;
  };
  for (const r of hRuns) if (thinH(r)) horizontal.push(r);
  for (const r of vRuns) if (thinV(r)) vertical.push(r);
  // Whiten the lines and their antialiased fringe (one pixel either side, only where light-ish).
  const whiten = (i: number) => {
    if (px[i]! < 200) px[i] = 255;
  };
  for (const r of horizontal) {
    const row = r.at * width;
    for (let x = r.from; x <= r.to; x++) {
      px[row + x] = 255;
      if (r.at > 0) whiten(row - width + x);
      if (r.at + 1 < height) whiten(row + width + x);
    }
  }
  for (const r of vertical) {
    for (let y = r.from; y <= r.to; y++) {
      px[y * width + r.at] = 255;
      if (r.at > 0) whiten(y * width + r.at - 1);
      if (r.at + 1 < width) whiten(y * width + r.at + 1);
    }
  }
  return { horizontal, vertical };
}

export function scaleRulings(r: Rulings, k: number): Rulings {
  const s = (l: Ruling): Ruling => ({ at: l.at * k, from: l.from * k, to: l.to * k });
  // A thin rule on a scan breaks into dashes: pieces up to 30 pt apart are one line.
  return { horizontal: tidy(r.horizontal.map(s), 30), vertical: tidy(r.vertical.map(s), 30) };
}

/** True for an empty page: fewer than 1 in 10,000 pixels dark (sampled every 7th pixel). */
export function isBlank(g: Grey): boolean {
  let dark = 0;
  let seen = 0;
  for (let i = 0; i < g.data.length; i += 7) {
    seen++;
    if (g.data[i]! < 128) dark++;
  }
  return dark < seen / 10_000;
}

/** Grey image as a binary PGM file (fast to write, read by Tesseract's Leptonica). */
export async function writePgm(file: string, g: Grey): Promise<void> {
  const header = Buffer.from(`P5\n${g.width} ${g.height}\n255\n`, 'latin1');
  await writeFile(file, Buffer.concat([header, g.data]));
}

/** Reads a binary PGM (P5, 8 bit) as written by pdftoppm -gray. */
export function parsePgm(bytes: Uint8Array): Grey {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 64)).toString(
    'latin1',
  );
  const m = /^P5\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s+(\d+)\s/.exec(head);
  if (!m || m[3] !== '255') throw new Error('not an 8-bit binary PGM');
  const width = Number(m[1]);
  const height = Number(m[2]);
  const offset = m[0].length;
  if (bytes.length < offset + width * height) throw new Error('truncated PGM');
  return { data: bytes.subarray(offset, offset + width * height), width, height };
}

/** Otsu's threshold of a grey histogram: the level that best splits ink from paper. */
export function otsuThreshold(data: Uint8Array): number {
  const hist = new Float64Array(256);
  for (let i = 0; i < data.length; i++) hist[data[i]!]!++;
  const total = data.length;
  let sumAll = 0;
  for (let t = 0; t < 256; t++) sumAll += t * hist[t]!;
  let sumB = 0;
  let weightB = 0;
  let best = 0;
  let level = 128;
  for (let t = 0; t < 256; t++) {
    weightB += hist[t]!;
    if (!weightB) continue;
    const weightF = total - weightB;
    if (!weightF) break;
    sumB += t * hist[t]!;
    const mB = sumB / weightB;
    const mF = (sumAll - sumB) / weightF;
    const between = weightB * weightF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      level = t;
    }
  }
  return level;
}

/**
 * Black-on-white copy of a scanned page for Tesseract: a 3×3 median takes out the speckle of a
 * scanner (and of JPEG) that Tesseract's own binarisation turns into stray marks and broken
 * strokes, then one global Otsu threshold. A clean render (pdftoppm of a text page) comes out the same.
 */
export async function binarise(g: Grey): Promise<Grey> {
  const smooth = await toGrey(rawOf(g).median(3));
  const level = otsuThreshold(smooth.data);
  const out = new Uint8Array(smooth.data.length);
  for (let i = 0; i < out.length; i++) out[i] = smooth.data[i]! > level ? 255 : 0;
  return { data: out, width: g.width, height: g.height };
}

/**
 * How grainy the paper of a page is: the median distance of paper pixels (lighter than Otsu's
 * level, every 3rd pixel) from their median grey. 0 for a clean render (white paper, only the
 * anti-aliased glyph edges vary), a few levels for a scanner's or a JPEG's grain.
 */
export function paperNoise(g: Grey): number {
  const level = otsuThreshold(g.data);
  const hist = new Float64Array(256);
  let n = 0;
  for (let i = 0; i < g.data.length; i += 3) {
    const v = g.data[i]!;
    if (v > level) {
      hist[v]!++;
      n++;
    }
  }
  if (!n) return 0;
  const medianOf = (h: Float64Array) => {
    let seen = 0;
    for (let v = 0; v < h.length; v++) if ((seen += h[v]!) >= n / 2) return v;
    return 0;
  };
  const med = medianOf(hist);
  const dev = new Float64Array(256);
  for (let v = 0; v < 256; v++) dev[Math.abs(v - med)]! += hist[v]!;
  return medianOf(dev);
}
