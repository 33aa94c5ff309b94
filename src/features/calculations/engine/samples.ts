// Points for the charts of a selected pump (H-Q, η, P₂, NPSHr at the duty speed, the nominal curve,
// the system curve and the duty point), sampled inside the allowed range only.
import { curveAt, trimmedPump, type PreparedPump } from './curve.ts';
import { systemHead, type SystemCurve } from './hydraulics.ts';
import { viscousPump } from './viscosity.ts';

export interface CurveSamples {
  q_m3h: number[];
  h_m: number[];
  /** The nominal-speed curve at the same flows (null where that flow is outside its range). */
  h_nominal_m: Array<number | null>;
  eta: number[];
  p2_kw: number[];
  npshr_m: Array<number | null>;
  system_h_m: number[];
}

/**
 * Samples of pump p at speed ratio r. `nominal` is the curve drawn dashed for comparison (the
 * catalogue curve at nominal speed and full impeller; p itself by default); `through` adds these
 * flows (the duty flow) to the grid so the drawn curve passes exactly through the duty point.
 */
export function sampleCurves(
  p: PreparedPump,
  r: number,
  sys: SystemCurve | null,
  rho = 1000,
  n = 25,
  nominal: PreparedPump = p,
  through: number[] = [],
): CurveSamples {
  const s: CurveSamples = {
    q_m3h: [],
    h_m: [],
    h_nominal_m: [],
    eta: [],
    p2_kw: [],
    npshr_m: [],
    system_h_m: [],
  };
  const lo = p.qMin * r;
  const hi = p.qMax * r;
  const grid = Array.from({ length: n }, (_, i) => lo + ((hi - lo) * i) / (n - 1));
  const extra = through.filter(
    (q) => Number.isFinite(q) && q > lo && q < hi && grid.every((g) => Math.abs(g - q) > 1e-9 * hi),
  );
  for (const q of [...grid, ...extra].sort((a, b) => a - b)) {
    const c = curveAt(p, q, r, rho);
    if (!c.inRange) continue;
    s.q_m3h.push(q);
    s.h_m.push(c.h_m);
    s.h_nominal_m.push(q >= nominal.qMin && q <= nominal.qMax ? nominal.head.at(q) : null);
    s.eta.push(c.eta);
    s.p2_kw.push(c.p2_kw);
    s.npshr_m.push(c.npshr_m);
    s.system_h_m.push(sys ? systemHead(sys, q) : 0);
  }
  return s;
}

/**
 * The curves the pump actually runs at its duty: the catalogue pump trimmed to D/D₀ when the
 * selection trimmed it (Q ∝ x², H ∝ x², P ∝ x⁴, as the engine's trimmedPump) and at the duty speed
 * ratio, sampled through the duty flow; the dashed nominal curve is the catalogue one. A viscous
 * liquid (`nuMm2s`, a glycol solution) first corrects the water curves by ANSI/HI 9.6.7, as the
 * selection did, so the duty point lies on the drawn H-Q and η curves (both curves are then the
 * corrected ones).
 */
export function dutyCurves(
  water: PreparedPump,
  duty: { q_m3h: number; speed_ratio: number; trim_ratio: number | null },
  sys: SystemCurve | null,
  rho = 1000,
  n = 25,
  nuMm2s: number | null = null,
): CurveSamples {
  const base = (nuMm2s !== null && viscousPump(water, nuMm2s)) || water;
  const running =
    duty.trim_ratio !== null && duty.trim_ratio > 0 && duty.trim_ratio < 1
      ? trimmedPump(base, duty.trim_ratio)
      : base;
  return sampleCurves(running, duty.speed_ratio, sys, rho, n, base, [duty.q_m3h]);
}
