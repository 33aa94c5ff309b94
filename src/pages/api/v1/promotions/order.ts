// POST: an order from a promotion. Form: ids (ticked product row ids), qty_<id> or counts (JSON
// {id: quantity}; 1 by default), oid, object, comment -> type 'success', sales_id (201).
import type { APIRoute } from 'astro';
import { placePromotionOrder } from '#features/promotions/promotions.api.server.ts';
import { json, readForm } from '#lib/http/api.ts';
import { respond } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  return respond(locals.t, 'promotions.errors.order', async () =>
    json(await placePromotionOrder(user, await readForm(request), locals.t), 201),
  );
};
