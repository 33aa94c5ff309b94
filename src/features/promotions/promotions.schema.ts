// Promotion input schemas: the customer's promotion order and the back office's promotion data.
// Pure module; money is integer kopecks, dates are YYYY-MM-DD (both days included).
import * as v from 'valibot';
import { isCalendarDate } from '#lib/dates.ts';
import { MAX_ID } from '#lib/validation.ts';

const date = v.pipe(v.string(), v.trim(), v.check(isCalendarDate, 'integration.validation.date'));
const kopecks = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1e13));

/** A product row as the back office sends it; `id` updates an existing row of the promotion. */
export const PromotionProductSchema = v.object({
  id: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_ID))),
  position: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  title: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(500)),
  sku: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100)))),
  unit: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(20))),
  price: kopecks,
  discount_price: kopecks,
  count: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
});
export type PromotionProductInput = v.InferOutput<typeof PromotionProductSchema>;

const fields = {
  title: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(300)),
  description: v.pipe(v.string(), v.trim(), v.maxLength(2000)),
  full: v.pipe(v.string(), v.maxLength(200_000)),
  date_start: date,
  date_end: date,
  published: v.boolean(),
  products: v.pipe(v.array(PromotionProductSchema), v.maxLength(500)),
};

const DATES_MESSAGE = 'integration.validation.dates';
const datesInOrder = (p: {
  date_start?: string | undefined;
  date_end?: string | undefined;
}): boolean => !p.date_start || !p.date_end || p.date_start <= p.date_end;

export const PromotionCreateSchema = v.pipe(
  v.object({
    ...fields,
    description: v.optional(fields.description, ''),
    full: v.optional(fields.full, ''),
    published: v.optional(fields.published, true),
    products: v.optional(fields.products, []),
  }),
  v.check((p) => datesInOrder(p), DATES_MESSAGE),
);
export type PromotionCreate = v.InferOutput<typeof PromotionCreateSchema>;

export const PromotionUpdateSchema = v.pipe(
  v.partial(v.object(fields)),
  v.check((p) => datesInOrder(p), DATES_MESSAGE),
);
export type PromotionUpdate = v.InferOutput<typeof PromotionUpdateSchema>;

/** Fields of a promotion order besides the ticked product ids and their quantities. */
export interface PromotionOrderInput {
  ids: number[];
  /** Quantity per product id (1 when not given). */
  quantities: Record<number, number>;
  oid: number | null;
  object: number | null;
  comment: string | null;
}

/** Whether the promotion is valid on the given calendar day. */
export const isValidOn = (p: { date_start: string; date_end: string }, day: string): boolean =>
  p.date_start <= day && day <= p.date_end;
