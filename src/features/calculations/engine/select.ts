// Pump selection: input in the user's units → checked and converted → every prepared pump through
// the hard filters → survivors scored and sorted → the top N with their duty, energy, cost, reasons
// and explanation. When nothing passes, the nearest misses say why ("at 65 m³/h the best reaches
// 12.1 m of the 14 m asked").
import { pumpExplainer, type Explanation } from './explain.ts';
import type { PreparedPump } from './curve.ts';
import { annualEnergy, finishPump, isRejection, LCC_BAND, LCC_WEIGHT, screenPump, type Duty, type DutyInput, type RankTerms, type Rejection, type Screened } from './evaluate.ts';
import { lifeCycleCost } from './energy.ts';
import { systemCurve } from './hydraulics.ts';
import { flowToM3h, headToM } from './units.ts';
import { inWaterRange, vapourHeadM, waterDensity } from './water.ts';
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
  /** Density override, kg/m³ (default: water at the temperature). */
  density_kg_m3?: number;
}

export interface FieldError {
  field: string;
  /** Message key: 'number', 'positive', 'unit', 'range', 'static_above_duty'. */
  key: string;
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
  duty: { q_m3h: number; h_m: number; h_static_m: number; rho_kg_m3: number; vapour_head_m: number; system_k: number } | null;
  explanation: Explanation | null;
}

const num = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** Checks and converts the input; errors name the field. */
export function normaliseInput(i: PumpSelectInput): { ok: true; duty: DutyInput; sort: SortKey; limit: number } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const t = i.temperature_c ?? 20;
  if (!num(t)) errors.push({ field: 'temperature_c', key: 'number' });
  else if (!inWaterRange(t)) errors.push({ field: 'temperature_c', key: 'range' });
  const rho = i.density_kg_m3 ?? waterDensity(num(t) ? t : 20);
  if (!num(rho) || rho < 500 || rho > 2000) errors.push({ field: 'density_kg_m3', key: 'range' });
  const q = flowToM3h(i.q, i.q_unit, rho);
  const h = headToM(i.h, i.h_unit, rho);
  const hs = headToM(i.h_static ?? 0, i.h_unit, rho);
  if (!q.ok) errors.push({ field: q.error === 'unit' ? 'q_unit' : 'q', key: q.error === 'unit' ? 'unit' : 'number' });
  else if (!(q.value > 0) || q.value > 1e5) errors.push({ field: 'q', key: q.value > 0 ? 'range' : 'positive' });
  if (!h.ok) errors.push({ field: h.error === 'unit' ? 'h_unit' : 'h', key: h.error === 'unit' ? 'unit' : 'number' });
  else if (!(h.value > 0) || h.value > 5000) errors.push({ field: 'h', key: h.value > 0 ? 'range' : 'positive' });
  if (!hs.ok) errors.push({ field: 'h_static', key: 'number' });
  else if (hs.value < 0) errors.push({ field: 'h_static', key: 'positive' });
  else if (h.ok && hs.value >= h.value) errors.push({ field: 'h_static', key: 'static_above_duty' });
  const npsh = i.npsh_available_m ?? null;
  if (npsh !== null && (!num(npsh) || npsh < 0 || npsh > 1000)) errors.push({ field: 'npsh_available_m', key: 'range' });
  const profile = i.load_profile ?? DEFAULT_LOAD_PROFILE;
  if (!Array.isArray(profile) || profile.length > 24 || profile.some((p) => !num(p.flow_ratio) || p.flow_ratio <= 0 || p.flow_ratio > 1.5 || !num(p.hours) || p.hours < 0))
    errors.push({ field: 'load_profile', key: 'range' });
  else if (profile.reduce((s, p) => s + p.hours, 0) > 8784) errors.push({ field: 'load_profile', key: 'range' });
  const price = i.electricity_kop_kwh ?? 800;
  if (!num(price) || price < 0 || price > 1e6) errors.push({ field: 'electricity_kop_kwh', key: 'range' });
  const years = i.years ?? 10;
  if (!num(years) || years < 0 || years > 50) errors.push({ field: 'years', key: 'range' });
  const rate = i.discount_rate ?? 0;
  if (!num(rate) || rate < 0 || rate > 1) errors.push({ field: 'discount_rate', key: 'range' });
  const tol = i.head_tolerance ?? 0.2;
  if (!num(tol) || tol < 0 || tol > 1) errors.push({ field: 'head_tolerance', key: 'range' });
  const sort = i.sort ?? 'score';
  if (!(SORT_KEYS as readonly string[]).includes(sort)) errors.push({ field: 'sort', key: 'unit' });
  const limit = i.limit ?? 20;
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) errors.push({ field: 'limit', key: 'range' });
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

// Sorting by P₁ (decision 0030): a pump run below DEEP_SPEED_RATIO or with an oversized motor comes
// after the right-sized ones (its P₁ at the duty is as low, but it runs far from its design); then
// P₁, then price.
const oversized = (x: { warnings: string[] }): number => (x.warnings.includes('speed_deep') || x.warnings.includes('motor_oversized') ? 1 : 0);

const SCREEN_SORTERS: Record<'efficiency' | 'p1' | 'price', (a: Screened, b: Screened) => number> = {
  efficiency: (a, b) => b.duty.eta - a.duty.eta,
  p1: (a, b) => oversized(a) - oversized(b) || a.duty.p1_kw - b.duty.p1_kw || a.base.model.price_kop - b.base.model.price_kop,
  price: (a, b) => a.base.model.price_kop - b.base.model.price_kop,
};

const SORTERS: Record<SortKey, (a: PumpEntity, b: PumpEntity) => number> = {
  score: (a, b) => b.score - a.score,
  efficiency: (a, b) => b.duty.eta - a.duty.eta,
  p1: (a, b) => oversized(a) - oversized(b) || a.duty.p1_kw - b.duty.p1_kw || a.price_kop - b.price_kop,
  price: (a, b) => a.price_kop - b.price_kop,
  annual_energy: (a, b) => a.annual_kwh - b.annual_kwh,
  lcc: (a, b) => a.lcc_kop - b.lcc_kop,
};

/** Sorts already selected entities by another key (the page re-sorts without recalculating). */
export function sortEntities(list: PumpEntity[], key: SortKey): PumpEntity[] {
  return [...list].sort((a, b) => SORTERS[key](a, b) || a.sku.localeCompare(b.sku));
}

function reasonsOf(e: { bep_ratio: number; duty: Duty; head_surplus: number }, speedControl: boolean): string[] {
  const r: string[] = [];
  if (e.bep_ratio >= 0.85 && e.bep_ratio <= 1.1) r.push('near_bep');
  else if (e.bep_ratio >= 0.7 && e.bep_ratio <= 1.2) r.push('in_por');
  if (speedControl) r.push('speed_for_duty');
  if (e.duty.trim_ratio !== null) r.push('trimmed');
  if (!speedControl && e.head_surplus <= 0.05) r.push('head_close');
  return r;
}

export function selectPumps(pumps: readonly PreparedPump[], input: PumpSelectInput): PumpSelectResult {
  const n = normaliseInput(input);
  if (!n.ok) return { type: 'error', entities: [], errors: n.errors, misses: [], considered: 0, duty: null, explanation: null };
  const d = n.duty;
  const sys = systemCurve(d.q_m3h, d.h_m, d.h_static_m)!;
  const passed: Screened[] = [];
  const misses: Rejection[] = [];
  for (const p of pumps) {
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
      return { s, kwh, lcc: lifeCycleCost(s.base.model.price_kop, kwh, d.kop_per_kwh, d.years, d.discount_rate), key: 0 };
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
  const x = pumpExplainer(['water: Kell 1975 / Wagner–Pruss']);
  x.input('q_d', d.q_m3h, 'm3/h').input('h_d', d.h_m, 'm').input('h_static', d.h_static_m, 'm').input('temperature', d.temperature_c, 'degC');
  x.step('rho', d.rho, 'kg/m3', 'density');
  x.step('vapour_head', vapourHeadM(d.temperature_c), 'm', 'vapour_pressure');
  x.step('system.k', sys.k, 'm/(m3/h)2', 'system_curve');
  x.step('considered', pumps.length, 'pcs');
  x.step('passed', passed.length, 'pcs');
  return {
    type: top.length ? 'success' : 'empty',
    entities: top,
    errors: [],
    misses: top.length ? [] : misses,
    considered: pumps.length,
    duty: { q_m3h: d.q_m3h, h_m: d.h_m, h_static_m: d.h_static_m, rho_kg_m3: d.rho, vapour_head_m: vapourHeadM(d.temperature_c), system_k: sys.k },
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
  temperature: 0, motor_overload: 1, flow_range: 2, speed_range: 2, head_low: 3, oversized: 3, no_intersection: 4, npsh: 5,
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
  const within = m.reason === 'head_low' ? Math.abs(m.limit - m.value) / d.h_m : Math.abs(m.value - m.limit) / (Math.abs(m.limit) + 1);
  return 10 * (5 - MISS_STAGE[m.reason]) + Math.min(9.99, within);
}
