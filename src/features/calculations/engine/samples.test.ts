import { describe, expect, it } from 'vitest';
import { systemCurve } from './hydraulics.ts';
import { CRONOLINE_IL_80_220 } from './reference-curves.ts';
import { dutyCurves, sampleCurves } from './samples.ts';
import { selectPumps, type PumpSelectInput } from './select.ts';
import { prepared } from './fixtures.test-helpers.ts';

describe('chart samples', () => {
  const pump = prepared();
  it('samples the curve at the duty speed inside its range, with the system curve and the nominal curve', () => {
    const r = 0.9418;
    const s = sampleCurves(pump, r, systemCurve(60, 13, 5));
    expect(s.q_m3h.length).toBe(25);
    expect(s.q_m3h[0]).toBeCloseTo(pump.qMin * r, 9);
    expect(s.q_m3h.at(-1)).toBeCloseTo(pump.qMax * r, 9);
    s.q_m3h.forEach((q, i) => {
      expect(s.h_m[i]).toBeCloseTo(r * r * pump.head.at(q / r), 9);
      expect(s.system_h_m[i]).toBeCloseTo(5 + (8 / 3600) * q * q, 9);
      expect(s.eta[i]).toBeGreaterThanOrEqual(0);
    });
    // Below Q_min of the nominal curve there is no nominal value (null), never an extrapolation.
    expect(s.h_nominal_m[0]).toBeNull();
    expect(s.h_nominal_m.at(-1)).toBeCloseTo(pump.head.at(pump.qMax * r), 9);
    expect(s.npshr_m.every((x) => x === null)).toBe(true); // the reference curve has no NPSHr points
  });
});

/** The drawn polyline's value at x (linear between samples), as a chart shows it. */
function onPolyline(xs: number[], ys: Array<number | null>, x: number): number {
  const i = xs.findIndex((v, k) => k > 0 && v >= x);
  if (i < 1) throw new Error(`x ${x} outside the drawn curve ${xs[0]}…${xs.at(-1)}`);
  const [x0, x1, y0, y1] = [xs[i - 1]!, xs[i]!, ys[i - 1]!, ys[i]!];
  return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
}

describe('duty curves: the curve the pump runs passes through its operating point', () => {
  const C = CRONOLINE_IL_80_220;
  const base: PumpSelectInput = {
    q: 60,
    q_unit: 'm3/h',
    h: 11,
    h_unit: 'm',
    h_static: 2,
    temperature_c: 20,
    density_kg_m3: 1000,
  };
  it('a trimmed impeller: H-Q and η drawn for D/D₀, the operating point on both (0.5 %)', () => {
    const pump = prepared(C, { trim_min_ratio: 0.85 });
    const r = selectPumps([pump], base);
    const e = r.entities[0]!;
    expect(e.duty.trim_ratio).toBeGreaterThan(0.85);
    expect(e.duty.trim_ratio).toBeLessThan(0.99);
    const sys = systemCurve(60, 11, 2);
    const s = dutyCurves(pump, e.duty, sys);
    expect(Math.abs(onPolyline(s.q_m3h, s.h_m, e.duty.q_m3h) / e.duty.h_m - 1)).toBeLessThan(0.005);
    expect(Math.abs(onPolyline(s.q_m3h, s.eta, e.duty.q_m3h) / e.duty.eta - 1)).toBeLessThan(0.005);
    // Away from the duty flow too: every sample is the trim law x²·H₀(Q/x²), the nominal curve dashed beside it.
    const x2 = e.duty.trim_ratio! ** 2;
    s.q_m3h.forEach((q, i) => expect(s.h_m[i]).toBeCloseTo(x2 * pump.head.at(q / x2), 9));
    expect(s.q_m3h.at(-1)).toBeCloseTo(pump.qMax * x2, 9);
    // The untrimmed curve (what the chart drew before) misses the point by more than the tolerance.
    const untrimmed = sampleCurves(pump, e.duty.speed_ratio, sys);
    expect(
      Math.abs(onPolyline(untrimmed.q_m3h, untrimmed.h_m, e.duty.q_m3h) / e.duty.h_m - 1),
    ).toBeGreaterThan(0.02);
    // The nominal (dashed) curve is the catalogue one.
    s.q_m3h.forEach((q, i) =>
      q >= pump.qMin
        ? expect(s.h_nominal_m[i]).toBeCloseTo(pump.head.at(q), 9)
        : expect(s.h_nominal_m[i]).toBeNull(),
    );
  });
  it('speed control: drawn at n/n₀ through the duty point', () => {
    const pump = prepared(C);
    const e = selectPumps([pump], { ...base, h: 13, h_static: 5, speed_control: true })
      .entities[0]!;
    expect(e.duty.speed_ratio).toBeLessThan(1);
    const s = dutyCurves(pump, e.duty, systemCurve(60, 13, 5));
    expect(Math.abs(onPolyline(s.q_m3h, s.h_m, e.duty.q_m3h) / e.duty.h_m - 1)).toBeLessThan(0.005);
    expect(s.q_m3h.some((q) => q === e.duty.q_m3h)).toBe(true);
    expect(s.h_m.every(Number.isFinite) && s.eta.every(Number.isFinite)).toBe(true);
  });
  it('hostile duties give no NaN and no samples outside the range', () => {
    const pump = prepared(C);
    for (const q of [Number.NaN, -5, 1e308, Number.POSITIVE_INFINITY]) {
      const s = dutyCurves(
        pump,
        { q_m3h: q, speed_ratio: 1, trim_ratio: null },
        systemCurve(60, 13, 5),
      );
      expect(s.q_m3h.length).toBe(25);
      expect([...s.h_m, ...s.eta, ...s.p2_kw].every(Number.isFinite)).toBe(true);
    }
    expect(
      dutyCurves(pump, { q_m3h: 60, speed_ratio: 1, trim_ratio: Number.NaN }, null).h_m.every(
        Number.isFinite,
      ),
    ).toBe(true);
  });
});
