// A pump curve prepared once per model (the selection then only evaluates): H(Q), P(Q), η(Q) and
// NPSHr(Q) at nominal speed, each a least-squares quadratic (or cubic) when it represents the
// manufacturer's points faithfully, otherwise a monotone cubic (PCHIP) through the points. Curves
// are only evaluated inside the allowed range [Q_min, Q_max]: outside it the answer is "out of range",
// never an extrapolated number.
import { div, G } from './explain.ts';
import { maxOn, pchipEval, pchipSlopes, polyfit, polyval } from './numeric.ts';
import { validateCurve, type CurveError } from '#features/catalogue/pump-data.ts';
import type { PumpModel } from './types.ts';

// The rule a catalogue curve meets lives with the catalogue (it checks every imported pump).
export { validateCurve, type CurveError };

export interface Series {
  kind: 'poly2' | 'poly3' | 'pchip';
  coeffs: number[];
  xs: number[];
  ys: number[];
  slopes: number[];
  maxResidual: number;
  at(q: number): number;
}

/** Reference density of catalogue curves (manufacturers test with cold water). */
export const RHO_REF = 1000;

/**
 * Fits a series: quadratic, then cubic, accepted when the largest residual is within the tolerance
 * (and, for head, the fit does not rise by more than 1 % of the head anywhere in range — real curves
 * are flat near shut-off); otherwise PCHIP through the points.
 */
export function fitSeries(
  xs: number[],
  ys: number[],
  tolerance: number,
  decreasing = false,
): Series {
  const lo = xs[0]!;
  const hi = xs[xs.length - 1]!;
  for (const degree of [2, 3]) {
    if (xs.length < degree + 2) continue;
    const c = polyfit(xs, ys, degree);
    if (!c) continue;
    const res = Math.max(...xs.map((x, i) => Math.abs(polyval(c, x) - ys[i]!)));
    if (res > tolerance) continue;
    if (decreasing && !fitDecreases(c, lo, hi, Math.max(...ys))) continue;
    return {
      kind: degree === 2 ? 'poly2' : 'poly3',
      coeffs: c,
      xs,
      ys,
      slopes: [],
      maxResidual: res,
      at: (q) => polyval(c, q),
    };
  }
  const slopes = pchipSlopes(xs, ys);
  return {
    kind: 'pchip',
    coeffs: [],
    xs,
    ys,
    slopes,
    maxResidual: 0,
    at: (q) => pchipEval(xs, ys, slopes, q),
  };
}

function fitDecreases(c: number[], lo: number, hi: number, hMax: number): boolean {
  let peak = polyval(c, lo);
  let prev = peak;
  for (let i = 1; i <= 40; i++) {
    const y = polyval(c, lo + ((hi - lo) * i) / 40);
    if (y > peak) peak = y;
    if (y > prev && y - polyval(c, lo) > 0.01 * hMax) return false;
    prev = y;
  }
  return polyval(c, hi) < polyval(c, lo);
}

export interface PreparedPump {
  model: PumpModel;
  qMin: number;
  qMax: number;
  head: Series;
  /** Shaft power P2 at nominal speed and ρ_ref, kW (from P2 points, P1·η_motor, or ρgQH/η). */
  power: Series;
  powerBasis: 'p2' | 'p1' | 'eta';
  npshr: Series | null;
  bep: { q: number; eta: number };
  /** Largest P2 over the allowed range at nominal speed and ρ_ref, kW. */
  p2MaxKw: number;
}

/** Pump efficiency at nominal speed and flow q (ρ_ref basis), 0..1. */
export function etaAt(p: PreparedPump, q: number): number {
  const pHyd = (RHO_REF * G * (q / 3600) * p.head.at(q)) / 1000;
  const eta = div(pHyd, p.power.at(q));
  return Math.min(0.95, Math.max(0, eta));
}

/** Prepares a pump or returns its curve errors. */
export function preparePump(
  model: PumpModel,
): { ok: true; pump: PreparedPump } | { ok: false; errors: CurveError[] } {
  const errors = validateCurve(model.curve, model.q_min_m3h, model.q_max_m3h);
  if (errors.length) return { ok: false, errors };
  const pts = model.curve;
  const qMin = model.q_min_m3h ?? pts[0]!.q_m3h;
  const qMax = model.q_max_m3h ?? pts[pts.length - 1]!.q_m3h;
  const xs = pts.map((p) => p.q_m3h);
  const hs = pts.map((p) => p.h_m);
  const hTol = Math.max(0.2, 0.02 * Math.max(...hs));
  // Head is fitted on the points of the allowed range only (the rising part below it is excluded).
  const inRange = pts.filter((p) => p.q_m3h >= qMin && p.q_m3h <= qMax);
  const head = fitSeries(
    inRange.map((p) => p.q_m3h),
    inRange.map((p) => p.h_m),
    hTol,
    true,
  );
  const basis: PreparedPump['powerBasis'] = pts.every((p) => (p.p2_kw ?? 0) > 0)
    ? 'p2'
    : pts.every((p) => (p.p1_kw ?? 0) > 0)
      ? 'p1'
      : 'eta';
  const motorEta = model.motor.eta > 0 && model.motor.eta <= 1 ? model.motor.eta : 1;
  const p2s = pts.map((p) =>
    basis === 'p2'
      ? p.p2_kw!
      : basis === 'p1'
        ? p.p1_kw! * motorEta
        : div(RHO_REF * G * (p.q_m3h / 3600) * p.h_m, (p.eta ?? 1) * 1000),
  );
  const power = fitSeries(xs, p2s, Math.max(0.03 * Math.max(...p2s), 1e-6));
  const withNpsh = pts.filter((p) => typeof p.npshr_m === 'number' && p.npshr_m > 0);
  const npshr =
    withNpsh.length >= 3 && withNpsh.every((p, i) => i === 0 || p.q_m3h > withNpsh[i - 1]!.q_m3h)
      ? fitSeries(
          withNpsh.map((p) => p.q_m3h),
          withNpsh.map((p) => p.npshr_m!),
          Math.max(0.1, 0.05 * Math.max(...withNpsh.map((p) => p.npshr_m!))),
        )
      : null;
  const prepared: PreparedPump = {
    model,
    qMin,
    qMax,
    head,
    power,
    powerBasis: basis,
    npshr,
    bep: { q: qMin, eta: 0 },
    p2MaxKw: 0,
  };
  const bep = maxOn((q) => etaAt(prepared, q), Math.max(qMin, 1e-9), qMax);
  prepared.bep = { q: bep.x, eta: bep.y };
  prepared.p2MaxKw = maxOn((q) => prepared.power.at(q), qMin, qMax).y;
  return { ok: true, pump: prepared };
}

export type CurveValue =
  | { inRange: false }
  | { inRange: true; h_m: number; p2_kw: number; eta: number; npshr_m: number | null };

/** The curve at flow q and speed ratio r (affinity laws); out of range outside [Q_min, Q_max]·r. */
export function curveAt(p: PreparedPump, q: number, r = 1, rho = RHO_REF): CurveValue {
  if (!(r > 0) || !Number.isFinite(q)) return { inRange: false };
  const q0 = q / r;
  if (q0 < p.qMin - 1e-9 || q0 > p.qMax + 1e-9) return { inRange: false };
  // Head and power at the similar point are evaluated once; η from them as etaAt does.
  const h0 = p.head.at(q0);
  const p0 = p.power.at(q0);
  const eta = Math.min(0.95, Math.max(0, div((RHO_REF * G * (q0 / 3600) * h0) / 1000, p0)));
  return {
    inRange: true,
    h_m: h0 * r * r,
    p2_kw: p0 * r ** 3 * (rho / RHO_REF),
    eta,
    npshr_m: p.npshr ? p.npshr.at(q0) * r * r : null,
  };
}

/**
 * The pump with its impeller trimmed to x = D/D₀ (x ≤ 1): Q ∝ x², H ∝ x², P ∝ x⁴ at similar
 * points, efficiency kept (a few points are lost for large trims; the allowed trim limits that).
 */
export function trimmedPump(p: PreparedPump, x: number): PreparedPump {
  const x2 = x * x;
  const scale = (s: Series, f: number): Series => ({ ...s, at: (q: number) => f * s.at(q / x2) });
  return {
    ...p,
    qMin: p.qMin * x2,
    qMax: p.qMax * x2,
    head: scale(p.head, x2),
    power: scale(p.power, x2 * x2),
    npshr: p.npshr ? scale(p.npshr, 1) : null,
    bep: { q: p.bep.q * x2, eta: p.bep.eta },
    p2MaxKw: p.p2MaxKw * x2 * x2,
  };
}
