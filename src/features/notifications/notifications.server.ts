// Notifications of the signed-in user. Other features call notify() when something happens that the
// customer should know about (an order's status, a manager's message, a support reply, a finished
// calculation); it stores the notification and tells the user's open pages over the live-event bus.
import { sql, type Kysely } from 'kysely';
import { db, now } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import { bus } from '#lib/realtime/bus.ts';
import { userTopic } from '#lib/realtime/topics.ts';
import { flip, type ListResult } from '#lib/list.ts';
import { pageByIds } from '#lib/list-page.server.ts';
import { log } from '#lib/log.ts';
import {
  DROPDOWN_TABS,
  iconName,
  isModule,
  isSafeUrl,
  NOTIFICATION_CREATED,
  NOTIFICATION_READ,
  NOTIFICATION_SORT_FIELDS,
  notificationSearch,
  READ,
  UNREAD,
  type NotificationModule,
} from './notifications.schema.ts';
import type { NotificationRow } from './notifications.tables.ts';
import { containsWhere } from '#lib/search.server.ts';
import { isId } from '#lib/validation.ts';

export interface NotifyInput {
  module: NotificationModule;
  title: string;
  text?: string;
  url?: string | null;
  icon?: string | null;
  pid?: number | null;
}

/** What the API and the pages show of a notification (the spec's fields). */
export type NotificationItem = Omit<NotificationRow, 'user_id' | 'search'>;

/** The small event the dropdown needs to show a new item and the new unread count. */
export interface CreatedEvent {
  id: number;
  module: NotificationModule;
  title: string;
  icon: string;
  url: string | null;
  date: string;
  unread: number;
}

const columns = [
  'id',
  'module',
  'status',
  'title',
  'text',
  'url',
  'icon',
  'pid',
  'date',
  'read_date',
] as const;

/**
 * Stores a notification for the user and publishes `notification.created` on the user's topic.
 * Inside a transaction the caller passes its handle (on SQLite the default handle would wait for the
 * transaction's own lock) and `publishLater`, which receives the publication to run after the
 * commit: a rolled-back notification is never announced. Without `publishLater` it publishes at once.
 */
export async function notify(
  userId: number,
  input: NotifyInput,
  handle: Kysely<DB> = db(),
  publishLater?: (publish: () => Promise<void>) => void,
): Promise<NotificationItem> {
  if (!isModule(input.module)) throw new Error(`notify: unknown module ${String(input.module)}`);
  const url = input.url && isSafeUrl(input.url) ? input.url : null;
  const row = await handle
    .insertInto('notifications')
    .values({
      user_id: userId,
      module: input.module,
      status: UNREAD,
      title: input.title.slice(0, 300),
      text: input.text ?? '',
      search: notificationSearch(input.title.slice(0, 300), input.text ?? ''),
      url,
      icon: iconName(input.icon),
      pid: input.pid ?? null,
      date: now(),
      read_date: null,
    })
    .returning([...columns])
    .executeTakeFirstOrThrow();
  const event: CreatedEvent = {
    id: row.id,
    module: row.module,
    title: row.title.slice(0, 200),
    icon: row.icon ?? 'bell',
    url: row.url,
    date: row.date,
    unread: await unreadCount(userId, handle),
  };
  // The notification is stored; a bus hiccup must not fail the business change that caused it.
  const publish = () =>
    bus()
      .publish(userTopic(userId), NOTIFICATION_CREATED, event)
      .catch((err: unknown) => log.warn('notify: publish failed', { userId, err }));
  if (publishLater) publishLater(publish);
  else await publish();
  return row;
}

export async function unreadCount(userId: number, handle: Kysely<DB> = db()): Promise<number> {
  const r = await handle
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', UNREAD)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export interface NotificationFilter {
  module?: NotificationModule;
  status?: number;
}

export interface NotificationQuery {
  filter: NotificationFilter;
  /** Matched anywhere in the title or text, case-insensitively ('' for none). */
  searchText?: string;
  sortField: (typeof NOTIFICATION_SORT_FIELDS)[number];
  sortOrder: 'asc' | 'desc';
  pageSize: number;
  pageNumber: number;
}

/** A page of the user's notifications: counted and read through the indexes of migration 0006. */
export async function listNotifications(
  userId: number,
  q: NotificationQuery,
): Promise<ListResult<NotificationItem>> {
  let base = db().selectFrom('notifications').where('user_id', '=', userId);
  if (q.filter.module) base = base.where('module', '=', q.filter.module);
  if (q.filter.status !== undefined) base = base.where('status', '=', q.filter.status);
  if (q.searchText) base = base.where(containsWhere(db(), 'notifications', q.searchText));
  const { n } = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const totalCount = Number(n);
  const entities = await pageByIds(
    q,
    totalCount,
    async (w) => {
      const order = w.reverse ? flip(q.sortOrder) : q.sortOrder;
      let ids = base.select('id').orderBy(sql.ref(q.sortField), order);
      if (q.sortField !== 'id') ids = ids.orderBy('id', order);
      return (await ids.limit(w.limit).offset(w.offset).execute()).map((r) => r.id);
    },
    (ids) =>
      db()
        .selectFrom('notifications')
        .select([...columns])
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .execute(),
  );
  return { totalCount, entities };
}

/** The user's newest notifications (home page): no count, one index walk. */
export async function latestNotifications(
  userId: number,
  limit: number,
): Promise<NotificationItem[]> {
  return db()
    .selectFrom('notifications')
    .select([...columns])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function getNotification(
  userId: number,
  id: number,
): Promise<NotificationItem | null> {
  if (!isId(id)) return null;
  return (
    (await db()
      .selectFrom('notifications')
      .select([...columns])
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst()) ?? null
  );
}

/**
 * Marks the user's notifications read (all unread ones when ids is null). Returns how many changed;
 * open pages learn the new unread count through `notification.read`.
 */
export async function markRead(userId: number, ids: number[] | null): Promise<number> {
  if (ids && ids.length === 0) return 0;
  let q = db()
    .updateTable('notifications')
    .set({ status: READ, read_date: now() })
    .where('user_id', '=', userId)
    .where('status', '=', UNREAD);
  if (ids) q = q.where('id', 'in', ids);
  const r = await q.executeTakeFirst();
  const changed = Number(r.numUpdatedRows);
  if (changed) {
    await bus()
      .publish(userTopic(userId), NOTIFICATION_READ, { ids, unread: await unreadCount(userId) })
      .catch((err) => log.warn('markRead: publish failed', { userId, err }));
  }
  return changed;
}

/** The unread count and the newest unread notifications of each dropdown tab (at most `perTab`). */
export async function dropdownData(
  userId: number,
  perTab: number,
): Promise<{ unread: number; tabs: Record<(typeof DROPDOWN_TABS)[number], NotificationItem[]> }> {
  const latest = (module: NotificationModule | null) => {
    let q = db()
      .selectFrom('notifications')
      .select([...columns])
      .where('user_id', '=', userId)
      .where('status', '=', UNREAD);
    if (module) q = q.where('module', '=', module);
    return q.orderBy('id', 'desc').limit(perTab).execute();
  };
  const [unread, all, sales, request, support] = await Promise.all([
    unreadCount(userId),
    latest(null),
    latest('sales'),
    latest('request'),
    latest('support'),
  ]);
  return { unread, tabs: { all, sales, request, support } };
}
