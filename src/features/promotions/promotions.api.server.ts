// The promotion calls as HTTP answers, shared by /api/v1/promotions/** and the promotion page's form.
import { checkPlace } from '#features/orders/orders.api.server.ts';
import { optionalId } from '#features/orders/orders.schema.ts';
import type { User } from '#lib/db/schema.ts';
import { HttpError, type FormValues } from '#lib/http/api.ts';
import type { T } from '#lib/i18n/index.ts';
import * as v from 'valibot';
import type { PromotionOrderInput } from './promotions.schema.ts';
import { orderFromPromotion, PromotionOrderError } from './promotions.server.ts';
import { isId } from '#lib/validation.ts';

const MAX_QTY = 1_000_000;

/** Ticked ids come as `ids` (JSON array or comma list); quantities as `qty_<id>` fields or `counts` JSON. */
export function parseOrderForm(form: FormValues): PromotionOrderInput | null {
  const raw = typeof form.ids === 'string' ? form.ids.trim() : '';
  let list: unknown;
  try {
    list = raw.startsWith('[') ? JSON.parse(raw) : raw ? raw.split(',') : [];
  } catch {
    return null;
  }
  if (!Array.isArray(list) || list.length > 500) return null;
  const ids = list.map((x) => Number(String(x).trim()));
  if (!ids.every(isId)) return null;
  const quantities: Record<number, number> = {};
  let counts: unknown = {};
  try {
    counts = typeof form.counts === 'string' && form.counts.trim() ? JSON.parse(form.counts) : {};
  } catch {
    return null;
  }
  for (const id of ids) {
    const value =
      form[`qty_${id}`] ??
      (counts && typeof counts === 'object' ? (counts as Record<string, unknown>)[id] : undefined);
    if (value === undefined || value === '') continue;
    const n = Number(typeof value === 'string' ? value.trim() : value);
    quantities[id] = Number.isInteger(n) && n > 0 && n <= MAX_QTY ? n : -1;
  }
  const oid = v.safeParse(optionalId, typeof form.oid === 'string' ? form.oid : undefined);
  const object = v.safeParse(optionalId, typeof form.object === 'string' ? form.object : undefined);
  if (!oid.success || !object.success) return null;
  const comment =
    typeof form.comment === 'string' ? form.comment.trim().slice(0, 4000) || null : null;
  return { ids, quantities, oid: oid.output, object: object.output, comment };
}

const STATUS: Record<PromotionOrderError['reason'], number> = {
  empty: 422,
  unknown: 404,
  mixed: 422,
  expired: 409,
  quantity: 422,
  stock: 409,
};

/** Creates the order -> { type: 'success', sales_id }; failures are HttpErrors with the reason. */
export async function placePromotionOrder(
  user: User,
  form: FormValues,
  t: T,
): Promise<{ type: 'success'; sales_id: number }> {
  const fail = (status: number, errors: Record<string, string>) =>
    new HttpError(status, t('promotions.errors.order'), { errors });
  const input = parseOrderForm(form);
  if (!input) throw fail(422, { ids: t('promotions.order.errors.invalid') });
  const place = await checkPlace(user, input.oid, input.object, t);
  if (Object.keys(place).length) throw fail(422, place);
  try {
    return {
      type: 'success',
      sales_id: await orderFromPromotion(user.id, input, t('orders.units.pcs')),
    };
  } catch (err) {
    if (!(err instanceof PromotionOrderError)) throw err;
    throw fail(STATUS[err.reason], {
      [err.productId ? `qty_${err.productId}` : 'ids']: t(`promotions.order.errors.${err.reason}`),
    });
  }
}
