// POST (a form with target=_blank in the dropdown and on the notifications page): marks the
// notification read and sends the new window to its url, or to the notifications page without one.
import type { APIRoute } from 'astro';
import { getNotification, markRead } from '#features/notifications/notifications.server.ts';
import { HttpError } from '#lib/http/api.ts';
import { routeId } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';
import { paths } from '#lib/paths.ts';

export const POST: APIRoute = async ({ locals, params, redirect }) => {
  const user = requireUser(locals);
  const id = routeId(params.id);
  const item = id ? await getNotification(user.id, id) : null;
  if (!item)
    throw new HttpError(
      404,
      locals.t('errors.notFound', { name: locals.t('notifications.entity') }),
    );
  await markRead(user.id, [item.id]);
  return redirect(item.url ?? paths.notifications.list(), 303);
};
