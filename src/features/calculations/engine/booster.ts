// Booster set (calculations.md §2.2): N identical duty pumps + standby in parallel. Composite curve
// H_N(Q) = H₁(Q/N); constant-pressure control with variable speed: at a system flow Q, k pumps run
// at the speed r that gives r²·H₀(Q/(k·r)) = H_set, and the k with the least total P₁ runs (stage up
// when fewer pumps cannot reach the set head). Without speed control the running pumps sit on their
// fixed-speed curve (k = fewest pumps that reach H_set). Manifold DN by header velocity.
import { pumpExplainer, div, type Explanation } from './explain.ts';
import type { PreparedPump } from './curve.ts';
import { powerAt, type PowerOptions } from './energy.ts';
import { operatingPoint, parallelHead, speedForDuty, systemCurve } from './hydraulics.ts';
import type { LoadPoint } from './types.ts';

/** Standard DN series, mm; inner diameter taken equal to DN (a slight overestimate of velocity margin). */
export const DN_SERIES = [25, 32, 40, 50, 65, 80, 100, 125, 150, 200, 250, 300, 350, 400, 500, 600];

/** Smallest DN whose velocity v = 4Q/(πD²) stays at or under vMax (m/s), or null above the series. */
export function manifoldDn(qM3h: number, vMax = 2): { dn: number; velocity_m_s: number } | null {
  if (!(qM3h > 0) || !(vMax > 0)) return null;
  for (const dn of DN_SERIES) {
    const d = dn / 1000;
    const v = div(4 * (qM3h / 3600), Math.PI * d * d);
    if (v <= vMax) return { dn, velocity_m_s: v };
  }
  return null;
}

export interface StationInput {
  q_m3h: number;
  /** Set (constant) head at the outlet, m. */
  h_m: number;
  h_static_m: number;
  duty: number;
  standby: number;
  speed_control: boolean;
  rho: number;
  profile: LoadPoint[];
  kop_per_kwh: number;
  r_min: number;
  vfd_eta: number;
}

export interface StagingRow {
  q_m3h: number;
  /** P₁ total for k = 1..N running pumps, kW (null: k pumps cannot hold the set head). */
  p1_kw_by_k: Array<number | null>;
  best_k: number | null;
  speed_ratio: number | null;
}

export interface StationResult {
  ok: boolean;
  reason: 'head_low' | 'flow_range' | 'speed_range' | null;
  composite: { q_m3h: number; h_m: number } | null;
  per_pump_q_m3h: number;
  duty_speed_ratio: number;
  /**
   * P₁ of the running pumps at the operating point (the one convention of the pump and station
   * results, issue 21): with speed control the set holds H_set at Q_d; at fixed speed the running
   * pumps sit where their curve meets the system curve (duty_q_m3h, duty_h_m).
   */
  duty_p1_kw: number;
  /** The operating point P₁ is given at: total flow, m³/h, and head, m. */
  duty_q_m3h: number;
  duty_h_m: number;
  staging: StagingRow[];
  annual_kwh: number;
  energy_cost_kop: number;
  manifold: { dn: number; velocity_m_s: number } | null;
  /** profile_surplus: low flows met at the smallest flow the set can hold (surplus recirculated); profile_unreachable. */
  warnings: string[];
  explanation: Explanation;
}

/** Best number of running pumps and their total P₁ at system flow q holding head h. */
export function stageAt(
  p: PreparedPump,
  q: number,
  h: number,
  n: number,
  o: PowerOptions & { rMin: number },
): StagingRow {
  const byK: Array<number | null> = [];
  let best: number | null = null;
  let bestR: number | null = null;
  for (let k = 1; k <= n; k++) {
    let r: number | null = 1;
    if (o.vfd) r = speedForDuty(p, q, h, o.rMin, k);
    else if (!(parallelHead(p, q, k) >= h && q / k >= p.qMin && q / k <= p.qMax)) r = null;
    const pw = r === null ? null : powerAt(p, q / k, r, o);
    const total = pw ? pw.p1_kw * k : null;
    byK.push(total);
    // Without speed control the fewest pumps that hold the head run; with it, the least power.
    if (total !== null && (best === null || (o.vfd && total < byK[best - 1]!))) {
      best = k;
      bestR = r;
    }
  }
  return { q_m3h: q, p1_kw_by_k: byK, best_k: best, speed_ratio: bestR };
}

export function evaluateStation(p: PreparedPump, s: StationInput): StationResult {
  const x = pumpExplainer([`catalogue:${p.model.sku}${p.model.demo ? ' (demo)' : ''}`]);
  // A duty that is not a number cannot be a flow range (the explanation takes finite figures only).
  const given = [s.q_m3h, s.h_m, s.duty, s.standby].every(Number.isFinite);
  if (given)
    x.input('q_d', s.q_m3h, 'm3/h')
      .input('h_set', s.h_m, 'm')
      .input('duty', s.duty, 'pcs')
      .input('standby', s.standby, 'pcs');
  const o = {
    rho: s.rho,
    vfd: s.speed_control,
    vfdEta: s.vfd_eta,
    smallPumpCorrection: false,
    rMin: s.r_min,
  };
  const sys = systemCurve(s.q_m3h, s.h_m, Math.min(s.h_static_m, s.h_m * 0.999));
  const perPump = div(s.q_m3h, s.duty);
  const empty = (reason: StationResult['reason']): StationResult => ({
    ok: false,
    reason,
    composite: null,
    per_pump_q_m3h: perPump,
    duty_speed_ratio: 0,
    duty_p1_kw: 0,
    duty_q_m3h: 0,
    duty_h_m: 0,
    staging: [],
    annual_kwh: 0,
    energy_cost_kop: 0,
    manifold: null,
    warnings: [],
    explanation: x.done(),
  });
  if (!given || !sys || !(s.duty >= 1)) return empty('flow_range');
  if (perPump < p.qMin || perPump > p.qMax) return empty('flow_range');
  if (parallelHead(p, s.q_m3h, s.duty) < s.h_m) return empty('head_low');
  x.use('parallel');
  const composite = operatingPoint(p, sys, s.duty);
  const design = stageAt(p, s.q_m3h, s.h_m, s.duty, o);
  if (design.best_k === null) return empty('speed_range');
  x.step('per_pump.q', perPump, 'm3/h');
  if (composite) x.step('composite.q', composite.q, 'm3/h', 'operating_point');
  x.use('staging');
  const staging: StagingRow[] = [];
  for (let i = 1; i <= 12; i++) staging.push(stageAt(p, (s.q_m3h * i) / 12, s.h_m, s.duty, o));
  const designP1 = design.p1_kw_by_k[design.best_k - 1]!;
  // P₁ at the operating point (one convention with the pump results): with speed control the set
  // runs at the speed that holds H_set at Q_d; at fixed speed the running pumps deliver where their
  // composite curve meets the system curve, more than Q_d.
  let duty = { q: s.q_m3h, h: s.h_m, p1: designP1 };
  if (!s.speed_control) {
    const k = design.best_k;
    const op = operatingPoint(p, sys, k);
    const pw = op ? powerAt(p, op.q / k, 1, o) : null;
    if (op && pw) duty = { q: op.q, h: op.h, p1: pw.p1_kw * k };
  }
  const warnings: string[] = [];
  let kwh = 0;
  s.profile.forEach((lp, i) => {
    if (!(lp.hours > 0) || !(lp.flow_ratio > 0)) return;
    const q = lp.flow_ratio * s.q_m3h;
    const row = stageAt(p, q, s.h_m, s.duty, o);
    let total: number;
    if (row.best_k) total = row.p1_kw_by_k[row.best_k - 1]!;
    else if (q < s.q_m3h) {
      // Below the smallest stage the set runs at the least flow it can hold at the set head; the
      // rest is recirculated (the same rule as a single pump: lowest usable speed, surplus said).
      const low = lowestStage(p, q, s.q_m3h, s.h_m, s.duty, o);
      total = low.p1;
      if (!warnings.includes('profile_surplus')) warnings.push('profile_surplus');
      x.step(`energy.point${i + 1}.q_asked`, q, 'm3/h', 'energy_fallback');
      x.step(`energy.point${i + 1}.q`, low.q, 'm3/h');
    } else {
      // More than the set delivers at the set head: counted at the design power, marked unreachable.
      total = designP1;
      if (!warnings.includes('profile_unreachable')) warnings.push('profile_unreachable');
      x.step(`energy.point${i + 1}.q_asked`, q, 'm3/h', 'energy_fallback');
    }
    kwh += total * lp.hours;
  });
  for (const w of warnings) x.warn(w);
  x.step('duty.q', duty.q, 'm3/h', s.speed_control ? 'speed_for_duty' : 'operating_point');
  x.step('duty.h', duty.h, 'm');
  x.step('duty.p1_total', duty.p1, 'kW', 'electric_power');
  x.step('energy.annual', kwh, 'kWh', 'energy');
  const manifold = manifoldDn(s.q_m3h);
  if (manifold) x.step('manifold.dn', manifold.dn, 'mm', 'manifold');
  return {
    ok: true,
    reason: null,
    composite: composite ? { q_m3h: composite.q, h_m: composite.h } : null,
    per_pump_q_m3h: perPump,
    duty_speed_ratio: design.speed_ratio ?? 1,
    duty_p1_kw: duty.p1,
    duty_q_m3h: duty.q,
    duty_h_m: duty.h,
    staging,
    annual_kwh: kwh,
    energy_cost_kop: Math.round(kwh * s.kop_per_kwh),
    manifold,
    warnings,
    explanation: x.done(),
  };
}

/** The least flow in [q, qDesign] the set holds at head h (bisection on feasibility) and its P₁. */
function lowestStage(
  p: PreparedPump,
  q: number,
  qDesign: number,
  h: number,
  n: number,
  o: PowerOptions & { rMin: number },
): { q: number; p1: number } {
  let lo = q;
  let hi = qDesign;
  let best = stageAt(p, hi, h, n, o);
  for (let i = 0; i < 40 && hi - lo > 1e-6 * qDesign; i++) {
    const mid = (lo + hi) / 2;
    const row = stageAt(p, mid, h, n, o);
    if (row.best_k) {
      hi = mid;
      best = row;
    } else lo = mid;
  }
  return { q: best.q_m3h, p1: best.best_k ? best.p1_kw_by_k[best.best_k - 1]! : 0 };
}
