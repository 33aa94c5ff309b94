// Legacy GET sales.get: the user's orders (archive=1: the archive). Query: search, filter (JSON with
// status, oid, object, date, date_from, date_to), pageSize, pageNumber, sortField, sortOrder, token.
// Without pageSize and pageNumber the newest 100 matching orders (totalCount: all) -> data.totalCount, data.entities.
import type { APIRoute } from 'astro';
import { salesList } from '#features/orders/orders.api.server.ts';
import { json } from '#lib/http/api.ts';
import { respond } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireUser(locals);
  return respond(locals.t, 'orders.errors.list', async () =>
    json({ data: await salesList(user, url.searchParams, locals.t) }),
  );
};
