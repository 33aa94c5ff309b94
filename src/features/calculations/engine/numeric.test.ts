import { describe, expect, it } from 'vitest';
import { brent, maxOn, pchipEval, pchipSlopes, polyfit, polyval } from './numeric.ts';

describe('numeric kernels', () => {
  it('polyfit recovers an exact polynomial and is stable at large x', () => {
    const xs = [100, 200, 300, 400, 500, 600];
    const c = polyfit(
      xs,
      xs.map((x) => 50 - 0.01 * x - 2e-5 * x * x + 1e-9 * x ** 3),
      3,
    )!;
    expect(c[0]).toBeCloseTo(50, 6);
    expect(c[3]).toBeCloseTo(1e-9, 14);
    expect(polyfit([1, 2], [1, 2], 2)).toBeNull();
    expect(polyfit([1, 1, 1], [1, 2, 3], 2)).toBeNull(); // singular
  });

  it('PCHIP passes through the points and stays monotone between them', () => {
    const xs = [0, 1, 2, 5, 6];
    const ys = [10, 9.9, 9, 3, 0.5];
    const m = pchipSlopes(xs, ys);
    xs.forEach((x, i) => expect(pchipEval(xs, ys, m, x)).toBeCloseTo(ys[i]!, 12));
    let prev = Infinity;
    for (let x = 0; x <= 6; x += 0.01) {
      const y = pchipEval(xs, ys, m, x);
      expect(y).toBeLessThanOrEqual(prev + 1e-12);
      prev = y;
    }
  });

  it('Brent finds a bracketed root and refuses an unbracketed one', () => {
    expect(brent((x) => x * x - 2, 0, 2)).toBeCloseTo(Math.SQRT2, 10);
    expect(brent((x) => x * x + 1, -1, 1)).toBeNull();
    expect(brent(() => Number.NaN, 0, 1)).toBeNull();
    expect(polyval([1, 2, 3], 2)).toBe(17);
  });

  it('maxOn finds an interior maximum', () => {
    const r = maxOn((x) => 2 - (x - 3.3) ** 2, 0, 10);
    expect(r.x).toBeCloseTo(3.3, 5);
    expect(r.y).toBeCloseTo(2, 10);
  });
});
