// The polynomial speed solver (Newton kept in its bracket) gives Brent's root on the same bracket
// for every demo pump curve and a spread of duties, including the ones with no solution.
import { describe, expect, it } from 'vitest';
import { demoPumps } from '#features/catalogue-demo/pumps.demo.ts';
import { preparePump, type PreparedPump } from './curve.ts';
import { speedForDuty } from './hydraulics.ts';
import { topK } from './select.ts';
import { brent } from './numeric.ts';
import type { PumpModel } from './types.ts';

const pumps: PreparedPump[] = [];
for (const m of demoPumps()) {
  const r = preparePump(m as PumpModel);
  if (r.ok) pumps.push(r.pump);
}

/** The bracket and root exactly as speedForDuty defined them before the polynomial solver. */
function byBrent(p: PreparedPump, qD: number, hD: number, rMin = 0.3, n = 1): number | null {
  const qEach = qD / n;
  const lo = Math.max(rMin, qEach / p.qMax);
  const hi = Math.min(1, p.qMin > 0 ? qEach / p.qMin : 1);
  if (!(hi >= lo) || !(qEach > 0)) return null;
  return brent((r) => r * r * p.head.at(qEach / r) - hD, lo, hi, 1e-12);
}

describe('speed for a duty on polynomial curves', () => {
  it('matches Brent on the same bracket (found or not found) for every demo pump', () => {
    let solved = 0;
    for (const p of pumps.filter((x) => x.head.kind !== 'pchip')) {
      const h0 = p.head.at(p.qMin);
      for (const fq of [0.2, 0.5, 0.8, 1.0, 1.3])
        for (const fh of [0.3, 0.6, 0.9, 1.1]) {
          const q = p.qMax * fq;
          const h = h0 * fh;
          for (const n of [1, 2]) {
            const a = speedForDuty(p, q * n, h, 0.3, n);
            const b = byBrent(p, q * n, h, 0.3, n);
            expect(a === null, `${p.model.sku} q=${q} h=${h}`).toBe(b === null);
            if (a !== null && b !== null) {
              solved++;
              expect(Math.abs(a - b)).toBeLessThan(1e-8);
              expect(a * a * p.head.at(q / a)).toBeCloseTo(h, 6);
            }
          }
        }
    }
    expect(solved).toBeGreaterThan(500);
  });
});

describe('the first k of a ranking', () => {
  it('equals sorting everything and taking k, ties broken the same way', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const n of [0, 1, 5, 20, 300])
      for (const k of [1, 3, 20, 200]) {
        const list = Array.from({ length: n }, (_, i) => ({
          score: Math.round(rnd() * 10),
          sku: `S${i}`,
        }));
        const cmp = (a: { score: number; sku: string }, b: { score: number; sku: string }) =>
          b.score - a.score || a.sku.localeCompare(b.sku);
        expect(topK(list, cmp, k)).toEqual([...list].sort(cmp).slice(0, k));
      }
  });
});
