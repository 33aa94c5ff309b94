// The saved-calculation pages' form posts: save from a result card (then open the saved calculation)
// and order from the calculation page (then open the order). Failures come back as a message.
import type { User } from '#lib/db/schema.ts';
import { HttpError, readForm } from '#lib/http/api.ts';
import { parseId } from '#lib/validation.ts';
import { checkPlace } from '#features/orders/orders.api.server.ts';
import { calculationOrThrow, orderCalculation, saveCalculation } from './saved.api.server.ts';
import { setPlace } from './saved.server.ts';
import { paths } from '#lib/paths.ts';

/** POST of the list page: saves and answers where to go, or the error to show with its status. */
export async function savePost(
  user: User,
  request: Request,
  t: App.Locals['t'],
): Promise<
  { redirect: string } | { status: number; message: string; errors: Record<string, string> }
> {
  const form = await readForm(request);
  // A form that picks one item per group (radio buttons chosen_1, chosen_2, ...: the stages of a
  // two-stage heat exchanger) sends them in group order as one chosen list.
  if (form.chosen === undefined) {
    const picks = Object.keys(form)
      .filter((k) => /^chosen_\d{1,2}$/.test(k))
      .sort((a, b) => Number(a.slice(7)) - Number(b.slice(7)))
      .map((k) => form[k]);
    if (picks.length) form.chosen = picks.join(',');
  }
  const r = await saveCalculation(user, form, t);
  return r.ok
    ? { redirect: paths.design.calculations.one(r.id) }
    : { status: r.status, message: r.message, errors: r.errors };
}

export async function orderPost(
  user: User,
  id: string | undefined,
  t: App.Locals['t'],
): Promise<{ redirect: string } | { status: number; message: string }> {
  try {
    const r = await orderCalculation(user, id, t);
    return { redirect: paths.orders.one(r.orderId) };
  } catch (err) {
    if (err instanceof HttpError) return { status: err.status, message: err.message };
    throw err;
  }
}

const idField = (x: unknown): number | null | undefined =>
  typeof x !== 'string' || x.trim() === '' ? null : (parseId(x.trim()) ?? undefined);

/** POST action=place of the calculation page: organisation and object from the pickers (the user's own, else the message). */
export async function placePost(
  user: User,
  id: string | undefined,
  request: Request,
  t: App.Locals['t'],
): Promise<{ redirect: string } | { status: number; message: string }> {
  const form = await readForm(request);
  try {
    const c = await calculationOrThrow(user, id, t);
    const oid = idField(form.oid);
    const object = idField(form.object);
    if (oid === undefined || object === undefined)
      return {
        status: 400,
        message: t('calcPumps.errors.number', {
          field: t(`calcPumps.fields.${oid === undefined ? 'oid' : 'object'}`),
        }),
      };
    const errors = await checkPlace(user, oid, object, t);
    if (Object.keys(errors).length) return { status: 404, message: Object.values(errors)[0]! };
    await setPlace(user.id, c.id, oid, object);
    return { redirect: paths.design.calculations.one(c.id) };
  } catch (err) {
    if (err instanceof HttpError) return { status: err.status, message: err.message };
    throw err;
  }
}
