// Order vocabulary and the input schemas shared by the order pages, the legacy sales calls, the
// integration API and islands. Pure module (no server imports).
import * as v from 'valibot';

/** The life of an order, in the order it normally goes; cancelled can happen at any point. */
export const ORDER_STATUSES = [
  'new',
  'accepted',
  'awaiting_payment',
  'in_production',
  'shipped',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Pico/theme colour of each status badge. */
export const STATUS_TONE: Record<
  OrderStatus,
  'primary' | 'secondary' | 'warning' | 'success' | 'danger'
> = {
  new: 'secondary',
  accepted: 'primary',
  awaiting_payment: 'warning',
  in_production: 'primary',
  shipped: 'primary',
  completed: 'success',
  cancelled: 'danger',
};

export const DOCUMENT_KINDS = ['invoice', 'contract', 'offer', 'shipment'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * Where an order came from: the cabinet's order form, a promotion, the back office, a saved
 * calculation or substation project (lines priced from the catalogue), or a scanned specification
 * (matched lines priced from the catalogue, the rest free text at price 0).
 */
export const ORDER_SOURCES = [
  'cabinet',
  'promotion',
  'backoffice',
  'calculation',
  'scanner',
] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** Sortable columns of the orders list (and the legacy sales.get call). */
export const ORDER_SORT_FIELDS = [
  'id',
  'number',
  'created_at',
  'status',
  'total',
  'organisation',
  'object',
] as const;
/**
 * Filter keys of the orders list: status, organisation (oid), object, a date (YYYY-MM-DD) or a date
 * range, and a part of the organisation's or object's name (oid_text, object_text: what the filter
 * form sends without JavaScript, when no id was picked).
 */
export const ORDER_FILTER_FIELDS = [
  'status',
  'oid',
  'object',
  'date',
  'date_from',
  'date_to',
  'oid_text',
  'object_text',
] as const;

const trimmed = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max));
const optionalText = (max: number) =>
  v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.maxLength(max),
    v.transform((s) => s || null),
  );
/** A form field holding a numeric id; empty means none. */
export const optionalId = v.pipe(
  v.optional(v.string(), ''),
  v.trim(),
  v.regex(/^\d{0,9}$/),
  v.transform((s) => (s ? Number(s) : null)),
);

/** One line of an order placed by the customer: a catalogue item or free text, with a quantity. */
export const OrderLineSchema = v.object({
  catalogue_id: v.optional(
    v.nullable(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(64))),
  ),
  title: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(500)),
  sku: v.optional(v.nullable(trimmed(100))),
  unit: v.optional(trimmed(20)),
  quantity: v.pipe(v.number(), v.gtValue(0), v.maxValue(1_000_000)),
});
export type OrderLine = v.InferOutput<typeof OrderLineSchema>;

/** The legacy sales.store form: order fields plus `items` as a JSON array of lines. */
export const OrderStoreSchema = v.object({
  title: optionalText(300),
  comment: optionalText(4000),
  oid: optionalId,
  object: optionalId,
  items: v.pipe(
    v.string(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      try {
        return JSON.parse(dataset.value) as unknown;
      } catch {
        addIssue({ message: 'items must be a JSON array' });
        return NEVER;
      }
    }),
    v.array(OrderLineSchema),
    v.minLength(1),
    v.maxLength(500),
  ),
});
export type OrderStoreInput = v.InferOutput<typeof OrderStoreSchema>;

/** A message from the customer to the manager; the text may be empty when a file is attached. */
export const MessageSchema = v.object({ message: v.optional(trimmed(4000), '') });

export const isOrderStatus = (s: unknown): s is OrderStatus =>
  typeof s === 'string' && (ORDER_STATUSES as readonly string[]).includes(s);
