// Query parameters of the alarm and journal calls: anything malformed answers 400 naming the
// parameter (decision 0034), never a silent default or a 500; and the alarm page's e-mail form.
import type { Kysely } from 'kysely';
import { config } from '#lib/config.ts';
import { db as defaultDb } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import { dayStartUtc, isCalendarDate, nextDay } from '#lib/dates.ts';
import { HttpError, formBool, readFormData } from '#lib/http/api.ts';
import type { T } from '#lib/i18n/index.ts';
import { paths, withQuery } from '#lib/paths.ts';
import { parseId } from '#lib/validation.ts';
import { EVENT_KINDS, type EventKind } from './alarms.schema.ts';
import {
  DEFAULT_LIMIT,
  MAX_LIMIT,
  type AlarmQuery,
  type EventQuery,
  setAlarmMail,
} from './alarms.query.server.ts';

function bad(t: T, field: string, key: string): never {
  const message = t(key);
  throw new HttpError(400, message, { errors: { [field]: message } });
}

function limitOf(p: URLSearchParams, t: T): number {
  const raw = p.get('limit');
  if (raw === null || raw === '') return DEFAULT_LIMIT;
  if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_LIMIT)
    bad(t, 'limit', 'scada.alarms.query.limit');
  return Number(raw);
}

export function alarmQuery(p: URLSearchParams, t: T): AlarmQuery {
  const state = p.get('state') ?? 'active';
  if (state !== 'active' && state !== 'all') bad(t, 'state', 'scada.alarms.query.state');
  const rawBefore = p.get('before');
  const before = rawBefore === null || rawBefore === '' ? null : parseId(rawBefore);
  if (rawBefore && before === null) bad(t, 'before', 'scada.alarms.query.before');
  return { state, before, limit: limitOf(p, t) };
}

const ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

function timeOf(p: URLSearchParams, name: 'from' | 'to', t: T): string | null {
  const raw = p.get(name);
  if (raw === null || raw === '') return null;
  // A calendar day (the journal's date inputs) is a day of the supplier's time zone, and `to`
  // includes its day: from its start to the next day's start.
  const day = isCalendarDate(raw) ? (name === 'to' ? nextDay(raw) : raw) : null;
  const ms = day
    ? Date.parse(dayStartUtc(day, config().timeZone))
    : ISO.test(raw)
      ? Date.parse(raw)
      : NaN;
  if (!Number.isFinite(ms) || ms < Date.UTC(2000, 0, 1) || ms > Date.UTC(2100, 0, 1))
    bad(t, name, 'scada.alarms.query.time');
  return new Date(ms).toISOString();
}

export function eventQuery(p: URLSearchParams, t: T): EventQuery {
  const from = timeOf(p, 'from', t);
  const to = timeOf(p, 'to', t);
  if (from && to && from >= to) bad(t, 'to', 'scada.alarms.query.period');
  const kinds: EventKind[] = [];
  for (const k of (p.get('kind') ?? '').split(',').filter(Boolean)) {
    if (!(EVENT_KINDS as readonly string[]).includes(k) || kinds.length >= EVENT_KINDS.length)
      bad(t, 'kind', 'scada.alarms.query.kind');
    kinds.push(k as EventKind);
  }
  const rawAfter = p.get('after');
  let after: EventQuery['after'] = null;
  if (rawAfter) {
    const m = /^(.{10,30})_(\d{1,10})$/.exec(rawAfter);
    const id = m ? parseId(m[2]) : null;
    const at = m && ISO.test(m[1]!) ? m[1]! : null;
    if (id === null || at === null) bad(t, 'after', 'scada.alarms.query.after');
    after = { at, id };
  }
  return { from, to, kinds, after, limit: limitOf(p, t) };
}

/**
 * The alarm page's e-mail switch (a plain form, no JavaScript): a ticked box posts email=on, an
 * unticked one posts nothing, so the form's marker field tells "off" from a foreign post. Answers
 * the page to redirect to (post, redirect, get), saying what was saved.
 */
export async function handleAlarmMailPost(
  userId: number,
  request: Request,
  handle: Kysely<DB> = defaultDb(),
): Promise<string> {
  const form = await readFormData(request);
  if (form.get('action') === 'alarm-mail')
    await setAlarmMail(userId, formBool(form.get('email')), handle);
  return withQuery(paths.tools.scada.alarms(), { saved: 'mail' });
}
