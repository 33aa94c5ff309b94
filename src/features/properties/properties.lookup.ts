// Runs a look-up from already-parsed query values and turns a PropertyRangeError into a field
// error (the field named in the query, the range in the message). Used by the API and the page.
import { parseWith, type FieldErrors } from '#lib/validation.ts';
import type { T } from '#lib/i18n/translate.ts';
import {
  SaturationQuerySchema,
  toAbsoluteMPa,
  WaterQuerySchema,
  type PressureUnit,
} from './properties.schema.ts';
import {
  PropertyRangeError,
  saturationAtP,
  saturationAtT,
  waterProperties,
  type SaturationProperties,
  type WaterProperties,
} from './water.ts';

export type Lookup<R> = { ok: true; value: R } | { ok: false; errors: FieldErrors };

const FIELD = { temperature: 't_c', pressure: 'p_mpa', enthalpy: 'h', density: 'rho' } as const;
/** Unit symbols are translated too (a Russian page shows the Russian symbol for MPa). */
const UNIT_KEY = {
  temperature: 'c',
  pressure: 'mpa',
  enthalpy: 'kj_kg',
  density: 'kg_m3',
} as const;

/** Field name → translated message for a range error. Temperatures are reported in °C, pressures in MPa. */
export function rangeErrors(err: PropertyRangeError, t: T): FieldErrors {
  const field = FIELD[err.quantity];
  const label = t(`properties.fields.${field}`);
  const key =
    err.reason === 'region3'
      ? 'properties.errors.region3'
      : err.reason === 'not_finite'
        ? 'properties.errors.number'
        : 'properties.errors.range';
  return {
    [field]: t(key, {
      field: label,
      min: err.min,
      max: err.max,
      unit: t(`properties.unitSymbols.${UNIT_KEY[err.quantity]}`),
    }),
  };
}

function run<R>(t: T, work: () => R): Lookup<R> {
  try {
    return { ok: true, value: work() };
  } catch (err) {
    if (err instanceof PropertyRangeError) return { ok: false, errors: rangeErrors(err, t) };
    throw err;
  }
}

const translated = (errors: FieldErrors, t: T): FieldErrors => {
  const out: FieldErrors = {};
  for (const [field, key] of Object.entries(errors)) {
    // A cross-field issue (saturation: neither or both given) belongs to both fields.
    for (const name of field ? [field] : ['t_c', 'p_mpa'])
      out[name] = t(key, { field: t(`properties.fields.${name}`) });
  }
  return out;
};

/** Water or steam at (t_c, p_mpa); `unit` says how p_mpa was typed (the API: absolute MPa). */
export function lookupWater(
  query: Record<string, string | undefined>,
  t: T,
  unit: PressureUnit = 'mpa_a',
): Lookup<WaterProperties> {
  const q = parseWith(WaterQuerySchema, { t_c: query.t_c, p_mpa: query.p_mpa });
  if (!q.ok) return { ok: false, errors: translated(q.errors, t) };
  return run(t, () => waterProperties(q.value.t_c, toAbsoluteMPa[unit](q.value.p_mpa)));
}

export function lookupSaturation(
  query: Record<string, string | undefined>,
  t: T,
  unit: PressureUnit = 'mpa_a',
): Lookup<SaturationProperties> {
  const q = parseWith(SaturationQuerySchema, {
    t_c: query.t_c || undefined,
    p_mpa: query.p_mpa || undefined,
  });
  if (!q.ok) return { ok: false, errors: translated(q.errors, t) };
  const { t_c, p_mpa } = q.value;
  return run(t, () =>
    t_c !== undefined ? saturationAtT(t_c) : saturationAtP(toAbsoluteMPa[unit](p_mpa!)),
  );
}
