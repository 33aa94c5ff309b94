// The product registry as a customer sees it: every read goes through product_access (the owner, or a
// colleague the back office granted the product to). Sharing an organisation grants nothing; without
// access a product does not exist for the user (404).
import { sql, type Kysely } from 'kysely';
import { config } from '#lib/config.ts';
import { db as defaultDb } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import { formatDate, formatDateTime } from '#lib/format.ts';
import { containsWhere } from '#lib/search.server.ts';
import { flip, pageWindow, type ListQuery, type ListResult } from '#lib/list.ts';
import { type RegistryField } from './registry.schema.ts';
import { paths } from '#lib/paths.ts';
import { today, warrantyOf, type Warranty } from './registry.warranty.server.ts';

export interface ProductListItem {
  id: number;
  serial: string;
  title: string;
  oid: number | null;
  oid_name: string | null;
  object_name: string | null;
  status: number;
  /** Warranty status: active (with `until`), expired or none (not set). */
  warranty: Warranty;
}

export interface HistoryEntry {
  id: number;
  date: string;
  date_full: string;
  at: string;
  title: string;
  description: string | null;
  status: number;
}

/** The spec's Product (§3) plus what the pages link to. */
export interface Product extends ProductListItem {
  preview: string | null;
  sku: string | null;
  description: string | null;
  has_request: boolean;
  request_id: number | null;
  has_realization: boolean;
  sales_id: number | null;
  order_number: string | null;
  object_address: string | null;
  has_history: boolean;
  history: HistoryEntry[];
  files: Array<{ name: string; file: string; kind: string }>;
}

export interface Shipment {
  numb: string;
  date: string;
  attach: Array<{ id: string; name: string; url: string }>;
}

/** A product page shows this many history entries, newest first (a unit's life is tens of steps). */
export const HISTORY_LIMIT = 200;
const DOCUMENTS_LIMIT = 200;
const SHIPMENTS_LIMIT = 100;

function readable(handle: Kysely<DB>, userId: number) {
  return handle
    .selectFrom('product_access as a')
    .innerJoin('products as p', 'p.id', 'a.product_id')
    .leftJoin('organisations as org', 'org.id', 'p.organisation_id')
    .leftJoin('objects as obj', 'obj.id', 'p.object_id')
    .where('a.user_id', '=', userId);
}

const listColumns = [
  'p.id',
  'p.serial',
  'p.title',
  'p.organisation_id as oid',
  'org.name as oid_name',
  'obj.name as object_name',
  'p.status',
  'p.warranty_until',
] as const;

/** Separators a serial is written with (the serial rule allows `_ . / -`), and a space. */
const SEPARATORS = /[\s_./-]+/;

/**
 * The LIKE pattern (escape `\`) of a search: the lower-cased words in order, any separators (or none)
 * between them, so "AUD PHE 0007", "aud/phe-0007" and "AUD-PHE-0007" find the same serial and a
 * title's words still match as typed.
 */
export function searchPattern(text: string): string {
  const words = searchWords(text).map((w) => w.replace(/[\\%_]/g, (c) => `\\${c}`));
  return `%${words.join('%')}%`;
}

/** The lower-cased words of a search, split at the separators a serial is written with. */
export const searchWords = (text: string): string[] =>
  text.toLowerCase().split(SEPARATORS).filter(Boolean);

const SORT = {
  id: 'a.product_id',
  status: 'a.status',
  oid: 'a.organisation_id',
  // The reader's copies of the product's serial and title (kept in step by triggers of migration
  // 0029), so these sorts walk (user_id, serial|title, product_id) too.
  serial: 'a.serial',
  title: 'a.title',
} as const;

export async function listProducts(
  userId: number,
  q: ListQuery<RegistryField>,
  handle: Kysely<DB> = defaultDb(),
): Promise<ListResult<ProductListItem>> {
  // products is joined only when the search needs its columns: counts and id pages of every sort
  // and filter stay within product_access's index entries.
  const needsProduct = !!q.searchText;
  let base = handle
    .selectFrom('product_access as a')
    .$if(needsProduct, (b) => b.innerJoin('products as p', 'p.id', 'a.product_id'))
    .where('a.user_id', '=', userId);
  if (q.searchText) {
    // Each word through the trigram index (it holds the words as substrings), then their order with
    // any separators between them (the folding above) on the few rows left.
    for (const word of searchWords(q.searchText))
      base = base.where(containsWhere(handle, 'products', word, 'p'));
    base = base.where(sql<boolean>`p.search like ${searchPattern(q.searchText)} escape '\\'`);
  }
  if (q.filter.status === '0' || q.filter.status === '1')
    base = base.where('a.status', '=', Number(q.filter.status));
  if (q.filter.oid && /^\d{1,9}$/.test(q.filter.oid))
    base = base.where('a.organisation_id', '=', Number(q.filter.oid));
  const { n } = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(n);
  const w = pageWindow(q, total);
  if (!w) return { totalCount: total, entities: [] };
  const order = w.reverse ? flip(q.sortOrder) : q.sortOrder;
  // Ids first (index entries of product_access for the common orders), then the few full rows.
  const ids = (
    await base
      .select('a.product_id')
      .orderBy(sql.ref(SORT[q.sortField]), order)
      .orderBy('a.product_id', order)
      .limit(w.limit)
      .offset(w.offset)
      .execute()
  ).map((r) => r.product_id);
  if (w.reverse) ids.reverse();
  if (ids.length === 0) return { totalCount: total, entities: [] };
  const rows = await readable(handle, userId)
    .select([...listColumns])
    .where('p.id', 'in', ids)
    .execute();
  const day = today();
  const byId = new Map(
    rows.map(({ warranty_until, ...r }) => [
      r.id,
      { ...r, warranty: warrantyOf({ warranty_until }, day) },
    ]),
  );
  return {
    totalCount: total,
    entities: ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
  };
}

export async function canSee(
  userId: number,
  productId: number | null,
  handle: Kysely<DB> = defaultDb(),
): Promise<boolean> {
  if (!productId) return false;
  return !!(await handle
    .selectFrom('product_access')
    .select('product_id')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst());
}

export async function historyOf(
  productId: number,
  handle: Kysely<DB> = defaultDb(),
): Promise<HistoryEntry[]> {
  const tz = config().timeZone;
  const rows = await handle
    .selectFrom('product_history')
    .select(['id', 'date', 'title', 'description', 'status'])
    .where('product_id', '=', productId)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    date: formatDate(r.date, tz),
    date_full: formatDateTime(r.date, tz),
    at: r.date,
    title: r.title,
    description: r.description,
    status: r.status,
  }));
}

/** One product as the spec's Product, or null when the user may not see it. */
export async function getProduct(
  userId: number,
  id: number | null,
  handle: Kysely<DB> = defaultDb(),
): Promise<Product | null> {
  if (!id) return null;
  const p = await readable(handle, userId)
    .leftJoin('orders as o', 'o.id', 'p.order_id')
    .select([
      ...listColumns,
      'p.sku',
      'p.description',
      'p.picture_file_id',
      'p.request_id',
      'p.order_id',
      'o.number as order_number',
      'obj.address as object_address',
      'p.warranty_start',
      'p.warranty_months',
      'p.warranty_basis',
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!p) return null;
  const [history, documents] = await Promise.all([
    historyOf(p.id, handle),
    handle
      .selectFrom('product_documents')
      .select(['name', 'file_id', 'kind'])
      .where('product_id', '=', p.id)
      .orderBy('id')
      .limit(DOCUMENTS_LIMIT)
      .execute(),
  ]);
  return {
    id: p.id,
    serial: p.serial,
    title: p.title,
    oid: p.oid,
    oid_name: p.oid_name,
    object_name: p.object_name,
    object_address: p.object_address,
    status: p.status,
    warranty: warrantyOf(p),
    preview: p.picture_file_id ? paths.productions.file(p.id, p.picture_file_id) : null,
    sku: p.sku,
    description: p.description,
    has_request: p.request_id !== null,
    request_id: p.request_id,
    has_realization: p.order_id !== null,
    sales_id: p.order_id,
    order_number: p.order_number,
    has_history: history.length > 0,
    history,
    files: documents.map((d) => ({
      name: d.name,
      file: paths.productions.file(p.id, d.file_id),
      kind: d.kind,
    })),
  };
}

/** The product's shipment documents (newest first), or null when the user may not see the product. */
export async function shipmentsOf(
  userId: number,
  id: number | null,
  handle: Kysely<DB> = defaultDb(),
): Promise<Shipment[] | null> {
  if (!(await canSee(userId, id, handle))) return null;
  const shipments = await handle
    .selectFrom('product_shipments')
    .select(['id', 'numb', 'date'])
    .where('product_id', '=', id!)
    .orderBy('id', 'desc')
    .limit(SHIPMENTS_LIMIT)
    .execute();
  const ids = shipments.map((s) => s.id);
  const attach = ids.length
    ? await handle
        .selectFrom('product_shipment_files')
        .select(['id', 'shipment_id', 'name', 'file_id'])
        .where('shipment_id', 'in', ids)
        .orderBy('id')
        .execute()
    : [];
  return shipments.map((s) => ({
    numb: s.numb,
    date: s.date,
    attach: attach
      .filter((f) => f.shipment_id === s.id)
      .map((f) => ({ id: f.file_id, name: f.name, url: paths.productions.file(id!, f.file_id) })),
  }));
}

/** Whether the stored file is the product's picture, one of its documents or a shipment file. */
export async function isProductFile(
  productId: number,
  fileId: string,
  handle: Kysely<DB> = defaultDb(),
): Promise<boolean> {
  const [pic, doc, ship] = await Promise.all([
    handle
      .selectFrom('products')
      .select('id')
      .where('id', '=', productId)
      .where('picture_file_id', '=', fileId)
      .executeTakeFirst(),
    handle
      .selectFrom('product_documents')
      .select('id')
      .where('product_id', '=', productId)
      .where('file_id', '=', fileId)
      .executeTakeFirst(),
    handle
      .selectFrom('product_shipment_files as f')
      .innerJoin('product_shipments as s', 's.id', 'f.shipment_id')
      .select('f.id')
      .where('s.product_id', '=', productId)
      .where('f.file_id', '=', fileId)
      .executeTakeFirst(),
  ]);
  return !!(pic || doc || ship);
}

/** The organisations of the user's products, for the folded-away filter (bounded). */
export async function productOrganisations(
  userId: number,
  handle: Kysely<DB> = defaultDb(),
): Promise<Array<{ id: number; name: string }>> {
  // The user's distinct organisations by skipping through (user_id, organisation_id, product_id):
  // one index seek per organisation (at most 200), not a walk over every product of the user.
  const { rows } = await sql<{ id: number; name: string }>`with recursive seen(id, n) as (
      select (select min(organisation_id) from product_access where user_id = ${userId}), 1
      union all
      select (select min(organisation_id) from product_access
        where user_id = ${userId} and organisation_id > seen.id), n + 1
      from seen where seen.id is not null and n < 200)
    select org.id, org.name from seen join organisations org on org.id = seen.id
    order by org.name limit 200`.execute(handle);
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}
