// The order calls as HTTP answers: the legacy sales.get / sales.store / sales.update_no_protect
// calls, one order, and customer messages. Shared by the API routes and the order pages.
import * as v from 'valibot';
import { getObject } from '#features/objects/objects.server.ts';
import { getOrganisation } from '#features/organisations/organisations.server.ts';
import { storeAttachment } from '#lib/attachments.server.ts';
import type { User } from '#lib/db/schema.ts';
import { HttpError, type FormValues } from '#lib/http/api.ts';
import type { T } from '#lib/i18n/index.ts';
import { parseListQuery, MAX_PAGE_SIZE } from '#lib/list.ts';
import { parseWith, translateErrors, isId } from '#lib/validation.ts';
import { addCustomerMessage } from './orders.events.server.ts';
import {
  MessageSchema,
  ORDER_FILTER_FIELDS,
  ORDER_SORT_FIELDS,
  OrderStoreSchema,
} from './orders.schema.ts';
import {
  createOrder,
  getOrder,
  listOrders,
  ownOrder,
  setArchived,
  type OrderListItem,
  type OrderQuery,
} from './orders.server.ts';

const QUERY_FIELDS = [...ORDER_FILTER_FIELDS, ...ORDER_SORT_FIELDS] as const;
/**
 * "Without paging returns all" is bounded like every answer: the newest MAX_PAGE_SIZE orders of the
 * query, with totalCount telling how many there are in all (page through the rest).
 */
const ALL = MAX_PAGE_SIZE;

/** The list query of the orders pages (default paging) or, with `all`, every matching order. */
export function parseOrderQuery(params: URLSearchParams, all = false): OrderQuery {
  const q = parseListQuery(params, QUERY_FIELDS);
  return all ? { ...q, pageSize: ALL, pageNumber: 1 } : q;
}

export const withLabel = (t: T) => (o: OrderListItem) => ({
  ...o,
  status_label: t(`orders.status.${o.status}`),
});

export async function salesList(user: User, params: URLSearchParams, t: T) {
  const archive = params.get('archive') === '1';
  const unpaged = !params.has('pageSize') && !params.has('pageNumber');
  const r = await listOrders(user.id, parseOrderQuery(params, unpaged), archive);
  return { totalCount: r.totalCount, entities: r.entities.map(withLabel(t)) };
}

/** Ids from `ids` (JSON array or comma list) or `id`. */
export function parseIds(form: FormValues): number[] {
  const raw = typeof form.ids === 'string' ? form.ids : typeof form.id === 'string' ? form.id : '';
  let list: unknown[];
  try {
    list = raw.trim().startsWith('[') ? (JSON.parse(raw) as unknown[]) : raw.split(',');
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  const ids = list.map((x) => Number(String(x).trim()));
  return ids.length <= 500 && ids.every(isId) ? ids : [];
}

/** Moves orders to (archive=1) or from (archive=0) the archive. Unknown or foreign ids answer 404. */
export async function salesArchive(
  user: User,
  form: FormValues,
  archiveParam: string | null,
  t: T,
) {
  if (archiveParam !== '1' && archiveParam !== '0')
    throw new HttpError(400, t('orders.errors.archive'), {
      errors: { archive: t('orders.validation.archive') },
    });
  const ids = parseIds(form);
  // The query's flag malformed is 400; the body's ids field refused is field validation, 422 (decision 0034).
  if (ids.length === 0)
    throw new HttpError(422, t('orders.errors.archive'), {
      errors: { ids: t('orders.validation.ids') },
    });
  const changed = await setArchived(user.id, ids, archiveParam === '1');
  if (changed.length === 0)
    throw new HttpError(404, t('errors.notFound', { name: t('orders.entity') }));
  return { type: 'success', ids: changed, archive: Number(archiveParam) };
}

/** Checks that the organisation and object, when given, are the user's own. */
export async function checkPlace(
  user: User,
  oid: number | null,
  object: number | null,
  t: T,
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  if (oid !== null && !(await getOrganisation(user.id, oid)))
    errors.oid = t('errors.notFound', { name: t('orders.fields.organisation') });
  if (object !== null && !(await getObject(user.id, object)))
    errors.object = t('errors.notFound', { name: t('orders.fields.object') });
  return errors;
}

/**
 * Creates an order from the customer's lines. Lines carry no prices: the supplier's manager prices
 * the order and the back office sends the priced lines (see docs/integration-api.md).
 */
export async function salesStore(user: User, form: FormValues, t: T) {
  const parsed = parseWith(OrderStoreSchema, {
    title: form.title,
    comment: form.comment,
    oid: form.oid,
    object: form.object,
    items: form.items,
  });
  if (!parsed.ok)
    throw new HttpError(422, t('orders.errors.store'), {
      errors: translateErrors(parsed.errors, (k) =>
        k.startsWith('orders.') ? t(k) : t('orders.validation.invalid'),
      ),
    });
  const o = parsed.value;
  const placeErrors = await checkPlace(user, o.oid, o.object, t);
  if (Object.keys(placeErrors).length)
    throw new HttpError(422, t('orders.errors.store'), { errors: placeErrors });
  const id = await createOrder(user.id, {
    title: o.title,
    comment: o.comment,
    organisation_id: o.oid,
    object_id: o.object,
    source: 'cabinet',
    lines: o.items.map((l) => ({
      catalogue_id: l.catalogue_id ?? null,
      title: l.title,
      sku: l.sku || null,
      unit: l.unit || t('orders.units.pcs'),
      quantity: l.quantity,
      price: 0,
    })),
  });
  return { type: 'success', sales_id: id, data: await getOrder(user.id, id) };
}

export async function orderOrThrow(user: User, id: number | null, t: T) {
  const order = id ? await getOrder(user.id, id) : null;
  if (!order) throw new HttpError(404, t('errors.notFound', { name: t('orders.entity') }));
  return order;
}

/** A customer message with an optional file; the text may be empty only when a file is attached. */
export async function postMessage(user: User, orderId: number | null, form: FormValues, t: T) {
  const order = orderId ? await ownOrder(user.id, orderId) : null;
  if (!order) throw new HttpError(404, t('errors.notFound', { name: t('orders.entity') }));
  const text = v.safeParse(MessageSchema, {
    message: typeof form.message === 'string' ? form.message : '',
  });
  const file = form.file instanceof File && form.file.size > 0 ? form.file : null;
  if (!text.success)
    throw new HttpError(422, t('orders.errors.message'), {
      errors: { message: t('orders.validation.messageLength') },
    });
  if (!text.output.message && !file)
    throw new HttpError(422, t('orders.errors.message'), {
      errors: { message: t('orders.validation.messageEmpty') },
    });
  let stored = null;
  if (file) {
    const r = await storeAttachment(file, user.id, 'order-message');
    if (!r.ok)
      throw new HttpError(422, t('orders.errors.message'), {
        errors: { file: t(`orders.validation.file.${r.reason}`) },
      });
    stored = r.file;
  }
  const id = await addCustomerMessage(order.id, {
    text: text.output.message,
    file_id: stored?.id ?? null,
    file_name: stored?.name ?? null,
  });
  return { type: 'success', id };
}
