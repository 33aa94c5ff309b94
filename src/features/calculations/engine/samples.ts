// Points for the charts of a selected pump (H-Q, η, P₂, NPSHr at the duty speed, the nominal curve,
// the system curve and the duty point), sampled inside the allowed range only.
import { curveAt, type PreparedPump } from './curve.ts';
import { systemHead, type SystemCurve } from './hydraulics.ts';

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

export function sampleCurves(p: PreparedPump, r: number, sys: SystemCurve | null, rho = 1000, n = 25): CurveSamples {
  const s: CurveSamples = { q_m3h: [], h_m: [], h_nominal_m: [], eta: [], p2_kw: [], npshr_m: [], system_h_m: [] };
  const lo = p.qMin * r;
  const hi = p.qMax * r;
  for (let i = 0; i < n; i++) {
    const q = lo + ((hi - lo) * i) / (n - 1);
    const c = curveAt(p, q, r, rho);
    if (!c.inRange) continue;
    s.q_m3h.push(q);
    s.h_m.push(c.h_m);
    s.h_nominal_m.push(q >= p.qMin && q <= p.qMax ? p.head.at(q) : null);
    s.eta.push(c.eta);
    s.p2_kw.push(c.p2_kw);
    s.npshr_m.push(c.npshr_m);
    s.system_h_m.push(sys ? systemHead(sys, q) : 0);
  }
  return s;
}
