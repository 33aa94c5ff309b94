// Glycol solution properties (Melinder 2010 fits) against values published for them, the pure-water
// limit of the fits against IAPWS, and the range refusals (never an extrapolated number).
import { describe, expect, it } from 'vitest';
import { waterProperties } from '#features/properties/water.ts';
import {
  CONCENTRATION,
  fitAt,
  FREEZE_MARGIN,
  freezingPoint,
  glycolProperties,
  GlycolRangeError,
  minTemperature,
  T_MAX,
  type GlycolKind,
} from './glycol.ts';

const rel = (a: number, b: number) => Math.abs(a / b - 1);

// Reference points: the published evaluation table of Melinder's (2010) fits in NREL's
// SecondaryCoolantProps test suite (tests/test_ethlylene_glycol.py, tests/test_propylene_glycol.py;
// mass fraction, °C; μ Pa s, ρ kg/m³, cp J/(kg K), λ W/(m K)), there held to 0.1 %.
// Melinder states the fits reproduce his tables within: ρ 0.1 %, cp 0.5 %, λ 1-2 %, μ 3-5 %.
const TABLE: Array<[GlycolKind, number, number, number, number, number, number]> = [
  ['ethylene_glycol', 20, 5, 2.6594e-3, 1.0281e3, 3.8695e3, 4.9022e-1],
  ['ethylene_glycol', 20, 20, 1.6624e-3, 1.0241e3, 3.8962e3, 5.0766e-1],
  ['ethylene_glycol', 20, 40, 1.0133e-3, 1.0164e3, 3.9328e3, 5.2908e-1],
  ['ethylene_glycol', 40, 5, 4.7569e-3, 1.0585e3, 3.4559e3, 4.1376e-1],
  ['ethylene_glycol', 40, 20, 2.8191e-3, 1.0519e3, 3.519e3, 4.253e-1],
  ['ethylene_glycol', 40, 40, 1.6351e-3, 1.0414e3, 3.5978e3, 4.405e-1],
  ['propylene_glycol', 20, 5, 3.4941e-3, 1.0191e3, 3.9459e3, 4.7647e-1],
  ['propylene_glycol', 20, 20, 2.0301e-3, 1.0148e3, 3.9768e3, 4.9221e-1],
  ['propylene_glycol', 20, 40, 1.1693e-3, 1.0064e3, 4.019e3, 5.1228e-1],
  ['propylene_glycol', 40, 5, 8.9817e-3, 1.0401e3, 3.658e3, 3.9089e-1],
  ['propylene_glycol', 40, 20, 4.3838e-3, 1.0323e3, 3.7067e3, 4.0026e-1],
  ['propylene_glycol', 40, 40, 2.1408e-3, 1.0201e3, 3.7708e3, 4.1321e-1],
];

// Freezing points, °C, same source (mass %).
const FREEZING: Array<[GlycolKind, number, number]> = [
  ['ethylene_glycol', 20, -7.949],
  ['ethylene_glycol', 30, -14.576],
  ['ethylene_glycol', 40, -23.813],
  ['ethylene_glycol', 50, -35.994],
  ['propylene_glycol', 20, -7.173],
  ['propylene_glycol', 30, -12.789],
  ['propylene_glycol', 40, -20.568],
  ['propylene_glycol', 50, -32.193],
];

describe('glycolProperties (Melinder 2010)', () => {
  it.each(TABLE)(
    '%s %d %% at %d °C matches the published values within 0.1 %%',
    (kind, x, t, mu, rho, cp, lambda) => {
      const p = glycolProperties(kind, x, t);
      expect(rel(p.rho, rho)).toBeLessThan(0.001);
      expect(rel(p.cp, cp)).toBeLessThan(0.001);
      expect(rel(p.lambda, lambda)).toBeLessThan(0.001);
      expect(rel(p.mu, mu)).toBeLessThan(0.001);
      expect(p.pr).toBeCloseTo((p.cp * p.mu) / p.lambda, 12);
    },
  );

  it.each(FREEZING)('%s %d %% freezes at %s °C (±0.01 K)', (kind, x, tf) => {
    expect(Math.abs(freezingPoint(kind, x) - tf)).toBeLessThan(0.01);
    expect(glycolProperties(kind, x, 20).tFreeze).toBeCloseTo(freezingPoint(kind, x), 12);
  });

  it('at zero glycol the fits meet pure water (IAPWS) within Melinder’s accuracy: the coefficients are transcribed right', () => {
    for (const kind of ['ethylene_glycol', 'propylene_glycol'] as const) {
      for (const t of [5, 20, 40, 60, 80]) {
        const f = fitAt(kind, 0, t),
          w = waterProperties(t, 0.101325);
        expect(rel(f.rho, w.rho), `${kind} ρ ${t}`).toBeLessThan(0.003);
        expect(rel(f.cp, w.cp * 1000), `${kind} cp ${t}`).toBeLessThan(0.006);
        expect(rel(f.lambda, w.lambda), `${kind} λ ${t}`).toBeLessThan(0.02);
        expect(rel(f.mu, w.mu), `${kind} μ ${t}`).toBeLessThan(0.03);
      }
      expect(Math.abs(fitAt(kind, 0, 20).tFreeze)).toBeLessThan(0.05);
    }
  });

  it('a glycol solution is denser, more viscous, holds less heat and conducts less than water', () => {
    const w = waterProperties(20, 0.101325);
    const eg = glycolProperties('ethylene_glycol', 30, 20),
      pg = glycolProperties('propylene_glycol', 30, 20);
    for (const g of [eg, pg]) {
      expect(g.rho).toBeGreaterThan(w.rho);
      expect(g.mu).toBeGreaterThan(1.5 * w.mu);
      expect(g.cp).toBeLessThan(w.cp * 1000);
      expect(g.lambda).toBeLessThan(w.lambda);
    }
    expect(pg.mu).toBeGreaterThan(eg.mu);
  });

  it('refuses a concentration outside 20-50 % by mass, naming it with the range', () => {
    for (const x of [19.9, 50.1, 0, -5, 1e308, Number.NaN, Number.POSITIVE_INFINITY]) {
      try {
        glycolProperties('ethylene_glycol', x, 20);
        expect.unreachable(String(x));
      } catch (e) {
        expect(e).toBeInstanceOf(GlycolRangeError);
        const g = e as GlycolRangeError;
        expect([g.quantity, g.min, g.max, g.unit]).toEqual([
          'concentration',
          CONCENTRATION.min,
          CONCENTRATION.max,
          '%',
        ]);
      }
    }
  });

  it('refuses a temperature below freezing + margin or above 100 °C, naming the bounds (no extrapolation)', () => {
    const tMin = minTemperature('propylene_glycol', 30);
    expect(tMin).toBeCloseTo(-12.789 + FREEZE_MARGIN, 0);
    expect(glycolProperties('propylene_glycol', 30, tMin).t).toBe(tMin);
    expect(glycolProperties('propylene_glycol', 30, T_MAX).t).toBe(T_MAX);
    for (const t of [tMin - 0.1, -40, 100.1, 1e308, -1e308, Number.NaN]) {
      try {
        glycolProperties('propylene_glycol', 30, t);
        expect.unreachable(String(t));
      } catch (e) {
        expect(e).toBeInstanceOf(GlycolRangeError);
        const g = e as GlycolRangeError;
        expect([g.quantity, g.max, g.unit]).toEqual(['temperature', T_MAX, '°C']);
        expect(g.min).toBeCloseTo(tMin, 2);
      }
    }
  });

  it('every answer in the offered range is finite and physical', () => {
    for (const kind of ['ethylene_glycol', 'propylene_glycol'] as const) {
      for (let x = 20; x <= 50; x += 5) {
        for (let t = Math.ceil(minTemperature(kind, x)); t <= 100; t += 7) {
          const p = glycolProperties(kind, x, t);
          for (const v of [p.rho, p.cp, p.lambda, p.mu, p.pr])
            expect(Number.isFinite(v) && v > 0).toBe(true);
          expect(p.rho).toBeGreaterThan(950);
          expect(p.rho).toBeLessThan(1100);
        }
      }
    }
  });
});
