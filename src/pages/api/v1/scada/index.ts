// GET: the user's dispatching objects (granted ones only). search (3+ characters, over title and
// address: searchFields title;address), limit, page, orderBy (id|status|oid), sortedBy, filter JSON
// { status, oid } -> data[] { id, title, oid, oid_name, address, status, last_update_at, control },
// meta.pagination.total.
import type { APIRoute } from 'astro';
import { LIST_FIELDS, listScada } from '#features/scada/scada.server.ts';
import { json } from '#lib/http/api.ts';
import { respond } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';
import { ListQueryError, parseListQuery } from '#lib/list.ts';

export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireUser(locals);
  return respond(locals.t, 'scada.errors.list', async () => {
    const p = url.searchParams;
    const fields = p.get('searchFields');
    if (
      fields &&
      fields.split(';').some((f) => f && !['title', 'address'].includes(f.split(':')[0]!))
    )
      throw new ListQueryError('searchFields: title;address');
    const mapped = new URLSearchParams();
    for (const [from, to] of [
      ['search', 'searchText'],
      ['limit', 'pageSize'],
      ['page', 'pageNumber'],
      ['orderBy', 'sortField'],
      ['sortedBy', 'sortOrder'],
      ['filter', 'filter'],
    ] as const) {
      const value = p.get(from) ?? p.get(to);
      if (value !== null) mapped.set(to, value);
    }
    const q = parseListQuery(mapped, LIST_FIELDS);
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
