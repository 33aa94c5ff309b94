// The substation composition as it arrives from the page form or a JSON call: flat text values in
// the units people think in (kW or Gcal/h; bar, kgf/cm² or MPa, gauge said explicitly), checked and
// turned into the composition input in kW, °C, bar gauge, kPa and litres. valibot checks the shape;
// the rules below name the failing field, all at once. Pure: the page, the API and the save share it.
import type * as v from 'valibot';
import {
  MAX_TEXT,
  numberOf,
  pickRaw,
  rawSchemaOf,
  Reader,
  type FieldIssue,
} from '#features/calculations/kit/form.ts';
import { LOAD_KW, PRESSURE_BAR } from '#features/calculations/kit/units.ts';

export const HEATING_SCHEMES = ['independent', 'dependent'] as const;
export const DHW_SCHEMES = ['none', 'single', 'two_stage'] as const;
export const VENT_SCHEMES = ['none', 'independent'] as const;
// The units this form offers, with their factors from the kit's one unit table.
/** kW per unit. */
export const LOAD_UNITS = { kW: LOAD_KW.kW, 'Gcal/h': LOAD_KW['Gcal/h'] } as const;
/** bar per unit (gauge). */
export const PRESSURE_UNITS = PRESSURE_BAR;

export const BTP_FIELDS = [
  'title',
  'heating_scheme',
  'dhw_scheme',
  'vent_scheme',
  'q_unit',
  'heating_q',
  'dhw_q',
  'vent_q',
  'network_supply',
  'network_return',
  'heating_supply',
  'heating_return',
  'vent_supply',
  'vent_return',
  'dhw_t_cold',
  'dhw_t_hot',
  'dhw_circulation',
  't_inside',
  't_outdoor',
  'p_unit',
  'p_supply',
  'p_return',
  'building_height',
  'p_allowed',
  'heating_dp',
  'vent_dp',
  'heating_volume',
  'vent_volume',
  'hx_dp_max',
  'margin',
] as const;
export type BtpField = (typeof BTP_FIELDS)[number];

const RawSchema = rawSchemaOf(BTP_FIELDS);
export type BtpRaw = v.InferOutput<typeof RawSchema>;

/** The worked example a free project starts from (1 MW heating, 600 kW two-stage DHW, 150/70 network). */
export const BTP_DEFAULTS: Record<BtpField, string> = {
  title: '',
  heating_scheme: 'independent',
  dhw_scheme: 'two_stage',
  vent_scheme: 'none',
  q_unit: 'kW',
  heating_q: '1000',
  dhw_q: '600',
  vent_q: '300',
  network_supply: '150',
  network_return: '70',
  heating_supply: '90',
  heating_return: '65',
  vent_supply: '90',
  vent_return: '65',
  dhw_t_cold: '5',
  dhw_t_hot: '60',
  dhw_circulation: '',
  t_inside: '20',
  t_outdoor: '-25',
  p_unit: 'bar',
  p_supply: '6',
  p_return: '3.5',
  building_height: '20',
  p_allowed: '6',
  heating_dp: '30',
  vent_dp: '40',
  heating_volume: '',
  vent_volume: '',
  hx_dp_max: '50',
  margin: '10',
};

/** The flat values of a form or JSON body, shape-checked (every field optional text, kept as typed: a too long one is a field error below). */
export const btpRaw = (values: Record<string, unknown>): BtpRaw =>
  pickRaw(RawSchema, BTP_FIELDS, values);

/** The kit's issue shape, with this form's fields. */
export interface BtpIssue extends FieldIssue {
  field: BtpField;
  /** too_long | required | number | choice | positive | range | supply_above_return | above_network | cross | hot_above_cold */
  key: string;
  params?: Record<string, number | string>;
}

export interface BtpInput {
  title: string;
  heating: {
    scheme: (typeof HEATING_SCHEMES)[number];
    q_kw: number;
    supply: number;
    return: number;
    dp_system_kpa: number;
    volume_l: number | null;
  };
  dhw: {
    scheme: (typeof DHW_SCHEMES)[number];
    q_kw: number;
    t_cold: number;
    t_hot: number;
    circulation_kw: number | null;
  };
  vent: {
    scheme: (typeof VENT_SCHEMES)[number];
    q_kw: number;
    supply: number;
    return: number;
    dp_system_kpa: number;
    volume_l: number | null;
  };
  network: { supply: number; return: number; p_supply_bar: number; p_return_bar: number };
  climate: { t_inside: number; t_outdoor: number };
  building_height_m: number;
  p_allowed_bar: number;
  hx_dp_max_kpa: number;
  margin_pct: number;
}

/** Checks the raw values; every problem comes back at once, one per field. */
export function btpInputOf(raw: BtpRaw): { input: BtpInput; issues: BtpIssue[] } {
  // The kit's form reader over the raw values: a value longer than any figure, choice or title is
  // named first (never cut short in silence); one issue per field, the first said wins.
  const reader = new Reader<BtpField>(raw).tooLong(MAX_TEXT);
  const issues = reader.issues as BtpIssue[];
  const bad = (field: BtpField, key: string, params?: BtpIssue['params']) =>
    reader.fail(field, key, params);
  const choice = <T extends string>(field: BtpField, list: readonly T[]): T => {
    // A choice sent empty is refused (a form always sends one); one left out takes the worked example's.
    const x = raw[field] ?? BTP_DEFAULTS[field];
    if ((list as readonly string[]).includes(x)) return x as T;
    bad(field, 'choice');
    return list[0]!;
  };
  /** A number within [min, max]; empty is 'required' unless optional. */
  const num = (field: BtpField, min: number, max: number, optional = false): number => {
    // A field left out of a JSON call takes the worked example's value; a field sent empty is missing.
    const x = numberOf(raw[field] ?? BTP_DEFAULTS[field]);
    if (x === undefined) {
      if (!optional) bad(field, 'required');
      return Number.NaN;
    }
    if (!Number.isFinite(x)) bad(field, 'number');
    else if (x < min || x > max) bad(field, 'range', { min, max });
    return x;
  };
  const positive = (field: BtpField, max: number): number => {
    const x = num(field, 0, max);
    if (x === 0) bad(field, 'positive');
    return x;
  };
  const heatingScheme = choice('heating_scheme', HEATING_SCHEMES);
  const dhwScheme = choice('dhw_scheme', DHW_SCHEMES);
  const ventScheme = choice('vent_scheme', VENT_SCHEMES);
  const qUnit = choice('q_unit', Object.keys(LOAD_UNITS) as Array<keyof typeof LOAD_UNITS>);
  const pUnit = choice('p_unit', Object.keys(PRESSURE_UNITS) as Array<keyof typeof PRESSURE_UNITS>);
  const kw = LOAD_UNITS[qUnit],
    bar = PRESSURE_UNITS[pUnit];
  const maxLoad = 50_000 / kw;

  const heatingQ = positive('heating_q', maxLoad) * kw;
  const dhwQ = dhwScheme === 'none' ? 0 : positive('dhw_q', maxLoad) * kw;
  const ventQ = ventScheme === 'none' ? 0 : positive('vent_q', maxLoad) * kw;
  const ns = num('network_supply', 40, 150),
    nr = num('network_return', 10, 150);
  const hs = num('heating_supply', 30, 150),
    hr = num('heating_return', 10, 130);
  const vs = ventScheme === 'none' ? 0 : num('vent_supply', 30, 150);
  const vr = ventScheme === 'none' ? 0 : num('vent_return', 10, 130);
  const tc = dhwScheme === 'none' ? 5 : num('dhw_t_cold', 1, 30),
    th = dhwScheme === 'none' ? 60 : num('dhw_t_hot', 40, 75);
  const circ = dhwScheme === 'none' ? undefined : num('dhw_circulation', 0, maxLoad, true) * kw;
  const ti = num('t_inside', 5, 30),
    to = num('t_outdoor', -60, 10);
  const ps = num('p_supply', 0, 25 / bar) * bar,
    pr = num('p_return', 0, 25 / bar) * bar;
  const height = num('building_height', 0, 250);
  const allowed = positive('p_allowed', 25 / bar) * bar;
  const hdp = positive('heating_dp', 500),
    vdp = ventScheme === 'none' ? 0 : positive('vent_dp', 500);
  const hvol = num('heating_volume', 0, 10_000, true),
    vvol = ventScheme === 'none' ? undefined : num('vent_volume', 0, 10_000, true);
  const dpMax = positive('hx_dp_max', 300);
  const margin = num('margin', 0, 50);

  const ok = (...xs: number[]) => xs.every(Number.isFinite);
  if (ok(ns, nr) && ns <= nr) bad('network_supply', 'supply_above_return');
  if (ok(hs, hr) && hs <= hr) bad('heating_supply', 'supply_above_return');
  if (ventScheme !== 'none' && ok(vs, vr) && vs <= vr) bad('vent_supply', 'supply_above_return');
  if (ok(hs, ns) && hs > ns) bad('heating_supply', 'above_network');
  if (ventScheme !== 'none' && ok(vs, ns) && vs > ns) bad('vent_supply', 'above_network');
  // An exchanger needs its primary outlet above the secondary inlet (3 K at least).
  if (heatingScheme === 'independent' && ok(nr, hr) && nr < hr + 3)
    bad('network_return', 'cross', { min: hr + 3 });
  if (ventScheme !== 'none' && ok(nr, vr) && nr < vr + 3)
    bad('network_return', 'cross', { min: vr + 3 });
  if (ok(hr, ti) && hr <= ti) bad('heating_return', 'hot_above_cold', { min: ti });
  if (dhwScheme !== 'none' && ok(tc, th) && th <= tc + 10)
    bad('dhw_t_hot', 'hot_above_cold', { min: tc + 10 });
  if (ok(ps, pr) && ps <= pr) bad('p_supply', 'supply_above_return');
  if (ok(ti, to) && to >= ti) bad('t_outdoor', 'hot_above_cold', { min: ti });
  const title = (raw.title ?? '').slice(0, 200);
  return {
    issues,
    input: {
      title,
      heating: {
        scheme: heatingScheme,
        q_kw: heatingQ,
        supply: hs,
        return: hr,
        dp_system_kpa: hdp,
        volume_l: hvol === undefined || Number.isNaN(hvol) ? null : hvol * 1000,
      },
      dhw: {
        scheme: dhwScheme,
        q_kw: dhwQ,
        t_cold: tc,
        t_hot: th,
        circulation_kw: circ === undefined || Number.isNaN(circ) ? null : circ,
      },
      vent: {
        scheme: ventScheme,
        q_kw: ventQ,
        supply: vs,
        return: vr,
        dp_system_kpa: vdp,
        volume_l: vvol === undefined || Number.isNaN(vvol) ? null : vvol * 1000,
      },
      network: { supply: ns, return: nr, p_supply_bar: ps, p_return_bar: pr },
      climate: { t_inside: ti, t_outdoor: to },
      building_height_m: height,
      p_allowed_bar: allowed,
      hx_dp_max_kpa: dpMax,
      margin_pct: margin,
    },
  };
}

/** The raw values with the defaults filled in where the form left a field out (what the form shows). */
export const withDefaults = (raw: Partial<Record<BtpField, string>>): Record<BtpField, string> =>
  Object.fromEntries(BTP_FIELDS.map((f) => [f, raw[f] ?? BTP_DEFAULTS[f]])) as Record<
    BtpField,
    string
  >;
