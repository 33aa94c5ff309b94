// Kysely types of the orders area (migration 0004_orders_notifications_promotions). Money is integer
// kopecks; times are ISO-8601 UTC strings; document dates are calendar dates (YYYY-MM-DD).
import type { Generated, Selectable } from 'kysely';
import type { DocumentKind, OrderSource, OrderStatus } from './orders.schema.ts';

export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  number: string;
  title: string | null;
  organisation_id: number | null;
  object_id: number | null;
  status: OrderStatus;
  source: OrderSource;
  promotion_id: number | null;
  comment: string | null;
  total: number;
  archived: Generated<number>;
  archived_at: string | null;
  search: string;
  created_at: string;
  updated_at: string;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  /** The supplier's catalogue id; null for a free-text line. */
  catalogue_id: string | null;
  title: string;
  sku: string | null;
  unit: string;
  quantity: number;
  price: number;
  discount_price: number | null;
  /** quantity x (discount_price ?? price), rounded to kopecks when the line was written. */
  sum: number;
  promotion_product_id: number | null;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  status: OrderStatus;
  comment: string | null;
  created_at: string;
}

export interface OrderDocumentsTable {
  id: Generated<number>;
  order_id: number;
  kind: DocumentKind;
  title: string;
  number: string | null;
  date: string | null;
  /** FileStore id (src/lib/files.server.ts). */
  file_id: string;
  file_name: string;
  created_at: string;
}

export interface OrderMessagesTable {
  id: Generated<number>;
  order_id: number;
  author: 'customer' | 'manager';
  manager_name: string | null;
  text: string;
  file_id: string | null;
  file_name: string | null;
  created_at: string;
}

export interface OrderTables {
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_status_history: OrderStatusHistoryTable;
  order_documents: OrderDocumentsTable;
  order_messages: OrderMessagesTable;
}

export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type OrderDocumentRow = Selectable<OrderDocumentsTable>;
export type OrderMessageRow = Selectable<OrderMessagesTable>;
