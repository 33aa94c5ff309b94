// GET: the product's claims, newest first: id, description, state (submitted, accepted,
// repair, resolved, rejected), created_at, updated_at, request_id (the conversation, a support request
// of type claim) and steps[] { state, at, comment }. POST (multipart: description, photos up to 5
// images; or JSON { description }): files a claim -> 201 { data }. Another customer's product: 404.
import type { APIRoute } from 'astro';
import { submitClaim } from '#features/registry/registry.claims.api.server.ts';
import { claimsFor } from '#features/registry/registry.claims.server.ts';
import { HttpError, json } from '#lib/http/api.ts';
import { respond, routeId } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  const t = locals.t;
  return respond(t, 'registry.errors.claims', async () => {
    const data = await claimsFor(user.id, routeId(params.id));
    if (!data) throw new HttpError(404, t('registry.errors.notFound'));
    return json({ data });
  });
};

export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const t = locals.t;
  return respond(t, 'registry.errors.claim', async () => {
    const r = await submitClaim(user, routeId(params.id), request, t);
    if (!r) throw new HttpError(404, t('registry.errors.notFound'));
    if (!r.ok) throw new HttpError(r.status, r.message, { errors: r.errors });
    return json({ data: r.claim }, 201);
  });
};
