// Back-office calls on saved calculations (scope orders: the same sales back office that prices
// orders approves requests): approve, attach a document (title + https link). Each change notifies
// the customer in their own language (module request, linking to the calculation page).
import * as v from 'valibot';
import { notify } from '#features/notifications/notifications.server.ts';
import type { IntegrationBody } from '#features/integration/body.server.ts';
import { parseWith, translateErrors } from '#lib/validation.ts';
import { now } from '#lib/db/index.ts';
import { HttpError } from '#lib/http/api.ts';
import { DEFAULT_LOCALE, isLocale, translator, type T } from '#lib/i18n/index.ts';
import { calcDb } from './saved.server.ts';
import { paths } from '#lib/paths.ts';

async function findAny(id: number | null, t: T) {
  const row =
    id === null
      ? undefined
      : await calcDb()
          .selectFrom('calculations')
          .select(['id', 'user_id', 'request', 'status'])
          .where('id', '=', id)
          .executeTakeFirst();
  if (!row) throw new HttpError(404, t('errors.notFound', { name: t('calcPumps.saved.entity') }));
  return row;
}

async function tell(userId: number, calcId: number, key: string, params: Record<string, string>) {
  const u = await calcDb()
    .selectFrom('users')
    .select('locale')
    .where('id', '=', userId)
    .executeTakeFirst();
  const ut = translator(isLocale(u?.locale) ? u.locale : DEFAULT_LOCALE);
  await notify(userId, {
    module: 'request',
    icon: 'calculation',
    pid: calcId,
    url: paths.design.calculations.one(calcId),
    title: ut(key, params),
  });
}

const ApproveSchema = v.object({
  comment: v.optional(
    v.pipe(
      v.string('calcPumps.integration.comment'),
      v.trim(),
      v.maxLength(2000, 'calcPumps.integration.comment'),
    ),
    '',
  ),
});

/** Parses a body; every message is a key of this feature, translated for the caller. */
function validate<S extends v.GenericSchema>(schema: S, input: unknown, t: T): v.InferOutput<S> {
  const r = parseWith(schema, input);
  if (r.ok) return r.value;
  throw new HttpError(422, t('integration.errors.invalid'), {
    errors: translateErrors(r.errors, t),
  });
}
const DocumentSchema = v.object({
  title: v.pipe(
    v.string('calcPumps.integration.title'),
    v.trim(),
    v.minLength(1, 'calcPumps.integration.title'),
    v.maxLength(300, 'calcPumps.integration.title'),
  ),
  url: v.pipe(
    v.string('calcPumps.integration.url'),
    v.trim(),
    v.maxLength(1000, 'calcPumps.integration.url'),
    v.regex(/^https:\/\/[^\s]+$/, 'calcPumps.integration.url'),
  ),
});

export async function approveCall(id: number | null, body: IntegrationBody, t: T) {
  const c = await findAny(id, t);
  validate(ApproveSchema, body.data, t);
  // An ordered calculation stays ordered; approving again changes nothing and tells nobody.
  const changed = c.status === 'saved';
  if (changed) {
    await calcDb()
      .updateTable('calculations')
      .set({ status: 'approved', updated_at: now() })
      .where('id', '=', c.id)
      .execute();
    await tell(c.user_id, c.id, 'calcPumps.integration.approved', { request: c.request });
  }
  return {
    type: 'success',
    changed,
    calculation: { id: c.id, request: c.request, status: changed ? 'approved' : c.status },
  };
}

export async function documentCall(id: number | null, body: IntegrationBody, t: T) {
  const c = await findAny(id, t);
  const input = validate(DocumentSchema, body.data, t);
  const count = await calcDb()
    .selectFrom('calculation_documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('calculation_id', '=', c.id)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= 100)
    throw new HttpError(422, t('integration.errors.invalid'), {
      errors: { url: t('calcPumps.integration.tooMany') },
    });
  const { id: docId } = await calcDb()
    .insertInto('calculation_documents')
    .values({ calculation_id: c.id, title: input.title, url: input.url, created_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tell(c.user_id, c.id, 'calcPumps.integration.document', {
    request: c.request,
    title: input.title,
  });
  return { type: 'success', id: docId };
}
