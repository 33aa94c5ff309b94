// GET ?from&to (ISO, [from, to))&kind=<k>[,<k>...]&after=<cursor>&limit=N: the object's events
// journal (404 without a grant), newest first, key-paged by (at, id) -> data[] { id, at, kind,
// alarm_id, alarm_kind, tag_title, user, value, detail }, meta.pagination { count, per_page, next }.
import type { APIRoute } from 'astro';
import { eventQuery } from '#features/scada/alarms.api.server.ts';
import { listEvents } from '#features/scada/alarms.query.server.ts';
import { getScada } from '#features/scada/scada.server.ts';
import { HttpError, json } from '#lib/http/api.ts';
import { respond, routeId } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, params, url }) => {
  const user = requireUser(locals);
  return respond(locals.t, 'scada.alarms.errors.events', async () => {
    const item = await getScada(user.id, routeId(params.id));
    if (!item) throw new HttpError(404, locals.t('scada.errors.show'));
    const q = eventQuery(url.searchParams, locals.t);
    const r = await listEvents(item.id, q);
    return json({
      data: r.rows,
      meta: { pagination: { count: r.rows.length, per_page: q.limit, next: r.next } },
    });
  });
};
