// Kysely types of notifications (migrations 0004_orders_notifications_promotions and 0006).
import type { Generated, Selectable } from 'kysely';
import type { NotificationModule } from './notifications.schema.ts';

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  module: NotificationModule;
  /** 1 unread, 0 read (the spec's status). */
  status: Generated<number>;
  title: string;
  text: string;
  /** Where "open" leads: a path in the cabinet or an http(s) address. */
  url: string | null;
  icon: string | null;
  /** The id of the thing it is about (an order, a request), for the module's own use. */
  pid: number | null;
  date: string;
  read_date: string | null;
  /** Lower-cased title and text for searchText (migration 0006; notificationSearch()). */
  search: Generated<string>;
}

export interface NotificationTables {
  notifications: NotificationsTable;
}

export type NotificationRow = Selectable<NotificationsTable>;
