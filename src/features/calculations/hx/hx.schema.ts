// Inputs of the three heat exchanger calculations (to1 standard, to2 two-stage DHW, to3 steam
// condensation) as they arrive from a page form or a JSON call: flat text values in the units people
// think in (kW or Gcal/h, t/h or m3/h, kPa or m w.c., bar or kgf/cm2, gauge or absolute said
// explicitly), turned into the PHE engine's SI input. valibot checks the shape; the engine checks
// the physics and names the failing field, so there is one rule per figure. Pure: the page, the API
// and an island share it.
import * as v from 'valibot';
import type {
  CondensationInput,
  DhwInput,
  RatingInput,
  SelectInput,
  SteamState,
} from '#features/calculations/phe/index.ts';
import { waterProperties } from '#features/properties/water.ts';
import {
  numberOf,
  pickRaw,
  rawSchemaOf,
  Reader,
  type FieldIssue,
} from '#features/calculations/kit/form.ts';
import type { Medium } from '#features/calculations/phe/fluid.ts';
import {
  DP_KPA,
  LOAD_KW,
  P_KINDS,
  PRESSURE_MPA,
  thToKgS,
} from '#features/calculations/kit/units.ts';
import { glycolMassFlow, MEDIUM_FIELDS, mediumOf } from './medium.ts';

/** A refused field: required | number | unit | positive | up_to | range | property_range ... (the kit's one issue shape). */
export type { FieldIssue };

// The units these forms offer, with their factors from the kit's one unit table.
/** kW per unit. */
export const Q_UNITS = LOAD_KW;
export const FLOW_UNITS = ['t/h', 'm3/h', 'kg/s'] as const;
/** MPa per unit. */
export const P_UNITS = PRESSURE_MPA;
export { P_KINDS };
/** kPa per unit. */
export const DP_UNITS = DP_KPA;
export const STEAM_STATES = ['saturated', 'superheated', 'wet', 'enthalpy'] as const;
/** to1: select packs for a duty, or rate a given pack (model, plates, passes) with the inlets and flows. */
export const HX_MODES = ['select', 'rate'] as const;
export type HxMode = (typeof HX_MODES)[number];

/**
 * Physical ranges of what a person types, in the unit they chose: a figure outside is refused naming
 * the field (never a 500, never a 300-digit answer). Loads up to 100 MW (a district heating plant is
 * larger than any plate exchanger duty), flows up to 10 000 t/h, pressure drops up to 1 000 kPa,
 * water from 0 °C (below it freezes: a glycol mixture is needed) to 250 °C, outdoor air -60..+45 °C,
 * an approach within ±100 K.
 */
export const RANGES = {
  load_kw: 100_000,
  flow: { 't/h': 10_000, 'm3/h': 10_000, 'kg/s': 10_000 / 3.6 },
  dp_kpa: 1_000,
  water_c: { min: 0, max: 250 },
  outdoor_c: { min: -60, max: 45 },
  inside_c: { min: 0, max: 40 },
  steam_c: { min: 0, max: 800 },
  margin_pct: { min: 0, max: 100 },
  approach_k: { min: -100, max: 100 },
  alpha: { min: 0, max: 1_000_000 },
  /** Fouling resistance per side, m²·K/W: 0 (clean) up to 0.001, heavier than any water service. */
  fouling: { min: 0, max: 0.001 },
} as const;

/** The duty, temperatures, flows and pressures of each form (the saved calculation's view lists them
 *  under the same names, saved/inputs.ts). */
export const HX_DUTY_FIELDS = {
  shared: ['q', 'margin', 'limit'],
  to1: [
    'hot_t_in',
    'hot_t_out',
    'cold_t_in',
    'cold_t_out',
    'hot_flow',
    'cold_flow',
    'hot_p',
    'cold_p',
    'hot_dp_max',
    'cold_dp_max',
  ],
  to2: [
    'heating_q',
    'dhw_q',
    'network_supply',
    'network_return',
    'building_supply',
    'building_return',
    't_inside',
    't_outdoor',
    'dhw_t_cold',
    'dhw_t_hot',
    'break_supply',
    'approach',
  ],
  to3: [
    'steam_p',
    'steam_state',
    'steam_t',
    'steam_x',
    'steam_h',
    'condensate_out',
    'water_t_in',
    'water_t_out',
    'water_flow',
    'water_dp_max',
    'condensing_alpha',
  ],
} as const;

const FIELDS = [
  'q',
  'q_unit',
  'flow_unit',
  'p_unit',
  'p_kind',
  'dp_unit',
  'margin',
  'limit',
  ...HX_DUTY_FIELDS.to1,
  ...MEDIUM_FIELDS,
  'hot_fouling',
  'cold_fouling',
  'mode',
  'model',
  'plates',
  'hot_passes',
  'cold_passes',
  ...HX_DUTY_FIELDS.to2,
  ...HX_DUTY_FIELDS.to3,
] as const;
const RawSchema = rawSchemaOf(FIELDS);
export type RawInput = v.InferOutput<typeof RawSchema>;

/** The flat values of a form or JSON body, shape-checked (every field optional text). */
export const rawInput = (values: Record<string, unknown>): RawInput =>
  pickRaw(RawSchema, FIELDS, values);

/** The kit's reader with the rules of these forms: water temperatures, a side's medium, mass flows, fouling, the margin. */
class HxReader extends Reader<keyof RawInput> {
  /** A water temperature, °C: below 0 °C water freezes (a glycol mixture is needed), above 250 °C it is out of range. */
  water(field: keyof RawInput, required: boolean): number | undefined {
    const x = required ? this.req(field) : this.opt(field);
    if (x !== undefined && Number.isFinite(x) && x < RANGES.water_c.min && !this.has(field))
      this.fail(field, 'below_freezing_water', { t_min: 0 });
    this.within(field, x, RANGES.water_c.min, RANGES.water_c.max);
    return x;
  }
  /** A to1 side's temperature, °C: water's range, or for a glycol solution a number only (the engine holds the solution's range, freezing point + 2 K to 100 °C, and names it). */
  side(field: keyof RawInput, required: boolean, medium: Medium | undefined): number | undefined {
    if (!medium) return this.water(field, required);
    return required ? this.req(field) : this.opt(field);
  }
  /** Mass flow, kg/s; m3/h is turned into mass with the density at the stream's inlet state. */
  flow(field: keyof RawInput, tIn: number, pAbs: number): number | undefined {
    const unit = this.pick('flow_unit', FLOW_UNITS, 't/h');
    const x = this.opt(field);
    this.positiveUpTo(field, x, RANGES.flow[unit], unit);
    if (x === undefined) return undefined;
    if (unit === 'kg/s') return x;
    if (unit === 't/h') return thToKgS(x);
    if (!Number.isFinite(tIn)) return Number.NaN;
    try {
      return (x * waterProperties(tIn, pAbs).rho) / 3600;
    } catch {
      // The engine names the temperature field with its own range message.
      return x / 3.6;
    }
  }
  /** Fouling resistance of one side, m²·K/W (empty: 0, a clean plate). */
  fouling(field: 'hot_fouling' | 'cold_fouling'): number {
    const x = this.opt(field);
    this.within(field, x, RANGES.fouling.min, RANGES.fouling.max);
    return x !== undefined && x >= RANGES.fouling.min && x <= RANGES.fouling.max ? x : 0;
  }
  margin(): number {
    const x = this.opt('margin');
    this.within('margin', x, RANGES.margin_pct.min, RANGES.margin_pct.max);
    return x ?? 10;
  }
}

const DEFAULT_P = 0.6;

/** to1: load or flows, any three of the four temperatures. */
export function to1InputOf(r: RawInput): { input: SelectInput; issues: FieldIssue[] } {
  const x = new HxReader(r);
  x.pick('mode', HX_MODES, 'select');
  const hotMedium = mediumOf(x, 'hot'),
    coldMedium = mediumOf(x, 'cold');
  const hotIn = x.side('hot_t_in', true, hotMedium)!,
    coldIn = x.side('cold_t_in', true, coldMedium)!;
  const hotOut = x.side('hot_t_out', false, hotMedium),
    coldOut = x.side('cold_t_out', false, coldMedium);
  const ph = x.pressure('hot_p') ?? DEFAULT_P,
    pc = x.pressure('cold_p') ?? DEFAULT_P;
  const q = x.load('q', false, RANGES.load_kw);
  const hm = glycolMassFlow(
    x.flow('hot_flow', hotIn, ph),
    r.hot_flow,
    r.flow_unit,
    hotMedium,
    hotIn,
  );
  const cm = glycolMassFlow(
    x.flow('cold_flow', coldIn, pc),
    r.cold_flow,
    r.flow_unit,
    coldMedium,
    coldIn,
  );
  const known = [hotOut, coldOut].filter((t) => t !== undefined).length;
  if (known === 0) x.fail('hot_t_out', 'required');
  const input: SelectInput = {
    duty: {
      ...(q !== undefined ? { q } : {}),
      hot: {
        t_in: hotIn,
        ...(hotOut !== undefined ? { t_out: hotOut } : {}),
        ...(hm !== undefined ? { m: hm } : {}),
        p: ph,
        ...(hotMedium ? { medium: hotMedium } : {}),
      },
      cold: {
        t_in: coldIn,
        ...(coldOut !== undefined ? { t_out: coldOut } : {}),
        ...(cm !== undefined ? { m: cm } : {}),
        p: pc,
        ...(coldMedium ? { medium: coldMedium } : {}),
      },
    },
    dpMax: {
      hot: x.dp('hot_dp_max', 50, RANGES.dp_kpa),
      cold: x.dp('cold_dp_max', 50, RANGES.dp_kpa),
    },
    marginMin: x.margin(),
    fouling: { hot: x.fouling('hot_fouling'), cold: x.fouling('cold_fouling') },
    limit: Math.min(Math.max(Math.round(x.opt('limit') ?? 5), 1), 10),
  };
  return { input, issues: x.issues };
}

export const modeOf = (r: RawInput): HxMode => (r.mode === 'rate' ? 'rate' : 'select');

/**
 * to1 in rating mode: a plate model of the catalogue (`models`, its ids), the plate count and passes,
 * both inlet temperatures and flows; the load, when given, is the duty the pack must carry (its duty
 * margin is then said). Outlet temperatures are what the pack gives, so typed ones are ignored and
 * named in `ignored`; the pressure-drop limits are checked against the pack.
 */
export function to1RateInputOf(
  r: RawInput,
  models: readonly string[],
): {
  model: string;
  input: RatingInput;
  dpMax: { hot: number; cold: number };
  ignored: string[];
  issues: FieldIssue[];
} {
  const x = new HxReader(r);
  x.pick('mode', HX_MODES, 'select');
  const model = r.model ?? '';
  if (!model) x.fail('model', 'required');
  else if (!models.includes(model)) x.fail('model', 'unit');
  const plates = x.req('plates');
  const passes = { hot: x.opt('hot_passes') ?? 1, cold: x.opt('cold_passes') ?? 1 };
  const hotMedium = mediumOf(x, 'hot'),
    coldMedium = mediumOf(x, 'cold');
  const hotIn = x.side('hot_t_in', true, hotMedium)!,
    coldIn = x.side('cold_t_in', true, coldMedium)!;
  const ph = x.pressure('hot_p') ?? DEFAULT_P,
    pc = x.pressure('cold_p') ?? DEFAULT_P;
  const hm = glycolMassFlow(
    x.flow('hot_flow', hotIn, ph),
    r.hot_flow,
    r.flow_unit,
    hotMedium,
    hotIn,
  );
  const cm = glycolMassFlow(
    x.flow('cold_flow', coldIn, pc),
    r.cold_flow,
    r.flow_unit,
    coldMedium,
    coldIn,
  );
  if (hm === undefined) x.fail('hot_flow', 'required');
  if (cm === undefined) x.fail('cold_flow', 'required');
  const q = x.load('q', false, RANGES.load_kw);
  const input: RatingInput = {
    plates,
    passes,
    hot: { t_in: hotIn, m: hm ?? Number.NaN, p: ph, ...(hotMedium ? { medium: hotMedium } : {}) },
    cold: {
      t_in: coldIn,
      m: cm ?? Number.NaN,
      p: pc,
      ...(coldMedium ? { medium: coldMedium } : {}),
    },
    fouling: { hot: x.fouling('hot_fouling'), cold: x.fouling('cold_fouling') },
    ...(q !== undefined ? { q_required: q } : {}),
  };
  const dpMax = {
    hot: x.dp('hot_dp_max', 50, RANGES.dp_kpa),
    cold: x.dp('cold_dp_max', 50, RANGES.dp_kpa),
  };
  const ignored = (['hot_t_out', 'cold_t_out'] as const).filter((f) => (r[f] ?? '').trim() !== '');
  return { model, input, dpMax, ignored, issues: x.issues };
}

/** to2: heating and DHW loads with the temperature charts; the same pressure-drop limits for both stages. */
export function to2InputOf(r: RawInput): {
  input: DhwInput;
  limits: {
    dpMax: { hot: number; cold: number };
    marginMin: number;
    fouling: { hot: number; cold: number };
  };
  issues: FieldIssue[];
} {
  const x = new HxReader(r);
  const input: DhwInput = {
    heating: {
      q_max: x.load('heating_q', true, RANGES.load_kw)!,
      network: {
        supply: x.water('network_supply', true)!,
        return: x.water('network_return', true)!,
      },
      building: {
        supply: x.water('building_supply', true)!,
        return: x.water('building_return', true)!,
      },
      t_inside: x.opt('t_inside') ?? 20,
      t_outdoor_design: x.req('t_outdoor'),
    },
    dhw: {
      q_max: x.load('dhw_q', true, RANGES.load_kw)!,
      t_cold: x.water('dhw_t_cold', false) ?? 5,
      t_hot: x.water('dhw_t_hot', false) ?? 60,
    },
  };
  x.within('t_inside', numberOf(r.t_inside), RANGES.inside_c.min, RANGES.inside_c.max);
  x.within('t_outdoor', input.heating.t_outdoor_design, RANGES.outdoor_c.min, RANGES.outdoor_c.max);
  const bs = x.water('break_supply', false),
    ap = x.opt('approach');
  x.within('approach', ap, RANGES.approach_k.min, RANGES.approach_k.max);
  if (bs !== undefined) input.break_supply = bs;
  if (ap !== undefined) input.approach = ap;
  for (const f of ['heating_q', 'dhw_q'] as const)
    if (Number.isFinite(numberOf(r[f])) && numberOf(r[f])! <= 0) x.fail(f, 'positive');
  const limits = {
    dpMax: {
      hot: x.dp('hot_dp_max', 50, RANGES.dp_kpa),
      cold: x.dp('cold_dp_max', 50, RANGES.dp_kpa),
    },
    marginMin: x.margin(),
    fouling: { hot: x.fouling('hot_fouling'), cold: x.fouling('cold_fouling') },
  };
  return { input, limits, issues: x.issues };
}

/** to3: steam state and pressure, heated water, load or water flow. */
export function to3InputOf(r: RawInput): { input: CondensationInput; issues: FieldIssue[] } {
  const x = new HxReader(r);
  const unit = x.pick('p_unit', Object.keys(P_UNITS) as Array<keyof typeof P_UNITS>, 'bar');
  const kind = x.pick('p_kind', P_KINDS, 'gauge');
  const pRaw = x.req('steam_p');
  const stateKind = x.pick('steam_state', STEAM_STATES, 'saturated');
  let state: SteamState = { kind: 'saturated' };
  if (stateKind === 'superheated') {
    state = { kind: 'superheated', t: x.req('steam_t') };
    x.within('steam_t', state.t, RANGES.steam_c.min, RANGES.steam_c.max);
  }
  if (stateKind === 'wet') state = { kind: 'wet', x: x.req('steam_x') };
  if (stateKind === 'enthalpy') state = { kind: 'enthalpy', h: x.req('steam_h') };
  const tIn = x.water('water_t_in', true)!,
    tOut = x.water('water_t_out', true)!;
  const m = x.flow('water_flow', tIn, DEFAULT_P);
  const q = x.load('q', false, RANGES.load_kw);
  if (q === undefined && m === undefined && !x.issues.length) x.fail('q', 'required');
  const co = x.water('condensate_out', false),
    alpha = x.opt('condensing_alpha');
  if (alpha !== undefined && alpha <= 0) x.fail('condensing_alpha', 'positive');
  x.within('condensing_alpha', alpha, RANGES.alpha.min, RANGES.alpha.max);
  const input: CondensationInput = {
    // MPa as the engine wants; gauge is passed on so the engine adds the atmosphere once.
    steam: { p: pRaw * P_UNITS[unit], gauge: kind === 'gauge', state },
    water: { t_in: tIn, t_out: tOut, ...(m !== undefined ? { m } : {}) },
    ...(q !== undefined ? { q } : {}),
    ...(co !== undefined ? { condensate_out: co } : {}),
    ...(alpha !== undefined ? { condensing_alpha: alpha } : {}),
    marginMin: x.margin(),
    dpMax: x.dp('water_dp_max', 50, RANGES.dp_kpa),
    // The steam side is the heating side, the water the heated one.
    fouling: { steam: x.fouling('hot_fouling'), water: x.fouling('cold_fouling') },
  };
  return { input, issues: x.issues };
}

/** Engine field (dotted path into its input) -> form field name. */
const ENGINE_FIELDS: Record<string, string> = {
  'hot.m': 'hot_flow',
  'cold.m': 'cold_flow',
  'hot.dp_max': 'hot_dp_max',
  'cold.dp_max': 'cold_dp_max',
  'heating.network.supply': 'network_supply',
  'heating.building.supply': 'building_supply',
  'heating.building.return': 'building_return',
  'heating.t_outdoor_design': 't_outdoor',
  'dhw.t_hot': 'dhw_t_hot',
  stage2_primary_out: 'approach',
  single_primary_out: 'approach',
  'water.t_out': 'water_t_out',
  'water.t_in': 'water_t_in',
  'water.m': 'water_flow',
  'steam.p': 'steam_p',
  'steam.t': 'steam_t',
  'steam.x': 'steam_x',
  'steam.h': 'steam_h',
  plates: 'plates',
  'hot.passes': 'hot_passes',
  'cold.passes': 'cold_passes',
  'hot.fouling': 'hot_fouling',
  'cold.fouling': 'cold_fouling',
  'steam.fouling': 'hot_fouling',
  'water.fouling': 'cold_fouling',
  q_required: 'q',
};
export function formField(engineField: string, kind: 'to1' | 'to2' | 'to3'): string {
  if (kind === 'to3' && engineField === 'dp_max') return 'water_dp_max';
  return ENGINE_FIELDS[engineField] ?? engineField.replace(/\./g, '_');
}
