// GET ?state=active|all&before=<id>&limit=N: the object's alarms (404 without a grant), as
// /api/v1/scada/alarms for one object.
import type { APIRoute } from 'astro';
import { alarmQuery } from '#features/scada/alarms.api.server.ts';
import { listAlarms } from '#features/scada/alarms.query.server.ts';
import { getScada } from '#features/scada/scada.server.ts';
import { HttpError, json } from '#lib/http/api.ts';
import { respond, routeId } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, params, url }) => {
  const user = requireUser(locals);
  return respond(locals.t, 'scada.alarms.errors.list', async () => {
    const item = await getScada(user.id, routeId(params.id));
    if (!item) throw new HttpError(404, locals.t('scada.errors.show'));
    const q = alarmQuery(url.searchParams, locals.t);
    const r = await listAlarms(user.id, item.id, q);
    return json({
      data: r.rows,
      meta: {
        pagination: {
          total: r.total,
          count: r.rows.length,
          per_page: q.limit,
          next_before: r.next,
        },
      },
    });
  });
};
