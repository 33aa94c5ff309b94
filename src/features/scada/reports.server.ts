// Daily and monthly reports of an object (the spec's three report items and 'all reports', made real):
// min/max/avg and sample count per variable over the period, the alarms raised in it and the
// commands sent. Periods are calendar days and months in the supplier's time zone.
import { sql, type Kysely } from 'kysely';
import { dayStartUtc, isCalendarDate, localDay } from '#lib/dates.ts';
import { db as defaultDb } from '#lib/db/index.ts';
import type { DB } from '#lib/db/schema.ts';
import { roundAt } from './scada.schema.ts';

export type ReportKind = 'day' | 'month';
const ROWS = 500;

export interface Report {
  kind: ReportKind;
  period: string;
  from: string;
  to: string;
  variables: Array<{
    title: string;
    unit: string;
    min: number | null;
    max: number | null;
    avg: number | null;
    n: number;
  }>;
  alarms: Array<{ tag: string; raised_at: string; cleared_at: string | null }>;
  commands: Array<{
    created_at: string;
    user: string;
    tag: string;
    old_value: number | null;
    requested: string;
    result: string;
  }>;
}

/** The period's bounds, or null when the period does not name a day (kind day) or a month. */
export function periodBounds(
  kind: ReportKind,
  period: string,
  timeZone: string,
): { from: string; to: string } | null {
  if (kind === 'day') {
    if (!isCalendarDate(period)) return null;
    const next = new Date(`${period}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    return {
      from: dayStartUtc(period, timeZone),
      to: dayStartUtc(next.toISOString().slice(0, 10), timeZone),
    };
  }
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) return null;
  const next = new Date(`${period}-01T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return {
    from: dayStartUtc(`${period}-01`, timeZone),
    to: dayStartUtc(next.toISOString().slice(0, 10), timeZone),
  };
}

/** The 'all reports' list: the last 7 days and the last 3 months. */
export function reportList(
  timeZone: string,
  now = new Date(),
): Array<{ kind: ReportKind; period: string }> {
  const days = Array.from({ length: 7 }, (_, i) =>
    localDay(new Date(now.getTime() - i * 86_400_000), timeZone),
  );
  const month = localDay(now, timeZone).slice(0, 7);
  const months = [0, 1, 2].map((i) => {
    const d = new Date(`${month}-15T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() - i);
    return d.toISOString().slice(0, 7);
  });
  return [
    ...days.map((period) => ({ kind: 'day' as const, period })),
    ...months.map((period) => ({ kind: 'month' as const, period })),
  ];
}

export async function buildReport(
  objectId: number,
  kind: ReportKind,
  period: string,
  timeZone: string,
  handle: Kysely<DB> = defaultDb(),
): Promise<Report | null> {
  const b = periodBounds(kind, period, timeZone);
  if (!b) return null;
  const from = Date.parse(b.from);
  const to = Date.parse(b.to);
  const stats = await handle
    .selectFrom('scada_tags as t')
    .leftJoin('scada_samples as s', (j) =>
      j.onRef('s.tag_id', '=', 't.id').on('s.ts', '>=', from).on('s.ts', '<', to),
    )
    .where('t.object_id', '=', objectId)
    .where('t.idx', '>=', 0)
    .groupBy(['t.id', 't.idx', 't.title', 't.unit', 't.type', 't.step'])
    .select([
      't.title',
      't.unit',
      't.type',
      't.step',
      sql<number | null>`min(s.value)`.as('min'),
      sql<number | null>`max(s.value)`.as('max'),
      sql<number | null>`avg(s.value)`.as('avg'),
      sql<number>`count(s.value)`.as('n'),
    ])
    .orderBy('t.idx')
    .execute();
  const alarms = await handle
    .selectFrom('scada_alarms as a')
    .innerJoin('scada_tags as t', 't.id', 'a.tag_id')
    .where('a.object_id', '=', objectId)
    .where('a.raised_at', '<', b.to)
    .where((eb) => eb.or([eb('a.cleared_at', 'is', null), eb('a.cleared_at', '>=', b.from)]))
    .select(['t.title as tag', 'a.raised_at', 'a.cleared_at'])
    .orderBy('a.raised_at')
    .limit(ROWS)
    .execute();
  const commands = await handle
    .selectFrom('scada_commands as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .innerJoin('scada_tags as t', 't.id', 'c.tag_id')
    .where('c.object_id', '=', objectId)
    .where('c.created_at', '>=', b.from)
    .where('c.created_at', '<', b.to)
    .select([
      'c.created_at',
      sql<string>`u.surname || ' ' || u.name`.as('user'),
      't.title as tag',
      't.type',
      't.step',
      'c.old_value',
      'c.requested',
      'c.result',
    ])
    .orderBy('c.id')
    .limit(ROWS)
    .execute();
  // Rounded at each variable's precision (scada.schema.ts precisionOf): no float32 artefacts.
  const num = (tag: { type: string; step: number | null }, x: unknown) =>
    x === null || x === undefined ? null : roundAt(tag, Number(x));
  return {
    kind,
    period,
    ...b,
    variables: stats.map((s) => ({
      title: s.title,
      unit: s.unit,
      min: num(s, s.min),
      max: num(s, s.max),
      // An average of integers keeps the 3 decimals of a float without a step.
      avg: num(s.type === 'float' ? s : { type: 'float', step: null }, s.avg),
      n: Number(s.n),
    })),
    alarms,
    commands: commands.map(({ type, step, ...c }) => ({
      ...c,
      old_value: num({ type, step }, c.old_value),
    })),
  };
}
