// The operating point's arithmetic against figures computed here by hand from the formulas: units,
// the curve's point at the live flow (and at the measured speed by the affinity laws), efficiency
// and power, the drift thresholds (at the limit: no warning; past it: a warning), the yearly energy
// cost, and the "no live data" state for stale, missing and not-good values (never NaN).
import { describe, expect, it } from 'vitest';
import {
  curveAtSpeed,
  interpolate,
  operatingPoint,
  type Measured,
  type PumpDesign,
} from './oppoint.ts';

const G = 9.80665;
const RHO = 998;
// Hydraulic power in kW: rho*g*Q*H with Q in m3/h.
const phyd = (q: number, h: number) => (RHO * G * (q / 3600) * h) / 1000;
const P2D = phyd(50, 30) / 0.7;
const P1D = P2D / 0.9;

const design: PumpDesign = {
  q_m3h: 50,
  h_m: 30,
  eta: 0.7,
  p1_kw: P1D,
  p2_kw: P2D,
  rho_kg_m3: RHO,
  speed_rpm: 1450,
  curve: { q_m3h: [0, 50, 100], h_m: [40, 30, 10], eta: [0, 0.7, 0.5], p2_kw: [3, P2D, 9] },
};

const at = '2026-11-28T03:00:00.000Z';
const m = (
  q: number | null,
  h: number | null,
  p: number | null = null,
  over: Partial<Measured> = {},
): Measured => ({
  flow: { value: q, quality: 'g', unit: 'm3/h' },
  head: { value: h, quality: 'g', unit: 'm' },
  power: p === null ? null : { value: p, quality: 'g', unit: 'kW' },
  speed: null,
  at,
  fresh: true,
  ...over,
});

/** Every number inside a value (JSON would hide a NaN or an infinity as null). */
const numbers = (x: unknown): number[] =>
  typeof x === 'number' ? [x] : x && typeof x === 'object' ? Object.values(x).flatMap(numbers) : [];

const live = (r: ReturnType<typeof operatingPoint>) => {
  if (r.state !== 'live') throw new Error(`not live: ${JSON.stringify(r)}`);
  return r;
};

describe('operating point', () => {
  it('at the design point with its power: no drift, no warning, no extra energy', () => {
    const r = live(operatingPoint(design, m(50, 30, P1D), 6.5));
    expect(r.live.q_m3h).toBe(50);
    expect(r.live.h_m).toBe(30);
    expect(r.live.eta).toBeCloseTo(0.7, 9);
    expect(r.deviation.q_pct).toBe(0);
    expect(r.deviation.h_pct).toBe(0);
    expect(r.deviation.eta_points).toBeCloseTo(0, 9);
    expect(r.warnings).toEqual([]);
    expect(r.energy.extra_kw).toBeCloseTo(0, 9);
    expect(r.energy.cost_rub_year).toBeCloseTo(0, 6);
    expect(r.power_basis).toBe('measured');
    expect(r.onCurve).toEqual({ h_m: 30, eta: 0.7, p2_kw: P2D });
    expect(r.explanation.formulas.map((f) => f.id)).toEqual([
      'curve',
      'hydraulic',
      'eta_measured',
      'deviation',
      'energy',
    ]);
  });

  it('flow and head exactly 10 % off do not warn; past 10 % they do', () => {
    const at10 = live(operatingPoint(design, m(55, 27, P1D), 6.5));
    expect(at10.deviation.q_pct).toBeCloseTo(10, 9);
    expect(at10.deviation.h_pct).toBeCloseTo(-10, 9);
    expect(at10.warnings.filter((w) => w !== 'eta')).toEqual([]);
    const past = live(operatingPoint(design, m(55.1, 26.9, P1D), 6.5));
    expect(past.warnings).toContain('flow');
    expect(past.warnings).toContain('head');
  });

  it('efficiency from the measured power: 5 points down does not warn, past 5 points does', () => {
    // eta = P_hyd/(P1*eta_m), eta_m = P2d/P1d = 0.9: the power that gives eta 0.65 exactly.
    const p65 = phyd(50, 30) / (0.65 * 0.9);
    const five = live(operatingPoint(design, m(50, 30, p65), 6.5));
    expect(five.live.eta).toBeCloseTo(0.65, 9);
    expect(five.deviation.eta_points).toBeCloseTo(-5, 9);
    expect(five.warnings).toEqual([]);
    const p64 = phyd(50, 30) / (0.64 * 0.9);
    const past = live(operatingPoint(design, m(50, 30, p64), 6.5));
    expect(past.warnings).toEqual(['eta']);
    // The extra power over a year at the tariff: (P1 - P1d)*8760*c.
    expect(past.energy.extra_kw).toBeCloseTo(p64 - P1D, 9);
    expect(past.energy.kwh_year).toBeCloseTo((p64 - P1D) * 8760, 6);
    expect(past.energy.cost_rub_year).toBeCloseTo((p64 - P1D) * 8760 * 6.5, 6);
    expect(past.energy.tariff_rub_kwh).toBe(6.5);
  });

  it('without measured power: the curve efficiency at the live flow and P1 from the hydraulic power', () => {
    const r = live(operatingPoint(design, m(75, 20), 5));
    // On the curve at 75 m3/h: H = 30 + (10 - 30)/2 = 20 m, eta = 0.7 + (0.5 - 0.7)/2 = 0.6.
    expect(r.onCurve!.h_m).toBeCloseTo(20, 9);
    expect(r.onCurve!.eta).toBeCloseTo(0.6, 9);
    const p1 = phyd(75, 20) / (0.6 * 0.9);
    expect(r.live.p1_kw).toBeCloseTo(p1, 9);
    expect(r.live.eta).toBeCloseTo(0.6, 9);
    expect(r.power_basis).toBe('hydraulic');
    expect(r.deviation.q_pct).toBeCloseTo(50, 9);
    expect(r.deviation.h_pct).toBeCloseTo(-33.333333, 5);
    expect(r.deviation.eta_points).toBeCloseTo(-10, 9);
    expect(r.warnings).toEqual(['flow', 'head', 'eta']);
    expect(r.energy.cost_rub_year).toBeCloseTo((p1 - P1D) * 8760 * 5, 6);
    expect(r.explanation.formulas.map((f) => f.id)).toContain('power_hydraulic');
  });

  it('converts the units explicitly: l/s, t/h, kPa, bar, MPa and W', () => {
    const dpKpa = (30 * RHO * G) / 1000;
    const a = live(
      operatingPoint(
        design,
        m(null, null, null, {
          flow: { value: 50 / 3.6, quality: 'g', unit: 'l/s' },
          head: { value: dpKpa, quality: 'g', unit: 'kPa' },
          power: { value: P1D * 1000, quality: 'g', unit: 'W' },
        }),
        6.5,
      ),
    );
    expect(a.live.q_m3h).toBeCloseTo(50, 9);
    expect(a.live.h_m).toBeCloseTo(30, 9);
    expect(a.live.p1_kw).toBeCloseTo(P1D, 9);
    expect(a.warnings).toEqual([]);
    expect(a.explanation.formulas.map((f) => f.id)).toEqual(
      expect.arrayContaining(['flow', 'head_dp', 'power_w']),
    );
    const b = live(
      operatingPoint(
        design,
        m(null, null, null, {
          flow: { value: (50 * RHO) / 1000, quality: 'g', unit: 't/h' },
          head: { value: dpKpa / 100, quality: 'g', unit: 'bar' },
        }),
        6.5,
      ),
    );
    expect(b.live.q_m3h).toBeCloseTo(50, 9);
    expect(b.live.h_m).toBeCloseTo(30, 9);
    const c = live(
      operatingPoint(
        design,
        m(50, null, null, { head: { value: dpKpa / 1000, quality: 'g', unit: 'MPa' } }),
        6.5,
      ),
    );
    expect(c.live.h_m).toBeCloseTo(30, 9);
  });

  it('moves the curve to the measured speed by the affinity laws', () => {
    // k = 1305/1450 = 0.9: the design point moves to Q = 45, H = 0.81*30 = 24.3, same efficiency.
    const r = live(
      operatingPoint(design, m(45, 24.3, null, { speed: { value: 1305, quality: 'g' } }), 6.5),
    );
    expect(r.onCurve!.h_m).toBeCloseTo(24.3, 9);
    expect(r.onCurve!.eta).toBeCloseTo(0.7, 9);
    expect(r.onCurve!.p2_kw).toBeCloseTo(P2D * 0.729, 9);
    expect(r.live.speed_rpm).toBe(1305);
    expect(r.curve_at_speed!.q_m3h).toEqual([0, 45, 90]);
    expect(live(operatingPoint(design, m(50, 30), 6.5)).curve_at_speed).toBeNull();
    expect(r.explanation.formulas.map((f) => f.id)).toContain('affinity');
    expect(r.explanation.steps.find((s) => s.id === 'k')!.value).toBeCloseTo(0.9, 12);
    const c = curveAtSpeed(design.curve, 0.5);
    expect(c.q_m3h).toEqual([0, 25, 50]);
    expect(c.h_m).toEqual([10, 7.5, 2.5]);
    expect(curveAtSpeed(design.curve, 1)).toBe(design.curve);
  });

  it('off the curve range: no curve point, the design efficiency stands in', () => {
    const r = live(operatingPoint(design, m(120, 5), 6.5));
    expect(r.onCurve).toBeNull();
    expect(r.live.eta).toBe(0.7);
    expect(numbers(r).every(Number.isFinite)).toBe(true);
  });

  it('stale, missing or not-good values give "no live data", never a number', () => {
    expect(operatingPoint(design, m(50, 30, null, { fresh: false }), 6.5)).toMatchObject({
      state: 'no-data',
      reason: 'stale',
      at,
    });
    for (const bad of [
      m(50, 30, null, { fresh: false, flow: { value: Number.NaN, quality: 'g', unit: 'm3/h' } }),
      m(null, 30),
      m(50, null),
      m(Number.NaN, 30),
      m(50, Number.POSITIVE_INFINITY),
      m(50, 30, null, { flow: { value: 50, quality: 'n', unit: 'm3/h' } }),
      m(50, 30, null, { head: { value: 30, quality: 's', unit: 'm' } }),
      m(50, 30, null, { power: { value: null, quality: 'n', unit: 'kW' } }),
      m(50, 30, null, { speed: { value: null, quality: 'g' } }),
      m(50, 30, null, { flow: { value: 50, quality: 'g', unit: 'gpm' as never } }),
    ]) {
      const r = operatingPoint(design, bad, 6.5);
      expect(r).toMatchObject({ state: 'no-data', reason: bad.fresh ? 'missing' : 'stale' });
      expect(numbers(r).every(Number.isFinite)).toBe(true);
      expect(r.design.q_m3h).toBe(50);
    }
    // A zero measured power (a stopped drive) is a finite efficiency of 0, not a division by zero.
    const stopped = live(operatingPoint(design, m(50, 30, 0), 6.5));
    expect(stopped.live.eta).toBe(0);
    expect(stopped.warnings).toEqual(['eta']);
  });

  it('interpolates linearly inside the range only', () => {
    expect(interpolate([0, 10], [0, 100], 2.5)).toBe(25);
    expect(interpolate([0, 10], [0, 100], 10)).toBe(100);
    expect(interpolate([0, 10], [0, 100], 0)).toBe(0);
    expect(interpolate([0, 10], [0, 100], 11)).toBeNull();
    expect(interpolate([0, 10], [0, 100], -1)).toBeNull();
    expect(interpolate([], [], 1)).toBeNull();
    expect(interpolate([0, 10], [0, 100], Number.NaN)).toBeNull();
    expect(interpolate([5, 5], [1, 2], 5)).toBe(2);
  });
});
