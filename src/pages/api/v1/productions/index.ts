// GET: the user's products (own and granted). search (3+ characters over title and serial with
// searchFields=title;serial, or filter pairs status:0|1;oid:<id> with searchJoin=and), limit (up to
// 100), page, orderBy (id|status|oid|serial|title), sortedBy -> data[] { id, serial, title, oid,
// oid_name, object_name, status, warranty { status: active|expired|none, until } }, meta.pagination.total.
// Separators in the search (space - _ . /) match any separators or none: 'AUD PHE 0007' finds AUD-PHE-0007.
import type { APIRoute } from 'astro';
import { apiListQuery } from '#features/registry/registry.api.server.ts';
import { listProducts } from '#features/registry/registry.server.ts';
import { json } from '#lib/http/api.ts';
import { respond } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireUser(locals);
  return respond(locals.t, 'registry.errors.list', async () => {
    const q = apiListQuery(url.searchParams);
    const r = await listProducts(user.id, q);
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
