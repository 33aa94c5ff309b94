import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { binarise, otsuThreshold, paperNoise, toGrey } from './raster.ts';

describe('otsuThreshold', () => {
  it('splits a two-level histogram between its levels', () => {
    const px = new Uint8Array(1000);
    px.fill(40, 0, 200);
    px.fill(220, 200);
    const t = otsuThreshold(px);
    expect(t).toBeGreaterThanOrEqual(40);
    expect(t).toBeLessThan(220);
  });
});

describe('binarise', () => {
  it('turns a speckled grey render of text black on white: text kept, lone specks gone', async () => {
    // A real rendered line of a specification on grey paper, with scattered one-pixel specks.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="80"><rect width="600" height="80" fill="#d8d8d8"/><text x="10" y="55" font-family="DejaVu Sans" font-size="40" fill="#202020">Термостат 1 шт.</text></svg>`;
    const page = await toGrey(sharp(Buffer.from(svg)));
    const specks: number[] = [];
    for (let y = 2; y < 80; y += 9)
      for (let x = 3; x < 600; x += 37) if (page.data[y * 600 + x]! > 150) specks.push(y * 600 + x);
    for (const i of specks) page.data[i] = 0;
    const ink = (g: { data: Uint8Array }) => g.data.reduce((n, v) => n + (v < 128 ? 1 : 0), 0);
    const before = ink(page);
    const out = await binarise(page);
    expect(new Set(out.data)).toEqual(new Set([0, 255]));
    expect(specks.filter((i) => out.data[i] === 0)).toEqual([]);
    // The glyphs survive: most of the ink that is not a speck stays black.
    expect(ink(out)).toBeGreaterThan(0.6 * (before - specks.length));
    expect(out.width).toBe(600);
  });
});

describe('paperNoise', () => {
  it('is 0 for a clean render and at least 1 for the same render with a scanner grain', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="80"><rect width="600" height="80" fill="#fff"/><text x="10" y="55" font-family="DejaVu Sans" font-size="40">Термостат 1 шт.</text></svg>`;
    const clean = await toGrey(sharp(Buffer.from(svg)).blur(0.7));
    expect(paperNoise(clean)).toBe(0);
    // Grain of ±4 grey levels from a fixed pattern, as the corpus scans carry (seeded, repeatable).
    const grainy = {
      ...clean,
      data: clean.data.map((v, i) => (v > 200 ? v - ((i * 7919) % 9) : v)),
    };
    expect(paperNoise(grainy)).toBeGreaterThanOrEqual(1);
  });
});
