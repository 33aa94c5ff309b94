// Alarms and events as a user sees them (issue 24): every read goes through the user's grant (no
// grant: 404). Lists are key-paged newest first through the indexes of migration 0025; counts are of
// the active rows only (few by nature). Acknowledging is one conditional update plus its journal
// event in one transaction: of two simultaneous acks exactly one wins, the other answers 409.
import { sql, type Kysely } from 'kysely';
import { db as defaultDb, now } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import { HttpError } from '#lib/http/api.ts';
import type { T } from '#lib/i18n/index.ts';
import { bus } from '#lib/realtime/bus.ts';
import { ALARM_EVENT } from './alarms.server.ts';
import type { AlarmItem, EventItem, EventKind } from './alarms.schema.ts';
import { LIVE_TOPIC } from './live.ts';
import { precisionOf, roundAt } from './scada.schema.ts';
import { grantOf } from './scada.server.ts';

export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 20;

export interface AlarmQuery {
  state: 'active' | 'all';
  before: number | null;
  limit: number;
}

function alarmsBase(
  handle: Kysely<DB>,
  userId: number,
  objectId: number | null,
  state: 'active' | 'all',
) {
  let q = handle
    .selectFrom('scada_alarms as a')
    .innerJoin('scada_grants as g', (j) =>
      j.onRef('g.object_id', '=', 'a.object_id').on('g.user_id', '=', userId),
    );
  if (objectId !== null) q = q.where('a.object_id', '=', objectId);
  if (state === 'active') q = q.where('a.active', '=', 1);
  return q;
}

/** A page of the user's alarms (one object or all granted ones), newest first, and the total. */
export async function listAlarms(
  userId: number,
  objectId: number | null,
  q: AlarmQuery,
  handle: Kysely<DB> = defaultDb(),
): Promise<{ total: number; rows: AlarmItem[]; next: number | null }> {
  const base = alarmsBase(handle, userId, objectId, q.state);
  const { n } = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  let page = base
    .innerJoin('scada_objects as o', 'o.id', 'a.object_id')
    .leftJoin('scada_tags as t', 't.id', 'a.tag_id')
    .leftJoin('users as u', 'u.id', 'a.acknowledged_by');
  if (q.before) page = page.where('a.id', '<', q.before);
  const rows = await page
    .select([
      'a.id',
      'a.object_id',
      'o.title as object_title',
      'a.tag_id',
      't.title as tag_title',
      'a.kind',
      'a.value',
      'a.limit_value as limit',
      't.type',
      't.step',
      'a.raised_at',
      'a.cleared_at',
      'a.acknowledged_at',
      sql<string | null>`case when u.id is null then null else u.surname || ' ' || u.name end`.as(
        'acknowledged_by',
      ),
      'a.comment',
    ])
    .orderBy('a.id', 'desc')
    .limit(q.limit + 1)
    .execute();
  const more = rows.length > q.limit;
  const out = (more ? rows.slice(0, q.limit) : rows).map(({ type, step, ...r }) => {
    const tag = { type: type ?? 'float', step };
    return {
      ...r,
      value: r.value === null ? null : roundAt(tag, Number(r.value)),
      limit: r.limit === null ? null : roundAt(tag, Number(r.limit)),
      digits: precisionOf(tag),
    };
  }) as AlarmItem[];
  return { total: Number(n), rows: out, next: more ? out[out.length - 1]!.id : null };
}

/** Active alarms per granted object (the dispatching list), and their sum (the menu badge). */
export async function activeCounts(
  userId: number,
  handle: Kysely<DB> = defaultDb(),
): Promise<{ total: number; byObject: Map<number, number> }> {
  const rows = await alarmsBase(handle, userId, null, 'active')
    .select(['a.object_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('a.object_id')
    .limit(5000)
    .execute();
  const byObject = new Map(rows.map((r) => [r.object_id, Number(r.n)]));
  return { total: [...byObject.values()].reduce((s, x) => s + x, 0), byObject };
}

/**
 * Acknowledges an alarm for a user with the control grant: 404 when the user cannot see it, 403
 * without control, 409 when it was acknowledged already (the first acknowledgement stays: who and
 * when are the audit). Writes the journal event in the same transaction.
 */
export async function acknowledge(
  userId: number,
  alarmId: number | null,
  comment: string,
  t: T,
  handle: Kysely<DB> = defaultDb(),
): Promise<AlarmItem> {
  const notFoundError = () => new HttpError(404, t('scada.alarms.notFound'));
  if (alarmId === null) throw notFoundError();
  const alarm = await handle
    .selectFrom('scada_alarms')
    .select(['id', 'object_id'])
    .where('id', '=', alarmId)
    .executeTakeFirst();
  const grant = alarm ? await grantOf(userId, alarm.object_id, handle) : null;
  if (!alarm || grant === null) throw notFoundError();
  if (!grant) throw new HttpError(403, t('scada.action.refused.control'));
  const at = now();
  const done = await handle.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('scada_alarms')
      .set((eb) => ({
        acknowledged_at: at,
        acknowledged_by: userId,
        comment: comment || null,
        active: eb.case().when('cleared_at', 'is', null).then(1).else(0).end(),
      }))
      .where('id', '=', alarm.id)
      .where('acknowledged_at', 'is', null)
      .returning(['id', 'kind', 'tag_id'])
      .executeTakeFirst();
    if (!r) return false;
    const tag = r.tag_id
      ? await trx
          .selectFrom('scada_tags')
          .select('title')
          .where('id', '=', r.tag_id)
          .executeTakeFirst()
      : undefined;
    await trx
      .insertInto('scada_events')
      .values({
        object_id: alarm.object_id,
        at,
        kind: 'alarm_acked',
        alarm_id: r.id,
        alarm_kind: r.kind,
        tag_id: r.tag_id,
        tag_title: tag?.title ?? null,
        user_id: userId,
        value: null,
        detail: comment || null,
      })
      .execute();
    return true;
  });
  if (!done) throw new HttpError(409, t('scada.alarms.already'));
  await bus()
    .publish(LIVE_TOPIC(alarm.object_id), ALARM_EVENT, { id: alarm.id, state: 'acked' })
    .catch(() => {});
  const { rows } = await listAlarms(
    userId,
    alarm.object_id,
    { state: 'all', before: alarm.id + 1, limit: 1 },
    handle,
  );
  return rows[0]!;
}

export interface EventQuery {
  from: string | null;
  to: string | null;
  kinds: EventKind[];
  /** Cursor of the last row of the previous page: `<at>_<id>`. */
  after: { at: string; id: number } | null;
  limit: number;
}

/** A page of an object's journal, newest first, key-paged by (at, id). */
export async function listEvents(
  objectId: number,
  q: EventQuery,
  handle: Kysely<DB> = defaultDb(),
): Promise<{ rows: EventItem[]; next: string | null }> {
  let base = handle.selectFrom('scada_events as e').where('e.object_id', '=', objectId);
  if (q.kinds.length === 1) base = base.where('e.kind', '=', q.kinds[0]!);
  else if (q.kinds.length) base = base.where('e.kind', 'in', q.kinds);
  if (q.from) base = base.where('e.at', '>=', q.from);
  if (q.to) base = base.where('e.at', '<', q.to);
  if (q.after) {
    const { at, id } = q.after;
    base = base.where((eb) =>
      eb.or([eb('e.at', '<', at), eb.and([eb('e.at', '=', at), eb('e.id', '<', id)])]),
    );
  }
  const rows = await base
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('scada_tags as t', 't.id', 'e.tag_id')
    .select([
      't.type',
      't.step',
      'e.id',
      'e.at',
      'e.kind',
      'e.alarm_id',
      'e.alarm_kind',
      'e.tag_title',
      sql<string | null>`case when u.id is null then null else u.surname || ' ' || u.name end`.as(
        'user',
      ),
      'e.value',
      'e.detail',
    ])
    .orderBy('e.at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(q.limit + 1)
    .execute();
  const more = rows.length > q.limit;
  const out = (more ? rows.slice(0, q.limit) : rows).map(({ type, step, ...r }) => {
    const tag = { type: type ?? 'float', step };
    return {
      ...r,
      value: r.value === null ? null : roundAt(tag, Number(r.value)),
      digits: precisionOf(tag),
    };
  }) as EventItem[];
  const last = out[out.length - 1];
  return { rows: out, next: more && last ? `${last.at}_${last.id}` : null };
}

/** The object's journal event of a finished command (the command audit shown in the journal). */
export async function commandEvent(
  c: {
    object_id: number;
    tag_id: number;
    user_id: number;
    requested: string;
    result: string;
    reason: string | null;
  },
  handle: Kysely<DB> = defaultDb(),
): Promise<void> {
  const tag = await handle
    .selectFrom('scada_tags')
    .select('title')
    .where('id', '=', c.tag_id)
    .executeTakeFirst();
  await handle
    .insertInto('scada_events')
    .values({
      object_id: c.object_id,
      at: now(),
      kind: 'command',
      alarm_id: null,
      alarm_kind: null,
      tag_id: c.tag_id,
      tag_title: tag?.title ?? null,
      user_id: c.user_id,
      value: null,
      detail: `${c.requested.slice(0, 64)}: ${c.result}${c.reason ? ` (${c.reason})` : ''}`,
    })
    .execute();
}

/** Whether the user asked for alarm e-mails. */
export async function alarmMail(
  userId: number,
  handle: Kysely<DB> = defaultDb(),
): Promise<boolean> {
  const r = await handle
    .selectFrom('scada_alarm_settings')
    .select('email')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return !!r?.email;
}

export async function setAlarmMail(
  userId: number,
  on: boolean,
  handle: Kysely<DB> = defaultDb(),
): Promise<void> {
  const at = now();
  await handle
    .insertInto('scada_alarm_settings')
    .values({ user_id: userId, email: on ? 1 : 0, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ email: on ? 1 : 0, updated_at: at }))
    .execute();
}
