// Power chain and annual energy. P₂ from the curve by the affinity laws with the efficiency moved
// with speed (η(Q, r) = η₀(Q/r); optionally the small-pump correction η' = 1 − (1 − η)·(n₀/n)^0.1),
// P₁ = P₂/(η_motor·η_VFD), E = Σ P₁·t over a load profile, LCC = price + discounted energy cost.
// The motor efficiency is taken constant at its rated value (part-load motor curves are not in
// the catalogue); the VFD efficiency is a constant 0.97 unless given.
import { div, G } from './explain.ts';
import { curveAt, etaAt, RHO_REF, type PreparedPump } from './curve.ts';
import type { SystemCurve } from './hydraulics.ts';
import { speedForDuty, systemHead } from './hydraulics.ts';
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

const motorEtaOf = (p: PreparedPump): number => (p.model.motor.eta > 0 && p.model.motor.eta <= 1 ? p.model.motor.eta : 1);

/** Power at flow q (total of this pump) and speed ratio r, or null out of range. */
export function powerAt(p: PreparedPump, q: number, r: number, o: PowerOptions): PowerAt | null {
  const c = curveAt(p, q, r, o.rho);
  return c.inRange ? powerFrom(p, c, q, r, o) : null;
}

/** The power chain from a curve value already evaluated at (q, r) (screening evaluates the curve once). */
export function powerFrom(p: PreparedPump, c: { h_m: number; p2_kw: number; eta: number }, q: number, r: number, o: PowerOptions): PowerAt {
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
  points: Array<{ q_m3h: number; h_m: number; speed_ratio: number; p1_kw: number; hours: number }>;
}

/**
 * Annual energy over a load profile. With speed control each flow sits on the system curve at the
 * speed that reaches it; below the minimum speed (or without control) the pump runs at its fixed
 * speed and is throttled to the flow (the curve at that flow). Flows outside the allowed range are
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
  const points: ProfileEnergy['points'] = [];
  for (const lp of profile) {
    if (!(lp.hours > 0) || !(lp.flow_ratio > 0)) continue;
    let q = lp.flow_ratio * qD;
    // 1e-7 on the speed ratio is far below any figure shown; a looser tolerance halves the iterations.
    let r = o.vfd ? speedForDuty(p, q, systemHead(sys, q), o.rMin, 1, 1e-7) : null;
    if (r === null) {
      r = o.fixedRatio;
      const lo = p.qMin * r;
      const hi = p.qMax * r;
      if (q < lo || q > hi) {
        clamped = true;
        q = Math.min(hi, Math.max(lo, q));
      }
    }
    if (!withPoints && !o.smallPumpCorrection) {
      // Ranking by energy needs only P₁: P₂ = P₀(Q/r)·r³·ρ/ρ_ref, no η or head evaluation.
      const q0 = q / r;
      if (q0 < p.qMin - 1e-9 || q0 > p.qMax + 1e-9) continue;
      kwh += div(p.power.at(q0) * r ** 3 * (o.rho / RHO_REF), motorEtaOf(p) * (o.vfd ? o.vfdEta : 1)) * lp.hours;
      continue;
    }
    const pw = powerAt(p, q, r, o);
    if (!pw) continue;
    kwh += pw.p1_kw * lp.hours;
    if (!withPoints) continue;
    const h = curveAt(p, q, r, o.rho);
    points.push({ q_m3h: q, h_m: h.inRange ? h.h_m : 0, speed_ratio: r, p1_kw: pw.p1_kw, hours: lp.hours });
  }
  return { kwh, clamped, points };
}

/** Life-cycle cost in kopecks: initial price + energy cost over `years`, discounted at `rate`. */
export function lifeCycleCost(priceKop: number, kwhPerYear: number, kopPerKwh: number, years: number, rate: number): number {
  let total = priceKop;
  const yearly = kwhPerYear * kopPerKwh;
  for (let y = 1; y <= Math.min(50, Math.max(0, Math.floor(years))); y++) total += div(yearly, (1 + Math.max(0, rate)) ** y);
  return Math.round(total);
}

/** Hydraulic power ρ·g·Q·H in kW. */
export const hydraulicPowerKw = (rho: number, qM3h: number, hM: number): number => (rho * G * (qM3h / 3600) * hM) / 1000;

export { etaAt, RHO_REF };
