// Changes from the supplier's back office: products created for an order's lines, production history,
// status, documents, shipment documents and grants. Each change the customer should know about
// notifies the owner (module sales, linking to the product) and publishes PRODUCT_CHANGED on every
// reader's user topic, so an open product page refreshes without a reload.
import { notify } from '#features/notifications/notifications.server.ts';
import { db, now } from '#lib/db/index.ts';
import { DEFAULT_LOCALE, isLocale, translator } from '#lib/i18n/index.ts';
import type { Params } from '#lib/i18n/translate.ts';
import { searchText } from '#lib/list.ts';
import { log } from '#lib/log.ts';
import { bus } from '#lib/realtime/bus.ts';
import { userTopic } from '#lib/realtime/topics.ts';
import { PRODUCT_CHANGED, type DocumentKind } from './registry.schema.ts';
import { paths } from '#lib/paths.ts';
import { refreshWarranty } from './registry.warranty.server.ts';

export interface ProductRef {
  id: number;
  user_id: number;
  serial: string;
  title: string;
  status: number;
  organisation_id: number | null;
}

export async function findProduct(id: number | null): Promise<ProductRef | null> {
  if (!id) return null;
  return (
    (await db()
      .selectFrom('products')
      .select(['id', 'user_id', 'serial', 'title', 'status', 'organisation_id'])
      .where('id', '=', id)
      .executeTakeFirst()) ?? null
  );
}

export type ProductPart =
  | 'history'
  | 'status'
  | 'documents'
  | 'shipments'
  | 'created'
  | 'warranty'
  | 'claims'
  | 'service'
  | 'maintenance';

/** Tells every reader's open pages; a bus hiccup must not fail the change that is already stored. */
async function publish(productId: number, part: ProductPart) {
  const readers = await db()
    .selectFrom('product_access')
    .select('user_id')
    .where('product_id', '=', productId)
    .limit(500)
    .execute();
  await Promise.all(
    readers.map((r) =>
      bus().publish(userTopic(r.user_id), PRODUCT_CHANGED, { id: productId, part }),
    ),
  ).catch((err) => log.warn('registry: publish failed', { productId, err }));
}

async function tell(
  p: ProductRef,
  icon: string,
  titleKey: string,
  text: string,
  params: Params = {},
) {
  const u = await db()
    .selectFrom('users')
    .select('locale')
    .where('id', '=', p.user_id)
    .executeTakeFirst();
  const t = translator(isLocale(u?.locale) ? u.locale : DEFAULT_LOCALE);
  const title = t(titleKey, {
    serial: p.serial,
    title: p.title,
    ...params,
    status: t(`registry.status.${params.status ?? p.status}`),
  });
  await notify(p.user_id, {
    module: 'sales',
    icon,
    pid: p.id,
    url: paths.productions.one(p.id),
    title,
    text,
  });
}

export interface NewProduct {
  serial: string;
  sku: string | null;
  title: string;
  description: string | null;
  picture_file_id: string | null;
  status: number;
  order_item_id: number | null;
}

export interface OrderRef {
  id: number;
  user_id: number;
  number: string;
  organisation_id: number | null;
  object_id: number | null;
}

/** Creates the products of an order (one transaction: all or none) and notifies the customer once. */
export async function createProducts(
  order: OrderRef,
  requestId: number | null,
  list: NewProduct[],
): Promise<number[]> {
  const t = now();
  const ids = await db()
    .transaction()
    .execute(async (trx) => {
      const out: number[] = [];
      for (const p of list) {
        const { id } = await trx
          .insertInto('products')
          .values({
            ...p,
            user_id: order.user_id,
            organisation_id: order.organisation_id,
            object_id: order.object_id,
            request_id: requestId,
            order_id: order.id,
            search: searchText(p.title, p.serial),
            created_at: t,
            updated_at: t,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('product_access')
          .values({
            user_id: order.user_id,
            product_id: id,
            kind: 'owner',
            status: p.status,
            organisation_id: order.organisation_id,
            created_at: t,
          })
          .execute();
        out.push(id);
      }
      return out;
    });
  const first = await findProduct(ids[0]!);
  if (first) {
    const u = await db()
      .selectFrom('users')
      .select('locale')
      .where('id', '=', order.user_id)
      .executeTakeFirst();
    const tr = translator(isLocale(u?.locale) ? u.locale : DEFAULT_LOCALE);
    const url = ids.length === 1 ? paths.productions.one(first.id) : paths.productions.list();
    await notify(order.user_id, {
      module: 'sales',
      icon: 'status',
      pid: first.id,
      url,
      title: tr('registry.notify.created', { count: ids.length, number: order.number }),
      text: list
        .map((p) => `${p.title} (${p.serial})`)
        .join(', ')
        .slice(0, 1000),
    });
  }
  for (const id of ids) await publish(id, 'created');
  return ids;
}

export async function addHistory(
  p: ProductRef,
  entry: { date: string | null; title: string; description: string | null; status: number },
): Promise<number> {
  const t = now();
  const { id } = await db()
    .insertInto('product_history')
    .values({
      product_id: p.id,
      date: entry.date ? new Date(entry.date).toISOString() : t,
      title: entry.title,
      description: entry.description,
      status: entry.status,
      created_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db().updateTable('products').set({ updated_at: t }).where('id', '=', p.id).execute();
  await tell(p, 'status', 'registry.notify.history', entry.title);
  await publish(p.id, 'history');
  return id;
}

/** Sets the production status; the same status again changes nothing and tells no one. */
export async function setStatus(p: ProductRef, status: number): Promise<boolean> {
  if (p.status === status) return false;
  const t = now();
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .updateTable('products')
        .set({ status, updated_at: t })
        .where('id', '=', p.id)
        .execute();
      await trx
        .updateTable('product_access')
        .set({ status })
        .where('product_id', '=', p.id)
        .execute();
    });
  await tell({ ...p, status }, 'status', 'registry.notify.status', '');
  await publish(p.id, 'status');
  return true;
}

export async function addDocument(
  p: ProductRef,
  doc: { kind: DocumentKind; name: string; file_id: string },
): Promise<number> {
  const t = now();
  const { id } = await db()
    .insertInto('product_documents')
    .values({ product_id: p.id, ...doc, created_at: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tell(p, 'document', 'registry.notify.document', doc.name);
  await publish(p.id, 'documents');
  return id;
}

export async function addShipment(
  p: ProductRef,
  s: { numb: string; date: string; attach: Array<{ file_id: string; name: string }> },
): Promise<number> {
  const t = now();
  const id = await db()
    .transaction()
    .execute(async (trx) => {
      const { id } = await trx
        .insertInto('product_shipments')
        .values({ product_id: p.id, numb: s.numb, date: s.date, created_at: t })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const f of s.attach)
        await trx
          .insertInto('product_shipment_files')
          .values({ shipment_id: id, name: f.name, file_id: f.file_id })
          .execute();
      // A warranty that starts at shipment starts at the first one.
      await refreshWarranty(trx, p.id);
      return id;
    });
  await tell(p, 'document', 'registry.notify.shipment', '', { numb: s.numb });
  await publish(p.id, 'shipments');
  return id;
}

/** Grants (or withdraws) a colleague's view of the product; the owner's own access stays. */
export async function setGrants(
  p: ProductRef,
  userIds: number[],
  revoke: boolean,
): Promise<number> {
  if (userIds.length === 0) return 0;
  if (revoke) {
    const r = await db()
      .deleteFrom('product_access')
      .where('product_id', '=', p.id)
      .where('kind', '=', 'grant')
      .where('user_id', 'in', userIds)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
  const existing = new Set(
    (
      await db()
        .selectFrom('product_access')
        .select('user_id')
        .where('product_id', '=', p.id)
        .where('user_id', 'in', userIds)
        .execute()
    ).map((r) => r.user_id),
  );
  const fresh = userIds.filter((u) => !existing.has(u));
  const t = now();
  if (fresh.length)
    await db()
      .insertInto('product_access')
      .values(
        fresh.map((user_id) => ({
          user_id,
          product_id: p.id,
          kind: 'grant' as const,
          status: p.status,
          organisation_id: p.organisation_id,
          created_at: t,
        })),
      )
      .execute();
  return fresh.length;
}

/** An after-sales change (warranty, claim, service) reaches every reader's open product page. */
export const productChanged = (p: ProductRef, part: ProductPart): Promise<void> =>
  publish(p.id, part);
