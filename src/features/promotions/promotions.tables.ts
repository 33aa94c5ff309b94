// Kysely types of promotions (migration 0004_orders_notifications_promotions). Validity dates are
// calendar dates (YYYY-MM-DD, both days included) in the supplier's time zone.
import type { Generated, Selectable } from 'kysely';

export interface PromotionsTable {
  id: Generated<number>;
  title: string;
  description: string;
  /** Sanitised HTML (src/lib/html.ts) of the full text. */
  full: string;
  /** FileStore id of the picture (WebP). */
  image_id: string | null;
  date_start: string;
  date_end: string;
  published: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface PromotionProductsTable {
  id: Generated<number>;
  promotion_id: number;
  position: number;
  image_id: string | null;
  title: string;
  sku: string | null;
  unit: string;
  price: number;
  discount_price: number;
  /** Remaining count; promotion orders decrement it. */
  count: number;
}

export interface PromotionTables {
  promotions: PromotionsTable;
  promotion_products: PromotionProductsTable;
}

export type PromotionRow = Selectable<PromotionsTable>;
export type PromotionProductRow = Selectable<PromotionProductsTable>;
