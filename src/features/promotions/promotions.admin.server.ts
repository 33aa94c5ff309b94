// Promotions as the back office manages them: create, edit (product rows are matched by id; rows
// left out are removed, new rows are added) and read back. The full text is sanitised on the way in.
import type { Transaction } from 'kysely';
import { db, now } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import { sanitizeHtml } from '#lib/html.ts';
import { toProduct, type PromotionProductItem } from './promotions.server.ts';
import type {
  PromotionCreate,
  PromotionProductInput,
  PromotionUpdate,
} from './promotions.schema.ts';
import type { PromotionRow } from './promotions.tables.ts';

export type AdminPromotion = Omit<PromotionRow, 'image_id'> & {
  image_id: string | null;
  products: PromotionProductItem[];
};

/** Picture ids for the promotion and for product rows by their index in `products`. */
export interface PromotionImages {
  image?: string | null;
  products?: Record<number, string>;
}

export class UnknownProductError extends Error {
  readonly productId: number;
  constructor(productId: number) {
    super(`product row ${productId} is not part of this promotion`);
    this.productId = productId;
  }
}

async function writeProducts(
  trx: Transaction<DB>,
  promotionId: number,
  products: PromotionProductInput[],
  images: Record<number, string>,
  unit: string,
) {
  const existing = await trx
    .selectFrom('promotion_products')
    .select(['id', 'image_id'])
    .where('promotion_id', '=', promotionId)
    .execute();
  const known = new Map(existing.map((r) => [r.id, r.image_id]));
  for (const p of products)
    if (p.id !== undefined && !known.has(p.id)) throw new UnknownProductError(p.id);
  const kept = new Set(products.flatMap((p) => (p.id ? [p.id] : [])));
  const gone = existing.filter((r) => !kept.has(r.id)).map((r) => r.id);
  if (gone.length) await trx.deleteFrom('promotion_products').where('id', 'in', gone).execute();
  for (const [index, p] of products.entries()) {
    const row = {
      position: p.position ?? index + 1,
      title: p.title,
      sku: p.sku ?? null,
      unit: p.unit ?? unit,
      price: p.price,
      discount_price: p.discount_price,
      count: p.count,
      image_id: images[index] ?? (p.id ? (known.get(p.id) ?? null) : null),
    };
    if (p.id) await trx.updateTable('promotion_products').set(row).where('id', '=', p.id).execute();
    else
      await trx
        .insertInto('promotion_products')
        .values({ ...row, promotion_id: promotionId })
        .execute();
  }
}

export async function createPromotion(
  input: PromotionCreate,
  images: PromotionImages,
  unit: string,
): Promise<number> {
  const t = now();
  return db()
    .transaction()
    .execute(async (trx) => {
      const { id } = await trx
        .insertInto('promotions')
        .values({
          title: input.title,
          description: input.description,
          full: sanitizeHtml(input.full),
          image_id: images.image ?? null,
          date_start: input.date_start,
          date_end: input.date_end,
          published: input.published ? 1 : 0,
          created_at: t,
          updated_at: t,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeProducts(trx, id, input.products, images.products ?? {}, unit);
      return id;
    });
}

/** Applies the given fields; returns false when there is no such promotion. */
export async function updatePromotion(
  id: number,
  input: PromotionUpdate,
  images: PromotionImages,
  unit: string,
): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const current = await trx
        .selectFrom('promotions')
        .select(['id', 'date_start', 'date_end'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!current) return false;
      const start = input.date_start ?? current.date_start;
      const end = input.date_end ?? current.date_end;
      if (start > end) throw new RangeError('date_start after date_end');
      const { products, full, published, ...rest } = input;
      await trx
        .updateTable('promotions')
        .set({
          ...rest,
          ...(full !== undefined ? { full: sanitizeHtml(full) } : {}),
          ...(published !== undefined ? { published: published ? 1 : 0 } : {}),
          ...(images.image ? { image_id: images.image } : {}),
          updated_at: now(),
        })
        .where('id', '=', id)
        .execute();
      if (products) await writeProducts(trx, id, products, images.products ?? {}, unit);
      return true;
    });
}

export async function adminPromotion(id: number): Promise<AdminPromotion | null> {
  const p = await db().selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!p) return null;
  const rows = await db()
    .selectFrom('promotion_products')
    .selectAll()
    .where('promotion_id', '=', id)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return { ...p, products: rows.map(toProduct) };
}
