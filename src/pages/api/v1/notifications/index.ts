// GET: the user's notifications. Query: filter (JSON, e.g. {"module":"sales"} or the dropdown's
// {"module":null,"status":{"operator":"=","value":1}}), pageSize, pageNumber, sortField, sortOrder,
// or limit (up to 200) instead of paging -> data.totalCount, data.entities.
import type { APIRoute } from 'astro';
import { parseNotificationQuery } from '#features/notifications/notifications.query.ts';
import { listNotifications } from '#features/notifications/notifications.server.ts';
import { json } from '#lib/http/api.ts';
import { respond } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireUser(locals);
  const key =
    url.searchParams.has('limit') && !url.searchParams.has('pageSize')
      ? 'notifications.errors.unread'
      : 'notifications.errors.list';
  return respond(locals.t, key, async () => {
    const { dropdown: _dropdown, ...q } = parseNotificationQuery(url.searchParams);
    return json({ data: await listNotifications(user.id, q) });
  });
};
