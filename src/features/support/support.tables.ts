// Kysely types of the support area (migration 0005_support).
import type { Generated, Selectable } from 'kysely';

/** A customer's request (appeal). status 1 is open, anything else closed. */
export interface SupportRequestsTable {
  id: Generated<number>;
  /** The customer who opened it. */
  user_id: number;
  title: string;
  /** Lower-cased title for the customer's search (migration 0007); '' matches nothing. */
  search: Generated<string>;
  /** One of REPORT_TYPES (lk, price, calculation). */
  type: string;
  status: number;
  /** Where a bug report was sent from, and the browser that sent it. */
  page_url: string | null;
  user_agent: string | null;
  /** Read marks per side: the last message id each side has seen (0 = none). */
  customer_read_id: number;
  staff_read_id: number;
  created_at: string;
  /** Last activity (a message or a status change); the desk sorts by it. */
  updated_at: string;
}

export interface SupportMessagesTable {
  id: Generated<number>;
  request_id: number;
  /** The author. */
  user_id: number;
  /** 1 when written by an employee answering someone else's request. */
  from_staff: number;
  message: string;
  /** A FileStore id and the display name of an attached file. */
  file_id: string | null;
  file_name: string | null;
  created_at: string;
}

export interface SupportTables {
  support_requests: SupportRequestsTable;
  support_messages: SupportMessagesTable;
}

export type SupportRequestRow = Selectable<SupportRequestsTable>;
export type SupportMessageRow = Selectable<SupportMessagesTable>;
