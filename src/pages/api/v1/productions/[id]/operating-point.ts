// GET: the product's live operating point against its design (decision 0048): { data: { product_id,
// object { id, title }, point } }, point.state 'live' (live point, the curve's point at its flow,
// efficiency and power against the design, drift, warnings, yearly energy cost, the formulas used)
// or 'no-data' (missing or stale values). 404 unless the user may see both the product and the
// dispatching object it is linked to, and the product has a pump calculation.
import type { APIRoute } from 'astro';
import { operatingPointFor } from '#features/registry/registry.oppoint.server.ts';
import { HttpError, json } from '#lib/http/api.ts';
import { respond, routeId } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  const t = locals.t;
  return respond(t, 'registry.op.errors.load', async () => {
    const data = await operatingPointFor(user.id, routeId(params.id));
    if (!data) throw new HttpError(404, t('registry.errors.notFound'));
    return json({ data });
  });
};
