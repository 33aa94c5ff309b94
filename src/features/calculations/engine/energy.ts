// Power chain and annual energy. P₂ from the curve by the affinity laws with the efficiency moved
// with speed (η(Q, r) = η₀(Q/r); optionally the small-pump correction η' = 1 − (1 − η)·(n₀/n)^0.1),
// P₁ = P₂/(η_motor·η_VFD), E = Σ P₁·t over a load profile, LCC = price + discounted energy cost.
// The motor efficiency is taken constant at its rated value (part-load motor curves are not in
// the catalogue); the VFD efficiency is a constant 0.97 unless given.
import { div, G } from './explain.ts';
import { curveAt, etaAt, RHO_REF, type PreparedPump } from './curve.ts';
import type { SystemCurve } from './hydraulics.ts';
import { operatingPoint, speedForDuty, systemHead } from './hydraulics.ts';
import type { LoadPoint } from './types.ts';

export interface PowerOptions {
  rho: number;
  vfd: boolean;
  vfdEta: number;
  /** Apply η' = 1 − (1 − η)·(n₀/n)^0.1 at reduced speed. */
  smallPumpCorrection: boolean;
}

export interface PowerAt {
  eta: number;
  p2_kw: number;
  p1_kw: number;
}

const motorEtaOf = (p: PreparedPump): number =>
  p.model.motor.eta > 0 && p.model.motor.eta <= 1 ? p.model.motor.eta : 1;

/** Power at flow q (total of this pump) and speed ratio r, or null out of range. */
export function powerAt(p: PreparedPump, q: number, r: number, o: PowerOptions): PowerAt | null {
  const c = curveAt(p, q, r, o.rho);
  return c.inRange ? powerFrom(p, c, q, r, o) : null;
}

/** The power chain from a curve value already evaluated at (q, r) (screening evaluates the curve once). */
export function powerFrom(
  p: PreparedPump,
  c: { h_m: number; p2_kw: number; eta: number },
  q: number,
  r: number,
  o: PowerOptions,
): PowerAt {
  let eta = c.eta;
  let p2 = c.p2_kw;
  if (o.smallPumpCorrection && r < 1 && eta > 0) {
    eta = 1 - (1 - eta) * Math.pow(1 / r, 0.1);
    p2 = div(o.rho * G * (q / 3600) * c.h_m, Math.max(eta, 0.01) * 1000);
  }
  const p1 = div(p2, motorEtaOf(p) * (o.vfd ? o.vfdEta : 1));
  return { eta, p2_kw: p2, p1_kw: p1 };
}

export interface ProfileEnergy {
  kwh: number;
  clamped: boolean;
  /** Some low-flow points ran at the lowest speed that keeps the pump in its range, delivering more than asked. */
  surplus: boolean;
  /** Some points are beyond what the pump reaches at full speed: counted at the full-speed operating point. */
  unreachable: boolean;
  points: Array<{
    q_m3h: number;
    h_m: number;
    speed_ratio: number;
    p1_kw: number;
    hours: number;
    asked_q_m3h: number;
    state: LoadPointState;
  }>;
}

/** How a load point was met: at the speed that meets it, at the lowest usable speed with a surplus, or not at all. */
export type LoadPointState = 'met' | 'surplus' | 'unreachable' | 'clamped';

/**
 * Where a speed-controlled pump runs when no speed in [r_min, 1] puts its curve through (q, H_sys(q)):
 * below the design flow, the lowest speed at which the pump still sits on the system curve inside
 * its allowed range with at least that flow (flow and head above what was asked: the surplus is
 * bypassed or throttled); above it, full speed when the full-speed operating point falls short
 * (the point is unreachable). Null when neither applies (the caller counts the design duty).
 */
export function fallbackPoint(
  p: PreparedPump,
  q: number,
  qD: number,
  sys: SystemCurve,
  rMin: number,
): { q: number; r: number; state: 'surplus' | 'unreachable' } | null {
  if (q < qD) {
    // On the system curve the similar flow Q/r grows with r (static head), so the lowest usable
    // speed is where Q/r = Q_min: r²·H₀(Q_min) = H_st + k·(Q_min·r)² → r = √(H_st/(H₀(Q_min) − k·Q_min²)).
    const den = p.head.at(p.qMin) - sys.k * p.qMin * p.qMin;
    const usable = (r: number) => {
      const op = operatingPoint(p, sys, 1, r);
      return op && op.q >= q && op.q <= qD * (1 + 1e-9) ? op : null;
    };
    // The closed form first (a hair inside the range); else bisection on r up to full speed
    // (the operating flow grows with r, so "usable" holds from some r on).
    let lo =
      den > 0
        ? Math.min(1, Math.max(rMin, Math.sqrt(Math.max(0, sys.hStatic) / den) * (1 + 1e-9)))
        : rMin;
    const first = usable(lo);
    if (first) return { q: first.q, r: lo, state: 'surplus' };
    let hi = 1;
    let best = usable(hi);
    if (!best) return null;
    for (let i = 0; i < 30 && hi - lo > 1e-6; i++) {
      const mid = (lo + hi) / 2;
      const op = usable(mid);
      if (op) {
        hi = mid;
        best = op;
      } else lo = mid;
    }
    return { q: best.q, r: hi, state: 'surplus' };
  }
  const full = operatingPoint(p, sys, 1, 1);
  return full && full.q < q ? { q: full.q, r: 1, state: 'unreachable' } : null;
}

/**
 * Annual energy over a load profile. With speed control each flow sits on the system curve at the
 * speed that reaches it; a flow no speed down to r_min reaches is met at the lowest usable speed
 * (surplus said) or, above what full speed gives, counted at the full-speed operating point and
 * marked unreachable — never at full speed for a low flow. Without control the pump runs at its
 * fixed speed throttled to the flow (the curve at that flow); flows outside the allowed range are
 * clamped to it (minimum-flow bypass, maximum flow) and flagged.
 */
export function profileEnergy(
  p: PreparedPump,
  qD: number,
  sys: SystemCurve,
  profile: LoadPoint[],
  o: PowerOptions & { rMin: number; fixedRatio: number },
  withPoints = true,
): ProfileEnergy {
  let kwh = 0;
  let clamped = false;
  let surplus = false;
  let unreachable = false;
  const points: ProfileEnergy['points'] = [];
  for (const lp of profile) {
    if (!(lp.hours > 0) || !(lp.flow_ratio > 0)) continue;
    const asked = lp.flow_ratio * qD;
    let q = asked;
    let state: LoadPointState = 'met';
    // 1e-7 on the speed ratio is far below any figure shown; a looser tolerance halves the iterations.
    let r = o.vfd ? speedForDuty(p, q, systemHead(sys, q), o.rMin, 1, 1e-7) : null;
    if (r === null && o.vfd) {
      const f = fallbackPoint(p, q, qD, sys, o.rMin);
      if (f) {
        r = f.r;
        q = f.q;
        state = f.state;
      } else {
        // Neither a lower speed nor full speed gives an operating point for it: counted at the design duty.
        q = qD;
        r = speedForDuty(p, qD, systemHead(sys, qD), o.rMin, 1, 1e-7) ?? 1;
        state = 'unreachable';
      }
      if (state === 'surplus') surplus = true;
      else unreachable = true;
    }
    if (r === null) {
      r = o.fixedRatio;
      const lo = p.qMin * r;
      const hi = p.qMax * r;
      if (q < lo || q > hi) {
        clamped = true;
        state = 'clamped';
        q = Math.min(hi, Math.max(lo, q));
      }
    }
    if (!withPoints && !o.smallPumpCorrection) {
      // Ranking by energy needs only P₁: P₂ = P₀(Q/r)·r³·ρ/ρ_ref, no η or head evaluation.
      const q0 = q / r;
      if (q0 < p.qMin - 1e-9 || q0 > p.qMax + 1e-9) continue;
      kwh +=
        div(p.power.at(q0) * r ** 3 * (o.rho / RHO_REF), motorEtaOf(p) * (o.vfd ? o.vfdEta : 1)) *
        lp.hours;
      continue;
    }
    const pw = powerAt(p, q, r, o);
    if (!pw) continue;
    kwh += pw.p1_kw * lp.hours;
    if (!withPoints) continue;
    const h = curveAt(p, q, r, o.rho);
    points.push({
      q_m3h: q,
      h_m: h.inRange ? h.h_m : 0,
      speed_ratio: r,
      p1_kw: pw.p1_kw,
      hours: lp.hours,
      asked_q_m3h: asked,
      state,
    });
  }
  return { kwh, clamped, surplus, unreachable, points };
}

/** Life-cycle cost in kopecks: initial price + energy cost over `years`, discounted at `rate`. */
export function lifeCycleCost(
  priceKop: number,
  kwhPerYear: number,
  kopPerKwh: number,
  years: number,
  rate: number,
): number {
  let total = priceKop;
  const yearly = kwhPerYear * kopPerKwh;
  for (let y = 1; y <= Math.min(50, Math.max(0, Math.floor(years))); y++)
    total += div(yearly, (1 + Math.max(0, rate)) ** y);
  return Math.round(total);
}

/** Hydraulic power ρ·g·Q·H in kW. */
export const hydraulicPowerKw = (rho: number, qM3h: number, hM: number): number =>
  (rho * G * (qM3h / 3600) * hM) / 1000;

export { etaAt, RHO_REF };
