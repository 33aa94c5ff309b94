// Units engineers enter and read. Every conversion is explicit and names its unit; an unknown unit
// is refused (never guessed). Mass flow and pressure need the density of the medium, so those
// conversions take it as an argument (from water.ts at the medium temperature).
import { div, G } from './explain.ts';

export const FLOW_UNITS = ['m3/h', 'l/s', 't/h'] as const;
export type FlowUnit = (typeof FLOW_UNITS)[number];
export const HEAD_UNITS = ['m', 'bar', 'kPa', 'kgf/cm2', 'MPa'] as const;
export type HeadUnit = (typeof HEAD_UNITS)[number];
export const TEMPERATURE_UNITS = ['degC'] as const;

export type Converted = { ok: true; value: number } | { ok: false; error: 'unit' | 'value' };

const isFlowUnit = (u: string): u is FlowUnit => (FLOW_UNITS as readonly string[]).includes(u);
const isHeadUnit = (u: string): u is HeadUnit => (HEAD_UNITS as readonly string[]).includes(u);

/** Pressure units in pascals per unit (1 kgf/cm² = 98.0665 kPa exactly). */
const PASCAL: Record<Exclude<HeadUnit, 'm'>, number> = { bar: 1e5, kPa: 1e3, 'kgf/cm2': 98_066.5, MPa: 1e6 };

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
  return { ok: true, value: div(value * PASCAL[unit], densityKgM3 * G) };
}

export function headFromM(valueM: number, unit: string, densityKgM3 = 1000): Converted {
  if (!isHeadUnit(unit)) return { ok: false, error: 'unit' };
  if (!Number.isFinite(valueM)) return { ok: false, error: 'value' };
  if (unit === 'm') return { ok: true, value: valueM };
  if (!(densityKgM3 > 0)) return { ok: false, error: 'value' };
  return { ok: true, value: (valueM * densityKgM3 * G) / PASCAL[unit] };
}

export function temperatureToC(value: number, unit: string): Converted {
  if (unit !== 'degC') return { ok: false, error: 'unit' };
  if (!Number.isFinite(value)) return { ok: false, error: 'value' };
  return { ok: true, value };
}

/** m³/h → m³/s. */
export const m3hToM3s = (q: number): number => q / 3600;
