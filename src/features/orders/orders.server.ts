// Orders of the signed-in user: the list and the archive (search, filters, sorting, paging), one
// order with its items, history, documents and conversation, creation and moving to the archive.
// Every query is scoped to the user, so another user's order is simply not found.
import { sql, type Kysely } from 'kysely';
import { config } from '#lib/config.ts';
import { dayStartUtc, isCalendarDate, nextDay } from '#lib/dates.ts';
import { db, now } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import { flip, searchText, type ListQuery, type ListResult } from '#lib/list.ts';
import { containsWhere } from '#lib/search.server.ts';
import { pageByIds } from '#lib/list-page.server.ts';
import {
  isOrderStatus,
  type ORDER_FILTER_FIELDS,
  type ORDER_SORT_FIELDS,
  type OrderSource,
  type OrderStatus,
} from './orders.schema.ts';
import type { OrderDocumentRow, OrderItemRow, OrderMessageRow, OrderRow } from './orders.tables.ts';
import { isId } from '#lib/validation.ts';

export type OrderQuery = ListQuery<
  (typeof ORDER_FILTER_FIELDS)[number] | (typeof ORDER_SORT_FIELDS)[number]
>;

export interface OrderListItem {
  id: number;
  number: string;
  title: string | null;
  status: OrderStatus;
  date: string;
  oid: number | null;
  oid_name: string | null;
  object: number | null;
  object_name: string | null;
  total: number;
  items_count: number;
  archived: number;
}

export interface OrderDetails extends OrderListItem {
  comment: string | null;
  source: OrderSource;
  promotion_id: number | null;
  items: OrderItemRow[];
  history: Array<{ id: number; status: OrderStatus; comment: string | null; date: string }>;
  documents: OrderDocumentRow[];
  messages: OrderMessageRow[];
}

// Sort keys of the list, each walking an index of (user_id, archived, <key>, id) (migrations 0006,
// 0029). Organisation and object names are the order's copies of them (organisation_name,
// object_name), which triggers of 0029 keep in step with the organisation and the object.
const SORT_COLUMNS = {
  id: sql`orders.id`,
  number: sql`orders.number`,
  created_at: sql`orders.created_at`,
  status: sql`orders.status`,
  total: sql`orders.total`,
  organisation: sql`orders.organisation_name`,
  object: sql`orders.object_name`,
} as const;

function scoped(handle: Kysely<DB>, userId: number) {
  return handle
    .selectFrom('orders')
    .leftJoin('organisations', 'organisations.id', 'orders.organisation_id')
    .leftJoin('objects', 'objects.id', 'orders.object_id')
    .where('orders.user_id', '=', userId);
}

const listColumns = [
  'orders.id',
  'orders.number',
  'orders.title',
  'orders.status',
  'orders.created_at as date',
  'orders.organisation_id as oid',
  'organisations.name as oid_name',
  'orders.object_id as object',
  'objects.name as object_name',
  'orders.total',
  'orders.archived',
] as const;

const idFilter = (s: string | undefined): number | null =>
  s && /^\d{1,9}$/.test(s) ? Number(s) : null;

// Text matches on the user's organisations and objects, as id sets (no join in the page query).
const organisationsMatching = (userId: number, text: string) =>
  sql`select uo.organisation_id from user_organisations uo join organisations on organisations.id = uo.organisation_id where uo.user_id = ${userId} and ${containsWhere(db(), 'organisations', text)}`;
const objectsMatching = (userId: number, text: string) =>
  sql`select objects.id from objects where objects.user_id = ${userId} and ${containsWhere(db(), 'objects', text)}`;

/** Up to this many matching ids go into the query as a list; more stay a subquery. */
const ID_LIST_MAX = 2000;

/**
 * `column in (ids of the names matching p)`. The names are searched once here instead of once in the
 * count and once in the page query (a scan of up to 100,000 objects each time); a list longer than
 * ID_LIST_MAX stays a subquery (bound parameters are limited), the LIMIT stops that scan early.
 */
async function inMatching(
  column: 'orders.organisation_id' | 'orders.object_id',
  names: ReturnType<typeof sql>,
) {
  const { rows } = await sql<Record<string, number>>`${names} limit ${ID_LIST_MAX + 1}`.execute(
    db(),
  );
  if (rows.length > ID_LIST_MAX) return sql<boolean>`${sql.ref(column)} in (${names})`;
  return rows.length
    ? sql<boolean>`${sql.ref(column)} in (${sql.join(rows.map((r) => Number(Object.values(r)[0])))})`
    : sql<boolean>`1 = 0`;
}

/** The user's orders (or archived orders) that pass the query's search and filters. */
async function matching(userId: number, q: OrderQuery, archived: boolean) {
  let base = db()
    .selectFrom('orders')
    .where('orders.user_id', '=', userId)
    .where('orders.archived', '=', archived ? 1 : 0);
  if (q.searchText) {
    const text = q.searchText;
    const [byOrganisation, byObject] = await Promise.all([
      inMatching('orders.organisation_id', organisationsMatching(userId, text)),
      inMatching('orders.object_id', objectsMatching(userId, text)),
    ]);
    // One id set from three index-served parts: an OR of them would make the planners walk every
    // order of the user instead (SQLite and PostgreSQL alike at 100,000 orders). `archived` lets
    // the object and organisation parts seek (user_id, archived, object_id / organisation_id).
    const part = (condition: ReturnType<typeof sql<boolean>>) =>
      sql`select orders.id from orders where orders.user_id = ${userId} and orders.archived = ${archived ? 1 : 0} and ${condition}`;
    base = base.where(
      sql<boolean>`orders.id in (${part(containsWhere(db(), 'orders', text))} union all ${part(byOrganisation)} union all ${part(byObject)})`,
    );
  }
  const f = q.filter;
  if (f.status)
    base = isOrderStatus(f.status)
      ? base.where('orders.status', '=', f.status)
      : base.where(sql<boolean>`1 = 0`);
  // A chosen organisation or object (its id), or without JavaScript the typed part of its name.
  if (f.oid !== undefined) base = base.where('orders.organisation_id', '=', idFilter(f.oid) ?? -1);
  else if (f.oid_text)
    base = base.where(
      await inMatching('orders.organisation_id', organisationsMatching(userId, f.oid_text)),
    );
  if (f.object !== undefined) base = base.where('orders.object_id', '=', idFilter(f.object) ?? -1);
  else if (f.object_text)
    base = base.where(await inMatching('orders.object_id', objectsMatching(userId, f.object_text)));
  const tz = config().timeZone;
  const from = f.date ?? f.date_from;
  const to = f.date ?? f.date_to;
  if (from && isCalendarDate(from))
    base = base.where('orders.created_at', '>=', dayStartUtc(from, tz));
  if (to && isCalendarDate(to))
    base = base.where('orders.created_at', '<', dayStartUtc(nextDay(to), tz));
  return base;
}

export async function listOrders(
  userId: number,
  q: OrderQuery,
  archived: boolean,
): Promise<ListResult<OrderListItem>> {
  const base = await matching(userId, q, archived);
  const { n } = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const totalCount = Number(n);
  const sortField = (q.sortField in SORT_COLUMNS ? q.sortField : 'id') as keyof typeof SORT_COLUMNS;
  const entities = await pageByIds(
    q,
    totalCount,
    async (w) => {
      const order = w.reverse ? flip(q.sortOrder) : q.sortOrder;
      let ids = base.select('orders.id').orderBy(SORT_COLUMNS[sortField], order);
      // Ties go by id in the same direction, so one index serves both directions of each sort.
      if (sortField !== 'id') ids = ids.orderBy('orders.id', order);
      return (await ids.limit(w.limit).offset(w.offset).execute()).map((r) => r.id);
    },
    async (ids) => {
      const rows = await scoped(db(), userId)
        .select([...listColumns])
        .select((eb) =>
          eb
            .selectFrom('order_items')
            .select((e) => e.fn.countAll<number>().as('c'))
            .whereRef('order_items.order_id', '=', 'orders.id')
            .as('items_count'),
        )
        .where('orders.id', 'in', ids)
        .execute();
      return rows.map((r) => ({
        ...r,
        total: Number(r.total),
        items_count: Number(r.items_count),
      }));
    },
  );
  return { totalCount, entities };
}

/** The user's order ids among `ids` (for bulk actions). */
async function ownIds(userId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db()
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

export async function getOrder(userId: number, id: number): Promise<OrderDetails | null> {
  if (!isId(id)) return null;
  const row = await scoped(db(), userId)
    .select([...listColumns, 'orders.comment', 'orders.source', 'orders.promotion_id'])
    .where('orders.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const [items, history, documents, messages] = await Promise.all([
    db()
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', id)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db()
      .selectFrom('order_status_history')
      .select(['id', 'status', 'comment', 'created_at as date'])
      .where('order_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db()
      .selectFrom('order_documents')
      .selectAll()
      .where('order_id', '=', id)
      .orderBy('id')
      .execute(),
    db()
      .selectFrom('order_messages')
      .selectAll()
      .where('order_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  const money = (n: number | null) => (n === null ? null : Number(n));
  return {
    ...row,
    total: Number(row.total),
    items_count: items.length,
    items: items.map((i) => ({
      ...i,
      price: Number(i.price),
      discount_price: money(i.discount_price),
      sum: Number(i.sum),
      quantity: Number(i.quantity),
    })),
    history,
    documents,
    messages,
  };
}

/** The order row if it belongs to the user (cheap ownership check for sub-resources). */
export async function ownOrder(
  userId: number,
  id: number,
): Promise<Pick<OrderRow, 'id' | 'user_id' | 'number' | 'status' | 'archived'> | null> {
  if (!isId(id)) return null;
  return (
    (await db()
      .selectFrom('orders')
      .select(['id', 'user_id', 'number', 'status', 'archived'])
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst()) ?? null
  );
}

/**
 * Whether the customer may still add lines to an order: only while it is new and not archived; once
 * the manager has accepted it, changes go through the manager (the order's chat).
 */
export const takesNewLines = (o: Pick<OrderRow, 'status' | 'archived'>): boolean =>
  o.status === 'new' && !o.archived;

export interface NewOrderLine {
  catalogue_id?: string | null;
  title: string;
  sku?: string | null;
  unit: string;
  quantity: number;
  /** Price per unit in kopecks (0 when the manager has not priced the line yet). */
  price: number;
  discount_price?: number | null;
  promotion_product_id?: number | null;
}

export interface NewOrder {
  title?: string | null;
  comment?: string | null;
  organisation_id?: number | null;
  object_id?: number | null;
  source: OrderSource;
  promotion_id?: number | null;
  lines: NewOrderLine[];
}

export const lineSum = (l: Pick<NewOrderLine, 'quantity' | 'price' | 'discount_price'>): number =>
  Math.round(l.quantity * (l.discount_price ?? l.price));

/** The cabinet's own order number until the back office gives one: the id, zero-padded. */
export const defaultNumber = (id: number): string => String(id).padStart(6, '0');

export const orderSearch = (
  o: { number: string; title?: string | null; comment?: string | null },
  lines: Array<{ title: string; sku?: string | null }>,
): string =>
  searchText(o.number, o.title, o.comment, ...lines.flatMap((l) => [l.title, l.sku])).slice(
    0,
    2000,
  );

/** order_items rows for the lines, numbered from 1. */
export const itemRows = (orderId: number, lines: NewOrderLine[]) =>
  lines.map((l, i) => ({
    order_id: orderId,
    position: i + 1,
    catalogue_id: l.catalogue_id ?? null,
    title: l.title,
    sku: l.sku ?? null,
    unit: l.unit,
    quantity: l.quantity,
    price: l.price,
    discount_price: l.discount_price ?? null,
    sum: lineSum(l),
    promotion_product_id: l.promotion_product_id ?? null,
  }));

/** Creates an order with status "new" in the given handle (a transaction when part of a larger change). */
export async function insertOrder(
  handle: Kysely<DB>,
  userId: number,
  o: NewOrder,
  createdAt = now(),
): Promise<number> {
  const total = o.lines.reduce((s, l) => s + lineSum(l), 0);
  const { id } = await handle
    .insertInto('orders')
    .values({
      user_id: userId,
      number: '',
      title: o.title ?? null,
      organisation_id: o.organisation_id ?? null,
      object_id: o.object_id ?? null,
      status: 'new',
      source: o.source,
      promotion_id: o.promotion_id ?? null,
      comment: o.comment ?? null,
      total,
      archived: 0,
      archived_at: null,
      search: '',
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const number = defaultNumber(id);
  await handle
    .updateTable('orders')
    .set({ number, search: orderSearch({ number, title: o.title, comment: o.comment }, o.lines) })
    .where('id', '=', id)
    .execute();
  await handle.insertInto('order_items').values(itemRows(id, o.lines)).execute();
  await handle
    .insertInto('order_status_history')
    .values({ order_id: id, status: 'new', comment: null, created_at: createdAt })
    .execute();
  return id;
}

export async function createOrder(userId: number, o: NewOrder): Promise<number> {
  return db()
    .transaction()
    .execute((trx) => insertOrder(trx, userId, o));
}

/** Moves the user's orders to the archive or back; returns the ids that changed. */
export async function setArchived(
  userId: number,
  ids: number[],
  archived: boolean,
): Promise<number[]> {
  const own = await ownIds(userId, ids);
  if (own.length === 0) return [];
  const t = now();
  await db()
    .updateTable('orders')
    .set({ archived: archived ? 1 : 0, archived_at: archived ? t : null, updated_at: t })
    .where('user_id', '=', userId)
    .where('id', 'in', own)
    .execute();
  return own;
}

export async function countOrders(userId: number, archived = false): Promise<number> {
  const r = await db()
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('archived', '=', archived ? 1 : 0)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Appends lines to the user's order (numbered after its last position); the total and the search
 * text grow with them. False when the order is not the user's or no longer takes new lines
 * (takesNewLines, checked again here inside the caller's transaction). Used by the document scanner.
 */
export async function appendItems(
  handle: Kysely<DB>,
  userId: number,
  orderId: number,
  lines: NewOrderLine[],
  at = now(),
): Promise<boolean> {
  const order = await handle
    .selectFrom('orders')
    .select(['id', 'search', 'status', 'archived'])
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!order || !takesNewLines(order)) return false;
  if (lines.length === 0) return true;
  const last = await handle
    .selectFrom('order_items')
    .select((eb) => eb.fn.max('position').as('p'))
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  const start = Number(last?.p ?? 0);
  await handle
    .insertInto('order_items')
    .values(itemRows(orderId, lines).map((r, i) => ({ ...r, position: start + i + 1 })))
    .execute();
  const added = lines.reduce((s, l) => s + lineSum(l), 0);
  const search = `${order.search} ${searchText(...lines.flatMap((l) => [l.title, l.sku]))}`.slice(
    0,
    2000,
  );
  await handle
    .updateTable('orders')
    .set({ total: sql<number>`total + ${added}`, search, updated_at: at })
    .where('id', '=', orderId)
    .execute();
  return true;
}
