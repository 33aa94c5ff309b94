// Unit symbols of the saved-calculation sheets (datasheets, .xlsx, the saved page) in the user's
// language: the engines' unit strings through the explanation units (explain-labels.ts), plus the
// few a datasheet shows that no engine step carries (bar, t/h, Gcal/h, kg, min⁻¹). A unit not known
// anywhere is shown as written. Pure.
import type { T } from '#lib/i18n/index.ts';
import { unitKey } from '../explain-labels.ts';

const OWN: Record<string, string> = {
  bar: 'calcPumps.units.bar', 't/h': 'calcFlow.unit.t_h', 'Gcal/h': 'calcFlow.unit.Gcal_h', MW: 'calcFlow.unit.MW', 'kgf/cm2': 'calcPumps.units.kgf_cm2',
  'm w.c.': 'calcFlow.unit.m_w_c', 'l/s': 'calcPumps.units.l_s', kg: 'hx.unit.kg', rpm: 'calcSaved.unit.rpm',
};

/** The unit's symbol in the user's language; '' for a dimensionless value. */
export function unitOf(unit: string, t: T): string {
  const k = unitKey(unit);
  if (k === null) return '';
  if (k !== undefined) return t(k);
  const own = OWN[unit];
  return own ? t(own) : unit;
}

/** A formatted number with its unit ('12.5 m³/h' in the user's language); '—' (no number) stays bare. */
export function withUnit(n: string, unit: string, t: T): string {
  const u = unitOf(unit, t);
  return n === '—' || !u ? n : `${n} ${u}`;
}

/** A column head of a sheet: 'Q, m³/h' (in the user's language). */
export const head = (name: string, unit: string, t: T): string => `${name}, ${unitOf(unit, t)}`;
