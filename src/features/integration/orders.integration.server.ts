// The back office's order calls: pull orders, set a status, add a document, post a manager's
// message and replace the lines with priced ones. Each change notifies the customer.
import * as v from 'valibot';
import {
  addDocument,
  addManagerMessage,
  findOrder,
  replaceItems,
  setStatus,
} from '#features/orders/orders.events.server.ts';
import { DOCUMENT_KINDS, ORDER_STATUSES } from '#features/orders/orders.schema.ts';
import { getOrder } from '#features/orders/orders.server.ts';
import { storeAttachment } from '#lib/attachments.server.ts';
import { isCalendarDate } from '#lib/dates.ts';
import { db } from '#lib/db/index.ts';
import { HttpError } from '#lib/http/api.ts';
import type { T } from '#lib/i18n/index.ts';
import { validate, type IntegrationBody } from './body.server.ts';
import { parseId } from '#lib/validation.ts';

const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max));
const kopecks = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1e13));

const StatusSchema = v.object({
  status: v.picklist(ORDER_STATUSES),
  comment: v.optional(v.nullable(text(4000))),
  number: v.optional(v.nullable(v.pipe(text(40), v.minLength(1)))),
});
const DocumentSchema = v.object({
  kind: v.picklist(DOCUMENT_KINDS),
  title: v.pipe(text(300), v.minLength(1)),
  number: v.optional(v.nullable(text(60))),
  date: v.optional(
    v.nullable(v.pipe(v.string(), v.check(isCalendarDate, 'integration.validation.date'))),
  ),
});
const ManagerMessageSchema = v.object({
  text: v.optional(text(4000), ''),
  manager: v.optional(v.nullable(text(200))),
});
const ItemsSchema = v.object({
  items: v.pipe(
    v.array(
      v.object({
        catalogue_id: v.optional(v.nullable(text(64))),
        title: v.pipe(text(500), v.minLength(1)),
        sku: v.optional(v.nullable(text(100))),
        unit: v.optional(v.pipe(text(20), v.minLength(1))),
        quantity: v.pipe(v.number(), v.gtValue(0), v.maxValue(1_000_000)),
        price: kopecks,
        discount_price: v.optional(v.nullable(kopecks)),
      }),
    ),
    v.minLength(1),
    v.maxLength(500),
  ),
});

async function orderOr404(id: number | null, t: T) {
  const order = id ? await findOrder(id) : null;
  if (!order) throw new HttpError(404, t('errors.notFound', { name: t('orders.entity') }));
  return order;
}

/** One order with its lines, history, documents and the whole conversation (customer messages too). */
export async function showCall(id: number | null, t: T) {
  const order = await orderOr404(id, t);
  return { data: { ...(await getOrder(order.user_id, order.id)), customer_id: order.user_id } };
}

/** Whether the stored file is a document or a conversation file of the order. */
export async function isOrderFile(orderId: number, fileId: string): Promise<boolean> {
  const [doc, msg] = await Promise.all([
    db()
      .selectFrom('order_documents')
      .select('id')
      .where('order_id', '=', orderId)
      .where('file_id', '=', fileId)
      .executeTakeFirst(),
    db()
      .selectFrom('order_messages')
      .select('id')
      .where('order_id', '=', orderId)
      .where('file_id', '=', fileId)
      .executeTakeFirst(),
  ]);
  return !!(doc || msg);
}

export async function statusCall(id: number | null, body: IntegrationBody, t: T) {
  const order = await orderOr404(id, t);
  const input = validate(StatusSchema, body.data, t);
  const changed = await setStatus(order, input.status, input.comment || null, input.number);
  const after = await findOrder(order.id);
  return {
    type: 'success',
    changed,
    order: { id: order.id, number: after!.number, status: after!.status },
  };
}

export async function documentCall(id: number | null, body: IntegrationBody, t: T) {
  const order = await orderOr404(id, t);
  const input = validate(DocumentSchema, body.data, t);
  const file = body.files.file;
  if (!file)
    throw new HttpError(422, t('integration.errors.invalid'), {
      errors: { file: t('integration.validation.fileRequired') },
    });
  const stored = await storeAttachment(file, order.user_id, 'order-document');
  if (!stored.ok)
    throw new HttpError(422, t('integration.errors.invalid'), {
      errors: { file: t(`orders.validation.file.${stored.reason}`) },
    });
  const docId = await addDocument(order, {
    kind: input.kind,
    title: input.title,
    number: input.number || null,
    date: input.date || null,
    file_id: stored.file.id,
    file_name: stored.file.name,
  });
  return { type: 'success', id: docId, file_id: stored.file.id };
}

export async function messageCall(id: number | null, body: IntegrationBody, t: T) {
  const order = await orderOr404(id, t);
  const input = validate(ManagerMessageSchema, body.data, t);
  const file = body.files.file;
  if (!input.text && !file)
    throw new HttpError(422, t('integration.errors.invalid'), {
      errors: { text: t('orders.validation.messageEmpty') },
    });
  let stored = null;
  if (file) {
    const r = await storeAttachment(file, order.user_id, 'order-message');
    if (!r.ok)
      throw new HttpError(422, t('integration.errors.invalid'), {
        errors: { file: t(`orders.validation.file.${r.reason}`) },
      });
    stored = r.file;
  }
  const messageId = await addManagerMessage(
    order,
    { text: input.text, file_id: stored?.id ?? null, file_name: stored?.name ?? null },
    input.manager || null,
  );
  return { type: 'success', id: messageId };
}

export async function itemsCall(id: number | null, body: IntegrationBody, t: T) {
  const order = await orderOr404(id, t);
  const input = validate(ItemsSchema, body.data, t);
  const total = await replaceItems(
    order,
    input.items.map((i) => ({ ...i, unit: i.unit ?? t('orders.units.pcs') })),
  );
  return { type: 'success', total };
}

const PULL_LIMIT = 100;

/** Orders in id order after `after_id`, optionally by status and last change, with their lines. */
export async function listCall(params: URLSearchParams, t: T) {
  const rawAfter = params.get('after_id') ?? '0';
  // 0 starts from the first order; any other cursor is an order id (1..2147483647, both engines).
  const afterId = rawAfter === '0' ? 0 : parseId(rawAfter);
  const limit = Math.min(Number(params.get('limit') ?? PULL_LIMIT), PULL_LIMIT);
  const status = params.get('status');
  const since = params.get('updated_since');
  if (afterId === null)
    throw new HttpError(400, t('integration.errors.query'), {
      errors: { after_id: t('validation.id', { field: 'after_id' }) },
    });
  if (!Number.isSafeInteger(limit) || limit < 1)
    throw new HttpError(400, t('integration.errors.query'));
  if (
    (status && !(ORDER_STATUSES as readonly string[]).includes(status)) ||
    (since && Number.isNaN(Date.parse(since)))
  )
    throw new HttpError(400, t('integration.errors.query'));
  let q = db()
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .leftJoin('organisations', 'organisations.id', 'orders.organisation_id')
    .leftJoin('objects', 'objects.id', 'orders.object_id')
    .select([
      'orders.id',
      'orders.number',
      'orders.title',
      'orders.status',
      'orders.source',
      'orders.comment',
      'orders.total',
      'orders.archived',
      'orders.created_at',
      'orders.updated_at',
    ])
    .select([
      'users.id as customer_id',
      'users.email as customer_email',
      'users.name as customer_name',
      'users.surname as customer_surname',
    ])
    .select([
      'organisations.id as organisation_id',
      'organisations.name as organisation_name',
      'organisations.inn as organisation_inn',
    ])
    .select([
      'objects.id as object_id',
      'objects.name as object_name',
      'objects.address as object_address',
    ])
    .where('orders.id', '>', afterId)
    .orderBy('orders.id')
    .limit(limit);
  if (status) q = q.where('orders.status', '=', status as (typeof ORDER_STATUSES)[number]);
  if (since) q = q.where('orders.updated_at', '>=', new Date(since).toISOString());
  const rows = await q.execute();
  const ids = rows.map((r) => r.id);
  const items = ids.length
    ? await db()
        .selectFrom('order_items')
        .selectAll()
        .where('order_id', 'in', ids)
        .orderBy('order_id')
        .orderBy('position')
        .execute()
    : [];
  const data = rows.map((r) => ({
    ...r,
    total: Number(r.total),
    items: items
      .filter((i) => i.order_id === r.id)
      .map((i) => ({
        ...i,
        price: Number(i.price),
        discount_price: i.discount_price === null ? null : Number(i.discount_price),
        sum: Number(i.sum),
      })),
  }));
  return { data, meta: { next_after_id: rows.length === limit ? rows.at(-1)!.id : null } };
}
