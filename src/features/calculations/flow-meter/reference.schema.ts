// The reference data as the back office sends it (PUT /api/integration/reference/{kind}/{code}) and
// the list queries of the pickers (search + limit + key after). Messages are dictionary keys
// (calcFlow.validation.*). Pure: the page, the API and the integration calls share it.
import * as v from 'valibot';
import { METER_TYPES } from './meter.ts';
import type { Requirements } from './engine.ts';

export const REFERENCE_KINDS = ['regions', 'cities', 'organisations'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

const M = 'calcFlow.validation.';
export const CODE = v.pipe(
  v.string(M + 'code'),
  v.trim(),
  v.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/, M + 'code'),
);
const name = (max: number) =>
  v.pipe(
    v.string(M + 'name'),
    v.trim(),
    v.minLength(1, M + 'name'),
    v.maxLength(max, M + 'too_long'),
  );
const optInt = (min: number, max: number) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.number(M + 'number'),
        v.integer(M + 'number'),
        v.minValue(min, M + 'range'),
        v.maxValue(max, M + 'range'),
      ),
    ),
    null,
  );
const list = (item: v.GenericSchema<string, string>) =>
  v.optional(v.pipe(v.array(item, M + 'list'), v.maxLength(20, M + 'too_long')), []);
const label = v.pipe(
  v.string(M + 'list'),
  v.trim(),
  v.minLength(1, M + 'list'),
  v.maxLength(64, M + 'too_long'),
);

export const RegionSchema = v.object(
  { name: name(200), demo: v.optional(v.boolean(M + 'flag'), false) },
  M + 'body',
);
export const CitySchema = v.object(
  { region: CODE, name: name(200), demo: v.optional(v.boolean(M + 'flag'), false) },
  M + 'body',
);

export const RequirementsSchema = v.object(
  {
    meter_types: list(v.picklist(METER_TYPES, M + 'meter_type')),
    meter_models: list(label),
    max_error_pct: v.optional(
      v.nullable(
        v.pipe(v.number(M + 'number'), v.minValue(0.1, M + 'range'), v.maxValue(10, M + 'range')),
      ),
      null,
    ),
    straight_up_dn: optInt(0, 50),
    straight_down_dn: optInt(0, 50),
    archive_hourly_days: optInt(0, 3650),
    archive_daily_days: optInt(0, 3650),
    remote_interfaces: list(label),
    register_required: v.optional(v.boolean(M + 'flag'), false),
  },
  M + 'body',
);

export const OrganisationSchema = v.object(
  {
    city: CODE,
    name: name(300),
    inn: v.optional(
      v.nullable(v.pipe(v.string(M + 'inn'), v.trim(), v.regex(/^(\d{10}|\d{12})$/, M + 'inn'))),
      null,
    ),
    requirements: v.optional(RequirementsSchema, {}),
    demo: v.optional(v.boolean(M + 'flag'), false),
  },
  M + 'body',
);

export type RegionInput = v.InferOutput<typeof RegionSchema>;
export type CityInput = v.InferOutput<typeof CitySchema>;
export type OrganisationInput = v.InferOutput<typeof OrganisationSchema>;

/** Requirements as stored (every field present) from what the back office sent. */
export function requirementsOf(x: v.InferOutput<typeof RequirementsSchema>): Requirements {
  return {
    meter_types: x.meter_types,
    meter_models: x.meter_models,
    max_error_pct: x.max_error_pct,
    straight_up_dn: x.straight_up_dn,
    straight_down_dn: x.straight_down_dn,
    archive_hourly_days: x.archive_hourly_days,
    archive_daily_days: x.archive_daily_days,
    remote_interfaces: x.remote_interfaces,
    register_required: x.register_required,
  };
}

/** A stored requirements text read back; anything unreadable counts as no requirement. */
export function parseRequirements(text: string): Requirements {
  let raw: unknown = {};
  try {
    raw = JSON.parse(text);
  } catch {
    /* no requirements */
  }
  const r = v.safeParse(RequirementsSchema, raw);
  return requirementsOf(r.success ? r.output : v.parse(RequirementsSchema, {}));
}

export const LIST_LIMIT = { default: 50, max: 100 } as const;

export const ListQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, M + 'too_long')), ''),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, M + 'limit'),
      v.transform(Number),
      v.minValue(1, M + 'limit'),
      v.maxValue(LIST_LIMIT.max, M + 'limit'),
    ),
    String(LIST_LIMIT.default),
  ),
  after: v.optional(CODE),
  region: v.optional(CODE),
  city: v.optional(CODE),
});
export type ListQuery = v.InferOutput<typeof ListQuerySchema>;
