// The operating point of a product against its design (issue 25, decision 0048): the back office's
// link of a product to the dispatching object where it is installed (the variables that measure
// it, by their keys in the object, with their units), and the live operating point computed from
// the product's pump calculation (the chosen pump's curve through its design point) and the
// object's latest values (the snapshot the dispatching stream and API serve). Seen only by a user
// who may see both the product and the object; for anyone else it does not exist (null: 404).
import type { Kysely } from 'kysely';
import { dutyCurves, preparePump, systemCurve } from '#features/calculations/engine/index.ts';
import { pumpModelOf } from '#features/calculations/pumps.server.ts';
import { catalogueItem } from '#features/calculations/saved/kinds/catalogue.server.ts';
import { calcDb } from '#features/calculations/saved/saved.server.ts';
import type { PumpEntityView } from '#features/calculations/select.server.ts';
import { grantOf, parseLive } from '#features/scada/scada.server.ts';
import { FRESH_MS, ONLINE_PERIODS } from '#features/scada/worker.server.ts';
import { config } from '#lib/config.ts';
import { db as defaultDb } from '#lib/db/index.ts';
import { parseWith } from '#lib/validation.ts';
import { OperatingLinkSchema } from './registry.schema.ts';
import type { DB } from '#lib/db/schema.ts';
import {
  operatingPoint,
  type Measured,
  type ProductOperatingPoint,
  type OpFlowUnit,
  type OpHeadUnit,
  type OpPowerUnit,
  type PumpDesign,
} from './oppoint.ts';

export type { ProductOperatingPoint };

export interface LinkInput {
  object_id: number;
  flow: { key: string; unit: OpFlowUnit };
  head: { key: string; unit: OpHeadUnit };
  power?: { key: string; unit: OpPowerUnit } | null;
  speed?: { key: string } | null;
}

/** Why a link was refused: the field named, and the message key. */
export type LinkRefusal = { field: string; key: string };

/**
 * Links the product to the object (replacing its link). The object must exist and every named
 * variable must be one of its variables; a refusal names the field. The checks and the upsert (on
 * the product's key: two calls never leave two links) run in one transaction.
 */
export function linkProduct(
  productId: number,
  input: LinkInput,
  handle: Kysely<DB> = defaultDb(),
): Promise<LinkRefusal | null> {
  return handle.transaction().execute((trx) => linkIn(trx, productId, input));
}

async function linkIn(
  handle: Kysely<DB>,
  productId: number,
  input: LinkInput,
): Promise<LinkRefusal | null> {
  const object = await handle
    .selectFrom('scada_objects')
    .select('id')
    .where('id', '=', input.object_id)
    .executeTakeFirst();
  if (!object) return { field: 'object_id', key: 'registry.op.validation.object' };
  const named: Array<[string, string]> = [
    ['flow.key', input.flow.key],
    ['head.key', input.head.key],
  ];
  if (input.power) named.push(['power.key', input.power.key]);
  if (input.speed) named.push(['speed.key', input.speed.key]);
  const keys = await handle
    .selectFrom('scada_tags')
    .select('key')
    .where('object_id', '=', object.id)
    .where('idx', '>=', 0)
    .where(
      'key',
      'in',
      named.map(([, k]) => k),
    )
    .execute();
  const known = new Set(keys.map((k) => k.key));
  const missing = named.find(([, k]) => !known.has(k));
  if (missing) return { field: missing[0], key: 'registry.op.validation.variable' };
  const row = {
    object_id: object.id,
    flow_key: input.flow.key,
    flow_unit: input.flow.unit,
    head_key: input.head.key,
    head_unit: input.head.unit,
    power_key: input.power?.key ?? null,
    power_unit: input.power?.unit ?? null,
    speed_key: input.speed?.key ?? null,
    updated_at: new Date().toISOString(),
  };
  await handle
    .insertInto('product_scada_links')
    .values({ product_id: productId, ...row })
    .onConflict((oc) => oc.column('product_id').doUpdateSet(row))
    .execute();
  return null;
}

/** Removes the product's link; true when there was one. */
export async function unlinkProduct(
  productId: number,
  handle: Kysely<DB> = defaultDb(),
): Promise<boolean> {
  const r = await handle
    .deleteFrom('product_scada_links')
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/**
 * The back office's call on a product (its id known to exist): `{ object_id: null }` removes the
 * link, anything else is validated (OperatingLinkSchema) and checked against the object. Field
 * errors are message keys by field (the caller translates them).
 */
export async function applyLink(
  productId: number,
  data: unknown,
  handle: Kysely<DB> = defaultDb(),
): Promise<
  | { ok: true; answer: { removed: boolean } | { data: Awaited<ReturnType<typeof linkOf>> } }
  | { ok: false; errors: Record<string, string> }
> {
  if (data && typeof data === 'object' && !Array.isArray(data) && 'object_id' in data)
    if ((data as { object_id: unknown }).object_id === null)
      return { ok: true, answer: { removed: await unlinkProduct(productId, handle) } };
  const r = parseWith(OperatingLinkSchema, data);
  if (!r.ok) return r;
  const refused = await linkProduct(productId, r.value as LinkInput, handle);
  if (refused) return { ok: false, errors: { [refused.field]: refused.key } };
  return { ok: true, answer: { data: await linkOf(productId, handle) } };
}

/** The link as the back office reads it back (show call), or null. */
export async function linkOf(productId: number, handle: Kysely<DB> = defaultDb()) {
  const r = await handle
    .selectFrom('product_scada_links')
    .selectAll()
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (!r) return null;
  return {
    object_id: r.object_id,
    flow: { key: r.flow_key, unit: r.flow_unit },
    head: { key: r.head_key, unit: r.head_unit },
    power: r.power_key ? { key: r.power_key, unit: r.power_unit } : null,
    speed: r.speed_key ? { key: r.speed_key } : null,
  };
}

type SavedDuty = {
  q_m3h: number;
  h_m: number;
  h_static_m: number;
  rho_kg_m3: number;
  medium?: { nu_mm2s: number } | null;
};

/**
 * The design of the calculation's chosen pump: its duty point (the point the selection computed on
 * the system curve) and its curve at the duty speed (trimmed, in the saved liquid), as the saved
 * calculation's datasheet draws it. Null when the calculation is not a pump selection or its pump
 * is no longer in the catalogue.
 */
export async function pumpDesign(
  calculationId: number,
  handle: Kysely<DB> = defaultDb(),
): Promise<PumpDesign | null> {
  const c = await calcDb(handle)
    .selectFrom('calculations')
    .select(['kind', 'result', 'chosen'])
    .where('id', '=', calculationId)
    .executeTakeFirst();
  if (!c || c.kind !== 'pump') return null;
  const result = JSON.parse(c.result) as { entities?: PumpEntityView[]; duty?: SavedDuty | null };
  const chosen = JSON.parse(c.chosen) as Array<{ cid: number | null }>;
  const cid = chosen[0]?.cid;
  const e = (result.entities ?? []).find((x) => x.cid === cid);
  const duty = result.duty;
  if (!e || !duty || typeof cid !== 'number') return null;
  const item = await catalogueItem(handle, cid);
  const model = item ? pumpModelOf(item) : null;
  const prepared = model ? preparePump(model) : null;
  if (!model || !prepared?.ok) return null;
  const s = dutyCurves(
    prepared.pump,
    e.duty,
    systemCurve(duty.q_m3h, duty.h_m, duty.h_static_m),
    duty.rho_kg_m3,
    25,
    duty.medium?.nu_mm2s ?? null,
  );
  return {
    q_m3h: e.duty.q_m3h,
    h_m: e.duty.h_m,
    eta: e.duty.eta,
    p1_kw: e.duty.p1_kw,
    p2_kw: e.duty.p2_kw,
    rho_kg_m3: duty.rho_kg_m3,
    speed_rpm: model.speed_rpm * e.duty.speed_ratio,
    curve: { q_m3h: s.q_m3h, h_m: s.h_m, eta: s.eta, p2_kw: s.p2_kw },
  };
}

/**
 * How old the latest values may be and still count as live: the link-loss threshold of the
 * dispatching worker (ONLINE_PERIODS poll periods and 500 ms) plus the period at which an
 * unchanged snapshot is rewritten (FRESH_MS), so a steady value is never taken for a lost link.
 */
export function staleAfterMs(driverJson: string): number {
  let poll = 2000;
  try {
    const d = JSON.parse(driverJson) as { poll_ms?: unknown; stale_ms?: unknown };
    if (typeof d.poll_ms === 'number' && d.poll_ms > 0) poll = d.poll_ms;
    if (typeof d.stale_ms === 'number' && d.stale_ms > poll) poll = d.stale_ms;
  } catch {
    // A driver that does not parse keeps the default period.
  }
  return ONLINE_PERIODS * poll + 500 + FRESH_MS;
}

/**
 * The product's live operating point for the user, or null when the user may not see the product
 * or its object (or the product has no link, or no pump calculation to compare with).
 */
export async function operatingPointFor(
  userId: number,
  productId: number | null,
  options: { handle?: Kysely<DB>; tariff?: number; now?: number } = {},
): Promise<ProductOperatingPoint | null> {
  const handle = options.handle ?? defaultDb();
  if (productId === null || !Number.isSafeInteger(productId)) return null;
  const row = await handle
    .selectFrom('product_access as a')
    .innerJoin('products as p', 'p.id', 'a.product_id')
    .innerJoin('product_scada_links as l', 'l.product_id', 'p.id')
    .innerJoin('scada_objects as o', 'o.id', 'l.object_id')
    .select([
      'p.id',
      'p.request_id',
      'o.id as object_id',
      'o.title',
      'o.driver',
      'o.live',
      'o.status',
      'l.flow_key',
      'l.flow_unit',
      'l.head_key',
      'l.head_unit',
      'l.power_key',
      'l.power_unit',
      'l.speed_key',
    ])
    .where('a.user_id', '=', userId)
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!row || row.request_id === null) return null;
  if ((await grantOf(userId, row.object_id, handle)) === null) return null;
  const design = await pumpDesign(row.request_id, handle);
  if (!design) return null;
  const tags = await handle
    .selectFrom('scada_tags')
    .select(['key', 'idx'])
    .where('object_id', '=', row.object_id)
    .where('idx', '>=', 0)
    .execute();
  const idxOf = new Map(tags.map((t) => [t.key, t.idx]));
  const live = parseLive(row.live, row.status);
  const read = (key: string | null) => {
    const i = key === null ? undefined : idxOf.get(key);
    return i === undefined
      ? { value: null, quality: 'n' }
      : { value: live.v[i] ?? null, quality: live.q[i] ?? 'n' };
  };
  const now = options.now ?? Date.now();
  const at = live.t ? Date.parse(live.t) : NaN;
  const measured: Measured = {
    flow: { ...read(row.flow_key), unit: row.flow_unit as OpFlowUnit },
    head: { ...read(row.head_key), unit: row.head_unit as OpHeadUnit },
    power: row.power_key ? { ...read(row.power_key), unit: row.power_unit as OpPowerUnit } : null,
    speed: row.speed_key ? read(row.speed_key) : null,
    at: live.t,
    fresh: live.s === 1 && Number.isFinite(at) && now - at <= staleAfterMs(row.driver),
  };
  return {
    product_id: row.id,
    object: { id: row.object_id, title: row.title },
    point: operatingPoint(design, measured, options.tariff ?? config().energyTariffRubKwh),
  };
}
