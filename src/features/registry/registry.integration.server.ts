// The back office's registry calls (scope production): create products for an order's lines, add
// history entries, set the status, attach documents and shipment documents (uploaded in the same
// multipart call, or by reference to files already in the store), grant colleagues, and read one
// product back. Customers are notified by registry.events.server.ts.
import * as v from 'valibot';
import type { IntegrationBody } from '#features/integration/body.server.ts';
import { storeAttachment } from '#lib/attachments.server.ts';
import { db } from '#lib/db/index.ts';
import { files } from '#lib/files.server.ts';
import { HttpError } from '#lib/http/api.ts';
import type { T } from '#lib/i18n/index.ts';
import { parseId, parseWith } from '#lib/validation.ts';
import {
  addDocument,
  addHistory,
  addShipment,
  createProducts,
  findProduct,
  setGrants,
  productChanged,
  setStatus,
  type ProductRef,
} from './registry.events.server.ts';
import {
  CreateSchema,
  DocumentSchema,
  GrantSchema,
  HistorySchema,
  ShipmentSchema,
  ClaimMoveSchema,
  PlanSchema,
  ServiceSchema,
  StatusSchema,
  WarrantySchema,
} from './registry.schema.ts';
import { applyLink, linkOf } from './registry.oppoint.server.ts';
import { claimsOf, moveClaim } from './registry.claims.server.ts';
import {
  CONTACTS_PULL_LIMIT,
  listContacts,
  passportFor,
  renewPassport,
} from './registry.passport.server.ts';
import { getProduct, shipmentsOf } from './registry.server.ts';
import { addService, serviceOf } from './registry.service.server.ts';
import { planOf, PlanDueMissing, setPlan } from './registry.maintenance.server.ts';
import { setWarranty, today, warrantyOf } from './registry.warranty.server.ts';

function invalid(t: T, errors: Record<string, string>): HttpError {
  return new HttpError(422, t('integration.errors.invalid'), {
    errors: Object.fromEntries(Object.entries(errors).map(([k, m]) => [k || 'body', t(m)])),
  });
}

function check<S extends v.GenericSchema>(schema: S, input: unknown, t: T): v.InferOutput<S> {
  const r = parseWith(schema, input);
  if (!r.ok) throw invalid(t, r.errors);
  return r.value;
}

async function productOr404(id: number | null, t: T): Promise<ProductRef> {
  const p = await findProduct(id);
  if (!p) throw new HttpError(404, t('registry.errors.notFound'));
  return p;
}

/**
 * Files the integration API itself stored for a customer (order and product documents): the only
 * ones a call may name by id. A support attachment, a scanned specification, an avatar or a
 * customer's message file is never attachable, and neither is another customer's document: a
 * product's owner can download what is attached to it.
 */
const ATTACHABLE_KINDS = new Set(['order-document', 'product-document']);

/**
 * A referenced file must be an integration document of the product's (or order's) owner; a picture
 * must be an image. Missing and not attachable answer alike, so the answer does not tell whether a
 * file with that id exists.
 */
async function existingFile(id: string, owner: number, field: string, t: T, image = false) {
  const info = await files().info(id);
  const usable = !!info && info.owner === owner && ATTACHABLE_KINDS.has(info.kind);
  if (!usable || (image && !/^image\/(png|jpeg|webp)$/.test(info.type)))
    throw invalid(t, {
      [field]: image ? 'integration.validation.image' : 'registry.validation.fileMissing',
    });
  return info;
}

async function upload(file: File, owner: number, field: string, t: T) {
  const r = await storeAttachment(file, owner, 'product-document');
  if (!r.ok) throw invalid(t, { [field]: `orders.validation.file.${r.reason}` });
  return r.file;
}

export async function createCall(body: IntegrationBody, t: T) {
  const input = check(CreateSchema, body.data, t);
  const order = await db()
    .selectFrom('orders')
    .select(['id', 'user_id', 'number', 'organisation_id', 'object_id'])
    .where('id', '=', input.order_id)
    .executeTakeFirst();
  if (!order) throw invalid(t, { order_id: 'registry.validation.order' });
  const serials = input.products.map((p) => p.serial);
  if (new Set(serials).size !== serials.length)
    throw invalid(t, { products: 'registry.validation.serialTaken' });
  const taken = await db()
    .selectFrom('products')
    .select('serial')
    .where('serial', 'in', serials)
    .execute();
  if (taken.length) throw invalid(t, { products: 'registry.validation.serialTaken' });
  const itemIds = input.products.map((p) => p.order_item_id).filter((x): x is number => !!x);
  const items = itemIds.length
    ? await db()
        .selectFrom('order_items')
        .select(['id', 'title', 'sku'])
        .where('order_id', '=', order.id)
        .where('id', 'in', itemIds)
        .execute()
    : [];
  const byItem = new Map(items.map((i) => [i.id, i]));
  const list = [];
  for (const [i, p] of input.products.entries()) {
    const item = p.order_item_id ? byItem.get(p.order_item_id) : undefined;
    if (p.order_item_id && !item)
      throw invalid(t, { [`products.${i}.order_item_id`]: 'registry.validation.item' });
    const title = p.title || item?.title;
    if (!title) throw invalid(t, { [`products.${i}.title`]: 'registry.validation.text' });
    if (p.picture_file_id)
      await existingFile(
        p.picture_file_id,
        order.user_id,
        `products.${i}.picture_file_id`,
        t,
        true,
      );
    list.push({
      serial: p.serial,
      sku: p.sku || item?.sku || null,
      title,
      description: p.description || null,
      picture_file_id: p.picture_file_id || null,
      status: p.status,
      order_item_id: p.order_item_id ?? null,
    });
  }
  const ids = await createProducts(order, input.request_id ?? null, list);
  return { type: 'success', ids };
}

export async function showCall(id: number | null, t: T) {
  const p = await productOr404(id, t);
  const [product, shipments] = await Promise.all([
    getProduct(p.user_id, p.id),
    shipmentsOf(p.user_id, p.id),
  ]);
  const readers = await db()
    .selectFrom('product_access as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['u.email', 'a.kind'])
    .where('a.product_id', '=', p.id)
    .limit(500)
    .execute();
  const [claims, service, maintenance, link] = await Promise.all([
    claimsOf(p.id),
    serviceOf(p.id),
    planOf(p.id),
    linkOf(p.id),
  ]);
  return {
    data: {
      ...product,
      customer_id: p.user_id,
      shipments,
      readers,
      claims,
      service,
      maintenance,
      operating_point: link,
    },
  };
}

export async function historyCall(id: number | null, body: IntegrationBody, t: T) {
  const p = await productOr404(id, t);
  const input = check(HistorySchema, body.data, t);
  return {
    type: 'success',
    id: await addHistory(p, {
      date: input.date || null,
      title: input.title,
      description: input.description || null,
      status: input.status,
    }),
  };
}

export async function statusCall(id: number | null, body: IntegrationBody, t: T) {
  const p = await productOr404(id, t);
  const input = check(StatusSchema, body.data, t);
  return { type: 'success', changed: await setStatus(p, input.status), status: input.status };
}

export async function documentCall(id: number | null, body: IntegrationBody, t: T) {
  const p = await productOr404(id, t);
  const input = check(DocumentSchema, body.data, t);
  const file = body.files.file;
  if (!file && !input.file_id) throw invalid(t, { file: 'integration.validation.fileRequired' });
  const stored = file
    ? await upload(file, p.user_id, 'file', t)
    : await existingFile(input.file_id!, p.user_id, 'file_id', t);
  const name = input.name || stored.name;
  return {
    type: 'success',
    id: await addDocument(p, { kind: input.kind, name, file_id: stored.id }),
    file_id: stored.id,
  };
}

export async function shipmentCall(id: number | null, body: IntegrationBody, t: T) {
  const p = await productOr404(id, t);
  const input = check(ShipmentSchema, body.data, t);
  const attach: Array<{ file_id: string; name: string }> = [];
  for (const [i, a] of input.attach.entries()) {
    const info = await existingFile(a.file_id, p.user_id, `attach.${i}.file_id`, t);
    attach.push({ file_id: info.id, name: a.name || info.name });
  }
  // Uploaded files: every file field of the multipart body, in the order sent.
  for (const [field, file] of Object.entries(body.files)) {
    const stored = await upload(file, p.user_id, field, t);
    attach.push({ file_id: stored.id, name: stored.name });
  }
  return {
    type: 'success',
    id: await addShipment(p, { numb: input.numb, date: input.date, attach }),
    attach,
  };
}

export async function grantCall(id: number | null, body: IntegrationBody, t: T) {
  const p = await productOr404(id, t);
  const input = check(GrantSchema, body.data, t);
  const users = await db()
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'in', input.emails)
    .execute();
  const known = new Set(users.map((u) => u.email.toLowerCase()));
  const unknown = input.emails.filter((e) => !known.has(e));
  if (unknown.length)
    throw new HttpError(422, t('integration.errors.invalid'), {
      errors: { emails: t('integration.scada.userUnknown', { emails: unknown.join(', ') }) },
    });
  const changed = await setGrants(
    p,
    users.map((u) => u.id).filter((u) => u !== p.user_id),
    input.revoke,
  );
  return { type: 'success', changed };
}

/** Sets the warranty (term, basis, optional start day) and answers its status as the owner sees it. */
export async function warrantyCall(id: number | null, body: IntegrationBody, t: T) {
  const p = await productOr404(id, t);
  const input = check(WarrantySchema, body.data, t);
  const w = { months: input.months, basis: input.basis, start: input.start ?? null };
  const until = await setWarranty(p.id, w);
  await productChanged(p, 'warranty');
  return {
    type: 'success',
    warranty: warrantyOf({
      ...w,
      warranty_until: until,
      warranty_start: w.start,
      warranty_months: w.months,
      warranty_basis: w.basis,
    }),
  };
}

/** Moves a claim of the product to its next state (409 when its state does not allow the move). */
export async function claimMoveCall(
  id: number | null,
  claimId: number | null,
  body: IntegrationBody,
  t: T,
) {
  const input = check(ClaimMoveSchema, body.data, t);
  return {
    type: 'success',
    data: await moveClaim(id, claimId, input.state, input.comment || null, t),
  };
}

/** Adds a service event (commissioning, maintenance, repair, part) to the product's history. */
export async function serviceCall(id: number | null, body: IntegrationBody, t: T) {
  const p = await productOr404(id, t);
  const input = check(ServiceSchema, body.data, t);
  const eventId = await addService(p.id, {
    kind: input.kind,
    date: input.date,
    title: input.title,
    description: input.description || null,
  });
  await productChanged(p, 'service');
  return { type: 'success', id: eventId };
}

/** The product's public passport (token, absolute address), made on first use (decision 0046). */
export async function passportCall(id: number | null, t: T) {
  const p = await productOr404(id, t);
  return { data: await passportFor(p.id) };
}

/** Revokes the product's passport address and issues a new one (printed labels stop working). */
export async function renewPassportCall(id: number | null, t: T) {
  const p = await productOr404(id, t);
  return { type: 'success', data: await renewPassport(p.id) };
}

/** Contact requests from public passports in id order: after_id (0 = from the first), limit, product_id. */
export async function contactsCall(params: URLSearchParams, t: T) {
  const query = (field: string, key: string, params_: Record<string, string | number> = {}) =>
    new HttpError(400, t('integration.errors.query'), {
      errors: { [field]: t(key, params_) },
    });
  const rawAfter = params.get('after_id') ?? '0';
  const afterId = rawAfter === '0' ? 0 : parseId(rawAfter);
  if (afterId === null) throw query('after_id', 'validation.id', { field: 'after_id' });
  const rawLimit = params.get('limit');
  const limit = rawLimit === null ? CONTACTS_PULL_LIMIT : parseId(rawLimit);
  if (limit === null || limit > CONTACTS_PULL_LIMIT)
    throw query('limit', 'registry.validation.limit', { max: CONTACTS_PULL_LIMIT });
  const rawProduct = params.get('product_id');
  const productId = rawProduct === null ? null : parseId(rawProduct);
  if (rawProduct !== null && productId === null)
    throw query('product_id', 'validation.id', { field: 'product_id' });
  const r = await listContacts(afterId, limit, productId);
  return { data: r.data, meta: { next_after_id: r.next_after_id } };
}

/**
 * Replaces the product's maintenance plan (decision 0047) and answers it with each row's status; a
 * row whose next due day is neither given nor derivable, a last done day after the supplier's today,
 * a next due day before the last done day answer 422 naming the field.
 */
export async function maintenanceCall(id: number | null, body: IntegrationBody, t: T) {
  const p = await productOr404(id, t);
  const input = check(PlanSchema, body.data, t);
  const day = today();
  const wrong: Record<string, string> = {};
  for (const [i, r] of input.plan.entries()) {
    if (r.last_done && r.last_done > day)
      wrong[`plan.${i}.last_done`] = 'registry.validation.lastDoneFuture';
    else if (r.last_done && r.next_due && r.next_due < r.last_done)
      wrong[`plan.${i}.next_due`] = 'registry.validation.dueBeforeDone';
  }
  if (Object.keys(wrong).length > 0) throw invalid(t, wrong);
  try {
    const plan = await setPlan(p.id, input.plan);
    await productChanged(p, 'maintenance');
    return { type: 'success', plan };
  } catch (err) {
    if (err instanceof PlanDueMissing)
      throw invalid(t, { [`plan.${err.index}.next_due`]: 'registry.validation.planDue' });
    throw err;
  }
}

/**
 * Links the product to the dispatching object where it is installed and names the variables that
 * measure it (decision 0048); `{ object_id: null }` removes the link. Field errors answer 422 naming
 * the field, as every write of the integration API: the object must exist and each variable must be one of its variables.
 */
export async function operatingLinkCall(id: number | null, body: IntegrationBody, t: T) {
  const p = await productOr404(id, t);
  const r = await applyLink(p.id, body.data);
  if (!r.ok) throw invalid(t, r.errors);
  return { type: 'success', ...r.answer };
}
