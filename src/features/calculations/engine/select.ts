// Pump selection: input in the user's units → checked and converted → every prepared pump through
// the hard filters → survivors scored and sorted → the top N with their duty, energy, cost, reasons
// and explanation. When nothing passes, the nearest misses say why ("at 65 m³/h the best reaches
// 12.1 m of the 14 m asked").
import { G, pumpExplainer, type Explanation } from './explain.ts';
import type { PreparedPump } from './curve.ts';
import {
  annualEnergy,
  explainMedium,
  explainSuction,
  finishPump,
  isRejection,
  LCC_BAND,
  LCC_WEIGHT,
  screenPump,
  type Duty,
  type DutyInput,
  type RankTerms,
  type Rejection,
  type Screened,
} from './evaluate.ts';
import { lifeCycleCost } from './energy.ts';
import { systemCurve } from './hydraulics.ts';
import { flowToM3h, headToM, PRESSURE_PA } from '../kit/units.ts';
import { shownFigure } from '../kit/form.ts';
import {
  inWaterRange,
  vapourHeadM,
  waterVapourPressure,
  WATER_MODEL,
  waterDensity,
} from './water.ts';
import {
  CONCENTRATION,
  glycolProperties,
  GLYCOL_KINDS,
  minTemperature,
  SOURCE as GLYCOL_SOURCE,
  T_MAX as GLYCOL_T_MAX,
  type GlycolKind,
} from '#features/calculations/fluids/glycol.ts';
import { HI_B_MAX, VISCOSITY_METHOD, viscousPump } from './viscosity.ts';
import { DEFAULT_LOAD_PROFILE, type LoadPoint } from './types.ts';

export const SORT_KEYS = ['score', 'efficiency', 'p1', 'price', 'annual_energy', 'lcc'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface PumpSelectInput {
  q: number;
  q_unit: string;
  h: number;
  h_unit: string;
  h_static?: number;
  temperature_c?: number;
  speed_control?: boolean;
  npsh_available_m?: number | null;
  load_profile?: LoadPoint[];
  /** Electricity price, kopecks per kWh (default 800 = 8 roubles). */
  electricity_kop_kwh?: number;
  years?: number;
  discount_rate?: number;
  head_tolerance?: number;
  sort?: SortKey;
  limit?: number;
  small_pump_correction?: boolean;
  /** Density override, kg/m³ (default: the medium at the temperature). */
  density_kg_m3?: number;
  /** The pumped liquid: water (default) or a glycol solution, concentration in % by mass. */
  medium?: PumpMedium;
  /**
   * Suction conditions, when NPSHa is to be computed rather than typed: absolute pressure on the
   * surface of the suction tank (in p_unit), the level of that surface above the pump inlet, m
   * (negative: suction lift) and the losses of the suction line, m.
   */
  suction?: { p: number; p_unit: string; level_m?: number; loss_m?: number };
}

export type PumpMedium = { kind: 'water' } | { kind: GlycolKind; concentration: number };

/** Ranges of the suction fields: absolute pressure up to 2.5 MPa, level −10…+100 m, losses 0…50 m. */
export const SUCTION_RANGE = {
  p_max_pa: 2.5e6,
  level_min_m: -10,
  level_max_m: 100,
  loss_max_m: 50,
} as const;

export interface FieldError {
  field: string;
  /** Message key: 'number', 'positive', 'unit', 'range', 'static_above_duty', 'range_between', 'below_freezing_glycol', 'npsh_both', 'npsha_negative'. */
  key: string;
  /** Figures the message names (bounds, units). */
  params?: Record<string, number | string>;
}

export interface PumpEntity {
  sku: string;
  title: string;
  manufacturer: string;
  model: string;
  price_kop: number;
  lead_days: number;
  duty: Duty;
  bep_ratio: number;
  head_surplus: number;
  annual_kwh: number;
  energy_cost_kop: number;
  lcc_kop: number;
  score: number;
  reasons: string[];
  warnings: string[];
  explanation: Explanation;
}

export interface PumpSelectResult {
  type: 'success' | 'empty' | 'error';
  entities: PumpEntity[];
  errors: FieldError[];
  misses: Rejection[];
  considered: number;
  duty: {
    q_m3h: number;
    h_m: number;
    h_static_m: number;
    rho_kg_m3: number;
    vapour_head_m: number;
    system_k: number;
    /** The liquid's temperature, °C, and the glycol solution with its kinematic viscosity (null: water), for the charts and the datasheet. */
    temperature_c: number;
    medium: { kind: string; concentration: number; nu_mm2s: number } | null;
  } | null;
  explanation: Explanation | null;
}

const num = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** Checks and converts the input; errors name the field. */
export function normaliseInput(
  i: PumpSelectInput,
):
  | { ok: true; duty: DutyInput; sort: SortKey; limit: number }
  | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const t = i.temperature_c ?? 20;
  const medium = i.medium && i.medium.kind !== 'water' ? i.medium : null;
  let glycol: ReturnType<typeof glycolProperties> | null = null;
  if (medium && !GLYCOL_KINDS.includes(medium.kind)) errors.push({ field: 'medium', key: 'unit' });
  else if (
    medium &&
    !(
      num(medium.concentration) &&
      medium.concentration >= CONCENTRATION.min &&
      medium.concentration <= CONCENTRATION.max
    )
  )
    errors.push({
      field: 'concentration',
      key: 'range_between',
      params: { min: CONCENTRATION.min, max: CONCENTRATION.max, unit: '%' },
    });
  if (!num(t)) errors.push({ field: 'temperature_c', key: 'number' });
  else if (medium && !errors.length) {
    // A glycol solution: from its freezing point + 2 K up to the fits' 100 °C (decision 0031).
    const tMin = minTemperature(medium.kind, medium.concentration);
    // At the highest concentration offered no stronger solution exists: the advice says so.
    if (t < tMin)
      errors.push({
        field: 'temperature_c',
        key:
          medium.concentration >= CONCENTRATION.max
            ? 'below_freezing_glycol_max'
            : 'below_freezing_glycol',
        params: { t_min: tMin },
      });
    else if (t > GLYCOL_T_MAX)
      errors.push({
        field: 'temperature_c',
        key: 'range_between',
        params: { min: tMin, max: GLYCOL_T_MAX, unit: '°C' },
      });
    else glycol = glycolProperties(medium.kind, medium.concentration, t);
  } else if (!medium && !inWaterRange(t)) errors.push({ field: 'temperature_c', key: 'range' });
  const rho = i.density_kg_m3 ?? glycol?.rho ?? waterDensity(num(t) ? t : 20);
  if (!num(rho) || rho < 500 || rho > 2000) errors.push({ field: 'density_kg_m3', key: 'range' });
  const q = flowToM3h(i.q, i.q_unit, rho);
  const h = headToM(i.h, i.h_unit, rho);
  const hs = headToM(i.h_static ?? 0, i.h_unit, rho);
  if (!q.ok)
    errors.push({
      field: q.error === 'unit' ? 'q_unit' : 'q',
      key: q.error === 'unit' ? 'unit' : 'number',
    });
  else if (!(q.value > 0) || q.value > 1e5)
    errors.push({ field: 'q', key: q.value > 0 ? 'range' : 'positive' });
  if (!h.ok)
    errors.push({
      field: h.error === 'unit' ? 'h_unit' : 'h',
      key: h.error === 'unit' ? 'unit' : 'number',
    });
  else if (!(h.value > 0) || h.value > 5000)
    errors.push({ field: 'h', key: h.value > 0 ? 'range' : 'positive' });
  if (!hs.ok) errors.push({ field: 'h_static', key: 'number' });
  else if (hs.value < 0) errors.push({ field: 'h_static', key: 'positive' });
  else if (h.ok && hs.value >= h.value)
    errors.push({ field: 'h_static', key: 'static_above_duty' });
  let npsh = i.npsh_available_m ?? null;
  if (npsh !== null && (!num(npsh) || npsh < 0 || npsh > 1000))
    errors.push({ field: 'npsh_available_m', key: 'range' });
  const npsha = i.suction ? suctionNpsh(i.suction, num(t) ? t : 20, rho, errors) : null;
  if (npsha && i.npsh_available_m != null)
    errors.push({ field: 'npsh_available_m', key: 'npsh_both' });
  else if (npsha) npsh = npsha.value;
  const profile = i.load_profile ?? DEFAULT_LOAD_PROFILE;
  if (
    !Array.isArray(profile) ||
    profile.length > 24 ||
    profile.some(
      (p) =>
        !num(p.flow_ratio) ||
        p.flow_ratio <= 0 ||
        p.flow_ratio > 1.5 ||
        !num(p.hours) ||
        p.hours < 0,
    )
  )
    errors.push({ field: 'load_profile', key: 'range' });
  else if (profile.reduce((s, p) => s + p.hours, 0) > 8784)
    errors.push({ field: 'load_profile', key: 'range' });
  const price = i.electricity_kop_kwh ?? 800;
  if (!num(price) || price < 0 || price > 1e6)
    errors.push({ field: 'electricity_kop_kwh', key: 'range' });
  const years = i.years ?? 10;
  if (!num(years) || years < 0 || years > 50) errors.push({ field: 'years', key: 'range' });
  const rate = i.discount_rate ?? 0;
  if (!num(rate) || rate < 0 || rate > 1) errors.push({ field: 'discount_rate', key: 'range' });
  const tol = i.head_tolerance ?? 0.2;
  if (!num(tol) || tol < 0 || tol > 1) errors.push({ field: 'head_tolerance', key: 'range' });
  const sort = i.sort ?? 'score';
  if (!(SORT_KEYS as readonly string[]).includes(sort)) errors.push({ field: 'sort', key: 'unit' });
  const limit = i.limit ?? 20;
  if (!Number.isInteger(limit) || limit < 1 || limit > 200)
    errors.push({ field: 'limit', key: 'range' });
  if (errors.length || !q.ok || !h.ok || !hs.ok) return { ok: false, errors };
  return {
    ok: true,
    sort,
    limit,
    duty: {
      q_m3h: q.value,
      h_m: h.value,
      h_static_m: hs.value,
      temperature_c: t,
      rho,
      medium:
        medium && glycol
          ? {
              kind: medium.kind,
              concentration: medium.concentration,
              nu_mm2s: (glycol.mu / glycol.rho) * 1e6,
            }
          : null,
      npsha,
      speed_control: i.speed_control === true,
      npsh_available_m: npsh,
      load_profile: profile,
      kop_per_kwh: price,
      years,
      discount_rate: rate,
      head_tolerance: tol,
      r_min: 0.3,
      vfd_eta: 0.97,
      small_pump_correction: i.small_pump_correction === true,
    },
  };
}

/**
 * NPSHa from the suction side (tank formulation, HI/ISO 9906 usage): the liquid surface of the
 * suction tank at absolute pressure p, its level z above the pump inlet, the losses h_L of the
 * suction line; the velocity head at the surface is zero:
 *   NPSHa = (p_abs − p_v)/(ρ·g) + z − h_L
 * p_v is water's at t by IAPWS-IF97 (for a glycol solution too: its vapour pressure is lower, so
 * water's is conservative). Errors name the field and its bounds.
 */
function suctionNpsh(
  s: NonNullable<PumpSelectInput['suction']>,
  t: number,
  rho: number,
  errors: FieldError[],
): DutyInput['npsha'] {
  const before = errors.length;
  const p = headToM(s.p, s.p_unit, rho);
  const pPa = p.ok ? p.value * rho * G : Number.NaN;
  if (!p.ok)
    errors.push({
      field: p.error === 'unit' ? 'suction_p_unit' : 'suction_p',
      key: p.error === 'unit' ? 'unit' : 'number',
    });
  else if (!(pPa > 0) || pPa > SUCTION_RANGE.p_max_pa) {
    // The bound in the unit the user chose (a head unit: in metres of this liquid).
    const per = (PRESSURE_PA as Record<string, number>)[s.p_unit] ?? rho * G;
    errors.push({
      field: 'suction_p',
      key: 'range_between',
      params: {
        min: 0,
        max: shownFigure(SUCTION_RANGE.p_max_pa / per, 'down'),
        unit: s.p_unit in PRESSURE_PA ? s.p_unit : 'm',
      },
    });
  }
  const z = s.level_m ?? 0;
  if (!num(z) || z < SUCTION_RANGE.level_min_m || z > SUCTION_RANGE.level_max_m)
    errors.push({
      field: 'suction_level_m',
      key: 'range_between',
      params: { min: SUCTION_RANGE.level_min_m, max: SUCTION_RANGE.level_max_m, unit: 'm' },
    });
  const loss = s.loss_m ?? 0;
  if (!num(loss) || loss < 0 || loss > SUCTION_RANGE.loss_max_m)
    errors.push({
      field: 'suction_loss_m',
      key: 'range_between',
      params: { min: 0, max: SUCTION_RANGE.loss_max_m, unit: 'm' },
    });
  if (errors.length > before || !(rho > 0)) return null;
  const pv = waterVapourPressure(t);
  const value = (pPa - pv) / (rho * G) + z - loss;
  if (!(value > 0)) {
    errors.push({
      field: 'suction_p',
      key: 'npsha_negative',
      params: { npsha: Math.round(value * 100) / 100 },
    });
    return null;
  }
  return { p_abs_pa: pPa, level_m: z, loss_m: loss, p_v_pa: pv, value };
}

// Sorting by P₁ (decision 0030): a pump run below DEEP_SPEED_RATIO or with an oversized motor comes
// after the right-sized ones (its P₁ at the duty is as low, but it runs far from its design); then
// P₁, then price.
const oversized = (x: { warnings: string[] }): number =>
  x.warnings.includes('speed_deep') || x.warnings.includes('motor_oversized') ? 1 : 0;

const SCREEN_SORTERS: Record<'efficiency' | 'p1' | 'price', (a: Screened, b: Screened) => number> =
  {
    efficiency: (a, b) => b.duty.eta - a.duty.eta,
    p1: (a, b) =>
      oversized(a) - oversized(b) ||
      a.duty.p1_kw - b.duty.p1_kw ||
      a.base.model.price_kop - b.base.model.price_kop,
    price: (a, b) => a.base.model.price_kop - b.base.model.price_kop,
  };

const SORTERS: Record<SortKey, (a: PumpEntity, b: PumpEntity) => number> = {
  score: (a, b) => b.score - a.score,
  efficiency: (a, b) => b.duty.eta - a.duty.eta,
  p1: (a, b) =>
    oversized(a) - oversized(b) || a.duty.p1_kw - b.duty.p1_kw || a.price_kop - b.price_kop,
  price: (a, b) => a.price_kop - b.price_kop,
  annual_energy: (a, b) => a.annual_kwh - b.annual_kwh,
  lcc: (a, b) => a.lcc_kop - b.lcc_kop,
};

/** Sorts already selected entities by another key (the page re-sorts without recalculating). */
export function sortEntities(list: PumpEntity[], key: SortKey): PumpEntity[] {
  return [...list].sort((a, b) => SORTERS[key](a, b) || a.sku.localeCompare(b.sku));
}

function reasonsOf(
  e: { bep_ratio: number; duty: Duty; head_surplus: number },
  speedControl: boolean,
): string[] {
  const r: string[] = [];
  if (e.bep_ratio >= 0.85 && e.bep_ratio <= 1.1) r.push('near_bep');
  else if (e.bep_ratio >= 0.7 && e.bep_ratio <= 1.2) r.push('in_por');
  if (speedControl) r.push('speed_for_duty');
  if (e.duty.trim_ratio !== null) r.push('trimmed');
  if (!speedControl && e.head_surplus <= 0.05) r.push('head_close');
  return r;
}

export function selectPumps(
  pumps: readonly PreparedPump[],
  input: PumpSelectInput,
): PumpSelectResult {
  const n = normaliseInput(input);
  if (!n.ok)
    return {
      type: 'error',
      entities: [],
      errors: n.errors,
      misses: [],
      considered: 0,
      duty: null,
      explanation: null,
    };
  const d = n.duty;
  const sys = systemCurve(d.q_m3h, d.h_m, d.h_static_m)!;
  const passed: Screened[] = [];
  const misses: Rejection[] = [];
  for (const p0 of pumps) {
    // A glycol solution: each pump's water curves corrected for viscosity (ANSI/HI 9.6.7), or refused beyond the method.
    const p = d.medium ? viscousPump(p0, d.medium.nu_mm2s) : p0;
    if (!p) {
      if (passed.length === 0)
        keepNearest(
          misses,
          { sku: p0.model.sku, reason: 'viscosity', value: 0, limit: HI_B_MAX, unit: '1' },
          d,
        );
      continue;
    }
    const e = screenPump(p, d, sys, passed.length === 0);
    if (!isRejection(e)) passed.push(e);
    else if (passed.length === 0) keepNearest(misses, e, d);
  }
  // Energy is computed for every passing pump only when the ranking needs it; otherwise only for
  // the pumps returned (the profile costs a root solve per load point).
  let ranked: Screened[];
  const rank = new Map<Screened, RankTerms>();
  const bySku = (a: Screened, b: Screened) => a.base.model.sku.localeCompare(b.base.model.sku);
  if (n.sort === 'annual_energy' || n.sort === 'lcc' || n.sort === 'score') {
    // Keys computed once into a decorated array (no map lookups inside the comparator).
    const keyed = passed.map((s) => {
      const kwh = annualEnergy(s, d, sys, false).kwh;
      return {
        s,
        kwh,
        lcc: lifeCycleCost(s.base.model.price_kop, kwh, d.kop_per_kwh, d.years, d.discount_rate),
        key: 0,
      };
    });
    if (n.sort === 'score') {
      // Best match (decision 0030): the technical score less the life-cycle cost above the lowest
      // among the candidates, so the pump a buyer would pay least for over its life leads unless
      // another is as economical and technically better.
      // A candidate more than LCC_BAND above the lowest life-cycle cost also loses the spread of the
      // technical scores (+1), so it ranks after every candidate inside the band whatever its score.
      const minLcc = Math.min(...keyed.map((k) => k.lcc));
      const techs = keyed.map((k) => k.s.score);
      const gap = Math.max(...techs) - Math.min(...techs) + 1;
      for (const k of keyed) {
        const ratio = minLcc > 0 ? k.lcc / minLcc : 1;
        const outside = ratio > 1 + LCC_BAND;
        const score = k.s.score - LCC_WEIGHT * (ratio - 1) - (outside ? gap : 0);
        rank.set(k.s, { lcc_ratio: ratio, score, band_gap: outside ? gap : 0 });
        k.key = -score;
      }
    } else for (const k of keyed) k.key = n.sort === 'lcc' ? k.lcc : k.kwh;
    keyed.sort((a, b) => a.key - b.key || bySku(a.s, b.s));
    ranked = keyed.map((k) => k.s);
  } else {
    const by = SCREEN_SORTERS[n.sort];
    ranked = topK(passed, (a, b) => by(a, b) || bySku(a, b), n.limit);
  }
  const top: PumpEntity[] = ranked.slice(0, n.limit).map((s) => {
    const terms = rank.get(s);
    const e = finishPump(s, d, sys, terms);
    const m = e.base.model;
    return {
      sku: m.sku,
      title: m.title,
      manufacturer: m.manufacturer,
      model: m.model,
      price_kop: m.price_kop,
      lead_days: m.lead_days,
      duty: e.duty,
      bep_ratio: e.bep_ratio,
      head_surplus: e.head_surplus,
      annual_kwh: e.annual_kwh,
      energy_cost_kop: e.energy_cost_kop,
      lcc_kop: e.lcc_kop,
      score: terms ? terms.score : e.score,
      reasons: reasonsOf(e, d.speed_control),
      warnings: e.warnings,
      explanation: e.explain(),
    };
  });
  const x = pumpExplainer(
    d.medium ? [WATER_MODEL, GLYCOL_SOURCE, VISCOSITY_METHOD] : [WATER_MODEL],
  );
  x.input('q_d', d.q_m3h, 'm3/h')
    .input('h_d', d.h_m, 'm')
    .input('h_static', d.h_static_m, 'm')
    .input('temperature', d.temperature_c, 'degC');
  explainMedium(x, d);
  x.step(
    'vapour_head',
    vapourHeadM(d.temperature_c),
    'm',
    d.medium ? 'vapour_pressure_glycol' : 'vapour_pressure',
  );
  explainSuction(x, d);
  x.step('system.k', sys.k, 'm/(m3/h)2', 'system_curve');
  x.step('considered', pumps.length, 'pcs');
  x.step('passed', passed.length, 'pcs');
  return {
    type: top.length ? 'success' : 'empty',
    entities: top,
    errors: [],
    misses: top.length ? [] : misses,
    considered: pumps.length,
    duty: {
      q_m3h: d.q_m3h,
      h_m: d.h_m,
      h_static_m: d.h_static_m,
      rho_kg_m3: d.rho,
      vapour_head_m: vapourHeadM(d.temperature_c),
      system_k: sys.k,
      temperature_c: d.temperature_c,
      medium: d.medium ?? null,
    },
    explanation: x.done(),
  };
}

/** The k first of a list in the order of cmp (the same as sort then slice, without sorting it all). */
export function topK<T>(list: readonly T[], cmp: (a: T, b: T) => number, k: number): T[] {
  const top: T[] = [];
  for (const x of list) {
    if (top.length === k && cmp(x, top[k - 1]!) >= 0) continue;
    let i = top.length;
    while (i > 0 && cmp(x, top[i - 1]!) < 0) i--;
    top.splice(i, 0, x);
    if (top.length > k) top.pop();
  }
  return top;
}

/**
 * How far down the filter chain a rejection came: a pump stopped by NPSH met the temperature, the
 * motor, the range and the head, so it names the constraint that actually excluded it; the
 * "nothing suitable" answer shows the misses that got furthest.
 */
export const MISS_STAGE: Record<Rejection['reason'], number> = {
  viscosity: 0,
  temperature: 0,
  temperature_low: 0,
  motor_overload: 1,
  flow_range: 2,
  speed_range: 2,
  head_low: 3,
  oversized: 3,
  no_intersection: 4,
  npsh: 5,
};

/** Keeps the three misses closest to passing: the furthest stage first, then the smallest relative shortfall. */
function keepNearest(best: Rejection[], m: Rejection, d: DutyInput): void {
  const c = closeness(m, d);
  if (best.length === 3 && c >= closeness(best[2]!, d)) return;
  best.push(m);
  best.sort((a, b) => closeness(a, d) - closeness(b, d));
  if (best.length > 3) best.pop();
}

function closeness(m: Rejection, d: DutyInput): number {
  const within =
    m.reason === 'head_low'
      ? Math.abs(m.limit - m.value) / d.h_m
      : Math.abs(m.value - m.limit) / (Math.abs(m.limit) + 1);
  return 10 * (5 - MISS_STAGE[m.reason]) + Math.min(9.99, within);
}
