// The saved-calculation calls: save, list, one, order. Saving reruns the selection on the server
// from the inputs and keeps only what the user chose (by catalogue id) with catalogue prices.
import * as v from 'valibot';
import { getOrder, insertOrder } from '#features/orders/orders.server.ts';
import { checkPlace } from '#features/orders/orders.api.server.ts';
import { notify } from '#features/notifications/notifications.server.ts';
import type { User } from '#lib/db/schema.ts';
import { db } from '#lib/db/index.ts';
import { HttpError, json, type FormValues } from '#lib/http/api.ts';
import { respond, routeId } from '#lib/http/respond.ts';
import type { T } from '#lib/i18n/index.ts';
import { parseListQuery } from '#lib/list.ts';
import { calcKind } from './kinds/index.server.ts';
import {
  CALC_FIELDS,
  CALC_KINDS,
  getCalculation,
  insertCalculation,
  listCalculations,
  markOrdered,
} from './saved.server.ts';
import { parseId } from '#lib/validation.ts';
import { paths } from '#lib/paths.ts';

const idText = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{0,15}$/, 'calcPumps.errors.number'),
    v.transform((s) => (s ? Number(s) : null)),
  ),
  '',
);
const SaveSchema = v.object({
  kind: v.picklist(CALC_KINDS, 'calcPumps.errors.unit'),
  inputs: v.pipe(
    v.string('calcPumps.errors.required'),
    v.maxLength(20_000, 'calcPumps.errors.range'),
  ),
  chosen: v.pipe(
    v.string('calcPumps.errors.required'),
    v.maxLength(2_000, 'calcPumps.errors.range'),
  ),
  oid: idText,
  object: idText,
});

const fieldError = (field: string, key: string, t: T) => ({
  [field]: t(`calcPumps.errors.${key}`, { field: t(`calcPumps.fields.${field}`) }),
});

function parseJsonObject(s: string): Record<string, string> | null {
  try {
    const o = JSON.parse(s) as unknown;
    if (!o || typeof o !== 'object' || Array.isArray(o)) return null;
    return Object.fromEntries(
      Object.entries(o).flatMap(([k, val]) =>
        val === null || val === undefined
          ? []
          : [[k, typeof val === 'object' ? JSON.stringify(val) : String(val)]],
      ),
    );
  } catch {
    return null;
  }
}

/**
 * Chosen ids: '12,15' or a JSON array; an entry is a catalogue id, or 'id:n' naming the n-th entity
 * of the answer (1-based) where one catalogue item appears in several entities.
 */
export function parseIds(s: string): { cids: number[]; positions: Array<number | null> } | null {
  const parts = s.trim().startsWith('[')
    ? (() => {
        try {
          return JSON.parse(s) as unknown;
        } catch {
          return null;
        }
      })()
    : s.split(',');
  if (!Array.isArray(parts) || parts.length === 0 || parts.length > 20) return null;
  const cids: number[] = [];
  const positions: Array<number | null> = [];
  for (const p of parts) {
    const m = /^\s*(\d{1,15})(?::(\d{1,3}))?\s*$/.exec(
      typeof p === 'number' ? String(p) : typeof p === 'string' ? p : '',
    );
    const cid = Number(m?.[1]);
    if (!m || parseId(m[1]) === null || (m[2] !== undefined && Number(m[2]) < 1)) return null;
    cids.push(cid);
    positions.push(m[2] === undefined ? null : Number(m[2]));
  }
  return { cids, positions };
}

export type SaveResult =
  | { ok: true; id: number; request: string }
  | { ok: false; status: number; message: string; errors: Record<string, string> };

export async function saveCalculation(user: User, values: FormValues, t: T): Promise<SaveResult> {
  const bad = (errors: Record<string, string>, status = 400): SaveResult => ({
    ok: false,
    status,
    message: Object.values(errors)[0] ?? t('calcPumps.errors.input'),
    errors,
  });
  const parsed = v.safeParse(SaveSchema, {
    kind: values.kind,
    inputs: values.inputs,
    chosen: values.chosen,
    oid: values.oid ?? '',
    object: values.object ?? '',
  });
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const field = v.getDotPath(issue) ?? 'kind';
    return bad({ [field]: t(issue.message, { field: t(`calcPumps.fields.${field}`) }) });
  }
  const p = parsed.output;
  const inputs = parseJsonObject(p.inputs);
  if (!inputs) return bad(fieldError('inputs', 'range', t));
  const ids = parseIds(p.chosen);
  if (!ids) return bad(fieldError('chosen', 'range', t));
  // Listed kinds whose module is not registered (yet) are as unknown as any other value.
  const kind = calcKind(p.kind);
  if (!kind)
    return bad({ kind: t('calcPumps.errors.unit', { field: t('calcPumps.fields.kind') }) });
  const place = await checkPlace(user, p.oid, p.object, t);
  // Another user's (or an unknown) organisation or object in the body: a field refused, 422 as in
  // orders and promotions (decision 0034; the path's own record is the 404).
  if (Object.keys(place).length) return bad(place, 422);
  // A value longer than the kind's form takes is a field error of its answer, as any other bad input.
  const answer = await kind.select(db(), inputs, t, user);
  if (answer.status !== 200)
    return bad(
      answer.body.errors ?? { inputs: answer.body.error ?? t('calcPumps.errors.input') },
      answer.status >= 400 && answer.status < 500 ? answer.status : 400,
    );
  const chosen = kind.chosen(answer.body, ids.cids, ids.positions);
  if (!chosen) return bad(fieldError('chosen', 'unknown', t));
  const saved = await insertCalculation(user.id, {
    kind: p.kind,
    title: kind.title(inputs, answer.body, t),
    inputs,
    result: { ...answer.body, entities: chosen.entities },
    chosen: chosen.items,
    organisation_id: p.oid,
    object_id: p.object,
  });
  return { ok: true, ...saved };
}

/** A refusal: the one error shape with the spec's `type: 'error'` and `error` as extras (decision 0034). */
export const saveResponse = (user: User, values: FormValues, t: T): Promise<Response> =>
  respond(t, 'calcPumps.errors.input', async () => {
    const r = await saveCalculation(user, values, t);
    if (!r.ok)
      throw new HttpError(r.status, r.message, {
        type: 'error',
        error: r.message,
        errors: r.errors,
      });
    return json({ type: 'success', request: r.request, id: r.id });
  });

/** A malformed list query answers 400 naming `filter` (failureOf). */
export const listResponse = (user: User, params: URLSearchParams, t: T): Promise<Response> =>
  respond(t, 'calcPumps.errors.input', async () =>
    json({ data: await listCalculations(user.id, parseListQuery(params, CALC_FIELDS)) }),
  );

const idOf = routeId;

export async function calculationOrThrow(user: User, id: string | undefined, t: T) {
  const n = idOf(id);
  const c = n === null ? null : await getCalculation(user.id, n);
  if (!c) throw new HttpError(404, t('errors.notFound', { name: t('calcPumps.saved.entity') }));
  return c;
}

/** Orders a saved calculation: a real order with its chosen items at their catalogue prices; notifies (module request). */
export async function orderCalculation(
  user: User,
  id: string | undefined,
  t: T,
): Promise<{ orderId: number; number: string; calculationId: number }> {
  const c = await calculationOrThrow(user, id, t);
  const already = () => new HttpError(409, t('calcPumps.saved.alreadyOrdered'));
  if (c.order_id !== null) throw already();
  // The order and the claim on the calculation commit together: of two requests at once, the second
  // finds the calculation claimed, its order is rolled back and it answers 409.
  const orderId = await db()
    .transaction()
    .execute(async (trx) => {
      const id = await insertOrder(trx, user.id, {
        title: `${c.request}: ${c.title}`,
        comment: null,
        organisation_id: c.organisation_id,
        object_id: c.object_id,
        source: 'calculation',
        lines: c.chosen.map((i) => ({
          catalogue_id: String(i.cid),
          title: i.title,
          sku: i.sku,
          unit: t('orders.units.pcs'),
          quantity: i.quantity,
          price: i.price_kop,
        })),
      });
      if (!(await markOrdered(user.id, c.id, id, trx))) throw already();
      return id;
    });
  const order = await getOrder(user.id, orderId);
  await notify(user.id, {
    module: 'request',
    icon: 'order',
    title: t('calcPumps.saved.orderedNote', { request: c.request, number: order?.number ?? '' }),
    url: paths.orders.one(orderId),
    pid: c.id,
  });
  return { orderId, number: order?.number ?? '', calculationId: c.id };
}
