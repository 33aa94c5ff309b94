// The maintenance plan of a product (decision 0047): per kind of work the interval in months and/or
// the next due day and the last day it was done, set by the back office (setPlan replaces the plan);
// a service event of a planned kind moves the next due day to its day plus the interval in the
// event's transaction (serviceDone) when the event belongs to the current cycle; the due day never
// moves earlier. The reminder check (runMaintenanceReminders) tells every reader of the product
// MAINTENANCE_REMIND_DAYS before the due day and once when it has passed, exactly once: the reminder
// (plan row, due day, kind) is claimed by an insert that ignores a taken key in the same transaction
// that stores the notifications, so a failure or a crash undoes both and the next run sends it, and
// two instances checking at once notify once. A product without readers is not claimed.
import { sql, type Kysely, type NotNull } from 'kysely';
import { notify } from '#features/notifications/notifications.server.ts';
import { config } from '#lib/config.ts';
import { localDay } from '#lib/dates.ts';
import { db as defaultDb, now } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import { DEFAULT_LOCALE, isLocale, translator } from '#lib/i18n/index.ts';
import { log } from '#lib/log.ts';
import { paths } from '#lib/paths.ts';
import { addDays, addMonths, nextDue, planState, type PlanItem } from './registry.maintenance.ts';
import { isPlanKind, PLAN_KINDS, type PlanKind, type ReminderKind } from './registry.schema.ts';
import { today } from './registry.warranty.server.ts';

/** The plan's rows in the order of PLAN_KINDS, each with its status on `day`. */
export async function planOf(
  productId: number,
  day: string = today(),
  handle: Kysely<DB> = defaultDb(),
): Promise<PlanItem[]> {
  const rows = await handle
    .selectFrom('product_maintenance')
    .select(['kind', 'interval_months', 'next_due', 'last_done'])
    .where('product_id', '=', productId)
    .execute();
  return rows
    .sort((a, b) => PLAN_KINDS.indexOf(a.kind) - PLAN_KINDS.indexOf(b.kind))
    .map((r) => ({ ...r, status: planState(r.next_due, day) }));
}

/**
 * Of the products `ids` (one list page), those with work overdue on `day`: one query through the plan's
 * (product_id, kind) index, bounded by the page.
 */
export async function overdueAmong(
  ids: number[],
  day: string = today(),
  handle: Kysely<DB> = defaultDb(),
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await handle
    .selectFrom('product_maintenance')
    .select('product_id')
    .distinct()
    .where('product_id', 'in', ids)
    .where('next_due', '<', day)
    .execute();
  return new Set(rows.map((r) => r.product_id));
}

/** A plan row whose next due day can be neither read nor derived (its index in the call's plan). */
export class PlanDueMissing extends Error {
  readonly index: number;
  constructor(index: number) {
    super(`plan row ${index}: no next due day`);
    this.index = index;
  }
}

/** The product's row lock (a no-op write): a concurrent plan or service event waits for this one. */
async function lockProduct(trx: Kysely<DB>, productId: number) {
  await trx
    .updateTable('products')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', productId)
    .execute();
}

/**
 * Replaces the product's plan (one transaction): kinds left out are removed, the others keep their
 * row (and so the reminders already sent for an unchanged due day). A row without `last_done` takes
 * the last service event of its kind; without `next_due` it is the last done day (or, never done, the
 * commissioning day) plus the interval. Throws PlanDueMissing when neither gives a day.
 */
export async function setPlan(
  productId: number,
  plan: Array<{
    kind: PlanKind;
    interval_months?: number | null;
    next_due?: string | null;
    last_done?: string | null;
  }>,
  handle: Kysely<DB> = defaultDb(),
): Promise<PlanItem[]> {
  await handle.transaction().execute(async (trx) => {
    await lockProduct(trx, productId);
    const history = await trx
      .selectFrom('product_service')
      .select(['kind', (eb) => eb.fn.max('date').as('date')])
      .where('product_id', '=', productId)
      .groupBy('kind')
      .execute();
    const lastOf = (k: string) => history.find((h) => h.kind === k)?.date ?? null;
    const commissioned = await trx
      .selectFrom('product_service')
      .select((eb) => eb.fn.min('date').as('date'))
      .where('product_id', '=', productId)
      .where('kind', '=', 'commissioning')
      .executeTakeFirst();
    const at = now();
    for (const [i, r] of plan.entries()) {
      const interval = r.interval_months ?? null;
      const last = r.last_done ?? lastOf(r.kind);
      const due = nextDue(r.next_due ?? null, last ?? commissioned?.date ?? null, interval);
      if (!due) throw new PlanDueMissing(i);
      const row = { interval_months: interval, next_due: due, last_done: last, updated_at: at };
      await trx
        .insertInto('product_maintenance')
        .values({ product_id: productId, kind: r.kind, created_at: at, ...row })
        .onConflict((oc) => oc.columns(['product_id', 'kind']).doUpdateSet(row))
        .execute();
    }
    const kept = plan.map((r) => r.kind);
    await trx
      .deleteFrom('product_maintenance')
      .where('product_id', '=', productId)
      .$if(kept.length > 0, (q) => q.where('kind', 'not in', kept))
      .execute();
  });
  return planOf(productId, today(), handle);
}

/**
 * A service event of `kind` done on `date` (inside the event's transaction): the plan row of that kind
 * records the day and its next due day becomes the day plus the interval; a row without an interval
 * had a one-off due day, which the work fulfils. Only an event of the current cycle counts: one older
 * than the recorded last day, one whose day plus the interval falls before the next due day (done
 * before the cycle began: a back-filled old record), and for a one-off due day one dated before the
 * day the plan row was set change nothing. So the next due day never moves earlier.
 */
export async function serviceDone(
  trx: Kysely<DB>,
  productId: number,
  kind: string,
  date: string,
): Promise<void> {
  if (!isPlanKind(kind)) return;
  await lockProduct(trx, productId);
  const row = await trx
    .selectFrom('product_maintenance')
    .select(['id', 'interval_months', 'last_done', 'next_due', 'updated_at'])
    .where('product_id', '=', productId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row || (row.last_done && row.last_done > date)) return;
  if (row.next_due) {
    const cycleStart = row.interval_months
      ? addMonths(date, row.interval_months) >= row.next_due
      : date >= localDay(new Date(row.updated_at), config().timeZone);
    if (!cycleStart) return;
  }
  await trx
    .updateTable('product_maintenance')
    .set({
      last_done: date,
      next_due: nextDue(null, date, row.interval_months),
      updated_at: now(),
    })
    .where('id', '=', row.id)
    .execute();
}

const DD_MM_YYYY = (d: string) => d.split('-').reverse().join('.');
const BATCH = 200;

interface Due {
  id: number;
  kind: PlanKind;
  next_due: string;
  product_id: number;
  serial: string;
  title: string;
}

/** The readers of the product (owner and granted colleagues), as the live product events reach. */
async function readersOf(handle: Kysely<DB>, productId: number) {
  return handle
    .selectFrom('product_access as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['u.id', 'u.locale'])
    .where('a.product_id', '=', productId)
    .orderBy('u.id')
    .limit(500)
    .execute();
}

/**
 * Claims the reminder and stores one notification per reader in one transaction; the live events go
 * out after the commit. No readers (yet): nothing is claimed, a later run tells them. Answers the
 * number of notifications stored.
 */
async function remind(handle: Kysely<DB>, row: Due, kind: ReminderKind): Promise<number> {
  const published: Array<() => Promise<void>> = [];
  const sent = await handle.transaction().execute(async (trx) => {
    const readers = await readersOf(trx, row.product_id);
    if (readers.length === 0) return 0;
    // PostgreSQL: a concurrent claim of the same key waits for this transaction, then inserts nothing;
    // SQLite: transactions take the write lock at their start, one at a time.
    const claimed = await trx
      .insertInto('product_maintenance_reminders')
      .values({ plan_id: row.id, due: row.next_due, kind, created_at: now() })
      .onConflict((oc) => oc.columns(['plan_id', 'due', 'kind']).doNothing())
      .returning('id')
      .executeTakeFirst();
    // Claimed here or before: the row leaves the check's scan for this due day and kind.
    await trx
      .updateTable('product_maintenance')
      .set(kind === 'soon' ? { soon_sent: row.next_due } : { overdue_sent: row.next_due })
      .where('id', '=', row.id)
      .where('next_due', '=', row.next_due)
      .execute();
    if (!claimed) return 0;
    for (const u of readers) {
      const t = translator(isLocale(u.locale) ? u.locale : DEFAULT_LOCALE);
      await notify(
        u.id,
        {
          module: 'sales',
          icon: 'status',
          pid: row.product_id,
          url: `${paths.productions.one(row.product_id)}#maintenance`,
          title: t(`registry.notify.maintenance.${kind}`, {
            work: t(`registry.service.kind.${row.kind}`),
            title: row.title,
            serial: row.serial,
            date: DD_MM_YYYY(row.next_due),
          }),
        },
        trx,
        (publish) => published.push(publish),
      );
    }
    return readers.length;
  });
  for (const publish of published) await publish();
  return sent;
}

/** Rows still owed a reminder on `day`: the overdue reminder of the current due day not yet had. */
const PENDING = sql<boolean>`(overdue_sent is null or overdue_sent <> next_due)`;

/**
 * Sends the reminders due at `at`: 'soon' for plan rows due from the supplier's today through
 * `days` ahead, 'overdue' for rows whose due day has passed. It pages through the rows still owed
 * their overdue reminder by (next_due, id), the order of their partial index (migration 0034); each
 * (row, due day, kind) is claimed with its notifications (remind), so a repeated or concurrent run
 * sends nothing again. `signal` (shutdown) stops it before the next claim. Answers the number of
 * notifications sent.
 */
export async function runMaintenanceReminders(
  at: Date = new Date(),
  opts: {
    days?: number;
    timeZone?: string;
    handle?: Kysely<DB>;
    signal?: AbortSignal;
    /** Rows read per page (tests). */
    batch?: number;
  } = {},
): Promise<number> {
  const handle = opts.handle ?? defaultDb();
  const batch = opts.batch ?? BATCH;
  const day = localDay(at, opts.timeZone ?? config().timeZone);
  const horizon = addDays(day, opts.days ?? config().maintenanceRemindDays);
  let sent = 0;
  let after: { due: string; id: number } | null = null;
  while (!opts.signal?.aborted) {
    const from: { due: string; id: number } | null = after;
    const rows: Due[] = await handle
      .selectFrom('product_maintenance')
      .innerJoin('products as p', 'p.id', 'product_maintenance.product_id')
      .select([
        'product_maintenance.id',
        'product_maintenance.kind',
        'product_maintenance.next_due',
        'p.id as product_id',
        'p.serial',
        'p.title',
      ])
      .where(PENDING)
      .where('product_maintenance.next_due', '<=', horizon)
      .$if(from !== null, (q) =>
        q.where((eb) =>
          eb(
            eb.refTuple('product_maintenance.next_due', 'product_maintenance.id'),
            '>',
            eb.tuple(from!.due, from!.id),
          ),
        ),
      )
      // A 'soon' reminder already had for this due day: skipped without a probe.
      .where((eb) =>
        eb.or([
          eb('product_maintenance.next_due', '<', day),
          eb('product_maintenance.soon_sent', 'is', null),
          eb('product_maintenance.soon_sent', '<>', eb.ref('product_maintenance.next_due')),
        ]),
      )
      .orderBy('product_maintenance.next_due')
      .orderBy('product_maintenance.id')
      .limit(batch)
      .$narrowType<{ next_due: NotNull }>()
      .execute();
    for (const r of rows) {
      if (opts.signal?.aborted) return sent;
      const kind: ReminderKind = r.next_due < day ? 'overdue' : 'soon';
      // A failure (a plan row removed meanwhile, a lost connection) undoes this row's claim and
      // notifications alike and keeps no other row from its turn; the next run tries it again.
      sent += await remind(handle, r, kind).catch((err: unknown) => {
        log.warn('maintenance: reminder failed', { plan: r.id, err });
        return 0;
      });
    }
    if (rows.length < batch) break;
    const last: Due = rows.at(-1)!;
    after = { due: last.next_due, id: last.id };
  }
  return sent;
}

/**
 * Runs the reminder check now and every `everyMs` (hourly) until stopped; stop ends a run in progress
 * before its next claim and waits for it.
 */
export function startMaintenanceReminders(everyMs = 3_600_000): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const stopping = new AbortController();
  const tick = () => {
    if (busy || stopping.signal.aborted) return;
    busy = true;
    running = runMaintenanceReminders(new Date(), { signal: stopping.signal })
      .catch((err) => log.warn('maintenance: reminder check failed', { err }))
      .finally(() => (busy = false));
  };
  const first = setTimeout(tick, 1000);
  first.unref();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop() {
      stopping.abort();
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
