// GET: one product (§3 Product: id, serial, title, oid_name, object_name, status, preview, sku,
// description, has_request, request_id, has_realization, sales_id, has_history, history[], files[]).
// Another customer's product: 404.
import type { APIRoute } from 'astro';
import { getProduct } from '#features/registry/registry.server.ts';
import { HttpError, json } from '#lib/http/api.ts';
import { respond, routeId } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  const t = locals.t;
  return respond(t, 'registry.errors.product', async () => {
    const data = await getProduct(user.id, routeId(params.id));
    if (!data) throw new HttpError(404, t('registry.errors.notFound'));
    return json({ data });
  });
};
