// Promotions as customers see them (published ones, newest first) and ordering from a promotion:
// a real order at the discount prices, only while the promotion is valid, within the remaining
// counts, which the order decrements in the same transaction.
import { config } from '#lib/config.ts';
import { localDay } from '#lib/dates.ts';
import { db } from '#lib/db/index.ts';
import { insertOrder } from '#features/orders/orders.server.ts';
import { isValidOn, type PromotionOrderInput } from './promotions.schema.ts';
import type { PromotionProductRow, PromotionRow } from './promotions.tables.ts';
import { isId } from '#lib/validation.ts';
import { paths } from '#lib/paths.ts';

export interface PromotionItem {
  id: number;
  title: string;
  description: string;
  preview: { url: string; full_webp: string } | null;
  date_start: string;
  date_end: string;
  /** Valid today (in the supplier's time zone). */
  active: boolean;
}

export interface PromotionProductItem {
  id: number;
  position: number;
  preview: string | null;
  title: string;
  sku: string | null;
  unit: string;
  price: number;
  discount_price: number;
  count: number;
}

export interface PromotionDetails extends PromotionItem {
  full: string;
  detail: PromotionProductItem[];
}

export const today = (): string => localDay(new Date(), config().timeZone);

function toItem(
  p: Pick<PromotionRow, 'id' | 'title' | 'description' | 'image_id' | 'date_start' | 'date_end'>,
  day: string,
): PromotionItem {
  const url = p.image_id ? paths.media.one(p.image_id) : null;
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    preview: url ? { url, full_webp: url } : null,
    date_start: p.date_start,
    date_end: p.date_end,
    active: isValidOn(p, day),
  };
}

export const toProduct = (r: PromotionProductRow): PromotionProductItem => ({
  id: r.id,
  position: r.position,
  preview: r.image_id ? paths.media.one(r.image_id) : null,
  title: r.title,
  sku: r.sku,
  unit: r.unit,
  price: Number(r.price),
  discount_price: Number(r.discount_price),
  count: Number(r.count),
});

/** Published promotions by id (desc by default); `currentOnly` leaves out ended ones; `beforeId` pages by key. */
export async function listPromotions(
  opts: {
    order?: 'asc' | 'desc';
    currentOnly?: boolean;
    limit?: number;
    offset?: number;
    beforeId?: number;
  } = {},
): Promise<PromotionItem[]> {
  const day = today();
  let q = db()
    .selectFrom('promotions')
    .select(['id', 'title', 'description', 'image_id', 'date_start', 'date_end'])
    .where('published', '=', 1)
    .orderBy('id', opts.order ?? 'desc');
  if (opts.currentOnly) q = q.where('date_end', '>=', day);
  if (opts.beforeId) q = q.where('id', '<', opts.beforeId);
  if (opts.limit) q = q.limit(opts.limit);
  if (opts.offset) q = q.offset(opts.offset);
  return (await q.execute()).map((p) => toItem(p, day));
}

export async function countPromotions(): Promise<number> {
  const r = await db()
    .selectFrom('promotions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('published', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function getPromotion(id: number): Promise<PromotionDetails | null> {
  if (!isId(id)) return null;
  const p = await db()
    .selectFrom('promotions')
    .selectAll()
    .where('id', '=', id)
    .where('published', '=', 1)
    .executeTakeFirst();
  if (!p) return null;
  const products = await db()
    .selectFrom('promotion_products')
    .selectAll()
    .where('promotion_id', '=', id)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return { ...toItem(p, today()), full: p.full, detail: products.map(toProduct) };
}

/** Why a promotion order was refused (dictionary keys under promotions.order.errors). */
export class PromotionOrderError extends Error {
  readonly reason: 'empty' | 'unknown' | 'mixed' | 'expired' | 'quantity' | 'stock';
  readonly productId: number | null;
  constructor(reason: PromotionOrderError['reason'], productId: number | null = null) {
    super(`promotion order refused: ${reason}`);
    this.reason = reason;
    this.productId = productId;
  }
}

/** Creates the order; returns its id. Throws PromotionOrderError when the order cannot be made. */
export async function orderFromPromotion(
  userId: number,
  input: PromotionOrderInput,
  unitFallback: string,
): Promise<number> {
  const ids = [...new Set(input.ids)];
  if (ids.length === 0) throw new PromotionOrderError('empty');
  return db()
    .transaction()
    .execute(async (trx) => {
      const rows = await trx
        .selectFrom('promotion_products')
        .innerJoin('promotions', 'promotions.id', 'promotion_products.promotion_id')
        .selectAll('promotion_products')
        .select([
          'promotions.date_start',
          'promotions.date_end',
          'promotions.published',
          'promotions.title as promotion_title',
        ])
        .where('promotion_products.id', 'in', ids)
        .execute();
      if (rows.length !== ids.length || rows.some((r) => r.published !== 1))
        throw new PromotionOrderError('unknown');
      const promotionId = rows[0]!.promotion_id;
      if (rows.some((r) => r.promotion_id !== promotionId)) throw new PromotionOrderError('mixed');
      if (!isValidOn(rows[0]!, today())) throw new PromotionOrderError('expired');
      const lines = [];
      for (const r of rows.sort((a, b) => a.position - b.position || a.id - b.id)) {
        const qty = input.quantities[r.id] ?? 1;
        if (!Number.isInteger(qty) || qty < 1) throw new PromotionOrderError('quantity', r.id);
        // Conditional decrement: two customers racing for the last items cannot both get them.
        const res = await trx
          .updateTable('promotion_products')
          .set((eb) => ({ count: eb('count', '-', qty) }))
          .where('id', '=', r.id)
          .where('count', '>=', qty)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw new PromotionOrderError('stock', r.id);
        lines.push({
          title: r.title,
          sku: r.sku,
          unit: r.unit || unitFallback,
          quantity: qty,
          price: Number(r.price),
          discount_price: Number(r.discount_price),
          promotion_product_id: r.id,
        });
      }
      return insertOrder(trx, userId, {
        title: rows[0]!.promotion_title,
        comment: input.comment,
        organisation_id: input.oid,
        object_id: input.object,
        source: 'promotion',
        promotion_id: promotionId,
        lines,
      });
    });
}
