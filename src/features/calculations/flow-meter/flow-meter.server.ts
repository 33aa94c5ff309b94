// The flow meter selection answered in the spec's result shape { type, entities, error, warning }
// plus the pipes' flows, the chosen organisation, translated rejections, warnings and requirement
// checks, and the engine's explanation. Entities are the unit variants (one meter series each),
// ranked: fewest unmet requirements, then price; each carries the catalogue id (cid) of its supply
// meter and its items with their own cids, so the save layer can keep and order them. Input
// problems answer 400 with one translated message per form field, a range named in the unit the
// user chose for that field; a city outside the posted region or an organisation outside the posted
// city (region) is such a problem too (400, decision 0034), as the page's pickers chain them.
import type { Kysely } from 'kysely';
import type { DB } from '#lib/db/schema.ts';
import type { T } from '#lib/i18n/index.ts';
import {
  ENGINE_NAME,
  ENGINE_VERSION,
  FlowInputError,
  selectFlowMeters,
  type Issue,
  type Variant,
} from './engine.ts';
import { is } from 'valibot';
import { flowInputOf, rawInput, type RawInput, type UserUnit } from './flow-meter.schema.ts';
import { unitSlug } from '../kit/units.ts';
import { unitCatalogueOf } from './meter.ts';
import { CODE } from './reference.schema.ts';
import {
  getCity,
  getOrganisation,
  getRegion,
  type CityEntity,
  type OrganisationEntity,
  refDb,
  type RefDb,
  type RegionEntity,
} from './reference.server.ts';
import type { SelectionReply, SelectionReplyBody } from '#features/calculations/kit/reply.ts';
import { MAX_TEXT, shownFigure, tooLongFields } from '#features/calculations/kit/form.ts';

export type FlowMeterAnswer = SelectionReply<FlowMeterAnswerBody>;
export type FlowMeterAnswerBody = SelectionReplyBody & {
  [extra: string]: unknown;
};

export const ENGINE = { name: ENGINE_NAME, version: ENGINE_VERSION };
const KINDS = ['flow_meter', 'temp_sensor_pair', 'heat_calculator', 'sensor'] as const;
/** Equipment rows read per selection (all four kinds together); the catalogue keeps far fewer. */
const CATALOGUE_LIMIT = 2000;

const fmt = (p: Record<string, number | string> | undefined) =>
  Object.fromEntries(
    Object.entries(p ?? {}).map(([k, x]) => [
      k,
      typeof x === 'number' ? Number(x.toPrecision(4)) : x,
    ]),
  );

/** A unit as a message names it, in the user's language: "m³/h", "bar (gauge)". */
function unitText(u: UserUnit, t: T): string {
  const unit = t(`calcFlow.unit.${unitSlug(u.unit)}`);
  return u.kind ? t(`calcFlow.unitKind.${u.kind}`, { unit }) : unit;
}

/**
 * One field's message. A range (and the design flow a minimum exceeds) is said in the unit the user
 * chose for the field (`units`, from flowInputOf), never in the engine's MPa (abs.), kPa, kW or t/h.
 */
export function issueText(i: Issue, t: T, units: Record<string, UserUnit> = {}): string {
  const field = t(`calcFlow.fields.${i.field.replace(/^(g|gmin|dn)_.*/, '$1')}`, {
    pipe: pipeName(i.field, t),
  });
  const params = fmt(i.params);
  const u = units[i.field];
  const { min, max } = i.params ?? {};
  let key = i.key;
  if (key === 'range' && u && typeof min === 'number' && typeof max === 'number') {
    key = 'range_unit';
    Object.assign(params, {
      min: shownFigure(u.of(min), 'up'),
      max: shownFigure(u.of(max), 'down'),
      unit: unitText(u, t),
    });
  } else if (key === 'above' || key === 'return_above_supply') {
    Object.assign(
      params,
      u && typeof max === 'number'
        ? { max: shownFigure(u.of(max)), unit: unitText(u, t) }
        : { unit: t('calcFlow.unit.t_h') },
    );
  }
  return t(`calcFlow.errors.${key}`, { field, ...params });
}
function pipeName(field: string, t: T): string {
  const m = /^(?:g|gmin|dn)_(.+)$/.exec(field);
  return m ? t(`calcFlow.pipe.${m[1]}`) : '';
}

function errorAnswer(
  issues: Issue[],
  t: T,
  raw: RawInput,
  units: Record<string, UserUnit> = {},
  status = 400,
): FlowMeterAnswer {
  const errors: Record<string, string> = {};
  for (const i of issues) if (!(i.field in errors)) errors[i.field] = issueText(i, t, units);
  const error = Object.values(errors)[0] ?? t('calcFlow.errors.input');
  return {
    status,
    body: {
      type: 'error',
      message: error,
      entities: [],
      error,
      warning: null,
      errors,
      input: raw,
      engine: ENGINE,
    },
  };
}

/** The metering equipment of the catalogue: one bounded read on the (kind, title, id) index. */
async function equipment(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('catalogue_items')
    .select(['id', 'sku', 'kind', 'title', 'price_kop', 'demo', 'specs'])
    .where('kind', 'in', [...KINDS])
    .orderBy('kind')
    .orderBy('title')
    .orderBy('id')
    .limit(CATALOGUE_LIMIT)
    .execute();
  const cids = new Map<string, number>();
  const parsed = rows.flatMap((r) => {
    let specs: Record<string, unknown>;
    try {
      specs = JSON.parse(r.specs) as Record<string, unknown>;
    } catch {
      return [];
    }
    cids.set(r.sku, r.id);
    return [
      {
        sku: r.sku,
        kind: r.kind,
        title: r.title,
        price_kop: Number(r.price_kop),
        demo: Number(r.demo),
        specs,
      },
    ];
  });
  return { catalogue: unitCatalogueOf(parsed), cids };
}

const pipeList = (x: unknown, t: T) =>
  typeof x === 'string' && x
    ? x
        .split(', ')
        .map((p) => t(`calcFlow.pipe.${p}`))
        .join(', ')
    : '';

function entityOf(v: Variant, cids: Map<string, number>, t: T) {
  const { explanation, ...rest } = v;
  return {
    ...rest,
    cid: cids.get(v.meters[0]!.sku) ?? null,
    sku: v.series,
    title: t('calcFlow.page.variantTitle', {
      series: v.series,
      type: t(`calcFlow.type.${v.type}`),
      dn: v.meters.map((m) => `DN${m.dn}`).join(' / '),
    }),
    items: v.items.map((x) => ({ ...x, cid: cids.get(x.sku) ?? null })),
    requirements: v.requirements.map((r) => ({
      ...r,
      text: t(`calcFlow.req.${r.code}.${r.reason}`, {
        ...fmt(r.params),
        pipes: pipeList(r.params.pipes, t),
      }),
    })),
    warning_texts: v.warnings.map((w) => t(`calcFlow.warn.${w}`)),
    explanation,
  };
}
export type FlowEntity = ReturnType<typeof entityOf>;

type Place = { ok: true; organisation: OrganisationEntity | null } | { ok: false; issue: Issue };

/**
 * The region, city and heat supply organisation posted, chained as the page's pickers chain them:
 * each one given must be in the reference list and belong to the one above it when that is given.
 * Either refusal is a calculation input problem: 400 naming the field, as every other input
 * (decision 0034; it was 422 for a mismatch). The organisation's requirements then apply.
 */
async function placeOf(db: Kysely<DB>, raw: RawInput): Promise<Place> {
  const d = refDb(db);
  const refuse = (field: string, key: string): Place => ({ ok: false, issue: { field, key } });
  const lookup = async <E>(code: string, get: (d: RefDb, code: string) => Promise<E | null>) =>
    is(CODE, code) ? get(d, code) : null;
  let region: RegionEntity | null = null;
  let city: CityEntity | null = null;
  if (raw.region) {
    region = await lookup(raw.region, getRegion);
    if (!region) return refuse('region', 'unknown_region');
  }
  if (raw.city) {
    city = await lookup(raw.city, getCity);
    if (!city) return refuse('city', 'unknown_city');
    if (region && city.region !== region.code) return refuse('city', 'city_region');
  }
  if (!raw.organisation) return { ok: true, organisation: null };
  const org = await lookup(raw.organisation, getOrganisation);
  if (!org) return refuse('organisation', 'unknown_organisation');
  if (city && org.city !== city.code) return refuse('organisation', 'organisation_city');
  if (!city && region && (await getCity(d, org.city))?.region !== region.code)
    return refuse('organisation', 'organisation_region');
  return { ok: true, organisation: org };
}

export async function flowMeterAnswer(
  db: Kysely<DB>,
  values: Record<string, unknown>,
  t: T,
): Promise<FlowMeterAnswer> {
  const raw = rawInput(values);
  // A field longer than any figure or code is named before anything reads it (page, API and save alike).
  const long = tooLongFields(raw);
  if (long.length)
    return errorAnswer(
      long.map((field) => ({ field, key: 'too_long', params: { max: MAX_TEXT } })),
      t,
      raw,
      {},
    );
  const place = await placeOf(db, raw);
  if (!place.ok) return errorAnswer([place.issue], t, raw);
  const org = place.organisation;
  const { input, issues, units } = flowInputOf(raw, org?.requirements ?? null);
  if (issues.length) return errorAnswer(issues, t, raw, units);
  const { catalogue, cids } = await equipment(db);
  let r;
  try {
    r = selectFlowMeters(input, catalogue);
  } catch (err) {
    if (err instanceof FlowInputError) return errorAnswer(err.issues, t, raw, units);
    throw err;
  }
  const rejected = r.rejected.map((x) => ({
    ...x,
    text: t(`calcFlow.reject.${x.reason}`, {
      ...fmt(x.params),
      pipe: x.pipe ? t(`calcFlow.pipe.${x.pipe}`) : '',
    }),
  }));
  const found = r.variants.length > 0;
  return {
    status: 200,
    body: {
      type: found ? 'success' : 'empty',
      entities: r.variants.map((v) => entityOf(v, cids, t)),
      error: null,
      warning: found
        ? null
        : t('calcFlow.empty', {
            why: rejected[0]
              ? `${rejected[0].series}: ${rejected[0].text}`
              : t('calcFlow.noMeters'),
          }),
      scheme: r.scheme,
      pipes: r.pipes,
      q_total: r.q_total,
      organisation: org,
      rejected,
      warnings: r.warnings.map((code) => ({ code, text: t(`calcFlow.warn.${code}`) })),
      explanation: r.explanation,
      input: raw,
      engine: ENGINE,
    },
  };
}
