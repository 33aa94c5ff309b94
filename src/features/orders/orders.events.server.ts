// Changes to an order that come from the supplier's back office (status, documents, manager
// messages, priced items) and the customer's messages. Each back-office change notifies the
// customer in their own language (module "sales", linking to the order page).
import { db, now } from '#lib/db/index.ts';
import { DEFAULT_LOCALE, isLocale, translator, type T } from '#lib/i18n/index.ts';
import type { Params } from '#lib/i18n/translate.ts';
import { notify } from '#features/notifications/notifications.server.ts';
import { itemRows, lineSum, orderSearch, type NewOrderLine } from './orders.server.ts';
import { type DocumentKind, type OrderStatus } from './orders.schema.ts';
import { isId } from '#lib/validation.ts';
import { paths } from '#lib/paths.ts';

interface OrderRef {
  id: number;
  user_id: number;
  number: string;
  status: OrderStatus;
  title: string | null;
  comment: string | null;
}

/** Any order by id (the back office is not scoped to a user). */
export async function findOrder(id: number): Promise<OrderRef | null> {
  if (!isId(id)) return null;
  return (
    (await db()
      .selectFrom('orders')
      .select(['id', 'user_id', 'number', 'status', 'title', 'comment'])
      .where('id', '=', id)
      .executeTakeFirst()) ?? null
  );
}

async function userT(userId: number) {
  const u = await db()
    .selectFrom('users')
    .select('locale')
    .where('id', '=', userId)
    .executeTakeFirst();
  return translator(isLocale(u?.locale) ? u.locale : DEFAULT_LOCALE);
}

/** Notifies the order's customer; the title is translated into the customer's language. */
async function tell(
  order: OrderRef,
  icon: string,
  titleKey: string,
  text: string,
  params: (t: T) => Params = () => ({}),
) {
  const t = await userT(order.user_id);
  const title = t(titleKey, {
    number: order.number,
    status: t(`orders.status.${order.status}`),
    ...params(t),
  });
  await notify(order.user_id, {
    module: 'sales',
    icon,
    pid: order.id,
    url: paths.orders.one(order.id),
    title,
    text,
  });
}

/**
 * Records a new status (with the back office's comment) and tells the customer. A repeated status
 * with no comment changes nothing. `number` replaces the order number (the ERP's own numbering).
 */
export async function setStatus(
  order: OrderRef,
  status: OrderStatus,
  comment: string | null,
  number?: string | null,
): Promise<boolean> {
  if (order.status === status && !comment && !number) return false;
  const t = now();
  const updated = { ...order, status, number: number || order.number };
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto('order_status_history')
        .values({ order_id: order.id, status, comment, created_at: t })
        .execute();
      await trx
        .updateTable('orders')
        .set({ status, number: updated.number, updated_at: t })
        .where('id', '=', order.id)
        .execute();
      if (number) {
        const lines = await trx
          .selectFrom('order_items')
          .select(['title', 'sku'])
          .where('order_id', '=', order.id)
          .execute();
        await trx
          .updateTable('orders')
          .set({ search: orderSearch(updated, lines) })
          .where('id', '=', order.id)
          .execute();
      }
    });
  await tell(updated, 'status', 'orders.notify.status', comment ?? '');
  return true;
}

export interface NewDocument {
  kind: DocumentKind;
  title: string;
  number: string | null;
  date: string | null;
  file_id: string;
  file_name: string;
}

export async function addDocument(order: OrderRef, doc: NewDocument): Promise<number> {
  const t = now();
  const { id } = await db()
    .insertInto('order_documents')
    .values({ order_id: order.id, ...doc, created_at: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db().updateTable('orders').set({ updated_at: t }).where('id', '=', order.id).execute();
  await tell(order, 'document', 'orders.notify.document', doc.title, (t) => ({
    kind: t(`orders.documents.kind.${doc.kind}`),
  }));
  return id;
}

export interface NewMessage {
  text: string;
  file_id?: string | null;
  file_name?: string | null;
}

async function insertMessage(
  orderId: number,
  author: 'customer' | 'manager',
  m: NewMessage,
  managerName: string | null,
): Promise<number> {
  const t = now();
  const { id } = await db()
    .insertInto('order_messages')
    .values({
      order_id: orderId,
      author,
      manager_name: managerName,
      text: m.text,
      file_id: m.file_id ?? null,
      file_name: m.file_name ?? null,
      created_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db().updateTable('orders').set({ updated_at: t }).where('id', '=', orderId).execute();
  return id;
}

export async function addManagerMessage(
  order: OrderRef,
  m: NewMessage,
  managerName: string | null,
): Promise<number> {
  const id = await insertMessage(order.id, 'manager', m, managerName);
  await tell(order, 'message', 'orders.notify.message', m.text || m.file_name || '');
  return id;
}

/** A message from the customer (the order's owner; checked by the caller). */
export const addCustomerMessage = (orderId: number, m: NewMessage): Promise<number> =>
  insertMessage(orderId, 'customer', m, null);

/** Replaces the order's lines with the back office's priced ones and recomputes the total. */
export async function replaceItems(order: OrderRef, lines: NewOrderLine[]): Promise<number> {
  const total = lines.reduce((s, l) => s + lineSum(l), 0);
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('order_items').where('order_id', '=', order.id).execute();
      await trx.insertInto('order_items').values(itemRows(order.id, lines)).execute();
      await trx
        .updateTable('orders')
        .set({ total, search: orderSearch(order, lines), updated_at: now() })
        .where('id', '=', order.id)
        .execute();
    });
  await tell(order, 'order', 'orders.notify.items', '');
  return total;
}
