// View model of /tools/water: two GET forms (state point, saturation line), each computed when its
// fields are in the URL. Values echo what the user typed; numbers are formatted for the locale.
import { numberFormat } from '#lib/format.ts';
import type { T } from '#lib/i18n/translate.ts';
import type { FieldErrors } from '#lib/validation.ts';
import { lookupSaturation, lookupWater } from './properties.lookup.ts';
import { PRESSURE_UNITS, type PressureUnit } from './properties.schema.ts';

export interface ResultRow {
  key: string;
  value: string;
  unit: string;
}

export interface FormView {
  values: Record<string, string>;
  errors: FieldErrors;
  rows: ResultRow[] | null;
}

const unitOf = (s: string | null): PressureUnit => (PRESSURE_UNITS as readonly string[]).includes(s ?? '') ? (s as PressureUnit) : 'mpa_a';

export function waterPageView(url: URL, t: T, locale: string): { water: FormView; saturation: FormView } {
  const q = url.searchParams;
  const fmt = numberFormat(locale, { maximumSignificantDigits: 6 });
  const n = (x: number) => fmt.format(x);

  const water: FormView = { values: { t_c: q.get('t_c') ?? '', p: q.get('p') ?? '', p_unit: unitOf(q.get('p_unit')) }, errors: {}, rows: null };
  if (q.has('t_c') || q.has('p')) {
    const r = lookupWater({ t_c: water.values.t_c, p_mpa: water.values.p }, t, unitOf(q.get('p_unit')));
    if (!r.ok) water.errors = { t_c: r.errors.t_c ?? '', p: r.errors.p_mpa ?? '' };
    else {
      const w = r.value;
      water.rows = [
        { key: 'region', value: t(`properties.region.${w.region}`), unit: '' },
        { key: 'p_abs', value: n(w.p_mpa), unit: 'MPa' },
        { key: 'rho', value: n(w.rho), unit: 'kg/m³' },
        { key: 'v', value: n(w.v), unit: 'm³/kg' },
        { key: 'h', value: n(w.h), unit: 'kJ/kg' },
        { key: 's', value: n(w.s), unit: 'kJ/(kg·K)' },
        { key: 'cp', value: n(w.cp), unit: 'kJ/(kg·K)' },
        { key: 'cv', value: n(w.cv), unit: 'kJ/(kg·K)' },
        { key: 'w', value: n(w.w), unit: 'm/s' },
        { key: 'mu', value: n(w.mu * 1e3), unit: 'mPa·s' },
        { key: 'lambda', value: n(w.lambda), unit: 'W/(m·K)' },
        { key: 'pr', value: n(w.pr), unit: '' },
      ];
    }
  }

  const saturation: FormView = { values: { s_t_c: q.get('s_t_c') ?? '', s_p: q.get('s_p') ?? '', s_p_unit: unitOf(q.get('s_p_unit')) }, errors: {}, rows: null };
  if (q.has('s_t_c') || q.has('s_p')) {
    const r = lookupSaturation({ t_c: saturation.values.s_t_c, p_mpa: saturation.values.s_p }, t, unitOf(q.get('s_p_unit')));
    if (!r.ok) saturation.errors = { s_t_c: r.errors.t_c ?? '', s_p: r.errors.p_mpa ?? '' };
    else {
      const s = r.value;
      saturation.rows = [
        { key: 't_sat', value: n(s.t_sat_c), unit: '°C' },
        { key: 'p_sat', value: n(s.p_sat_mpa), unit: 'MPa' },
        { key: 'h_liquid', value: n(s.h_liquid), unit: 'kJ/kg' },
        { key: 'h_vapour', value: n(s.h_vapour), unit: 'kJ/kg' },
        { key: 'r', value: n(s.r), unit: 'kJ/kg' },
        { key: 'rho_liquid', value: n(s.rho_liquid), unit: 'kg/m³' },
        { key: 'rho_vapour', value: n(s.rho_vapour), unit: 'kg/m³' },
      ];
    }
  }
  return { water, saturation };
}
