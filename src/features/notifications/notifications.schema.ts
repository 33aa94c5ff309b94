// Notification vocabulary shared by the server, the pages and the dropdown. Pure module.

export const NOTIFICATION_MODULES = [
  'sales',
  'request',
  'support',
  'task',
  'chat',
  'scada',
] as const;
export type NotificationModule = (typeof NOTIFICATION_MODULES)[number];

/** Tabs of the header dropdown: all, then orders, calculations and appeals. */
export const DROPDOWN_TABS = ['all', 'sales', 'request', 'support'] as const;
/** Module filter of the notifications page. */
export const PAGE_MODULES = ['all', 'task', 'sales', 'chat'] as const;
export const NOTIFICATION_SORT_FIELDS = ['id', 'title', 'date', 'text', 'module'] as const;

export const UNREAD = 1;
export const READ = 0;
/** The dropdown asks for at most this many unread notifications and shows 10 per tab. */
export const DROPDOWN_LIMIT = 200;
export const DROPDOWN_PER_TAB = 10;
export const HOME_NOTIFICATIONS = 5;

/** Bus event published on the user's topic when a notification is stored, and when some are read. */
export const NOTIFICATION_CREATED = 'notification.created';
export const NOTIFICATION_READ = 'notification.read';

/** Icon names the interface can draw (src/features/notifications/icons.ts); anything else shows "bell". */
export const ICONS = [
  'bell',
  'order',
  'status',
  'document',
  'message',
  'calculation',
  'support',
  'promotion',
  'info',
] as const;
export type IconName = (typeof ICONS)[number];
export const iconName = (s: string | null | undefined): IconName =>
  (ICONS as readonly string[]).includes(s ?? '') ? (s as IconName) : 'bell';

export const isModule = (s: unknown): s is NotificationModule =>
  typeof s === 'string' && (NOTIFICATION_MODULES as readonly string[]).includes(s);

/** A url a notification may carry: a path inside the cabinet or an http(s) address. */
export function isSafeUrl(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The lower-cased `search` copy of a notification's title and text (searchText matches it). */
export const notificationSearch = (title: string, text: string): string =>
  `${title} ${text}`.toLowerCase().slice(0, 1400);
