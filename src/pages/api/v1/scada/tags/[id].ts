// GET: the variables of an object the user has a grant on -> { tags: [...], values: [...], status,
// last_update_at } (values by the tags' index, rounded at each variable's precision; stale values are
// reported with status 0).
import type { APIRoute } from 'astro';
import { getScada, liveOf, roundLive, tagsOf } from '#features/scada/scada.server.ts';
import { HttpError, json } from '#lib/http/api.ts';
import { respond, routeId } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  return respond(locals.t, 'scada.errors.tags', async () => {
    const item = await getScada(user.id, routeId(params.id));
    if (!item) throw new HttpError(404, locals.t('scada.errors.tags'));
    const [tags, raw] = await Promise.all([tagsOf(item.id), liveOf(item.id)]);
    const live = roundLive(raw, tags);
    return json({ tags, values: live.v, quality: live.q, status: live.s, last_update_at: live.t });
  });
};
