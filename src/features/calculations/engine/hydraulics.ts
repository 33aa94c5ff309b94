// Pump against system: the system curve from the static head through the duty point, the
// operating point, the speed that puts the curve through the duty point, impeller trimming and
// identical pumps in parallel. Every solver works inside the allowed range and answers null when
// there is no solution there (never an extrapolated number).
import { div } from './explain.ts';
import { brent } from './numeric.ts';
import type { PreparedPump } from './curve.ts';

export interface SystemCurve {
  hStatic: number;
  /** k in m/(m³/h)². */
  k: number;
}

/** H_sys = H_st + k·Q², k = (H_d − H_st)/Q_d². Null when the duty is not above the static head. */
export function systemCurve(qD: number, hD: number, hStatic: number): SystemCurve | null {
  if (!(qD > 0) || !(hD > 0) || !(hStatic >= 0) || !(hD > hStatic)) return null;
  return { hStatic, k: div(hD - hStatic, qD * qD) };
}

export const systemHead = (s: SystemCurve, q: number): number => s.hStatic + s.k * q * q;

/**
 * The largest root of f on [lo, hi]: scans for the last sign change, then Brent inside it. With a
 * flat-topped pump curve this picks the stable intersection (the one at the higher flow).
 */
export function lastRoot(f: (x: number) => number, lo: number, hi: number, steps = 32): number | null {
  if (!(hi > lo)) return null;
  let xR = hi;
  let fR = f(hi);
  if (fR === 0) return hi;
  for (let i = steps - 1; i >= 0; i--) {
    const xL = lo + ((hi - lo) * i) / steps;
    const fL = f(xL);
    if (!Number.isFinite(fL) || !Number.isFinite(fR)) return null;
    if (fL === 0) return xL;
    if (fL * fR < 0) return brent(f, xL, xR);
    xR = xL;
    fR = fL;
  }
  return null;
}

/** Head of N identical pumps in parallel at speed r: H_N(Q) = r²·H₀(Q/(N·r)). */
export function parallelHead(p: PreparedPump, q: number, n = 1, r = 1): number {
  return r * r * p.head.at(q / (n * r));
}

/** Operating point of N pumps in parallel at speed r on the system curve (total flow), or null. */
export function operatingPoint(p: PreparedPump, sys: SystemCurve, n = 1, r = 1): { q: number; h: number } | null {
  if (!(n >= 1) || !(r > 0)) return null;
  const f = (q: number) => parallelHead(p, q, n, r) - systemHead(sys, q);
  const q = lastRoot(f, p.qMin * n * r, p.qMax * n * r);
  return q === null ? null : { q, h: systemHead(sys, q) };
}

/**
 * Speed ratio r at which the curve passes through (Q_d, H_d): r²·H₀(Q_d/r) = H_d, for r in
 * [rMin, 1] with Q_d/r inside the allowed range. The duty (Q_d, H_d) lies on the system curve, so
 * with static head the reduced-speed operating point is that duty — whereas scaling the full-speed
 * operating point by the affinity laws (Q·r, H·r²) leaves the system curve as soon as H_st > 0
 * (the MEASUR #3756 error; see oracles.test.ts). Load-profile points are solved the same way.
 */
export function speedForDuty(p: PreparedPump, qD: number, hD: number, rMin = 0.3, n = 1, tol = 1e-10): number | null {
  const qEach = qD / n;
  const lo = Math.max(rMin, qEach / p.qMax);
  const hi = Math.min(1, p.qMin > 0 ? qEach / p.qMin : 1);
  if (!(hi >= lo) || !(qEach > 0)) return null;
  return brent((r) => r * r * p.head.at(qEach / r) - hD, lo, hi, tol);
}

/**
 * Impeller trim (KSB method): the line through the origin and the duty point H = (H_d/Q_d)·Q meets
 * the full-diameter curve at (Q_t, H_t); D/D₀ = √(H_d/H_t). Null when not offered or outside the
 * allowed trim. The trimmed curve is H_D(Q) = x²·H₀(Q/x²) with x = D/D₀ (Q and H ∝ D²).
 */
export function trimForDuty(p: PreparedPump, qD: number, hD: number): { ratio: number; qT: number; hT: number } | null {
  const min = p.model.trim_min_ratio;
  if (!(min && min > 0 && min < 1) || !(qD > 0) || !(hD > 0)) return null;
  const slope = hD / qD;
  const q = lastRoot((x) => p.head.at(x) - slope * x, p.qMin, p.qMax);
  if (q === null) return null;
  const hT = p.head.at(q);
  const ratio = Math.sqrt(div(hD, hT, 0));
  if (!(ratio >= min && ratio <= 1)) return null;
  return { ratio, qT: q, hT };
}

/** Head of the trimmed pump at flow q (x = D/D₀), or null out of range. */
export function trimmedHead(p: PreparedPump, q: number, x: number): number | null {
  const q0 = q / (x * x);
  if (q0 < p.qMin || q0 > p.qMax) return null;
  return x * x * p.head.at(q0);
}
