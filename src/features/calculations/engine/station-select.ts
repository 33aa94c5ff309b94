// Booster-set selection over the catalogue: every pump as N duty + standby (N given, or 1..4 tried),
// hard filters of the set, ranking per type of use; each set gets its cabinet electrics (VFD per pump
// with speed control, else direct start up to 7.5 kW and star-delta above).
//
// Type of use (spec: "Pump station has a type-of-use selector, default 1"), calculations.md §2.2:
//   1 water supply booster (SP 30.13330.2020): at least 1 standby; speed control as asked; ranked by
//     annual energy, then price.
//   2 heating / circulation, closed loop (SP 60.13330.2020): at least 1 standby; the static head of
//     a closed loop is 0 (a value entered is not used, and the answer says so); hot water makes
//     cavitation likely, so at 60 °C and above a missing NPSHa is warned about; ranked by energy.
//   3 fire fighting (SP 10.13130.2020): at least 1 standby, 2 when 3 or more pumps are on duty
//     (calculations.md §2.2: +2 for large or critical sets); fire pumps run at full speed (no
//     frequency converter in fire mode), so the set must hold the head at fixed speed; the cabinet
//     gets an automatic transfer switch (two feeders); ranked by price (they run only in tests and
//     fires, the energy profile does not decide), then by duty power.
//   4 process / irrigation water (no normative rule): standby as asked, 0 allowed; ranked by
//     life-cycle cost (price + discounted energy).
// For every type an entered NPSHa is checked against each running pump's NPSHr at its share of the
// flow and speed, with the margin of the pump selection (max(0.5 m, 10 %)); an empty NPSHa at 60 °C
// and above is warned about with the vapour head (IF97), as in the pump selection. With speed
// control, types 1, 2 and 4 rank by life-cycle cost with the right-size penalties (decision 0030).
import { curveAt, RHO_REF, type PreparedPump } from './curve.ts';
import { cabinetElectrics, type CabinetResult, type StartMethod } from './electrics.ts';
import { evaluateStation, type StationResult } from './booster.ts';
import { lifeCycleCost } from './energy.ts';
import { HOT_WATER_NPSH_C, vapourHeadIf97M } from './water.ts';
import { DEEP_SPEED_RATIO, LCC_WEIGHT, pumpTMin, rightSizePenalty } from './evaluate.ts';
import { FORMULAS, pumpExplainer } from './explain.ts';
import { explainMedium, explainSuction } from './evaluate.ts';
import { explainViscosity, viscousPump, VISCOSITY_METHOD, type ViscousPump } from './viscosity.ts';
import { SOURCE as GLYCOL_SOURCE } from '#features/calculations/fluids/glycol.ts';
import { WATER_MODEL } from './water.ts';
import { normaliseInput, type FieldError, type PumpSelectInput } from './select.ts';
import type { DutyInput } from './evaluate.ts';

export const TYPES_OF_USE = [1, 2, 3, 4] as const;
export type TypeOfUse = (typeof TYPES_OF_USE)[number];
export const DEFAULT_TYPE_OF_USE: TypeOfUse = 1;

export interface TypeOfUseRule {
  /** Smallest standby count for a number of duty pumps. */
  standbyMin: (duty: number) => number;
  /** False: the set runs at fixed speed whatever was asked. */
  speedControl: boolean;
  /** True: the static head is 0 (closed loop). */
  closedLoop: boolean;
  /** Warn when NPSHa is not given at or above this medium temperature, °C (null: never). */
  npshWarnFromC: number | null;
  ats: boolean;
  rank: 'energy' | 'price' | 'lcc';
  /** The standard the rule follows (shown in the explanation's sources). */
  standard: string | null;
}

export const TYPE_OF_USE_RULES: Record<TypeOfUse, TypeOfUseRule> = {
  1: {
    standbyMin: () => 1,
    speedControl: true,
    closedLoop: false,
    npshWarnFromC: HOT_WATER_NPSH_C,
    ats: false,
    rank: 'energy',
    standard: 'SP 30.13330.2020 (internal water supply: booster sets with a standby pump)',
  },
  2: {
    standbyMin: () => 1,
    speedControl: true,
    closedLoop: true,
    npshWarnFromC: HOT_WATER_NPSH_C,
    ats: false,
    rank: 'energy',
    standard: 'SP 60.13330.2020 (heating: circulation pumps, at least one standby)',
  },
  3: {
    standbyMin: (duty) => (duty >= 3 ? 2 : 1),
    speedControl: false,
    closedLoop: false,
    npshWarnFromC: HOT_WATER_NPSH_C,
    ats: true,
    rank: 'price',
    standard:
      'SP 10.13130.2020 (internal fire water supply: standby pump, fixed speed, two feeders)',
  },
  4: {
    standbyMin: () => 0,
    speedControl: true,
    closedLoop: false,
    npshWarnFromC: HOT_WATER_NPSH_C,
    ats: false,
    rank: 'lcc',
    standard: null,
  },
};

export interface StationSelectInput extends PumpSelectInput {
  /** Duty pumps; absent: 1 to 4 are tried. */
  count?: number;
  standby?: number;
  /** Type of use 1..4 (default 1). */
  type_use?: number;
}

export interface StationEntity {
  sku: string;
  title: string;
  manufacturer: string;
  model: string;
  type_use: TypeOfUse;
  duty_count: number;
  standby_count: number;
  /** Price of all pumps of the set, kopecks (the cabinet is priced from the catalogue by the caller). */
  pumps_price_kop: number;
  /** Life-cycle cost of the pumps over the years asked, kopecks. */
  lcc_kop: number;
  station: StationResult;
  cabinet: CabinetResult;
  start_method: StartMethod;
  ats: boolean;
  /** Codes: standby_raised, static_ignored, speed_fixed, npsh_unknown, npsh_not_given, speed_deep, motor_oversized, profile_surplus, profile_unreachable. */
  warnings: string[];
  /**
   * With speed control: the life-cycle cost the ranking compares, LCC·(1 + (ΔS_r + ΔS_m)/100) — the
   * deep-speed and motor-oversizing penalties of the pump selection at its exchange rate (1 point = 1 % of LCC)
   * (decision 0030). Without speed control it equals lcc_kop.
   */
  rank_lcc_kop: number;
}

export type StationMissReason =
  NonNullable<StationResult['reason']> | 'npsh' | 'viscosity' | 'temperature_low';

export interface StationSelectResult {
  type: 'success' | 'empty' | 'error';
  type_use: TypeOfUse;
  entities: StationEntity[];
  errors: FieldError[];
  misses: Array<{ sku: string; duty_count: number; reason: StationMissReason }>;
}

const NPSH_MARGIN_M = 0.5;

export function selectStations(
  pumps: readonly PreparedPump[],
  input: StationSelectInput,
): StationSelectResult {
  const typeUse = (input.type_use ?? DEFAULT_TYPE_OF_USE) as TypeOfUse;
  const errors: FieldError[] = [];
  if (!(TYPES_OF_USE as readonly number[]).includes(typeUse))
    errors.push({ field: 'type_use', key: 'range' });
  const rule = TYPE_OF_USE_RULES[typeUse] ?? TYPE_OF_USE_RULES[DEFAULT_TYPE_OF_USE];
  // A closed loop has no static head: the value entered is not used (nor checked against the duty).
  const staticGiven = (input.h_static ?? 0) > 0;
  const n = normaliseInput(rule.closedLoop ? { ...input, h_static: 0 } : input);
  if (!n.ok) errors.push(...n.errors);
  const count = input.count;
  const standbyAsked = input.standby ?? 1;
  if (count !== undefined && !(Number.isInteger(count) && count >= 1 && count <= 6))
    errors.push({ field: 'count', key: 'range' });
  if (!(Number.isInteger(standbyAsked) && standbyAsked >= 0 && standbyAsked <= 3))
    errors.push({ field: 'standby', key: 'range' });
  if (!n.ok || errors.length)
    return { type: 'error', type_use: typeUse, entities: [], errors, misses: [] };
  const d = n.duty;
  const speedControl = d.speed_control && rule.speedControl;
  const counts = count ? [count] : [1, 2, 3, 4];
  const out: StationEntity[] = [];
  const misses: StationSelectResult['misses'] = [];
  const npshWarn =
    rule.npshWarnFromC !== null &&
    d.temperature_c >= rule.npshWarnFromC &&
    d.npsh_available_m === null;
  for (const p0 of pumps) {
    if (p0.model.t_max_c !== undefined && d.temperature_c > p0.model.t_max_c) continue;
    // Below the pump's lowest liquid temperature (its seal; DEFAULT_T_MIN_C when the catalogue gives none).
    if (d.temperature_c < pumpTMin(p0.model)) {
      misses.push({ sku: p0.model.sku, duty_count: counts[0]!, reason: 'temperature_low' });
      continue;
    }
    // A glycol solution: the water curves corrected for viscosity (ANSI/HI 9.6.7), or refused beyond the method.
    const p = d.medium ? viscousPump(p0, d.medium.nu_mm2s) : p0;
    if (!p) {
      misses.push({ sku: p0.model.sku, duty_count: counts[0]!, reason: 'viscosity' });
      continue;
    }
    for (const c of counts) {
      const standby = Math.max(standbyAsked, rule.standbyMin(c));
      const st = evaluateStation(p, {
        q_m3h: d.q_m3h,
        h_m: d.h_m,
        h_static_m: d.h_static_m,
        duty: c,
        standby,
        speed_control: speedControl,
        rho: d.rho,
        profile: d.load_profile,
        kop_per_kwh: d.kop_per_kwh,
        r_min: d.r_min,
        vfd_eta: d.vfd_eta,
      });
      if (!st.ok) {
        misses.push({ sku: p.model.sku, duty_count: c, reason: st.reason ?? 'flow_range' });
        continue;
      }
      const warnings: string[] = [];
      // NPSH at the duty: each of the c running pumps at Q/c and the duty speed.
      const at = curveAt(p, st.per_pump_q_m3h, st.duty_speed_ratio, d.rho);
      const npshr = at.inRange ? at.npshr_m : null;
      let npshNeeded: number | null = null;
      if (d.npsh_available_m !== null) {
        if (npshr === null) warnings.push('npsh_unknown');
        else {
          npshNeeded = npshr + Math.max(NPSH_MARGIN_M, 0.1 * npshr);
          if (d.npsh_available_m < npshNeeded) {
            misses.push({ sku: p.model.sku, duty_count: c, reason: 'npsh' });
            continue;
          }
        }
      } else if (npshWarn) {
        warnings.push('npsh_not_given');
        st.explanation.steps.push({
          key: 'vapour_head',
          value: vapourHeadIf97M(d.temperature_c),
          unit: 'm',
          formula: 'vapour_head_if97',
        });
        if (!st.explanation.formulas.some((f) => f.id === 'vapour_head_if97'))
          st.explanation.formulas.push({
            id: 'vapour_head_if97',
            text: FORMULAS.vapour_head_if97!,
          });
      }
      if (standby > standbyAsked) warnings.push('standby_raised');
      if (rule.closedLoop && staticGiven) warnings.push('static_ignored');
      if (d.speed_control && !rule.speedControl) warnings.push('speed_fixed');
      for (const w of st.warnings) if (!warnings.includes(w)) warnings.push(w);
      // Right size of each running pump at the design flow: speed ratio and motor loading (P₂ = P₁·η_motor·η_VFD).
      const designRow = st.staging[st.staging.length - 1];
      const running = designRow?.best_k ?? c;
      const p2Each =
        (st.duty_p1_kw / running) *
        (p.model.motor.eta > 0 && p.model.motor.eta <= 1 ? p.model.motor.eta : 1) *
        (speedControl ? d.vfd_eta : 1);
      // Oversized motor only when a smaller standard one carries the curve's overload P₂ at nominal speed.
      const penalty = rightSizePenalty(
        speedControl ? st.duty_speed_ratio : 1,
        p.model.motor.p2_kw,
        p2Each,
        p.p2MaxKw * (d.rho / RHO_REF),
      );
      if (speedControl && st.duty_speed_ratio < DEEP_SPEED_RATIO) warnings.push('speed_deep');
      if (penalty.motor > 0) warnings.push('motor_oversized');
      const method: StartMethod = speedControl
        ? 'vfd'
        : p.model.motor.p2_kw > 7.5
          ? 'star_delta'
          : 'direct';
      const cabinet = cabinetElectrics({
        pumps: [{ motor: p.model.motor, duty: c, standby }],
        method,
        ats: rule.ats,
        dry_run: true,
      });
      const pumpsPrice = p.model.price_kop * (c + standby);
      const lcc = lifeCycleCost(pumpsPrice, st.annual_kwh, d.kop_per_kwh, d.years, d.discount_rate);
      const rankLcc = speedControl ? lcc * (1 + (penalty.speed + penalty.motor) / LCC_WEIGHT) : lcc;
      if (speedControl) {
        if (penalty.speed > 0)
          st.explanation.steps.push({
            key: 'rank.speed_penalty',
            value: penalty.speed,
            unit: '1',
            formula: 'speed_penalty',
          });
        st.explanation.steps.push({
          key: 'rank.motor_ratio',
          value: penalty.motor_ratio,
          unit: '1',
        });
        if (penalty.motor > 0)
          st.explanation.steps.push({
            key: 'rank.motor_penalty',
            value: penalty.motor,
            unit: '1',
            formula: 'motor_penalty',
          });
        st.explanation.steps.push({
          key: 'rank.lcc',
          value: rankLcc,
          unit: 'kop',
          formula: 'rank_station',
        });
        for (const f of ['speed_penalty', 'motor_penalty', 'rank_station'])
          if (
            !st.explanation.formulas.some((x) => x.id === f) &&
            st.explanation.steps.some((x) => x.formula === f)
          )
            st.explanation.formulas.push({ id: f, text: FORMULAS[f]! });
      }
      explainTypeOfUse(st, typeUse, rule, c, npshr, npshNeeded, warnings);
      explainLiquid(st, d, p, speedControl);
      out.push({
        sku: p.model.sku,
        title: p.model.title,
        manufacturer: p.model.manufacturer,
        model: p.model.model,
        type_use: typeUse,
        duty_count: c,
        standby_count: standby,
        pumps_price_kop: pumpsPrice,
        lcc_kop: lcc,
        rank_lcc_kop: rankLcc,
        station: st,
        cabinet,
        start_method: method,
        ats: rule.ats,
        warnings,
      });
    }
  }
  // With speed control the energy of the sets differs by a few per cent while their prices differ
  // several times: sets that run are ranked by their penalised life-cycle cost (decision 0030).
  out.sort(speedControl && rule.rank !== 'price' ? RANKERS.right_size : RANKERS[rule.rank]);
  const limit = input.limit ?? 20;
  // Nothing suitable: the misses that got furthest down the filter chain name the constraint that
  // excluded the sets (NPSH before head, head before flow range), one per reason first.
  const stage: Record<StationMissReason, number> = {
    npsh: 0,
    speed_range: 1,
    head_low: 2,
    flow_range: 3,
    viscosity: 4,
    temperature_low: 5,
  };
  const ordered = [...misses].sort((a, b) => stage[a.reason] - stage[b.reason]);
  return {
    type: out.length ? 'success' : 'empty',
    type_use: typeUse,
    entities: out.slice(0, limit),
    errors: [],
    misses: out.length ? [] : ordered.slice(0, 3),
  };
}

const bySku = (a: StationEntity, b: StationEntity) =>
  a.sku.localeCompare(b.sku) || a.duty_count - b.duty_count;
const RANKERS: Record<
  TypeOfUseRule['rank'] | 'right_size',
  (a: StationEntity, b: StationEntity) => number
> = {
  right_size: (a, b) =>
    a.rank_lcc_kop - b.rank_lcc_kop || a.station.annual_kwh - b.station.annual_kwh || bySku(a, b),
  energy: (a, b) =>
    a.station.annual_kwh - b.station.annual_kwh ||
    a.pumps_price_kop - b.pumps_price_kop ||
    bySku(a, b),
  price: (a, b) =>
    a.pumps_price_kop - b.pumps_price_kop ||
    a.station.duty_p1_kw - b.station.duty_p1_kw ||
    bySku(a, b),
  lcc: (a, b) => a.lcc_kop - b.lcc_kop || a.pumps_price_kop - b.pumps_price_kop || bySku(a, b),
};

/** The type of use, its standby rule, NPSH figures and warnings written into the set's explanation. */
function explainTypeOfUse(
  st: StationResult,
  typeUse: TypeOfUse,
  rule: TypeOfUseRule,
  duty: number,
  npshr: number | null,
  npshNeeded: number | null,
  warnings: string[],
): void {
  const e = st.explanation;
  e.inputs.unshift({ key: 'type_use', value: typeUse, unit: '' });
  e.steps.unshift({ key: 'standby.min', value: rule.standbyMin(duty), unit: 'pcs' });
  if (npshr !== null) {
    if (npshNeeded !== null && !e.formulas.some((f) => f.id === 'npsh'))
      e.formulas.push({ id: 'npsh', text: FORMULAS.npsh! });
    e.steps.push({
      key: 'npsh.required',
      value: npshr,
      unit: 'm',
      ...(npshNeeded !== null ? { formula: 'npsh' } : {}),
    });
  }
  if (rule.standard && !e.source.includes(rule.standard)) e.source.push(rule.standard);
  for (const w of warnings) if (!e.warnings.includes(w)) e.warnings.push(w);
}

/** The liquid (water or glycol, its density and viscosity correction) and NPSHa from suction conditions, into the set's explanation. */
function explainLiquid(
  st: StationResult,
  d: DutyInput,
  p: ViscousPump,
  speedControl: boolean,
): void {
  const x = pumpExplainer([WATER_MODEL, ...(d.medium ? [GLYCOL_SOURCE, VISCOSITY_METHOD] : [])]);
  x.input('temperature', d.temperature_c, 'degC');
  explainMedium(x, d);
  explainSuction(x, d);
  explainViscosity(x, p.viscous, st.per_pump_q_m3h, speedControl ? st.duty_speed_ratio : 1);
  const add = x.done();
  const e = st.explanation;
  e.inputs.push(...add.inputs.filter((i) => !e.inputs.some((j) => j.key === i.key)));
  e.steps.unshift(...add.steps);
  for (const f of add.formulas) if (!e.formulas.some((g) => g.id === f.id)) e.formulas.push(f);
  for (const s of add.source) if (!e.source.includes(s)) e.source.push(s);
}
