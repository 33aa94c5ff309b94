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
export function lastRoot(
  f: (x: number) => number,
  lo: number,
  hi: number,
  steps = 32,
): number | null {
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
export function operatingPoint(
  p: PreparedPump,
  sys: SystemCurve,
  n = 1,
  r = 1,
): { q: number; h: number } | null {
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
export function speedForDuty(
  p: PreparedPump,
  qD: number,
  hD: number,
  rMin = 0.3,
  n = 1,
  tol = 1e-10,
): number | null {
  const qEach = qD / n;
  const lo = Math.max(rMin, qEach / p.qMax);
  const hi = Math.min(1, p.qMin > 0 ? qEach / p.qMin : 1);
  if (!(hi >= lo) || !(qEach > 0)) return null;
  const c = p.head.coeffs;
  if (p.head.kind !== 'pchip' && c.length >= 3 && c.length <= 4)
    return polySpeed(c, qEach, hD, lo, hi, tol);
  return brent((r) => r * r * p.head.at(qEach / r) - hD, lo, hi, tol);
}

/**
 * The same root for a polynomial head H₀(x) = Σ aᵢxⁱ without evaluating the curve object:
 * g(r) = r²·H₀(q/r) − H_d = Σ aᵢqⁱ·r^(2−i) − H_d, solved by Newton's method kept inside the bracket
 * (a step that leaves it, or does not shrink it, is replaced by bisection). Same answer as Brent
 * on the same bracket, in 3–6 evaluations instead of 10–15; null when the bracket holds no root.
 */
function polySpeed(
  c: readonly number[],
  q: number,
  hD: number,
  lo: number,
  hi: number,
  tol: number,
): number | null {
  const k0 = c[0]!,
    k1 = c[1]! * q,
    k2 = c[2]! * q * q,
    k3 = c.length > 3 ? c[3]! * q * q * q : 0;
  const g = (r: number) => k0 * r * r + k1 * r + k2 + k3 / r - hD;
  let a = lo,
    b = hi;
  let ga = g(a),
    gb = g(b);
  if (!Number.isFinite(ga) || !Number.isFinite(gb)) return null;
  if (ga === 0) return a;
  if (gb === 0) return b;
  if (ga * gb > 0) return null;
  let r = ga < 0 && gb > 0 ? b - (gb * (b - a)) / (gb - ga) : (a + b) / 2;
  for (let i = 0; i < 100; i++) {
    const gr = g(r);
    if (gr === 0) return r;
    if (gr * ga < 0) {
      b = r;
      gb = gr;
    } else {
      a = r;
      ga = gr;
    }
    const d = 2 * k0 * r + k1 - k3 / (r * r);
    let next = d !== 0 ? r - gr / d : Number.NaN;
    if (!(next > a && next < b)) next = (a + b) / 2;
    if (Math.abs(next - r) <= tol / 2 + 2 * Number.EPSILON * Math.abs(r) || b - a <= tol)
      return next;
    r = next;
  }
  return r;
}

/**
 * Impeller trim (KSB method): the line through the origin and the duty point H = (H_d/Q_d)·Q meets
 * the full-diameter curve at (Q_t, H_t); D/D₀ = √(H_d/H_t). Null when not offered or outside the
 * allowed trim. The trimmed curve is H_D(Q) = x²·H₀(Q/x²) with x = D/D₀ (Q and H ∝ D²).
 */
export function trimForDuty(
  p: PreparedPump,
  qD: number,
  hD: number,
): { ratio: number; qT: number; hT: number } | null {
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
