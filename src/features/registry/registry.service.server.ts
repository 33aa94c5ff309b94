// The service history of a product (commissioning, maintenance, repair, part replaced), written by the
// back office and shown beside the production timeline, newest first. A commissioning event starts a
// warranty whose basis is commissioning, and an event of a planned kind moves the maintenance plan's
// next due day (same transaction).
import { db, now } from '#lib/db/index.ts';
import { serviceDone } from './registry.maintenance.server.ts';
import type { ServiceKind } from './registry.schema.ts';
import { refreshWarranty } from './registry.warranty.server.ts';

export const SERVICE_LIMIT = 200;

export interface ServiceEvent {
  id: number;
  kind: ServiceKind;
  date: string;
  title: string;
  description: string | null;
}

export async function serviceOf(productId: number): Promise<ServiceEvent[]> {
  return db()
    .selectFrom('product_service')
    .select(['id', 'kind', 'date', 'title', 'description'])
    .where('product_id', '=', productId)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(SERVICE_LIMIT)
    .execute();
}

export async function addService(
  productId: number,
  e: { kind: ServiceKind; date: string; title: string; description: string | null },
): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const { id } = await trx
        .insertInto('product_service')
        .values({ product_id: productId, ...e, created_at: now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (e.kind === 'commissioning') await refreshWarranty(trx, productId);
      await serviceDone(trx, productId, e.kind, e.date);
      return id;
    });
}
