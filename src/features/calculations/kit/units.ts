// The one unit table of the calculations: every unit a person types or an engine writes, with its
// conversion to the unit the engines count in (factor, and for pressures gauge or absolute said
// explicitly) and its symbol in the user's language (an i18n key). Forms pick the units they offer
// from here, engines convert through here, pages, datasheets and .xlsx print symbols through here.
// An unknown unit is refused by a conversion (never guessed) and shown as written by a symbol.
// Mass flow and head need the density of the medium, so those conversions take it as an argument.
// Pure: engines, schemas, pages and islands share it.
import { numberFormat } from '#lib/format.ts';
import type { T } from '#lib/i18n/index.ts';
import { div } from './numeric.ts';

/** Standard gravity, m/s² (also kPa per metre of water column at 1000 kg/m³). */
export const G = 9.80665;
/** The standard atmosphere, MPa: gauge + ATM_MPA = absolute. */
export const ATM_MPA = 0.101325;

// ---- Conversions -------------------------------------------------------------------------------

/** Heat loads: kW per unit (1 Gcal/h = 1163 kW). */
export const LOAD_KW = { kW: 1, MW: 1000, 'Gcal/h': 1163 } as const;
export type LoadUnit = keyof typeof LOAD_KW;

/** Pressures: pascals per unit (1 kgf/cm² = 98.0665 kPa exactly). */
export const PRESSURE_PA = { bar: 1e5, kPa: 1e3, 'kgf/cm2': 98_066.5, MPa: 1e6 } as const;
export type PressureUnit = keyof typeof PRESSURE_PA;
const pressureIn = <U extends PressureUnit>(units: readonly U[], pa: number) =>
  Object.fromEntries(units.map((u) => [u, PRESSURE_PA[u] / pa])) as { readonly [K in U]: number };
/** Static pressures the plate and flow meter engines take: MPa per unit (gauge or absolute said apart). */
export const PRESSURE_MPA = pressureIn(['bar', 'kgf/cm2', 'MPa'], 1e6);
/** Static pressures the substation composition takes: bar (gauge) per unit. */
export const PRESSURE_BAR = pressureIn(['bar', 'kgf/cm2', 'MPa'], 1e5);
/** Pressure drops: kPa per unit; a metre of water column is ρ·g·1 m at 1000 kg/m³. */
export const DP_KPA = { kPa: 1, 'm w.c.': G, bar: PRESSURE_PA.bar / 1e3 } as const;
export type DpUnit = keyof typeof DP_KPA;
/** Gauge or absolute: said explicitly with every static pressure. */
export const P_KINDS = ['gauge', 'absolute'] as const;
export type PressureKind = (typeof P_KINDS)[number];

/** A static pressure typed in a unit, gauge or absolute, as MPa absolute. */
export const absoluteMpa = (
  x: number,
  unit: keyof typeof PRESSURE_MPA,
  kind: PressureKind,
): number => x * PRESSURE_MPA[unit] + (kind === 'gauge' ? ATM_MPA : 0);
/** An absolute pressure, MPa, in the unit and kind the user chose. */
export const fromAbsoluteMpa = (
  mpa: number,
  unit: keyof typeof PRESSURE_MPA,
  kind: PressureKind,
): number => (mpa - (kind === 'gauge' ? ATM_MPA : 0)) / PRESSURE_MPA[unit];

/** Mass flows: kg/s per unit (t/h = 1000 kg / 3600 s). */
export const MASS_FLOW_KG_S = { 'kg/s': 1, 't/h': 1 / 3.6 } as const;
/** t/h → kg/s (divides, as the engines always did, so figures stay bit for bit). */
export const thToKgS = (x: number): number => x / 3.6;

// Pump duties: flow in m³/h (t/h is mass flow through the density), head in metres of the liquid.
export const FLOW_UNITS = ['m3/h', 'l/s', 't/h'] as const;
export type FlowUnit = (typeof FLOW_UNITS)[number];
export const HEAD_UNITS = ['m', 'bar', 'kPa', 'kgf/cm2', 'MPa'] as const;
export type HeadUnit = (typeof HEAD_UNITS)[number];
export const TEMPERATURE_UNITS = ['degC'] as const;

export type Converted = { ok: true; value: number } | { ok: false; error: 'unit' | 'value' };

const isFlowUnit = (u: string): u is FlowUnit => (FLOW_UNITS as readonly string[]).includes(u);
const isHeadUnit = (u: string): u is HeadUnit => (HEAD_UNITS as readonly string[]).includes(u);

/** Flow in m³/h. t/h is mass flow: Q = G·1000/ρ. */
export function flowToM3h(value: number, unit: string, densityKgM3 = 1000): Converted {
  if (!isFlowUnit(unit)) return { ok: false, error: 'unit' };
  if (!Number.isFinite(value)) return { ok: false, error: 'value' };
  if (unit === 'm3/h') return { ok: true, value };
  if (unit === 'l/s') return { ok: true, value: value * 3.6 };
  if (!(densityKgM3 > 0)) return { ok: false, error: 'value' };
  return { ok: true, value: div(value * 1000, densityKgM3) };
}

export function flowFromM3h(valueM3h: number, unit: string, densityKgM3 = 1000): Converted {
  if (!isFlowUnit(unit)) return { ok: false, error: 'unit' };
  if (!Number.isFinite(valueM3h)) return { ok: false, error: 'value' };
  if (unit === 'm3/h') return { ok: true, value: valueM3h };
  if (unit === 'l/s') return { ok: true, value: valueM3h / 3.6 };
  if (!(densityKgM3 > 0)) return { ok: false, error: 'value' };
  return { ok: true, value: (valueM3h * densityKgM3) / 1000 };
}

/** Head in metres of the pumped liquid: H = Δp/(ρ·g). */
export function headToM(value: number, unit: string, densityKgM3 = 1000): Converted {
  if (!isHeadUnit(unit)) return { ok: false, error: 'unit' };
  if (!Number.isFinite(value)) return { ok: false, error: 'value' };
  if (unit === 'm') return { ok: true, value };
  if (!(densityKgM3 > 0)) return { ok: false, error: 'value' };
  return { ok: true, value: div(value * PRESSURE_PA[unit], densityKgM3 * G) };
}

export function headFromM(valueM: number, unit: string, densityKgM3 = 1000): Converted {
  if (!isHeadUnit(unit)) return { ok: false, error: 'unit' };
  if (!Number.isFinite(valueM)) return { ok: false, error: 'value' };
  if (unit === 'm') return { ok: true, value: valueM };
  if (!(densityKgM3 > 0)) return { ok: false, error: 'value' };
  return { ok: true, value: (valueM * densityKgM3 * G) / PRESSURE_PA[unit] };
}

export function temperatureToC(value: number, unit: string): Converted {
  if (unit !== 'degC') return { ok: false, error: 'unit' };
  if (!Number.isFinite(value)) return { ok: false, error: 'value' };
  return { ok: true, value };
}

/** m³/h → m³/s. */
export const m3hToM3s = (q: number): number => q / 3600;

// ---- Symbols in the user's language ------------------------------------------------------------

/**
 * Every unit as the engines and forms write it → the i18n key of its symbol. One key per unit; the
 * families (calcExplain.unit, hx.unit, calcFlow.unit, calcPumps.units) say the same symbol in all
 * seven languages wherever one unit has several keys.
 */
const SYMBOL_KEYS: Record<string, string> = {
  'm3/h': 'calcExplain.unit.m3_h',
  m: 'calcExplain.unit.m',
  pcs: 'calcExplain.unit.pcs',
  degC: 'calcExplain.unit.degC',
  '°C': 'calcExplain.unit.degC',
  'kg/m3': 'calcExplain.unit.kg_m3',
  'kop/kWh': 'calcExplain.unit.rub_kWh',
  'm/(m3/h)2': 'calcExplain.unit.m_m3h2',
  kW: 'calcExplain.unit.kW',
  h: 'calcExplain.unit.h',
  kWh: 'calcExplain.unit.kWh',
  kop: 'calcExplain.unit.rub',
  kopecks: 'calcExplain.unit.rub',
  mm: 'calcExplain.unit.mm',
  V: 'calcExplain.unit.V',
  A: 'calcExplain.unit.A',
  mm2: 'calcExplain.unit.mm2',
  MPa: 'calcExplain.unit.MPa',
  '%': 'calcExplain.unit.percent',
  kPa: 'calcExplain.unit.kPa',
  'kJ/kg': 'calcExplain.unit.kJ_kg',
  'kg/s': 'calcExplain.unit.kg_s',
  K: 'calcExplain.unit.K',
  'kJ/(kg K)': 'calcExplain.unit.kJ_kgK',
  m2: 'calcExplain.unit.m2',
  'm/s': 'calcExplain.unit.m_s',
  'W/(m2 K)': 'calcExplain.unit.W_m2K',
  'm2 K/W': 'calcExplain.unit.m2K_W',
  'Pa s': 'calcExplain.unit.Pa_s',
  'W/(m K)': 'calcExplain.unit.W_mK',
  deg: 'calcExplain.unit.deg',
  'mm2/s': 'calcExplain.unit.mm2_s',
  // Units no explanation step carries (form units, datasheet figures).
  bar: 'calcPumps.units.bar',
  't/h': 'calcFlow.unit.t_h',
  'Gcal/h': 'calcFlow.unit.Gcal_h',
  MW: 'calcFlow.unit.MW',
  'kgf/cm2': 'calcPumps.units.kgf_cm2',
  'm w.c.': 'calcFlow.unit.m_w_c',
  'l/s': 'calcPumps.units.l_s',
  kg: 'hx.unit.kg',
  rpm: 'calcSaved.unit.rpm',
};
/** Units with no symbol (ratios, counts of nothing). */
const DIMENSIONLESS = new Set(['', '1']);

/** The i18n key of a unit's symbol, null for a dimensionless value; undefined for a unit not known here. */
export function unitKey(unit: string): string | null | undefined {
  if (DIMENSIONLESS.has(unit)) return null;
  return SYMBOL_KEYS[unit];
}

/** Money arrives in kopecks; explanations and sheets show roubles (same number / 100, unit ₽). */
export function displayValue(value: number, unit: string): number {
  return unit === 'kop' || unit === 'kopecks' || unit === 'kop/kWh' ? value / 100 : value;
}

/** The unit's symbol in the user's language; '' for a dimensionless value; a unit not known is shown as written. */
export function unitOf(unit: string, t: T): string {
  const k = unitKey(unit);
  return k === null ? '' : k === undefined ? unit : t(k);
}

/** A formatted number with its unit ('12.5 m³/h' in the user's language); '—' (no number) stays bare. */
export function withUnit(n: string, unit: string, t: T): string {
  const u = unitOf(unit, t);
  return n === '—' || !u ? n : `${n} ${u}`;
}

/** A column head of a sheet: 'Q, m³/h' (in the user's language). */
export const head = (name: string, unit: string, t: T): string => `${name}, ${unitOf(unit, t)}`;

/**
 * The plate engine's and flow meter's answers read as they always did: a plate count in 'pcs' (of
 * plates, which some languages count with another word than pumps) and a price in kopecks as
 * kopecks (not turned into roubles); every other unit as unitOf.
 */
const PLATE_KEYS: Record<string, string> = { pcs: 'hx.unit.pcs', kopecks: 'hx.unit.kopecks' };
export function unitText(unit: string, t: T): string {
  const own = PLATE_KEYS[unit];
  return own ? t(own) : unitOf(unit, t) || unit;
}

/** The key segment of a unit in the option lists of the forms (hx.units.<slug>, calcFlow.unit.<slug>, calcPumps.units.<slug>): 'Gcal/h' → Gcal_h, 'm w.c.' → m_w_c. */
export const unitSlug = (u: string): string => u.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, '');

const ENTERED_P_KEYS: Record<string, string> = {
  bar: 'hx.units.bar',
  'kgf/cm2': 'hx.units.kgf_cm2',
  MPa: 'hx.units.MPa',
};

/**
 * A static pressure as the user entered it ('3 bar gauge', in the user's words): the typed number in
 * the chosen unit, gauge or absolute as chosen; null when the inputs carry no valid pressure (then
 * the engine's absolute pressure is all there is to show).
 */
export function enteredPressure(
  inputs: Record<string, string | undefined>,
  t: T,
  locale: string,
  field = 'steam_p',
): string | null {
  const raw = String(inputs[field] ?? '')
    .trim()
    .replace(',', '.');
  const value = Number(raw);
  const unit = inputs.p_unit || 'bar';
  const kind = inputs.p_kind === 'absolute' ? 'absolute' : 'gauge';
  if (!raw || !Number.isFinite(value) || !ENTERED_P_KEYS[unit]) return null;
  const n = numberFormat(locale, { maximumSignificantDigits: 6 }).format(value);
  return `${n} ${t(ENTERED_P_KEYS[unit])} ${t(kind === 'gauge' ? 'hx.page.gaugeShort' : 'hx.page.absShort')}`;
}
