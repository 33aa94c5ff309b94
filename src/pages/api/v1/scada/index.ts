// GET: the user's dispatching objects (granted ones only). search (3+ characters, over title and
// address: searchFields title;address), or the joined filters search=status:1;oid:N&searchJoin=and
// (scada.query.server.ts), limit, page, orderBy (id|status|oid), sortedBy, filter JSON { status, oid }
// -> data[] { id, title, oid, oid_name, address, status, last_update_at, control },
// meta.pagination.total.
import type { APIRoute } from 'astro';
import { scadaListQuery } from '#features/scada/scada.query.server.ts';
import { listScada } from '#features/scada/scada.server.ts';
import { json } from '#lib/http/api.ts';
import { respond } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireUser(locals);
  return respond(locals.t, 'scada.errors.list', async () => {
    const q = scadaListQuery(url.searchParams);
    const r = await listScada(user.id, q);
    const pagination = {
      total: r.totalCount,
      count: r.entities.length,
      per_page: q.pageSize,
      current_page: q.pageNumber,
      total_pages: Math.max(1, Math.ceil(r.totalCount / q.pageSize)),
    };
    return json({ data: r.entities, meta: { pagination } });
  });
};
