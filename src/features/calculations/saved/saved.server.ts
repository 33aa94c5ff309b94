// Saved calculations of the signed-in user: save (the server recomputes the result from the inputs,
// so a snapshot is never what a client claims), list (search, filter by kind/status, sort, paging),
// one with its documents, and the home counter. Every query is scoped to the owner: another user's
// id is not found.
import { sql, type Kysely } from 'kysely';
import { db as defaultDb, now } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import { flip, pageWindow, searchText, type ListQuery, type ListResult } from '#lib/list.ts';
import { containsWhere } from '#lib/search.server.ts';
import type { CalculationRow, CalculationTables } from '../calculations.tables.ts';
import type { KindAnswer } from './kinds.server.ts';

export type CalcDB = DB & CalculationTables;
export const calcDb = (handle?: Kysely<DB>): Kysely<CalcDB> =>
  (handle ?? defaultDb()) as unknown as Kysely<CalcDB>;

/** Every calculation kind (the list filter and the save schema); each is registered in kinds/index.server.ts. */
export const CALC_KINDS = [
  'pump',
  'station',
  'control',
  'to1',
  'to2',
  'to3',
  'flow-meter',
  'btp',
] as const;
export type CalcKindName = (typeof CALC_KINDS)[number];
export const CALC_STATUSES = ['saved', 'approved', 'ordered'] as const;
export const CALC_FIELDS = [
  'kind',
  'status',
  'request',
  'title',
  'created_at',
  'total_kop',
] as const;
export type CalcField = (typeof CALC_FIELDS)[number];

export interface ChosenItem {
  cid: number;
  sku: string;
  title: string;
  price_kop: number;
  quantity: number;
}

export interface CalculationListItem {
  id: number;
  request: string;
  kind: string;
  title: string;
  status: string;
  total_kop: number;
  organisation_id: number | null;
  object_id: number | null;
  order_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface CalculationDetails extends CalculationListItem {
  inputs: Record<string, string>;
  /** The result body computed at save time, entities narrowed to the chosen ones. */
  result: KindAnswer['body'];
  chosen: ChosenItem[];
  documents: Array<{ id: number; title: string; url: string; created_at: string }>;
}

const listColumns = [
  'id',
  'request',
  'kind',
  'title',
  'status',
  'total_kop',
  'organisation_id',
  'object_id',
  'order_id',
  'created_at',
  'updated_at',
] as const;
const scoped = (h: Kysely<CalcDB>, userId: number) =>
  h.selectFrom('calculations').where('user_id', '=', userId);
const numeric = <T extends { total_kop: number }>(r: T): T => ({
  ...r,
  total_kop: Number(r.total_kop),
});

/** The request number: the id, zero-padded, with the calculations prefix. */
export const requestNumber = (id: number): string => `R-${String(id).padStart(6, '0')}`;

export interface NewCalculation {
  kind: string;
  title: string;
  inputs: Record<string, string>;
  result: unknown;
  chosen: ChosenItem[];
  organisation_id: number | null;
  object_id: number | null;
}

export async function insertCalculation(
  userId: number,
  c: NewCalculation,
  handle?: Kysely<DB>,
): Promise<{ id: number; request: string }> {
  const h = calcDb(handle);
  const at = now();
  const total = c.chosen.reduce((s, i) => s + i.price_kop * i.quantity, 0);
  return h.transaction().execute(async (trx) => {
    // A unique placeholder until the id is known (the request number is derived from it).
    const { id } = await trx
      .insertInto('calculations')
      .values({
        user_id: userId,
        kind: c.kind,
        request: `tmp-${crypto.randomUUID()}`.slice(0, 30),
        title: c.title.slice(0, 300),
        inputs: JSON.stringify(c.inputs),
        result: JSON.stringify(c.result),
        chosen: JSON.stringify(c.chosen),
        total_kop: total,
        organisation_id: c.organisation_id,
        object_id: c.object_id,
        status: 'saved',
        order_id: null,
        search: '',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const request = requestNumber(id);
    const search = searchText(request, c.title, ...c.chosen.flatMap((i) => [i.title, i.sku])).slice(
      0,
      1000,
    );
    await trx.updateTable('calculations').set({ request, search }).where('id', '=', id).execute();
    return { id, request };
  });
}

export async function listCalculations(
  userId: number,
  q: ListQuery<CalcField>,
  handle?: Kysely<DB>,
): Promise<ListResult<CalculationListItem>> {
  const h = calcDb(handle);
  let base = scoped(h, userId);
  // Searches through the trigram index of migration 0029 (the same exact substring match as LIKE).
  for (const text of [q.searchText, q.filter.request, q.filter.title])
    if (text) base = base.where(containsWhere(h, 'calculations', text));
  if (q.filter.kind) base = base.where('kind', '=', q.filter.kind);
  if (q.filter.status) base = base.where('status', '=', q.filter.status);
  const { n } = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(n);
  // Each sort walks (user_id, <column>, id) (migrations 0015, 0029) with ties by id in the same
  // direction, and a page in the second half is read from the end: the last page costs the first's.
  const w = pageWindow(q, total);
  if (!w) return { totalCount: total, entities: [] };
  const order = w.reverse ? flip(q.sortOrder) : q.sortOrder;
  // Ids first (the skipped rows are index entries only), then the page's few rows.
  let page = base.select('id').orderBy(sql.ref(q.sortField), order);
  if (q.sortField !== 'id') page = page.orderBy('id', order);
  const ids = (await page.limit(w.limit).offset(w.offset).execute()).map((r) => r.id);
  if (w.reverse) ids.reverse();
  if (ids.length === 0) return { totalCount: total, entities: [] };
  const rows = await scoped(h, userId)
    .select([...listColumns])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, numeric(r)]));
  return { totalCount: total, entities: ids.flatMap((id) => byId.get(id) ?? []) };
}

const details = (
  r: CalculationRow,
  documents: CalculationDetails['documents'],
): CalculationDetails => ({
  id: r.id,
  request: r.request,
  kind: r.kind,
  title: r.title,
  status: r.status,
  total_kop: Number(r.total_kop),
  organisation_id: r.organisation_id,
  object_id: r.object_id,
  order_id: r.order_id,
  created_at: r.created_at,
  updated_at: r.updated_at,
  inputs: JSON.parse(r.inputs),
  result: JSON.parse(r.result),
  chosen: JSON.parse(r.chosen),
  documents,
});

export async function getCalculation(
  userId: number,
  id: number,
  handle?: Kysely<DB>,
): Promise<CalculationDetails | null> {
  const h = calcDb(handle);
  const row = await scoped(h, userId).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  // A calculation holds a handful of documents; the cap keeps the page bounded anyway.
  const docs = await h
    .selectFrom('calculation_documents')
    .select(['id', 'title', 'url', 'created_at'])
    .where('calculation_id', '=', id)
    .orderBy('id')
    .limit(100)
    .execute();
  return details(row, docs);
}

/** The user's calculation an order was placed from (the order page links back to it), or null. */
export async function calculationOfOrder(
  userId: number,
  orderId: number,
  handle?: Kysely<DB>,
): Promise<{ id: number; request: string } | null> {
  const row = await scoped(calcDb(handle), userId)
    .select(['id', 'request'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row ? { id: row.id, request: row.request } : null;
}

/** How many calculations the user has saved (the home counter request_count). */
export async function countSaved(userId: number, handle?: Kysely<DB>): Promise<number> {
  const { n } = await scoped(calcDb(handle), userId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Claims the calculation for an order: ties it to the order only while it has none (run it in the
 * order's transaction). False when it is ordered already (another request got there first).
 */
export async function markOrdered(
  userId: number,
  id: number,
  orderId: number,
  handle?: Kysely<DB>,
): Promise<boolean> {
  const r = await calcDb(handle)
    .updateTable('calculations')
    .set({ status: 'ordered', order_id: orderId, updated_at: now() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('order_id', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Ties the calculation to an organisation and object (already checked to be the user's own). */
export async function setPlace(
  userId: number,
  id: number,
  oid: number | null,
  object: number | null,
  handle?: Kysely<DB>,
): Promise<void> {
  await calcDb(handle)
    .updateTable('calculations')
    .set({ organisation_id: oid, object_id: object, updated_at: now() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute();
}
