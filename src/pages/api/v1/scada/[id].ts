// GET: one dispatching object the user has a grant on (404 otherwise) -> data with its live status.
import type { APIRoute } from 'astro';
import { getScada } from '#features/scada/scada.server.ts';
import { HttpError, json } from '#lib/http/api.ts';
import { respond, routeId } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  return respond(locals.t, 'scada.errors.show', async () => {
    const item = await getScada(user.id, routeId(params.id));
    if (!item) throw new HttpError(404, locals.t('scada.errors.show'));
    return json({ data: item });
  });
};
