// Support vocabulary shared by the server, the pages and the islands. Pure module (no valibot, no
// server imports) so islands can use it without growing their bundle.

/** Report types of the bug report dialog and of requests; lk is the default. */
export const REPORT_TYPES = ['lk', 'price', 'calculation'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const DEFAULT_REPORT_TYPE: ReportType = 'lk';

export const OPEN = 1;
export const CLOSED = 0;

/** Request titles are cut to this many characters in the list. */
export const TITLE_CUT = 30;
export const TITLE_MAX = 200;
export const MESSAGE_MAX = 5000;

/** A request as the list shows it (GET /api/v1/support). */
export interface SupportListItem {
  id: number;
  title: string;
  status: number;
  created_at: string;
  unread_messages: number;
}

/** A request on the support desk: the list item plus who asked, the type and the last activity. */
export interface DeskItem extends SupportListItem {
  type: string;
  updated_at: string;
  customer: { id: number; full_name: string; email: string };
}

/** One message of a request's chat (GET /api/v1/support/{id}). */
export interface SupportMessage {
  id: number;
  uid: number;
  full_name: string;
  avatar: string | null;
  message: string;
  file: { url: string; name: string } | null;
  created_at: string;
  /** Written by an employee answering the customer. */
  from_staff: boolean;
}

export interface SupportRequestInfo {
  id: number;
  title: string;
  type: string;
  status: number;
  created_at: string;
  customer_id: number;
  /** Shown to employees only: who asked, and where a bug report came from. */
  customer?: { full_name: string; email: string };
  page_url?: string | null;
  user_agent?: string | null;
}

/** Live events (bus types). Payloads carry ids and counts; clients fetch what changed. */
export const EV_MESSAGE = 'support.message';
export const EV_STATUS = 'support.status';
export const EV_UNREAD = 'support.unread';
export const EV_DESK = 'support.desk';

/** Topics: one per request (its customer and employees) and one for the desk (employees). */
export const requestTopic = (id: number): string => `support:${id}`;
export const DESK_TOPIC = 'support-desk:all';

/** Window event the bug report dialog fires after creating a request, so an open list refreshes. */
export const CHANGED_EVENT = 'support:changed';
