// Legacy POST sales.update_no_protect?token=&archive=1|0: moves the orders in form field id (or ids,
// a JSON array or comma list) to the archive (1) or restores them (0) -> type 'success', ids.
import type { APIRoute } from 'astro';
import { salesArchive } from '#features/orders/orders.api.server.ts';
import { json, readForm } from '#lib/http/api.ts';
import { respond } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, request, url }) => {
  const user = requireUser(locals);
  return respond(locals.t, 'orders.errors.archive', async () =>
    json(
      await salesArchive(user, await readForm(request), url.searchParams.get('archive'), locals.t),
    ),
  );
};
