// POST: marks one notification read -> type, unread. Another user's (or an unknown) id answers 404.
import type { APIRoute } from 'astro';
import {
  getNotification,
  markRead,
  unreadCount,
} from '#features/notifications/notifications.server.ts';
import { HttpError, json } from '#lib/http/api.ts';
import { respond, routeId } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  return respond(locals.t, 'notifications.errors.read', async () => {
    const id = routeId(params.id);
    const item = id ? await getNotification(user.id, id) : null;
    if (!item)
      throw new HttpError(
        404,
        locals.t('errors.notFound', { name: locals.t('notifications.entity') }),
      );
    await markRead(user.id, [item.id]);
    return json({ type: 'success', unread: await unreadCount(user.id) });
  });
};
