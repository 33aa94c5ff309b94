// Inputs of the three selections (pump, booster station, control cabinet) as they arrive from a page
// form or a JSON call (both read into flat text values by readForm), turned into the engine's
// input with the kit's form reader (kit/form.ts). valibot checks the shape; the engine checks ranges
// and units and names the failing field, so there is one rule per figure. Pure: the page, the API and the island share it.
import * as v from 'valibot';
import type {
  LoadPoint,
  PumpMedium,
  PumpSelectInput,
  StationSelectInput,
  StartMethod,
} from '#features/calculations/engine/index.ts';
import { mediumOf } from '#features/calculations/hx/medium.ts';
import {
  numberOf as kitNumberOf,
  Reader,
  type FieldIssue,
} from '#features/calculations/kit/form.ts';

/** A refused field (the kit's one issue shape): required | number | positive | unit | range | static_above_duty | below_freezing | range_between | below_freezing_glycol | npsh_both | npsha_negative | too_long. */
export type { FieldIssue };

/** A number typed by a person, read the kit's one way; these forms take up to MAX_FIELD characters a field (a JSON load profile). */
const numberOf = (x: unknown): number | undefined => kitNumberOf(x, MAX_FIELD);

const flag = (x: string | undefined): boolean | undefined =>
  x === undefined ? undefined : ['1', 'true', 'on', 'yes'].includes(x.trim().toLowerCase());
/** The most characters one field of these forms takes; a longer one is kept as typed and refused by field (too_long), never thrown on. */
export const MAX_FIELD = 4000;
const text = v.optional(v.pipe(v.string(), v.trim()));

const RawSchema = v.object({
  q: text,
  q_unit: text,
  h: text,
  h_unit: text,
  h_static: text,
  temperature_c: text,
  speed_control: text,
  npsh_available_m: text,
  medium: text,
  concentration: text,
  suction_p: text,
  suction_p_unit: text,
  suction_level_m: text,
  suction_loss_m: text,
  electricity_price: text,
  years: text,
  discount_rate: text,
  sort: text,
  limit: text,
  load_profile: text,
  hours_100: text,
  hours_75: text,
  hours_50: text,
  hours_25: text,
  count: text,
  standby: text,
  type_use: text,
  // control cabinet
  pumps: text,
  p2_kw: text,
  voltage_v: text,
  duty: text,
  method: text,
  control_mode: text,
  ats: text,
  dry_run: text,
  sensors: text,
  communication: text,
});
export type RawInput = v.InferOutput<typeof RawSchema>;

/** The flat values of a form or JSON body, shape-checked (every field optional text). */
export function rawInput(values: Record<string, unknown>): RawInput {
  const picked: Record<string, string> = {};
  for (const k of Object.keys(RawSchema.entries))
    if (typeof values[k] === 'string') picked[k] = values[k] as string;
  return v.parse(RawSchema, picked);
}

/** The kit's reader over these fields: fields longer than MAX_FIELD are each a field error (too_long) that comes before anything else said of it. */
const readerOf = (r: RawInput): Reader<keyof RawInput> =>
  new Reader<keyof RawInput>(r).tooLong(MAX_FIELD, null);

/** Load profile from the JSON array (`load_profile`) or the form's four hour fields (100/75/50/25 %). */
function profileOf(x: Reader<keyof RawInput>): LoadPoint[] | undefined {
  const r = x.r;
  if (r.load_profile) {
    try {
      const arr = JSON.parse(r.load_profile) as unknown;
      if (Array.isArray(arr) && arr.every((p) => p && typeof p === 'object'))
        return arr.map((p) => ({
          flow_ratio: numberOf(p.flow_ratio) ?? Number.NaN,
          hours: numberOf(p.hours) ?? Number.NaN,
        }));
    } catch {
      /* reported below */
    }
    x.fail('load_profile', 'range');
    return undefined;
  }
  const hours = [r.hours_100, r.hours_75, r.hours_50, r.hours_25];
  if (hours.every((h) => h === undefined || h === '')) return undefined;
  return [1, 0.75, 0.5, 0.25].map((flow_ratio, i) => ({
    flow_ratio,
    hours: numberOf(hours[i]) ?? 0,
  }));
}

/** Pump selection input; `issues` holds what the engine cannot see (missing values, bad JSON). */
export function pumpInputOf(r: RawInput): { input: PumpSelectInput; issues: FieldIssue[] } {
  const x = readerOf(r);
  const q = numberOf(r.q);
  const h = numberOf(r.h);
  if (q === undefined) x.fail('q', 'required');
  if (h === undefined) x.fail('h', 'required');
  const medium = pumpMediumOf(x);
  // Water freezes below 0 °C: the field asks for a glycol solution (a glycol's own limit is the engine's).
  const tC = numberOf(r.temperature_c);
  if (!medium && tC !== undefined && Number.isFinite(tC) && tC < 0)
    x.fail('temperature_c', 'below_freezing');
  const suction = suctionOf(x);
  const price = numberOf(r.electricity_price);
  const input: PumpSelectInput = {
    q: q ?? Number.NaN,
    q_unit: r.q_unit || 'm3/h',
    h: h ?? Number.NaN,
    h_unit: r.h_unit || 'm',
    h_static: numberOf(r.h_static),
    temperature_c: numberOf(r.temperature_c),
    speed_control: flag(r.speed_control) ?? false,
    npsh_available_m: numberOf(r.npsh_available_m) ?? null,
    load_profile: profileOf(x),
    // Price is entered in roubles per kWh; the engine counts kopecks.
    electricity_kop_kwh: price === undefined ? undefined : Math.round(price * 100),
    years: numberOf(r.years),
    discount_rate: numberOf(r.discount_rate),
    sort: (r.sort || undefined) as PumpSelectInput['sort'],
    limit: numberOf(r.limit),
    ...(medium ? { medium } : {}),
    ...(suction ? { suction } : {}),
  };
  return { input, issues: x.issues };
}

/**
 * The pumped medium: water (empty or 'water') or a glycol solution with its concentration in % by
 * mass, read the one way the heat exchanger form reads a side's medium (hx/medium.ts).
 */
function pumpMediumOf(x: Reader<keyof RawInput>): PumpMedium | undefined {
  const m = mediumOf(
    {
      r: { hot_medium: x.r.medium, hot_concentration: x.r.concentration },
      fail: (field, key) => x.fail(field.replace('hot_', ''), key),
    },
    'hot',
  );
  return m && m.kind !== 'water' ? m : undefined;
}

/** Suction conditions for NPSHa: given when the tank pressure is; a level or loss without it asks for it. */
function suctionOf(x: Reader<keyof RawInput>): PumpSelectInput['suction'] {
  const r = x.r;
  const p = numberOf(r.suction_p);
  const level = numberOf(r.suction_level_m);
  const loss = numberOf(r.suction_loss_m);
  if (p === undefined) {
    if (level !== undefined || loss !== undefined) x.fail('suction_p', 'required');
    return undefined;
  }
  return { p, p_unit: r.suction_p_unit || 'kPa', level_m: level, loss_m: loss };
}

export function stationInputOf(r: RawInput): { input: StationSelectInput; issues: FieldIssue[] } {
  const { input, issues } = pumpInputOf(r);
  const count = numberOf(r.count);
  const standby = numberOf(r.standby);
  // Type of use (1..4, default 1): the engine checks the range and names the field.
  const typeUse = numberOf(r.type_use);
  return {
    input: {
      ...input,
      count: count === undefined ? undefined : count,
      standby: standby === undefined ? undefined : standby,
      type_use: typeUse,
    },
    issues,
  };
}

export const CONTROL_MODES = [
  'pressure',
  'level',
  'differential_pressure',
  'flow',
  'manual',
] as const;
export const START_METHOD_LIST: readonly StartMethod[] = [
  'direct',
  'star_delta',
  'soft_starter',
  'vfd',
];

export interface ControlInput {
  /** Pumps carried over from a pump or station result (catalogue skus), or one motor by its P2. */
  skus: string[];
  p2_kw: number | undefined;
  voltage_v: number;
  duty: number;
  standby: number;
  method: StartMethod;
  control_mode: string;
  ats: boolean;
  dry_run: boolean;
  sensors: string;
  communication: string;
}

export function controlInputOf(r: RawInput): { input: ControlInput; issues: FieldIssue[] } {
  const x = readerOf(r);
  let skus: string[] = [];
  if (r.pumps) {
    try {
      const arr = r.pumps.startsWith('[') ? (JSON.parse(r.pumps) as unknown) : r.pumps.split(',');
      if (
        !Array.isArray(arr) ||
        arr.length > 6 ||
        !arr.every((s) => typeof s === 'string' && s.trim().length > 0 && s.length <= 100)
      )
        throw new Error('pumps');
      skus = arr.map((s: string) => s.trim());
    } catch {
      x.fail('pumps', 'range');
    }
  }
  const p2 = numberOf(r.p2_kw);
  if (!skus.length && p2 === undefined && !x.issues.length) x.fail('p2_kw', 'required');
  else if (p2 !== undefined && !(p2 > 0 && p2 <= 1000))
    x.fail('p2_kw', Number.isNaN(p2) ? 'number' : 'range');
  const voltage = numberOf(r.voltage_v) ?? 400;
  if (![230, 380, 400, 415, 690].includes(voltage))
    x.fail('voltage_v', Number.isNaN(voltage) ? 'number' : 'range');
  const duty = numberOf(r.duty) ?? numberOf(r.count) ?? 1;
  if (!(Number.isInteger(duty) && duty >= 1 && duty <= 6))
    x.fail('duty', Number.isNaN(duty) ? 'number' : 'range');
  const standby = numberOf(r.standby) ?? 0;
  if (!(Number.isInteger(standby) && standby >= 0 && standby <= 3))
    x.fail('standby', Number.isNaN(standby) ? 'number' : 'range');
  const method = x.pick('method', START_METHOD_LIST, 'direct');
  const mode: string = x.pick('control_mode', CONTROL_MODES, 'pressure');
  return {
    input: {
      skus,
      p2_kw: p2,
      voltage_v: voltage,
      duty,
      standby,
      method,
      control_mode: mode,
      ats: flag(r.ats) ?? false,
      dry_run: flag(r.dry_run) ?? true,
      sensors: r.sensors ?? '',
      communication: r.communication ?? '',
    },
    issues: x.issues,
  };
}
