import { describe, expect, it } from 'vitest';
import { systemCurve } from './hydraulics.ts';
import { sampleCurves } from './samples.ts';
import { prepared } from './test-fixtures.ts';

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
