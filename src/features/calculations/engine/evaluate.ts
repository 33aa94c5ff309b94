// One pump against one duty: hard filters first (each rejection names its reason and the figure
// that failed, so "nothing suitable" can show the nearest misses), then the duty, energy, cost and
// score of a pump that passes, with its explanation.
import { pumpExplainer, div, type Explainer, type Explanation } from './explain.ts';
import { curveAt, RHO_REF, trimmedPump, type PreparedPump } from './curve.ts';
import { lifeCycleCost, powerFrom, profileEnergy, hydraulicPowerKw } from './energy.ts';
import {
  operatingPoint,
  speedForDuty,
  systemCurve,
  trimForDuty,
  type SystemCurve,
} from './hydraulics.ts';
import type { LoadPoint } from './types.ts';
import { HOT_WATER_NPSH_C, vapourHeadIf97M, WATER_MODEL } from './water.ts';
import { SOURCE as GLYCOL_SOURCE, type GlycolKind } from '#features/calculations/fluids/glycol.ts';
import { explainViscosity, VISCOSITY_METHOD, type ViscousPump } from './viscosity.ts';

export interface DutyInput {
  q_m3h: number;
  h_m: number;
  h_static_m: number;
  temperature_c: number;
  rho: number;
  speed_control: boolean;
  npsh_available_m: number | null;
  load_profile: LoadPoint[];
  kop_per_kwh: number;
  years: number;
  discount_rate: number;
  /** Largest accepted head surplus at the duty flow for a fixed-speed pump (default 0.2 = +20 %). */
  head_tolerance: number;
  r_min: number;
  vfd_eta: number;
  small_pump_correction: boolean;
  /** A glycol solution (null: water), with its kinematic viscosity at the temperature, mm²/s. */
  medium?: { kind: GlycolKind; concentration: number; nu_mm2s: number } | null;
  /** NPSHa computed from the suction conditions (null: typed or not given). */
  npsha?: {
    p_abs_pa: number;
    level_m: number;
    loss_m: number;
    p_v_pa: number;
    value: number;
  } | null;
}

export type RejectReason =
  | 'viscosity'
  | 'temperature'
  | 'temperature_low'
  | 'flow_range'
  | 'head_low'
  | 'oversized'
  | 'speed_range'
  | 'no_intersection'
  | 'npsh'
  | 'motor_overload';

export interface Rejection {
  sku: string;
  reason: RejectReason;
  /** The figure that failed and what was asked, e.g. head reached 12.1 m of 14 m. */
  value: number;
  limit: number;
  unit: string;
}

export interface Duty {
  q_m3h: number;
  h_m: number;
  eta: number;
  p2_kw: number;
  p1_kw: number;
  npshr_m: number | null;
  speed_ratio: number;
  speed_rpm: number;
  trim_ratio: number | null;
}

/** A pump that passed the hard filters: its duty and score, before energy and explanation. */
export interface Screened {
  base: PreparedPump;
  /** The pump as it runs (trimmed when trimming was needed). */
  pump: PreparedPump;
  duty: Duty;
  bep_ratio: number;
  head_surplus: number;
  /** The ranking score before the life-cycle cost term: 100·η − 40·|Q/Q_BEP − 1| − 100·surplus − penalties. */
  score: number;
  /** Penalty points for a deep speed reduction (r below DEEP_SPEED_RATIO) and for an oversized motor. */
  penalty: { speed: number; motor: number; motor_ratio: number };
  warnings: string[];
}

/**
 * Lowest liquid temperature of a pump whose catalogue item gives none (specs.t_min_c), °C: the
 * mechanical seals and EPDM elastomers of standard circulation pumps are typically rated from −20 °C.
 * Below it the pump is excluded and the "nothing suitable" text says the limit.
 */
export const DEFAULT_T_MIN_C = -20;
/** The lowest liquid temperature the pump is rated for, °C (the catalogue's, or DEFAULT_T_MIN_C). */
export const pumpTMin = (m: { t_min_c?: number }): number => m.t_min_c ?? DEFAULT_T_MIN_C;

/** Below this speed ratio a pump runs far from its design: the ranking penalises it and the result says so. */
export const DEEP_SPEED_RATIO = 0.6;
/** Score points per unit of speed ratio below DEEP_SPEED_RATIO (r 0.5 → 10 points). */
export const SPEED_PENALTY_PER_UNIT = 100;
/** A motor rated above this multiple of the duty P₂ is oversized; 10 points per doubling beyond it. */
export const MOTOR_RATIO_FREE = 2;
export const MOTOR_PENALTY_PER_DOUBLING = 10;
/** Score points per unit of life-cycle cost above the lowest among the candidates: 1 % of LCC weighs as 1 % of efficiency. */
export const LCC_WEIGHT = 100;
/** Candidates within this share above the lowest life-cycle cost rank ahead of the others (decision 0030). */
export const LCC_BAND = 0.1;

/** Standard IEC motor ratings, kW (IEC 60072 series). */
export const IEC_MOTOR_KW = [
  0.12, 0.18, 0.25, 0.37, 0.55, 0.75, 1.1, 1.5, 2.2, 3, 4, 5.5, 7.5, 11, 15, 18.5, 22, 30, 37, 45,
  55, 75, 90, 110, 132, 160, 200,
] as const;

/**
 * True when a smaller standard motor would still carry the pump's overload P₂ (the largest P₂ on
 * the curve it runs at nominal speed, trimmed, in this liquid): only then is the fitted motor oversized.
 * A motor sized for the curve's end is right-sized however far the duty lies below it.
 */
export function smallerMotorCarries(motorP2Kw: number, overloadP2Kw: number): boolean {
  const smaller = IEC_MOTOR_KW.filter((kw) => kw < motorP2Kw * 0.9999);
  return smaller.length > 0 && smaller.at(-1)! >= overloadP2Kw;
}

/**
 * The right-size penalties of a duty: deep speed reduction and motor oversizing, in score points.
 * The motor term counts only when a smaller standard motor would carry the overload P₂
 * (`overloadP2Kw`) and the motor is rated above MOTOR_RATIO_FREE × the duty P₂.
 */
export function rightSizePenalty(
  speedRatio: number,
  motorP2Kw: number,
  dutyP2Kw: number,
  overloadP2Kw = 0,
): Screened['penalty'] {
  const speed = SPEED_PENALTY_PER_UNIT * Math.max(0, DEEP_SPEED_RATIO - speedRatio);
  const ratio = div(motorP2Kw, dutyP2Kw, 1);
  const motor =
    ratio > MOTOR_RATIO_FREE && smallerMotorCarries(motorP2Kw, overloadP2Kw)
      ? MOTOR_PENALTY_PER_DOUBLING * Math.log2(ratio / MOTOR_RATIO_FREE)
      : 0;
  return { speed, motor, motor_ratio: ratio };
}

export interface Evaluated extends Screened {
  annual_kwh: number;
  energy_cost_kop: number;
  lcc_kop: number;
  explain: () => Explanation;
}

const rejection = (
  sku: string,
  reason: RejectReason,
  value: number,
  limit: number,
  unit: string,
): Rejection => ({ sku, reason, value, limit, unit });
const NPSH_MARGIN_M = 0.5;
const POR = [0.7, 1.2] as const;

/** What screenPump answers for a rejected pump when the caller needs no reason (something already passed). */
export const REJECTED: Rejection = Object.freeze({
  sku: '',
  reason: 'flow_range',
  value: 0,
  limit: 0,
  unit: '',
});

/**
 * Hard filters, then the duty and the score. Cheap: runs for every pump of the catalogue. With
 * `why` false a rejection is the shared REJECTED (no object per rejected pump: once a pump has
 * passed, the selection keeps no misses).
 */
export function screenPump(
  base: PreparedPump,
  d: DutyInput,
  sys: SystemCurve,
  why = true,
): Screened | Rejection {
  const m = base.model;
  const reject = (reason: RejectReason, value: number, limit: number, unit: string) =>
    why ? rejection(m.sku, reason, value, limit, unit) : REJECTED;
  if (m.t_max_c !== undefined && d.temperature_c > m.t_max_c)
    return reject('temperature', m.t_max_c, d.temperature_c, 'degC');
  if (d.temperature_c < pumpTMin(m))
    return reject('temperature_low', d.temperature_c, pumpTMin(m), 'degC');
  const overload = base.p2MaxKw * (d.rho / RHO_REF);
  if (overload > m.motor.p2_kw * 1.0001)
    return reject('motor_overload', overload, m.motor.p2_kw, 'kW');

  let p = base;
  let r = 1;
  let trim: number | null = null;
  let q: number;
  let h: number;
  if (d.speed_control) {
    const sr = speedForDuty(base, d.q_m3h, d.h_m, d.r_min);
    if (sr === null) {
      const atFull = base.qMin <= d.q_m3h && d.q_m3h <= base.qMax ? base.head.at(d.q_m3h) : 0;
      return atFull > 0 && atFull < d.h_m
        ? reject('head_low', atFull, d.h_m, 'm')
        : reject('speed_range', d.q_m3h, base.qMax, 'm3/h');
    }
    r = sr;
    q = d.q_m3h;
    h = d.h_m;
  } else {
    if (d.q_m3h < base.qMin || d.q_m3h > base.qMax)
      return reject('flow_range', d.q_m3h, d.q_m3h < base.qMin ? base.qMin : base.qMax, 'm3/h');
    const hAtQ = base.head.at(d.q_m3h);
    if (hAtQ < d.h_m) return reject('head_low', hAtQ, d.h_m, 'm');
    if (hAtQ > d.h_m * (1 + d.head_tolerance)) {
      const t = trimForDuty(base, d.q_m3h, d.h_m);
      if (!t) return reject('oversized', hAtQ, d.h_m * (1 + d.head_tolerance), 'm');
      trim = t.ratio;
      p = trimmedPump(base, t.ratio);
    }
    const op = operatingPoint(p, sys);
    if (!op) return reject('no_intersection', d.q_m3h, d.h_m, 'm3/h');
    q = op.q;
    h = op.h;
  }
  const o = {
    rho: d.rho,
    vfd: d.speed_control,
    vfdEta: d.vfd_eta,
    smallPumpCorrection: d.small_pump_correction,
  };
  const c = curveAt(p, q, r, d.rho);
  if (!c.inRange) return reject('no_intersection', d.q_m3h, d.h_m, 'm3/h');
  const pw = powerFrom(p, c, q, r, o);
  const npshr = c.npshr_m;
  const warnings: string[] = [];
  if (d.npsh_available_m !== null) {
    if (npshr === null) warnings.push('npsh_unknown');
    else if (d.npsh_available_m < npshr + Math.max(NPSH_MARGIN_M, 0.1 * npshr))
      return reject('npsh', d.npsh_available_m, npshr + Math.max(NPSH_MARGIN_M, 0.1 * npshr), 'm');
  }
  const bepRatio = div(q / r, p.bep.q);
  if (bepRatio < POR[0] || bepRatio > POR[1]) warnings.push('outside_por');
  const headSurplus = d.speed_control ? 0 : div(p.head.at(d.q_m3h) - d.h_m, d.h_m);
  // The overload P₂ of the curve it runs (trimmed, in this liquid) at nominal speed: the speed a
  // converter may run it up to, so the motor must carry it (not the overload at the duty speed, which
  // a smaller standard motor nearly always carries: IEC steps are ~1.4× apart).
  const penalty = rightSizePenalty(r, m.motor.p2_kw, pw.p2_kw, p.p2MaxKw * (d.rho / RHO_REF));
  if (r < DEEP_SPEED_RATIO) warnings.push('speed_deep');
  if (penalty.motor > 0) warnings.push('motor_oversized');
  const score =
    100 * pw.eta -
    40 * Math.abs(bepRatio - 1) -
    100 * Math.max(0, headSurplus) -
    penalty.speed -
    penalty.motor;
  const duty: Duty = {
    q_m3h: q,
    h_m: h,
    eta: pw.eta,
    p2_kw: pw.p2_kw,
    p1_kw: pw.p1_kw,
    npshr_m: npshr,
    speed_ratio: r,
    speed_rpm: r * m.speed_rpm,
    trim_ratio: trim,
  };
  return {
    base,
    pump: p,
    duty,
    bep_ratio: bepRatio,
    head_surplus: headSurplus,
    score,
    penalty,
    warnings,
  };
}

/** Annual energy over the load profile (kWh), for ranking by energy or life-cycle cost. */
export function annualEnergy(
  s: Screened,
  d: DutyInput,
  sys: SystemCurve,
  withPoints = true,
): ReturnType<typeof profileEnergy> {
  const o = {
    rho: d.rho,
    vfd: d.speed_control,
    vfdEta: d.vfd_eta,
    smallPumpCorrection: d.small_pump_correction,
    rMin: d.r_min,
    fixedRatio: 1,
  };
  return profileEnergy(s.pump, d.q_m3h, sys, d.load_profile, o, withPoints);
}

/** How the default ranking scored a pump: its technical score, the life-cycle cost ratio to the lowest and the result. */
export interface RankTerms {
  lcc_ratio: number;
  score: number;
  /** Points taken from a candidate outside the life-cycle cost band (0 inside it). */
  band_gap: number;
}

/** Energy, cost and the explanation of a screened pump (only for the pumps that are returned). */
export function finishPump(
  s: Screened,
  d: DutyInput,
  sys: SystemCurve,
  rank?: RankTerms,
): Evaluated {
  const { pump: p, duty, bep_ratio: bepRatio } = s;
  const m = s.base.model;
  const energy = annualEnergy(s, d, sys);
  const warnings = [...s.warnings];
  if (energy.clamped) warnings.push('profile_clamped');
  if (energy.surplus) warnings.push('profile_surplus');
  if (energy.unreachable) warnings.push('profile_unreachable');
  // Hot water without NPSHa: cavitation cannot be checked and is likely; the vapour head is said.
  const hotNoNpsh = d.npsh_available_m === null && d.temperature_c >= HOT_WATER_NPSH_C;
  if (hotNoNpsh) warnings.push('npsh_not_given');
  const energyCost = Math.round(energy.kwh * d.kop_per_kwh);
  const lcc = lifeCycleCost(m.price_kop, energy.kwh, d.kop_per_kwh, d.years, d.discount_rate);
  const overload = s.base.p2MaxKw * (d.rho / RHO_REF);
  const { q_m3h: q, h_m: h, trim_ratio: trim, speed_ratio: r, npshr_m: npshr } = duty;
  const pw = duty;

  const explain = (): Explanation => {
    const x = pumpExplainer([
      `catalogue:${m.sku}${m.demo ? ' (demo)' : ''}`,
      `curve fit: ${p.head.kind}`,
      WATER_MODEL,
      ...(d.medium ? [GLYCOL_SOURCE, VISCOSITY_METHOD] : []),
    ]);
    x.input('q_d', d.q_m3h, 'm3/h')
      .input('h_d', d.h_m, 'm')
      .input('h_static', d.h_static_m, 'm')
      .input('temperature', d.temperature_c, 'degC');
    x.input('kop_per_kwh', d.kop_per_kwh, 'kop/kWh');
    if (d.npsh_available_m !== null && !d.npsha) x.input('npsh_available', d.npsh_available_m, 'm');
    explainMedium(x, d);
    explainSuction(x, d);
    x.step('system.k', sys.k, 'm/(m3/h)2', 'system_curve');
    x.step('curve.max_residual', p.head.maxResidual, 'm');
    explainViscosity(x, (s.base as ViscousPump).viscous, q, r);
    if (trim !== null) x.step('trim.ratio', trim, '1', 'trim');
    if (d.speed_control) x.step('speed.ratio', r, '1', 'speed_for_duty');
    else x.use('operating_point');
    x.step('duty.q', q, 'm3/h', d.speed_control ? 'speed_for_duty' : 'operating_point');
    x.step('duty.h', h, 'm');
    x.step('duty.p_hyd', hydraulicPowerKw(d.rho, q, h), 'kW', 'hydraulic_power');
    x.step(
      'duty.eta',
      pw.eta,
      '1',
      d.speed_control
        ? d.small_pump_correction
          ? 'efficiency_small_pump'
          : 'efficiency_shift'
        : undefined,
    );
    x.step('duty.p2', pw.p2_kw, 'kW', d.speed_control ? 'affinity' : 'shaft_power');
    x.step('duty.p1', pw.p1_kw, 'kW', 'electric_power');
    x.step('motor.eta', m.motor.eta, '1');
    if (d.speed_control) x.step('vfd.eta', d.vfd_eta, '1');
    x.step('motor.p2_max_curve', overload, 'kW', 'overload');
    x.step('motor.p2_rated', m.motor.p2_kw, 'kW');
    if (npshr !== null) x.step('npsh.required', npshr, 'm', 'npsh');
    if (hotNoNpsh) x.step('vapour_head', vapourHeadIf97M(d.temperature_c), 'm', 'vapour_head_if97');
    x.step('bep.q', p.bep.q, 'm3/h');
    x.step('bep.ratio', bepRatio, '1', 'bep_ratio');
    energy.points.forEach((pt, i) => {
      if (pt.state === 'surplus' || pt.state === 'unreachable')
        x.step(`energy.point${i + 1}.q_asked`, pt.asked_q_m3h, 'm3/h', 'energy_fallback');
      x.step(`energy.point${i + 1}.q`, pt.q_m3h, 'm3/h');
      x.step(`energy.point${i + 1}.speed_ratio`, pt.speed_ratio, '1');
      x.step(`energy.point${i + 1}.p1`, pt.p1_kw, 'kW');
      x.step(`energy.point${i + 1}.hours`, pt.hours, 'h');
    });
    x.step('energy.annual', energy.kwh, 'kWh', 'energy');
    x.step('energy.cost', energyCost, 'kop');
    x.step('lcc', lcc, 'kop', 'lcc');
    if (s.penalty.speed > 0) x.step('rank.speed_penalty', s.penalty.speed, '1', 'speed_penalty');
    x.step('rank.motor_ratio', s.penalty.motor_ratio, '1');
    if (s.penalty.motor > 0) x.step('rank.motor_penalty', s.penalty.motor, '1', 'motor_penalty');
    if (rank) {
      x.step('rank.score_technical', s.score, '1', 'rank_technical');
      x.step('rank.lcc_ratio', rank.lcc_ratio, '1');
      if (rank.band_gap > 0) x.step('rank.band_gap', rank.band_gap, '1', 'rank_band');
      x.step('rank.score', rank.score, '1', 'rank_score');
    }
    for (const w of warnings) x.warn(w);
    return x.done();
  };
  return {
    ...s,
    warnings,
    annual_kwh: energy.kwh,
    energy_cost_kop: energyCost,
    lcc_kop: lcc,
    explain,
  };
}

/** The medium: water's density, or the glycol solution's density and kinematic viscosity (Melinder 2010). */
export function explainMedium(x: Explainer, d: DutyInput): void {
  if (!d.medium) {
    x.step('rho', d.rho, 'kg/m3', 'density');
    return;
  }
  x.input('concentration', d.medium.concentration, '%');
  x.step('rho', d.rho, 'kg/m3', 'density_glycol');
  x.step('viscosity.nu', d.medium.nu_mm2s, 'mm2/s', 'viscosity_glycol');
}

/** NPSHa from the suction conditions, each term a step. */
export function explainSuction(x: Explainer, d: DutyInput): void {
  const s = d.npsha;
  if (!s) return;
  x.input('suction.p_abs', s.p_abs_pa / 1000, 'kPa')
    .input('suction.level', s.level_m, 'm')
    .input('suction.loss', s.loss_m, 'm');
  x.step(
    'suction.p_v',
    s.p_v_pa / 1000,
    'kPa',
    d.medium ? 'vapour_pressure_glycol' : 'vapour_pressure',
  );
  x.step('npsh.available', s.value, 'm', 'npsh_available');
}

/** Screen and finish in one go (tests, single-pump pages). */
export function evaluatePump(
  base: PreparedPump,
  d: DutyInput,
  sys: SystemCurve,
): Evaluated | Rejection {
  const s = screenPump(base, d, sys);
  return isRejection(s) ? s : finishPump(s, d, sys);
}

export function isRejection<T extends object>(x: T | Rejection): x is Rejection {
  return 'reason' in x;
}

export { systemCurve };
