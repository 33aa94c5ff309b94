// GET ?before=<id>&limit=N: the object's command audit, newest first, key-paged by id -> data[] { id,
// created_at, user, tag, old_value, requested, result, reason }.
import type { APIRoute } from 'astro';
import { auditOf, getScada } from '#features/scada/scada.server.ts';
import { HttpError, json } from '#lib/http/api.ts';
import { respond, routeId } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, params, url }) => {
  const user = requireUser(locals);
  return respond(locals.t, 'scada.errors.show', async () => {
    const item = await getScada(user.id, routeId(params.id));
    if (!item) throw new HttpError(404, locals.t('scada.errors.show'));
    const limit = /^\d{1,3}$/.test(url.searchParams.get('limit') ?? '')
      ? Number(url.searchParams.get('limit'))
      : 20;
    return json({
      data: await auditOf(item.id, routeId(url.searchParams.get('before') ?? undefined), limit),
    });
  });
};
