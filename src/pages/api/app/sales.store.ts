// Legacy POST sales.store?token=: creates an order from form fields title, comment, oid, object and
// items (JSON array of {catalogue_id?, title, sku?, unit?, quantity}) -> type 'success', sales_id, data.
import type { APIRoute } from 'astro';
import { salesStore } from '#features/orders/orders.api.server.ts';
import { json, readForm } from '#lib/http/api.ts';
import { respond } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  return respond(locals.t, 'orders.errors.store', async () =>
    json(await salesStore(user, await readForm(request), locals.t), 201),
  );
};
