// Input of the water and saturation look-ups, shared by the API and the tools page. Numbers arrive
// as query strings; a decimal comma is accepted because that is how Russian users type them.
// Messages are dictionary keys (translated by the caller).
import * as v from 'valibot';

const decimal = (required: string) =>
  v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.transform((s) => s.replace(',', '.')),
    v.regex(/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/, 'properties.errors.number'),
    v.transform(Number),
    v.number('properties.errors.number'),
    v.finite('properties.errors.number'),
  );

/** Pressure units a user may type on the tools page; the API takes absolute MPa only. */
export const PRESSURE_UNITS = ['mpa_a', 'bar_a', 'bar_g', 'kgf_g'] as const;
export type PressureUnit = (typeof PRESSURE_UNITS)[number];
const ATM = 0.101325;
/** To absolute MPa: gauge units add the standard atmosphere (1 kgf/cm2 = 0.0980665 MPa). */
export const toAbsoluteMPa: Record<PressureUnit, (x: number) => number> = {
  mpa_a: (x) => x,
  bar_a: (x) => x / 10,
  bar_g: (x) => x / 10 + ATM,
  kgf_g: (x) => x * 0.0980665 + ATM,
};

export const WaterQuerySchema = v.object({
  t_c: decimal('properties.errors.required'),
  p_mpa: decimal('properties.errors.required'),
});

/** Saturation by temperature or by pressure: exactly one of the two. */
export const SaturationQuerySchema = v.pipe(
  v.object({
    t_c: v.optional(decimal('properties.errors.required')),
    p_mpa: v.optional(decimal('properties.errors.required')),
  }),
  v.check((q) => (q.t_c === undefined) !== (q.p_mpa === undefined), 'properties.errors.oneOf'),
);

export type WaterQuery = v.InferOutput<typeof WaterQuerySchema>;
export type SaturationQuery = v.InferOutput<typeof SaturationQuerySchema>;
