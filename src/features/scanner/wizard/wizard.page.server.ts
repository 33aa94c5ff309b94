// What the scanner page renders on the server: the user's newest orders for the order select of
// step 0 (bounded: one page; the island searches the rest through sales.get).
import { parseOrderQuery } from '#features/orders/orders.api.server.ts';
import { listOrders } from '#features/orders/orders.server.ts';
import type { OrderOption } from './model.ts';

export const PAGE_ORDERS = 10;

export async function scannerPageOrders(userId: number): Promise<OrderOption[]> {
  const query = parseOrderQuery(
    new URLSearchParams({
      pageSize: String(PAGE_ORDERS),
      pageNumber: '1',
      sortField: 'id',
      sortOrder: 'desc',
    }),
  );
  const r = await listOrders(userId, query, false);
  return r.entities.map((o) => ({
    id: o.id,
    number: o.number,
    title: o.title,
    oid_name: o.oid_name,
    object_name: o.object_name,
    status: o.status,
  }));
}
