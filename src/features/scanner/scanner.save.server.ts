// scan.save: the recognised positions the user ticked become lines of a new order or of one of the
// user's orders that still takes positions (new, not archived); matched lines carry the catalogue
// item and price, the others stay free text at price 0. The scan is claimed inside the order's
// transaction, so one scan makes one order; the confirmed matches are remembered for the
// organisation and the files are deleted after the save.
import * as v from 'valibot';
import {
  appendItems,
  insertOrder,
  lineSum,
  ownOrder,
  takesNewLines,
  type NewOrderLine,
} from '#features/orders/orders.server.ts';
import { notify } from '#features/notifications/notifications.server.ts';
import type { User } from '#lib/db/schema.ts';
import type { T } from '#lib/i18n/index.ts';
import { log } from '#lib/log.ts';
import { fieldErrors } from '#lib/validation.ts';
import { rememberSynonyms } from './match.server.ts';
import {
  closedText,
  failure,
  readyOrThrow,
  rowText,
  scanOrThrow,
  translate,
} from './scanner.api.server.ts';
import { MAX_PRODUCTS, ProductSchema, SaveSchema, type Product } from './scanner.schema.ts';
import { claimScan, forgetFiles, scanDb } from './scanner.server.ts';
import { parseId } from '#lib/validation.ts';
import { paths } from '#lib/paths.ts';

/** products[] (or products) as repeated JSON strings, or one JSON array. */
function productInputs(form: FormData): unknown[] | null {
  const raw = [...form.getAll('products[]'), ...form.getAll('products')].filter(
    (x): x is string => typeof x === 'string',
  );
  const out: unknown[] = [];
  for (const s of raw) {
    try {
      const val = JSON.parse(s) as unknown;
      if (Array.isArray(val)) out.push(...(val as unknown[]));
      else out.push(val);
    } catch {
      return null;
    }
  }
  return out;
}

function parseNewCid(raw: FormDataEntryValue | null): Map<number, number> | null {
  if (raw === null || raw === '') return new Map();
  if (typeof raw !== 'string') return null;
  try {
    const obj = JSON.parse(raw) as unknown;
    if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return null;
    const out = new Map<number, number>();
    for (const [k, val] of Object.entries(obj as Record<string, unknown>)) {
      const index = Number(k);
      const cid = parseId(typeof val === 'number' ? val : String(val));
      if (!Number.isSafeInteger(index) || index < 0 || cid === null) return null;
      out.set(index, cid);
    }
    return out.size <= MAX_PRODUCTS ? out : null;
  } catch {
    return null;
  }
}

function lineOf(
  p: Product,
  item: { id: number; sku: string; title: string; price_kop: number } | undefined,
  t: T,
): NewOrderLine {
  const unit = (p.unit || t('orders.units.pcs')).slice(0, 20);
  if (item)
    return {
      catalogue_id: String(item.id),
      title: item.title.slice(0, 500),
      sku: item.sku,
      unit,
      quantity: p.count,
      price: Number(item.price_kop),
    };
  // A free-text line keeps what the document said: name, type/mark and manufacturer.
  const extra = [p.marka && !p.title.includes(p.marka) ? p.marka : '', p.man ? `(${p.man})` : '']
    .filter(Boolean)
    .join(' ');
  return {
    catalogue_id: null,
    title: `${p.title}${extra ? `, ${extra}` : ''}`.slice(0, 500),
    sku: p.sku || null,
    unit,
    quantity: p.count,
    price: 0,
  };
}

export async function scanSave(user: User, form: FormData, t: T) {
  const call = 'scanner.api.save';
  const row = await scanOrThrow(user, form.get('uniqid'), t);
  if (row.saved_order_id) throw failure(409, t(call), { uniqid: t('scanner.api.alreadySaved') });
  readyOrThrow(row, t, call);
  const errors: Record<string, string> = {};
  const head = v.safeParse(SaveSchema, {
    module: form.get('module') ?? undefined,
    pid: form.get('pid') ?? undefined,
  });
  if (!head.success) Object.assign(errors, translate(fieldErrors(head.issues), t));
  const inputs = productInputs(form);
  const products: Product[] = [];
  if (inputs === null) errors.products = t('scanner.api.validation.productJson');
  else if (inputs.length === 0) errors.products = t('scanner.api.validation.products');
  else if (inputs.length > MAX_PRODUCTS)
    errors.products = t('scanner.api.validation.productsMax', { max: MAX_PRODUCTS });
  else
    for (const [i, input] of inputs.entries()) {
      const p = v.safeParse(ProductSchema, input);
      if (p.success) products.push(p.output);
      else
        for (const [k, key] of Object.entries(fieldErrors(p.issues)))
          errors[`products[${i}]${k ? `.${k}` : ''}`] ??= t(key);
    }
  const newCid = parseNewCid(form.get('newCid'));
  if (!newCid) errors.newCid = t('scanner.api.validation.newCid');
  if (Object.keys(errors).length || !head.success || !newCid) throw failure(422, t(call), errors);

  const pid = head.output.pid || row.order_id || 0;
  if (pid) {
    const order = await ownOrder(user.id, pid);
    if (!order) throw failure(422, t(call), { pid: t('scanner.api.validation.orderNotFound') });
    if (!takesNewLines(order)) throw failure(422, t(call), { pid: closedText(order, t) });
  }
  const cids = [...new Set(products.map((p) => p.cid).filter((c) => c > 0))];
  const items = new Map<number, { id: number; sku: string; title: string; price_kop: number }>();
  for (let i = 0; i < cids.length; i += 500) {
    const part = await scanDb()
      .selectFrom('catalogue_items')
      .select(['id', 'sku', 'title', 'price_kop'])
      .where('id', 'in', cids.slice(i, i + 500))
      .execute();
    for (const it of part) items.set(it.id, { ...it, price_kop: Number(it.price_kop) });
  }
  const unknown = products.findIndex((p) => p.cid > 0 && !items.has(p.cid));
  if (unknown >= 0)
    throw failure(422, t(call), {
      [`products[${unknown}].cid`]: t('scanner.api.validation.cidNotFound'),
    });

  const lines = products.map((p) => lineOf(p, items.get(p.cid), t));
  const matched = lines.filter((l) => l.catalogue_id).length;
  const unmatched = lines.length - matched;
  const db = scanDb();
  const orderId = await db.transaction().execute(async (trx) => {
    const handle = trx as unknown as Parameters<typeof insertOrder>[0];
    const claim = async (id: number) => {
      // A second save of the same scan (another tab, a resend) got here first: its order stands, this one rolls back.
      if (!(await claimScan(trx, row, id)))
        throw failure(409, t(call), { uniqid: t('scanner.api.alreadySaved') });
      return id;
    };
    if (pid) {
      // Accepted or archived between the check above and now: nothing is written.
      if (!(await appendItems(handle, user.id, pid, lines)))
        throw failure(409, t(call), { pid: t('scanner.api.validation.orderChanged') });
      return claim(pid);
    }
    const created = await insertOrder(handle, user.id, {
      title: t('scanner.order.title', { name: row.file_name }).slice(0, 300),
      comment: t('scanner.order.comment', { name: row.file_name, matched, unmatched }).slice(
        0,
        4000,
      ),
      organisation_id: row.organisation_id,
      object_id: row.object_id,
      source: 'scanner',
      lines,
    });
    return claim(created);
  });
  const order = await db
    .selectFrom('orders')
    .select(['id', 'number', 'organisation_id'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  // The matches the customer confirmed are remembered for the order's organisation.
  const byIndex = new Map(products.map((p) => [p.index, p]));
  const pairs = [...newCid.entries()].flatMap(([index, cid]) => {
    const p = byIndex.get(index);
    return p && items.has(cid) ? [{ row: rowText(p), cid }] : [];
  });
  try {
    if (pairs.length)
      await rememberSynonyms(db, { userId: user.id, organisationId: order.organisation_id }, pairs);
    await notify(user.id, {
      module: 'sales',
      icon: 'order',
      pid: order.id,
      url: paths.orders.one(order.id),
      title: t(pid ? 'scanner.notify.appended' : 'scanner.notify.created', {
        number: order.number,
        count: lines.length,
      }),
      text: t('scanner.notify.text', { name: row.file_name, matched, unmatched }),
    });
    await forgetFiles(row);
  } catch (err) {
    // The order is saved and the scan claimed; a failure here must not invite a second save.
    log.warn('scanner: after-save steps failed', { scan: row.id, order: order.id, err });
  }
  // What the order got for these lines at the catalogue's prices now: the review showed the prices of
  // its scan.do, and the wizard notes a difference (a price changed in between).
  const addedKop = lines.reduce((s, l) => s + lineSum(l), 0);
  return {
    type: 'success',
    order: { id: order.id, number: order.number, url: paths.orders.one(order.id) },
    matched,
    unmatched,
    appended: Boolean(pid),
    addedKop,
  };
}
