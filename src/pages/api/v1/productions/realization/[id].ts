// GET: the product's shipment documents -> data[] { numb, date, attach[] { id, name, url } }.
// Another customer's product: 404. Failure: "Can't get order documents!" (registry.errors.shipments).
import type { APIRoute } from 'astro';
import { shipmentsOf } from '#features/registry/registry.server.ts';
import { HttpError, json } from '#lib/http/api.ts';
import { respond, routeId } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  const t = locals.t;
  return respond(t, 'registry.errors.shipments', async () => {
    const data = await shipmentsOf(user.id, routeId(params.id));
    if (!data) throw new HttpError(404, t('registry.errors.notFound'));
    return json({ data });
  });
};
