// GET: one order of the user with items, status history, documents and messages -> data.
// Another user's (or an unknown) id answers 404.
import type { APIRoute } from 'astro';
import { orderOrThrow, withLabel } from '#features/orders/orders.api.server.ts';
import { json } from '#lib/http/api.ts';
import { respond, routeId } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  return respond(locals.t, 'orders.errors.show', async () =>
    json({ data: withLabel(locals.t)(await orderOrThrow(user, routeId(params.id), locals.t)) }),
  );
};
