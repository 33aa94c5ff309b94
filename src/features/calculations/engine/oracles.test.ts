// The §3.2 pump oracles of calculations.md (Wilo Cronoline-IL 80/220-4/4, least-squares quadratic,
// system H = 5 + k·Q² through 60 m³/h at 13 m) and the §3.5 electrical oracle. Tolerances are the
// precision the reference prints them with (last printed digit ± half a unit, or ±1 where the
// reference rounds an intermediate).
import { describe, expect, it } from 'vitest';
import { curveAt, RHO_REF } from './curve.ts';
import { powerAt } from './energy.ts';
import { operatingPoint, speedForDuty, systemCurve, trimForDuty } from './hydraulics.ts';
import { ratedCurrent } from './electrics.ts';
import { prepared } from './fixtures.test-helpers.ts';
import { G } from './explain.ts';

const pump = prepared();
const sys = systemCurve(60, 13, 5)!;

describe('§3.2 Cronoline oracles', () => {
  it('fits the quadratic of the reference within its stated residual', () => {
    expect(pump.head.kind).toBe('poly2');
    const [a0, a1, a2] = pump.head.coeffs as [number, number, number];
    // Reference: H = 16.682691 + 0.043429·Q − 0.001181·Q² (max residual 0.14 m).
    expect(Math.abs(a0 - 16.682691)).toBeLessThan(0.01);
    expect(Math.abs(a1 - 0.043429)).toBeLessThan(0.0005);
    expect(Math.abs(a2 - -0.001181)).toBeLessThan(0.000005);
    expect(pump.head.maxResidual).toBeLessThan(0.145);
    const [p0, p1, p2] = pump.power.coeffs as [number, number, number];
    expect(p0 * 1000).toBeCloseTo(1428.87, 0);
    expect(p1 * 1000).toBeCloseTo(42.2883, 2);
    expect(p2 * 1000).toBeCloseTo(-0.1867, 3);
  });

  it('system curve k = 0.0022222 through the duty point', () => {
    expect(sys.k).toBeCloseTo(0.0022222, 7);
  });

  it('operating point 65.32 m³/h at 14.48 m, P = 3394 W, ρgQH/P = 0.759', () => {
    const op = operatingPoint(pump, sys)!;
    expect(op.q).toBeCloseTo(65.32, 2);
    expect(op.h).toBeCloseTo(14.48, 2);
    const c = curveAt(pump, op.q, 1, RHO_REF);
    expect(c.inRange && c.p2_kw * 1000).toBeCloseTo(3394, -0.3);
    expect(c.inRange && c.eta).toBeCloseTo(0.759, 3);
  });

  it('speed for exact duty r = 0.9418 (1366 rpm), P at duty by affinity 2811 W', () => {
    const r = speedForDuty(pump, 60, 13)!;
    expect(r).toBeCloseTo(0.9418, 4);
    expect(r * 1450).toBeCloseTo(1366, -0.3);
    const pw = powerAt(pump, 60, r, {
      rho: RHO_REF,
      vfd: false,
      vfdEta: 1,
      smallPumpCorrection: false,
    })!;
    expect(pw.p2_kw * 1000).toBeCloseTo(2811, -0.3);
  });

  it('with static head the reduced-speed duty is solved on the system curve, not moved along the affinity parabola', () => {
    // The MEASUR #3756 error: take the full-speed operating point and scale it by r (Q·r, H·r²).
    const r = speedForDuty(pump, 60, 13)!;
    const full = operatingPoint(pump, sys)!;
    const wrong = { q: full.q * r, h: full.h * r * r };
    const right = operatingPoint(pump, sys, 1, r)!;
    expect(right.q).toBeCloseTo(60, 6);
    expect(right.h).toBeCloseTo(13, 6);
    expect(Math.abs(wrong.q - 60)).toBeGreaterThan(1.5); // 61.5 m³/h: off the system curve
    expect(Math.abs(wrong.h - (5 + sys.k * wrong.q ** 2))).toBeGreaterThan(0.3);
    // Half the flow on the system curve needs far more than half the speed when H_st = 5 m.
    const rHalf = speedForDuty(pump, 30, 5 + sys.k * 900)!;
    expect(rHalf * rHalf * pump.head.at(30 / rHalf)).toBeCloseTo(7, 6);
    expect(rHalf).toBeGreaterThan(0.6);
    expect(rHalf - 0.5 * r).toBeGreaterThan(0.1);
  });

  it('trim by the KSB line meets the curve at 66.32 m³/h, 14.37 m; D/D0 ≈ 0.951', () => {
    const t = trimForDuty(prepared(undefined, { trim_min_ratio: 0.8 }), 60, 13)!;
    expect(t.qT).toBeCloseTo(66.32, 2);
    expect(t.hT).toBeCloseTo(14.37, 2);
    expect(t.ratio).toBeCloseTo(0.951, 3);
    expect(trimForDuty(pump, 60, 13)).toBeNull(); // trimming not offered for this model
  });

  it('two identical pumps in parallel: 72.57 m³/h at 16.70 m', () => {
    const op = operatingPoint(pump, sys, 2)!;
    expect(op.q).toBeCloseTo(72.57, 2);
    expect(op.h).toBeCloseTo(16.7, 2);
  });

  it('hydraulic power uses g = 9.80665', () => {
    expect(G).toBe(9.80665);
  });
});

describe('§3.5 electrical oracle', () => {
  it('I_n = 7500/(√3·400·0.86·0.89) = 14.14 A', () => {
    expect(ratedCurrent({ p2_kw: 7.5, voltage_v: 400, cos_phi: 0.86, eta: 0.89 })).toBeCloseTo(
      14.14,
      2,
    );
  });
});
