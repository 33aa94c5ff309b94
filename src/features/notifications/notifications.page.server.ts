// The notifications page: module filter (all, task, sales, chat), sorting and paging as plain query
// parameters, and "mark all as read" as a form post.
import { listLink, listParams } from '#lib/list-state.ts';
import type { User } from '#lib/db/schema.ts';
import { readFormData } from '#lib/http/api.ts';
import { parseListQuery } from '#lib/list.ts';
import {
  NOTIFICATION_SORT_FIELDS,
  PAGE_MODULES,
  type NotificationModule,
} from './notifications.schema.ts';
import { listNotifications, markRead, unreadCount } from './notifications.server.ts';
import { paths } from '#lib/paths.ts';

const PARAMS = ['module', 'sortField', 'sortOrder', 'pageSize', 'pageNumber'] as const;

export async function handleNotificationsPost(
  user: User,
  request: Request,
  url: URL,
): Promise<string> {
  const form = await readFormData(request);
  if (form.get('action') === 'readAll') await markRead(user.id, null);
  return listLink(paths.notifications.list(), listParams(url, PARAMS));
}

export async function notificationsView(user: User, url: URL) {
  const params = listParams(url, PARAMS);
  const module =
    (PAGE_MODULES as readonly string[]).includes(params.module ?? '') && params.module !== 'all'
      ? (params.module as NotificationModule)
      : undefined;
  if (!module) delete params.module;
  const q = parseListQuery(new URLSearchParams(params), NOTIFICATION_SORT_FIELDS);
  const [result, unread] = await Promise.all([
    listNotifications(user.id, {
      filter: module ? { module } : {},
      sortField: q.sortField,
      sortOrder: q.sortOrder,
      pageSize: q.pageSize,
      pageNumber: q.pageNumber,
    }),
    unreadCount(user.id),
  ]);
  return {
    path: paths.notifications.list(),
    params,
    q,
    module: module ?? 'all',
    result,
    unread,
    self: listLink(paths.notifications.list(), params),
  };
}
