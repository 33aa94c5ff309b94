// The flow meter selection answered in the spec's result shape { type, entities, error, warning }
// plus the pipes' flows, the chosen organisation, translated rejections, warnings and requirement
// checks, and the engine's explanation. Entities are the unit variants (one meter series each),
// ranked: fewest unmet requirements, then price; each carries the catalogue id (cid) of its supply
// meter and its items with their own cids, so the save layer can keep and order them. Input
// problems answer 400 with one translated message per form field.
import type { Kysely } from 'kysely';
import type { DB } from '#lib/db/schema.ts';
import type { T } from '#lib/i18n/index.ts';
import { ENGINE_NAME, ENGINE_VERSION, FlowInputError, selectFlowMeters, type Issue, type Variant } from './engine.ts';
import { flowInputOf, rawInput, type RawInput } from './flow-meter.schema.ts';
import { unitCatalogueOf } from './meter.ts';
import { getOrganisation, type OrganisationEntity, refDb } from './reference.server.ts';
import type { Answer, AnswerBody } from '#features/calculations/answer.ts';

export type FlowMeterAnswer = Answer<FlowMeterAnswerBody>;
export type FlowMeterAnswerBody = AnswerBody & {
  [extra: string]: unknown;
};

export const ENGINE = { name: ENGINE_NAME, version: ENGINE_VERSION };
const KINDS = ['flow_meter', 'temp_sensor_pair', 'heat_calculator', 'sensor'] as const;
/** Equipment rows read per selection (all four kinds together); the catalogue keeps far fewer. */
const CATALOGUE_LIMIT = 2000;

const fmt = (p: Record<string, number | string> | undefined) =>
  Object.fromEntries(Object.entries(p ?? {}).map(([k, x]) => [k, typeof x === 'number' ? Number(x.toPrecision(4)) : x]));

export function issueText(i: Issue, t: T): string {
  return t(`calcFlow.errors.${i.key}`, { field: t(`calcFlow.fields.${i.field.replace(/^(g|gmin|dn)_.*/, '$1')}`, { pipe: pipeName(i.field, t) }), ...fmt(i.params) });
}
function pipeName(field: string, t: T): string {
  const m = /^(?:g|gmin|dn)_(.+)$/.exec(field);
  return m ? t(`calcFlow.pipe.${m[1]}`) : '';
}

function errorAnswer(issues: Issue[], t: T, raw: RawInput): FlowMeterAnswer {
  const errors: Record<string, string> = {};
  for (const i of issues) if (!(i.field in errors)) errors[i.field] = issueText(i, t);
  return { status: 400, body: { type: 'error', entities: [], error: Object.values(errors)[0] ?? t('calcFlow.errors.input'), warning: null, errors, input: raw, engine: ENGINE } };
}

/** The metering equipment of the catalogue: one bounded read on the (kind, title, id) index. */
async function equipment(db: Kysely<DB>) {
  const rows = await db.selectFrom('catalogue_items').select(['id', 'sku', 'kind', 'title', 'price_kop', 'demo', 'specs']).where('kind', 'in', [...KINDS]).orderBy('kind').orderBy('title').orderBy('id').limit(CATALOGUE_LIMIT).execute();
  const cids = new Map<string, number>();
  const parsed = rows.flatMap((r) => {
    let specs: Record<string, unknown>;
    try {
      specs = JSON.parse(r.specs) as Record<string, unknown>;
    } catch {
      return [];
    }
    cids.set(r.sku, r.id);
    return [{ sku: r.sku, kind: r.kind, title: r.title, price_kop: Number(r.price_kop), demo: Number(r.demo), specs }];
  });
  return { catalogue: unitCatalogueOf(parsed), cids };
}

const pipeList = (x: unknown, t: T) => (typeof x === 'string' && x ? x.split(', ').map((p) => t(`calcFlow.pipe.${p}`)).join(', ') : '');

function entityOf(v: Variant, cids: Map<string, number>, t: T) {
  const { explanation, ...rest } = v;
  return {
    ...rest,
    cid: cids.get(v.meters[0]!.sku) ?? null,
    sku: v.series,
    title: t('calcFlow.page.variantTitle', { series: v.series, type: t(`calcFlow.type.${v.type}`), dn: v.meters.map((m) => `DN${m.dn}`).join(' / ') }),
    items: v.items.map((x) => ({ ...x, cid: cids.get(x.sku) ?? null })),
    requirements: v.requirements.map((r) => ({ ...r, text: t(`calcFlow.req.${r.code}.${r.reason}`, { ...fmt(r.params), pipes: pipeList(r.params.pipes, t) }) })),
    warning_texts: v.warnings.map((w) => t(`calcFlow.warn.${w}`)),
    explanation,
  };
}
export type FlowEntity = ReturnType<typeof entityOf>;

/** The organisation chosen on the form (its requirements apply), or null; unknown code is a field error. */
async function organisationOf(db: Kysely<DB>, raw: RawInput): Promise<OrganisationEntity | null | 'unknown'> {
  if (!raw.organisation) return null;
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/.test(raw.organisation)) return 'unknown';
  return (await getOrganisation(refDb(db), raw.organisation)) ?? 'unknown';
}

export async function flowMeterAnswer(db: Kysely<DB>, values: Record<string, unknown>, t: T): Promise<FlowMeterAnswer> {
  const raw = rawInput(values);
  const org = await organisationOf(db, raw);
  if (org === 'unknown') return errorAnswer([{ field: 'organisation', key: 'unknown_organisation' }], t, raw);
  const { input, issues } = flowInputOf(raw, org?.requirements ?? null);
  if (issues.length) return errorAnswer(issues, t, raw);
  const { catalogue, cids } = await equipment(db);
  let r;
  try {
    r = selectFlowMeters(input, catalogue);
  } catch (err) {
    if (err instanceof FlowInputError) return errorAnswer(err.issues, t, raw);
    throw err;
  }
  const rejected = r.rejected.map((x) => ({ ...x, text: t(`calcFlow.reject.${x.reason}`, { ...fmt(x.params), pipe: x.pipe ? t(`calcFlow.pipe.${x.pipe}`) : '' }) }));
  const found = r.variants.length > 0;
  return {
    status: 200,
    body: {
      type: found ? 'success' : 'empty',
      entities: r.variants.map((v) => entityOf(v, cids, t)),
      error: null,
      warning: found ? null : t('calcFlow.empty', { why: rejected[0] ? `${rejected[0].series}: ${rejected[0].text}` : t('calcFlow.noMeters') }),
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
