// POST: a message from the customer to the manager: message (text), file (optional; PDF, picture or
// office document) -> type 'success', id (201).
import type { APIRoute } from 'astro';
import { postMessage } from '#features/orders/orders.api.server.ts';
import { json, readForm } from '#lib/http/api.ts';
import { respond, routeId } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  return respond(locals.t, 'orders.errors.message', async () =>
    json(await postMessage(user, routeId(params.id), await readForm(request), locals.t), 201),
  );
};
