// Unit symbols of the PHE engine's answers shown in the user's language (kW has its own Russian symbol).
// The engine's unit strings are stable; one not listed here is shown as the engine wrote it.
import type { T } from '#lib/i18n/index.ts';

const KEYS: Record<string, string> = {
  kW: 'kW', 'kg/s': 'kg_s', 'm3/h': 'm3_h', 't/h': 't_h', '°C': 'degC', K: 'K', kPa: 'kPa', MPa: 'MPa', bar: 'bar', 'm/s': 'm_s', m2: 'm2',
  'W/(m2 K)': 'W_m2K', 'm2 K/W': 'm2K_W', kg: 'kg', 'kg/m3': 'kg_m3', 'kJ/kg': 'kJ_kg', 'kJ/(kg K)': 'kJ_kgK', 'Pa s': 'Pa_s', 'W/(m K)': 'W_mK',
  mm: 'mm', pcs: 'pcs', kopecks: 'kopecks', '%': 'percent',
};

export function unitText(unit: string, t: T): string {
  const key = KEYS[unit];
  return key ? t(`hx.unit.${key}`) : unit;
}

const P_UNIT_KEYS: Record<string, string> = { bar: 'hx.units.bar', 'kgf/cm2': 'hx.units.kgf_cm2', MPa: 'hx.units.MPa' };

/**
 * The steam pressure as the user entered it ('3 bar gauge', in the user's words): the typed number in the chosen unit,
 * gauge or absolute as chosen; null when the inputs carry no valid pressure (then the engine's
 * absolute pressure is all there is to show).
 */
export function enteredPressure(inputs: Record<string, string | undefined>, t: T, locale: string): string | null {
  const raw = String(inputs.steam_p ?? '').trim().replace(',', '.');
  const value = Number(raw);
  const unit = inputs.p_unit || 'bar';
  const kind = inputs.p_kind === 'absolute' ? 'absolute' : 'gauge';
  if (!raw || !Number.isFinite(value) || !P_UNIT_KEYS[unit]) return null;
  const n = new Intl.NumberFormat(locale, { maximumSignificantDigits: 6 }).format(value);
  return `${n} ${t(P_UNIT_KEYS[unit])} ${t(kind === 'gauge' ? 'hx.page.gaugeShort' : 'hx.page.absShort')}`;
}
