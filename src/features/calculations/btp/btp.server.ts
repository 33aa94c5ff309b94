// Substation projects of the signed-in employee: start one, list them (search, status, key-based
// paging), open one, calculate and save it (the server recomputes the result from the inputs, so a
// snapshot is never what a client claims), and order it. Projects are the owner's own: another
// employee's id is not found (decision 0027). Customers never reach this: the pages are guarded by
// the site map and the API refuses them with 403.
import type { SelectionReply, SelectionReplyBody } from '#features/calculations/kit/reply.ts';
import { type Kysely } from 'kysely';
import { db as defaultDb, now } from '#lib/db/index.ts';
import type { DB, User } from '#lib/db/schema.ts';
import { HttpError } from '#lib/http/api.ts';
import type { T } from '#lib/i18n/index.ts';
import { searchText } from '#lib/list.ts';
import { containsWhere } from '#lib/search.server.ts';
import { preparedPumps } from '#features/calculations/pumps.server.ts';
import { DEMO_PLATES } from '#features/calculations/phe/index.ts';
import { insertOrder } from '#features/orders/orders.server.ts';
import { checkPlace } from '#features/orders/orders.api.server.ts';
import type { BtpProjectRow, BtpTables } from './btp.tables.ts';
import {
  BTP_DEFAULTS,
  btpInputOf,
  btpRaw,
  withDefaults,
  type BtpField,
  type BtpIssue,
  type BtpRaw,
} from './btp.schema.ts';
import { BTP_ENGINE, BtpInputError, composeBtp, type BtpResult } from './compose.ts';
import { specification } from './spec.ts';
import { parseId, isId } from '#lib/validation.ts';

type BtpDB = DB & BtpTables;
const btpDb = (handle?: Kysely<DB>): Kysely<BtpDB> =>
  (handle ?? defaultDb()) as unknown as Kysely<BtpDB>;

export const BTP_STATUSES = ['draft', 'calculated', 'ordered'] as const;
/** The project number shown to people: the id with the substation prefix. */
export const projectNumber = (id: number): string => `BTP-${String(id).padStart(6, '0')}`;

/** The API's guard: signed in (401), an employee (403). */
export function requireEmployee(locals: App.Locals): User {
  if (!locals.user) throw new HttpError(401, 'errors.unauthorized');
  if (locals.user.is_employee !== 1) throw new HttpError(403, 'calcBtp.errors.employeesOnly');
  return locals.user;
}

export interface BtpProject {
  id: number;
  number: string;
  title: string;
  status: string;
  organisation_id: number | null;
  object_id: number | null;
  order_id: number | null;
  inputs: Record<BtpField, string>;
  result: BtpResult | null;
  created_at: string;
  updated_at: string;
}
export type BtpListItem = Omit<BtpProject, 'inputs' | 'result'>;

const listColumns = [
  'id',
  'title',
  'status',
  'organisation_id',
  'object_id',
  'order_id',
  'created_at',
  'updated_at',
] as const;
const item = (r: Pick<BtpProjectRow, (typeof listColumns)[number]>): BtpListItem => ({
  ...r,
  number: projectNumber(r.id),
});
const scoped = (h: Kysely<BtpDB>, userId: number) =>
  h.selectFrom('btp_projects').where('user_id', '=', userId);

/** The user's substation project an order was placed from (the order page links back to it), or null. */
export async function projectOfOrder(
  userId: number,
  orderId: number,
  handle?: Kysely<DB>,
): Promise<{ id: number; title: string } | null> {
  const row = await scoped(btpDb(handle), userId)
    .select(['id', 'title'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row ? { id: row.id, title: row.title } : null;
}
const searchOf = (id: number, title: string) => searchText(projectNumber(id), title).slice(0, 500);

export async function createProject(
  userId: number,
  title: string,
  inputs: Partial<Record<BtpField, string>> = {},
  handle?: Kysely<DB>,
): Promise<number> {
  const h = btpDb(handle);
  const at = now();
  const clean = title.trim().slice(0, 200);
  return h.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('btp_projects')
      .values({
        user_id: userId,
        organisation_id: null,
        object_id: null,
        title: clean,
        status: 'draft',
        inputs: JSON.stringify(withDefaults({ ...inputs, title: clean })),
        result: null,
        order_id: null,
        search: '',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('btp_projects')
      .set({ search: searchOf(id, clean) })
      .where('id', '=', id)
      .execute();
    return id;
  });
}

export interface BtpListQuery {
  q: string;
  status: string | null;
  /** Key-based paging: rows with a smaller id than this (the last row of the previous page). */
  after: number | null;
  limit: number;
}

export function parseBtpQuery(params: URLSearchParams): BtpListQuery {
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const status = params.get('status') ?? '';
  const after = params.get('after') ?? '';
  const limit = Number(params.get('limit') ?? 20);
  return {
    q: q.length >= 3 ? q : '',
    status: (BTP_STATUSES as readonly string[]).includes(status) ? status : null,
    after: parseId(after),
    limit: Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : 20,
  };
}

/** One page of the owner's projects, newest first; `next` continues after the last row. */
export async function listProjects(
  userId: number,
  q: BtpListQuery,
  handle?: Kysely<DB>,
): Promise<{ entities: BtpListItem[]; next: number | null }> {
  let base = scoped(btpDb(handle), userId);
  if (q.status) base = base.where('status', '=', q.status);
  if (q.after !== null) base = base.where('id', '<', q.after);
  if (q.q) base = base.where(containsWhere(btpDb(handle), 'btp_projects', q.q));
  const rows = await base
    .select([...listColumns])
    .orderBy('id', 'desc')
    .limit(q.limit + 1)
    .execute();
  const page = rows.slice(0, q.limit);
  return {
    entities: page.map(item),
    next: rows.length > q.limit ? page[page.length - 1]!.id : null,
  };
}

export async function getProject(
  userId: number,
  id: number,
  handle?: Kysely<DB>,
): Promise<BtpProject | null> {
  if (!isId(id)) return null;
  const r = await scoped(btpDb(handle), userId).selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) return null;
  return {
    ...item(r),
    inputs: withDefaults(JSON.parse(r.inputs) as Partial<Record<BtpField, string>>),
    result: r.result ? (JSON.parse(r.result) as BtpResult) : null,
  };
}

const idOf = parseId;

export async function projectOrThrow(
  user: User,
  id: string | undefined,
  t: T,
): Promise<BtpProject> {
  const n = idOf(id);
  const p = n === null ? null : await getProject(user.id, n);
  if (!p) throw new HttpError(404, t('errors.notFound', { name: t('calcBtp.entity') }));
  return p;
}

/** The select call's answer (the kit's one answer type) with the engine's result kept for saving. */
export type BtpAnswer = SelectionReply<BtpAnswerBody> & { result: BtpResult | null };
export type BtpAnswerBody = SelectionReplyBody & {
  type: 'success' | 'warning' | 'error';
  entities: BtpResult['circuits'];
  warnings?: Array<{ code: string; text: string }>;
  totals?: BtpResult['totals'];
  engine: { name: string; version: string };
};

/** The engines' refusals with a message of their own; any other is named generally on its field. */
const ENGINE_CODES = [
  'above_break_supply',
  'stage1_empty',
  'stage2_empty',
  'range',
  'temperature_cross',
  'impossible_approach',
  'not_hotter',
  'not_liquid',
];

export function issueText(i: BtpIssue, t: T): string {
  return t(`calcBtp.errors.${i.key}`, {
    field: t(`calcBtp.fields.${i.field}`),
    ...(i.params ?? {}),
  });
}

function errorAnswer(issues: BtpIssue[], t: T): BtpAnswer {
  const errors: Record<string, string> = {};
  for (const i of issues) if (!(i.field in errors)) errors[i.field] = issueText(i, t);
  const error = Object.values(errors)[0] ?? t('calcBtp.errors.input');
  return {
    status: 400,
    result: null,
    body: {
      type: 'error',
      message: error,
      entities: [],
      error,
      warning: null,
      errors,
      engine: BTP_ENGINE,
    },
  };
}

/** Every warning code of the result with its text, once. */
export function warningsOf(r: BtpResult, t: T): Array<{ code: string; text: string }> {
  const codes = new Set([...r.warnings, ...r.circuits.flatMap((c) => c.warnings)]);
  return [...codes].map((code) => ({ code, text: t(`calcBtp.warn.${code}`) }));
}

/** Checks the composition and runs it over the catalogue: the select call's answer (shape of the pump calls). */
export async function selectBtp(raw: BtpRaw, t: T, handle?: Kysely<DB>): Promise<BtpAnswer> {
  const { input, issues } = btpInputOf(raw);
  if (issues.length) return errorAnswer(issues, t);
  let result: BtpResult;
  try {
    result = composeBtp(input, await preparedPumps(handle ?? defaultDb()), DEMO_PLATES);
  } catch (err) {
    if (err instanceof BtpInputError)
      return errorAnswer(
        [
          {
            field: err.field,
            key: `engine.${ENGINE_CODES.includes(err.code) ? err.code : 'other'}`,
            params: err.params,
          },
        ],
        t,
      );
    throw err;
  }
  const warnings = warningsOf(result, t);
  const serious = warnings.filter((w) => w.code !== 'demo_catalogue');
  return {
    status: 200,
    result,
    body: {
      type: serious.length ? 'warning' : 'success',
      entities: result.circuits,
      error: null,
      warning: serious[0]?.text ?? null,
      warnings,
      totals: result.totals,
      engine: BTP_ENGINE,
    },
  };
}

/**
 * Saves the typed inputs with what they calculate to: when they are valid the result (status
 * calculated); when they are not, no result at all (status draft), so the sheets, the offer and the
 * order never show a result of inputs the project no longer has. An ordered project is final.
 */
export async function calculateProject(
  user: User,
  p: BtpProject,
  values: Record<string, unknown>,
  t: T,
  handle?: Kysely<DB>,
): Promise<BtpAnswer> {
  if (p.status === 'ordered') throw new HttpError(409, t('calcBtp.errors.ordered'));
  // A field left out keeps the project's saved value (a partial PUT changes only what it names).
  const raw = btpRaw(values);
  const inputs = withDefaults({
    ...p.inputs,
    ...Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)),
  });
  const answer = await selectBtp(btpRaw(inputs), t, handle);
  const title = (raw.title ?? p.title).trim().slice(0, 200);
  const saved = await btpDb(handle)
    .updateTable('btp_projects')
    .set({
      inputs: JSON.stringify({ ...inputs, title }),
      title,
      search: searchOf(p.id, title),
      updated_at: now(),
      result: answer.result ? JSON.stringify(answer.result) : null,
      status: answer.result ? 'calculated' : 'draft',
    })
    .where('id', '=', p.id)
    .where('user_id', '=', user.id)
    // Ordered in the meantime (another tab, a double submit): the order's project stays as ordered.
    .where('order_id', 'is', null)
    .executeTakeFirst();
  if (Number(saved.numUpdatedRows) === 0) throw new HttpError(409, t('calcBtp.errors.ordered'));
  return answer;
}

/** Ties the project to one of the employee's own organisations and objects (field messages otherwise). */
export async function placeProject(
  user: User,
  p: BtpProject,
  oid: number | null,
  object: number | null,
  t: T,
): Promise<Record<string, string>> {
  const errors = await checkPlace(user, oid, object, t);
  if (Object.keys(errors).length) return errors;
  await btpDb()
    .updateTable('btp_projects')
    .set({ organisation_id: oid, object_id: object, updated_at: now() })
    .where('id', '=', p.id)
    .where('user_id', '=', user.id)
    .execute();
  return {};
}

/**
 * A real order with the specification's lines: catalogue items at their prices, the rest for the
 * manager to price. One order per project however many requests arrive at once: the project is
 * claimed (still calculated, no order yet) in the same transaction that inserts the order, and the
 * order is built from the result read by that claim; a request that finds it claimed rolls back and
 * answers 409.
 */
export async function orderProject(
  user: User,
  p: BtpProject,
  t: T,
  handle?: Kysely<DB>,
): Promise<{ orderId: number; number: string }> {
  if (p.order_id !== null) throw new HttpError(409, t('calcBtp.errors.ordered'));
  if (!p.result) throw new HttpError(409, t('calcBtp.errors.notCalculated'));
  const h = handle ?? defaultDb();
  return h.transaction().execute(async (trx) => {
    const bt = btpDb(trx);
    // PostgreSQL: a second request waits on this row's lock and then finds status 'ordered' (0 rows);
    // SQLite runs transactions one at a time on its single connection.
    const claimed = await bt
      .updateTable('btp_projects')
      .set({ status: 'ordered', updated_at: now() })
      .where('id', '=', p.id)
      .where('user_id', '=', user.id)
      .where('status', '=', 'calculated')
      .where('order_id', 'is', null)
      .returning(['result', 'title', 'organisation_id', 'object_id'])
      .executeTakeFirst();
    if (!claimed?.result) {
      const row = await bt
        .selectFrom('btp_projects')
        .select(['status', 'order_id'])
        .where('id', '=', p.id)
        .executeTakeFirst();
      throw new HttpError(
        409,
        t(
          row?.status === 'ordered' || row?.order_id != null
            ? 'calcBtp.errors.ordered'
            : 'calcBtp.errors.notCalculated',
        ),
      );
    }
    const spec = specification(JSON.parse(claimed.result) as BtpResult, t);
    const rows = spec.sections.flatMap((s) => s.rows);
    // Catalogue ids of the pumps: one bounded query (a handful of skus).
    const skus = [...new Set(rows.filter((r) => r.catalogue && r.code).map((r) => r.code))];
    const cids = new Map(
      skus.length
        ? (
            await trx
              .selectFrom('catalogue_items')
              .select(['id', 'sku'])
              .where('sku', 'in', skus)
              .execute()
          ).map((c) => [c.sku, c.id])
        : [],
    );
    const lines = rows.map((r) => ({
      catalogue_id: cids.has(r.code) ? String(cids.get(r.code)) : null,
      title: `${r.pos}. ${r.name}`.slice(0, 500),
      sku: r.code || null,
      unit: r.unit,
      quantity: r.qty,
      price: r.price_kop,
    }));
    const id = await insertOrder(trx, user.id, {
      title: sheetHeading({ number: p.number, title: claimed.title }, t).slice(0, 300),
      comment: null,
      organisation_id: claimed.organisation_id,
      object_id: claimed.object_id,
      source: 'calculation',
      lines,
    });
    await bt.updateTable('btp_projects').set({ order_id: id }).where('id', '=', p.id).execute();
    const { number } = await trx
      .selectFrom('orders')
      .select('number')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { orderId: id, number };
  });
}

export { BTP_DEFAULTS };

/** "BTP-000012: Title" (or the untitled text), as the project's pages, its .xlsx and its order show it. */
export const sheetHeading = (p: Pick<BtpProject, 'number' | 'title'>, t: T): string =>
  `${p.number}: ${p.title || t('calcBtp.untitled')}`;
