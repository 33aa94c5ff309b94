// Demo products: for each demo customer, units of their first orders' lines, ready ones with a full
// history, documents and a shipment document, others still in production with the first steps only.
// Inserted directly (no notifications for demo data); skipped when products exist. No calculation is
// linked (request_id null): demo calculations do not exist yet, and a link must not lead to a 404.
import type { Kysely } from 'kysely';
import { demoPdf } from '#lib/db/demo/orders-promotions.demo.ts';
import type { DB } from '#lib/db/schema.ts';
import { files } from '#lib/files.server.ts';
import { localDay } from '#lib/dates.ts';
import { config } from '#lib/config.ts';
import { searchText } from '#lib/list.ts';
import demo from './registry.demo.json' with { type: 'json' };

const DAY = 86_400_000;
const ORDERS_PER_CUSTOMER = 3;
const UNITS_PER_ORDER = 2;

export async function seedRegistryDemo(db: Kysely<DB>): Promise<void> {
  const any = await db.selectFrom('products').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const at = Date.now();
  const when = (days: number) => new Date(at - days * DAY).toISOString();
  const owners = await db
    .selectFrom('orders')
    .select('user_id')
    .distinct()
    .orderBy('user_id')
    .limit(10)
    .execute();
  for (const { user_id } of owners) {
    const orders = await db
      .selectFrom('orders')
      .select(['id', 'number', 'organisation_id', 'object_id'])
      .where('user_id', '=', user_id)
      .orderBy('id')
      .limit(ORDERS_PER_CUSTOMER)
      .execute();
    for (const [oi, order] of orders.entries()) {
      const items = await db
        .selectFrom('order_items')
        .select(['id', 'title', 'sku'])
        .where('order_id', '=', order.id)
        .orderBy('position')
        .limit(UNITS_PER_ORDER)
        .execute();
      for (const [ii, item] of items.entries()) {
        // The first order's units are ready and shipped; later ones are at an earlier step.
        const ready = oi === 0;
        const steps = ready ? demo.steps : demo.steps.slice(0, 1 + ((oi + ii) % 3));
        const serial = `SN-${String(order.id).padStart(5, '0')}-${ii + 1}`;
        const t = when(steps.at(-1)!.days_ago);
        const { id } = await db
          .insertInto('products')
          .values({
            serial,
            sku: item.sku,
            title: item.title,
            description: demo.description,
            picture_file_id: null,
            user_id,
            organisation_id: order.organisation_id,
            object_id: order.object_id,
            status: ready ? 1 : 0,
            request_id: null,
            order_id: order.id,
            order_item_id: item.id,
            search: searchText(item.title, serial),
            created_at: when(steps[0]!.days_ago),
            updated_at: t,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('product_access')
          .values({
            user_id,
            product_id: id,
            kind: 'owner',
            status: ready ? 1 : 0,
            organisation_id: order.organisation_id,
            created_at: t,
          })
          .execute();
        for (const s of steps)
          await db
            .insertInto('product_history')
            .values({
              product_id: id,
              date: when(s.days_ago),
              title: s.title,
              description: s.description,
              status: s.status,
              created_at: when(s.days_ago),
            })
            .execute();
        if (!ready) continue;
        for (const d of demo.documents) {
          const stored = await files().put(
            demoPdf(['Customer cabinet - demo document', `${d.kind} ${serial}`]),
            { owner: user_id, kind: 'product-document', name: d.name, type: 'application/pdf' },
          );
          await db
            .insertInto('product_documents')
            .values({
              product_id: id,
              kind: d.kind as 'passport',
              name: d.name,
              file_id: stored.id,
              created_at: t,
            })
            .execute();
        }
        const shipment = await db
          .insertInto('product_shipments')
          .values({
            product_id: id,
            numb: `${order.number}-${ii + 1}`,
            date: localDay(new Date(at - 5 * DAY), config().timeZone),
            created_at: when(5),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const note = await files().put(
          demoPdf(['Customer cabinet - demo document', `waybill ${serial}`]),
          {
            owner: user_id,
            kind: 'product-document',
            name: 'waybill.pdf',
            type: 'application/pdf',
          },
        );
        await db
          .insertInto('product_shipment_files')
          .values({ shipment_id: shipment.id, name: 'waybill.pdf', file_id: note.id })
          .execute();
      }
    }
  }
}
