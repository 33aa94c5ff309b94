// The catalogue item as imported (npm run catalogue:import, PUT /api/integration/catalogue/items)
// and as the demo generator writes it. Pumps carry their manufacturer curve and motor; the curve is
// then checked (validateCurve, pump-data.ts) so every item gets one clear error. Messages are
// dictionary keys (catalogue.validation.*).
import * as v from 'valibot';
import { meterSpecErrors } from './meter-specs.ts';
import { validateCurve } from './pump-data.ts';

export const ITEM_KINDS = [
  'pump',
  'cabinet',
  'breaker',
  'mpcb',
  'contactor',
  'soft_starter',
  'vfd',
  'relay',
  'controller',
  'ats',
  'sensor',
  'other',
  'flow_meter',
  'temp_sensor_pair',
  'heat_calculator',
] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];
const OTHER_KINDS = ITEM_KINDS.filter((k) => k !== 'pump') as Exclude<ItemKind, 'pump'>[];

const M = 'catalogue.validation.';
const num = (min: number, max: number) =>
  v.pipe(
    v.number(M + 'number'),
    v.finite(M + 'number'),
    v.minValue(min, M + 'range'),
    v.maxValue(max, M + 'range'),
  );
const positive = (max: number) =>
  v.pipe(
    v.number(M + 'number'),
    v.finite(M + 'number'),
    v.gtValue(0, M + 'positive'),
    v.maxValue(max, M + 'range'),
  );
const int = (min: number, max: number) =>
  v.pipe(
    v.number(M + 'number'),
    v.integer(M + 'integer'),
    v.minValue(min, M + 'range'),
    v.maxValue(max, M + 'range'),
  );
const text = (max: number, min = 0) =>
  v.pipe(
    v.string(M + 'text'),
    v.trim(),
    v.minLength(min, M + 'required'),
    v.maxLength(max, M + 'too_long'),
  );

export const SKU = v.pipe(
  v.string(M + 'sku'),
  v.trim(),
  v.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, M + 'sku'),
);

export const CurvePointSchema = v.object(
  {
    q_m3h: num(0, 100_000),
    h_m: positive(5000),
    p2_kw: v.optional(positive(100_000)),
    p1_kw: v.optional(positive(100_000)),
    eta: v.optional(v.pipe(positive(1))),
    npshr_m: v.optional(positive(500)),
  },
  M + 'required',
);

export const MotorSchema = v.object(
  {
    p2_kw: positive(5000),
    in_a: positive(20_000),
    ia_in: num(1, 15),
    cos_phi: positive(1),
    eta: positive(1),
    voltage_v: positive(20_000),
  },
  M + 'required',
);

const DocumentSchema = v.object(
  {
    title: text(300, 1),
    url: v.pipe(
      v.string(M + 'url'),
      v.trim(),
      v.maxLength(1000, M + 'too_long'),
      v.regex(/^(https?:\/\/|\/)/, M + 'url'),
    ),
  },
  M + 'required',
);

const common = {
  sku: SKU,
  title: text(300, 1),
  manufacturer: v.optional(text(200), ''),
  model: v.optional(text(200), ''),
  price_kop: int(0, 1e13),
  lead_days: v.optional(int(0, 3650), 0),
  picture: v.optional(
    v.nullable(
      v.pipe(
        v.string(M + 'url'),
        v.trim(),
        v.maxLength(1000, M + 'too_long'),
        v.regex(/^(https?:\/\/|\/)/, M + 'url'),
      ),
    ),
    null,
  ),
  documents: v.optional(
    v.pipe(v.array(DocumentSchema, M + 'documents'), v.maxLength(50, M + 'too_long')),
    [],
  ),
  specs: v.optional(v.record(v.string(), v.unknown(), M + 'specs'), {}),
  demo: v.optional(v.boolean(M + 'boolean'), false),
};

export const PumpItemSchema = v.object(
  {
    ...common,
    kind: v.literal('pump', M + 'kind'),
    speed_rpm: positive(100_000),
    curve: v.pipe(
      v.array(CurvePointSchema, M + 'curve.points'),
      v.minLength(3, M + 'curve.points'),
      v.maxLength(100, M + 'too_long'),
    ),
    q_min_m3h: v.optional(num(0, 100_000)),
    q_max_m3h: v.optional(positive(100_000)),
    trim_min_ratio: v.optional(v.pipe(positive(1), v.maxValue(0.999, M + 'range'))),
    motor: MotorSchema,
    dn: v.optional(int(6, 3000)),
    pn_bar: v.optional(positive(1000)),
    t_max_c: v.optional(num(-50, 400)),
  },
  M + 'required',
);

export const OtherItemSchema = v.object(
  { ...common, kind: v.picklist(OTHER_KINDS, M + 'kind') },
  M + 'required',
);

export const CatalogueItemSchema = v.variant('kind', [PumpItemSchema, OtherItemSchema], M + 'kind');

export type CatalogueItemInput = v.InferInput<typeof CatalogueItemSchema>;
export type CatalogueItem = v.InferOutput<typeof CatalogueItemSchema>;
export type PumpItem = v.InferOutput<typeof PumpItemSchema>;

export type ItemCheck =
  | { ok: true; item: CatalogueItem }
  | { ok: false; sku: string | null; errors: Record<string, string> };

/** Parses one item; for pumps also checks the curve (≥ 3 points, head decreasing in range, power). */
export function checkItem(input: unknown): ItemCheck {
  const r = v.safeParse(CatalogueItemSchema, input);
  const sku =
    input && typeof input === 'object' && typeof (input as { sku?: unknown }).sku === 'string'
      ? (input as { sku: string }).sku.trim() || null
      : null;
  if (!r.success) {
    const errors: Record<string, string> = {};
    for (const issue of r.issues) {
      const path = v.getDotPath(issue) ?? 'item';
      if (!(path in errors)) errors[path] = issue.message;
    }
    return { ok: false, sku, errors };
  }
  const item = r.output;
  if (item.kind === 'pump') {
    const curveErrors = validateCurve(item.curve, item.q_min_m3h, item.q_max_m3h);
    if (curveErrors.length) return { ok: false, sku, errors: { curve: M + curveErrors[0] } };
  }
  // Flow meters: the range and figures the heat metering selection relies on (meter-specs.ts).
  const meterErrors = item.kind === 'flow_meter' ? meterSpecErrors(item.specs) : null;
  if (meterErrors) return { ok: false, sku, errors: meterErrors };
  return { ok: true, item };
}
