// A flow meter's specs as the catalogue accepts them: the figures the heat metering selection
// (calculations/flow-meter/meter.ts) relies on, checked when an item is imported so the engine never
// meets a range that cannot hold a flow. Kept with the catalogue, which must not import the engine. Pure.

export const METER_TYPES = ['electromagnetic', 'ultrasonic', 'vortex', 'mechanical'] as const;
export type MeterType = (typeof METER_TYPES)[number];

type Specs = Record<string, unknown>;
const num = (x: unknown): number | undefined =>
  typeof x === 'number' && Number.isFinite(x) ? x : undefined;

/** Dictionary key (catalogue.validation.*) of the first problem in a flow meter's specs, or null. */
export function meterSpecErrors(specs: Specs): Record<string, string> | null {
  const M = 'catalogue.validation.';
  const errors: Record<string, string> = {};
  const need = (k: string, min: number, max: number) => {
    const x = num(specs[k]);
    if (x === undefined) errors[`specs.${k}`] ??= M + 'number';
    else if (x < min || x > max) errors[`specs.${k}`] ??= M + 'range';
  };
  if (!(METER_TYPES as readonly string[]).includes(specs.type as string))
    errors['specs.type'] = M + 'kind';
  if (typeof specs.series !== 'string' || !specs.series.trim() || specs.series.length > 64)
    errors['specs.series'] = M + 'required';
  need('dn', 6, 3000);
  need('q_min', 0.000001, 100_000);
  need('q_t', 0.000001, 100_000);
  need('q_max', 0.000001, 100_000);
  need('error_pct', 0.01, 10);
  need('dp_qmax_kpa', 0, 1000);
  need('straight_up_dn', 0, 100);
  need('straight_down_dn', 0, 100);
  need('t_max_c', 0, 400);
  need('pn_bar', 1, 1000);
  const qmin = num(specs.q_min),
    qt = num(specs.q_t),
    qmax = num(specs.q_max);
  if (qmin !== undefined && qt !== undefined && qmax !== undefined && !(qmin <= qt && qt < qmax))
    errors['specs.q_max'] ??= M + 'range';
  return Object.keys(errors).length ? errors : null;
}
