// GET ?state=active|all&before=<id>&limit=N: the alarms of every object the user is granted, newest
// first, key-paged by id -> data[] { id, object_id, object_title, tag_id, tag_title, kind, value,
// limit, raised_at, cleared_at, acknowledged_at, acknowledged_by, comment },
// meta.pagination { total, count, per_page, next_before }.
import type { APIRoute } from 'astro';
import { alarmQuery } from '#features/scada/alarms.api.server.ts';
import { listAlarms } from '#features/scada/alarms.query.server.ts';
import { json } from '#lib/http/api.ts';
import { respond } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireUser(locals);
  return respond(locals.t, 'scada.alarms.errors.list', async () => {
    const q = alarmQuery(url.searchParams, locals.t);
    const r = await listAlarms(user.id, null, q);
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
