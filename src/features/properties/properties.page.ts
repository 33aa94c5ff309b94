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
  /** Translated unit symbol ('' for dimensionless). */
  unit: string;
}

export interface FormView {
  values: Record<string, string>;
  errors: FieldErrors;
  rows: ResultRow[] | null;
}

const unitOf = (s: string | null): PressureUnit =>
  (PRESSURE_UNITS as readonly string[]).includes(s ?? '') ? (s as PressureUnit) : 'mpa_a';

export function waterPageView(
  url: URL,
  t: T,
  locale: string,
): { water: FormView; saturation: FormView } {
  const q = url.searchParams;
  const fmt = numberFormat(locale, { maximumSignificantDigits: 6 });
  const n = (x: number) => fmt.format(x);
  const u = (key: string) => t(`properties.unitSymbols.${key}`);

  const water: FormView = {
    values: { t_c: q.get('t_c') ?? '', p: q.get('p') ?? '', p_unit: unitOf(q.get('p_unit')) },
    errors: {},
    rows: null,
  };
  if (q.has('t_c') || q.has('p')) {
    const r = lookupWater(
      { t_c: water.values.t_c, p_mpa: water.values.p },
      t,
      unitOf(q.get('p_unit')),
    );
    if (!r.ok) water.errors = { t_c: r.errors.t_c ?? '', p: r.errors.p_mpa ?? '' };
    else {
      const w = r.value;
      water.rows = [
        { key: 'region', value: t(`properties.region.${w.region}`), unit: '' },
        { key: 'p_abs', value: n(w.p_mpa), unit: u('mpa') },
        { key: 'rho', value: n(w.rho), unit: u('kg_m3') },
        { key: 'v', value: n(w.v), unit: u('m3_kg') },
        { key: 'h', value: n(w.h), unit: u('kj_kg') },
        { key: 's', value: n(w.s), unit: u('kj_kgk') },
        { key: 'cp', value: n(w.cp), unit: u('kj_kgk') },
        { key: 'cv', value: n(w.cv), unit: u('kj_kgk') },
        { key: 'w', value: n(w.w), unit: u('m_s') },
        { key: 'mu', value: n(w.mu * 1e3), unit: u('mpa_s') },
        { key: 'lambda', value: n(w.lambda), unit: u('w_mk') },
        { key: 'pr', value: n(w.pr), unit: '' },
      ];
    }
  }

  const saturation: FormView = {
    values: {
      s_t_c: q.get('s_t_c') ?? '',
      s_p: q.get('s_p') ?? '',
      s_p_unit: unitOf(q.get('s_p_unit')),
    },
    errors: {},
    rows: null,
  };
  if (q.has('s_t_c') || q.has('s_p')) {
    const r = lookupSaturation(
      { t_c: saturation.values.s_t_c, p_mpa: saturation.values.s_p },
      t,
      unitOf(q.get('s_p_unit')),
    );
    if (!r.ok) saturation.errors = { s_t_c: r.errors.t_c ?? '', s_p: r.errors.p_mpa ?? '' };
    else {
      const s = r.value;
      saturation.rows = [
        { key: 't_sat', value: n(s.t_sat_c), unit: u('c') },
        { key: 'p_sat', value: n(s.p_sat_mpa), unit: u('mpa') },
        { key: 'h_liquid', value: n(s.h_liquid), unit: u('kj_kg') },
        { key: 'h_vapour', value: n(s.h_vapour), unit: u('kj_kg') },
        { key: 'r', value: n(s.r), unit: u('kj_kg') },
        { key: 'rho_liquid', value: n(s.rho_liquid), unit: u('kg_m3') },
        { key: 'rho_vapour', value: n(s.rho_vapour), unit: u('kg_m3') },
      ];
    }
  }
  return { water, saturation };
}
