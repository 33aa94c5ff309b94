// History: a sample is stored when a value moves beyond its tag's deadband, and at least every
// heartbeat (SCADA_HEARTBEAT_SECONDS, default HEARTBEAT_MS) regardless, so a flat line is still a known line (alarms:
// alarms.server.ts). Trends read min/max/avg per bucket.
import { sql, type Kysely } from 'kysely';
import type { DB } from '#lib/db/schema.ts';
import { config } from '#lib/config.ts';
import { db as defaultDb } from '#lib/db/index.ts';
import type { TagSpec } from './drivers/types.ts';
import { dropOldPartitions } from './partitions.server.ts';

/** The defaults of SCADA_HEARTBEAT_SECONDS and SCADA_RETENTION_DAYS (raw samples older than the
 *  retention are deleted by the poller's daily sweep; rollups, audit and alarms are kept). */
export const HEARTBEAT_MS = 5 * 60_000;
export const RETENTION_DAYS = 90;
export const MAX_POINTS = 2000;

export class Recorder {
  private readonly last: Array<{ v: number | null; ts: number } | null>;
  private readonly db: Kysely<DB>;
  private readonly objectId: number;
  private readonly tags: TagSpec[];
  private readonly deadbands: number[];
  private readonly heartbeatMs = config().scadaHeartbeatMs;

  constructor(db: Kysely<DB>, objectId: number, tags: TagSpec[], deadbands: number[]) {
    this.db = db;
    this.objectId = objectId;
    this.tags = tags;
    this.deadbands = deadbands;
    this.last = tags.map(() => null);
  }

  async record(values: Array<number | null>, ts: number) {
    const rows: Array<{ tag_id: number; ts: number; value: number | null }> = [];
    values.forEach((v, i) => {
      const prev = this.last[i];
      const moved =
        !prev ||
        (v === null) !== (prev.v === null) ||
        (v !== null && prev.v !== null && Math.abs(v - prev.v) > this.deadbands[i]!);
      if (moved || ts - prev.ts >= this.heartbeatMs) {
        rows.push({ tag_id: this.tags[i]!.id, ts, value: v });
        this.last[i] = { v, ts };
      }
    });
    if (rows.length)
      await this.db
        .insertInto('scada_samples')
        .values(rows)
        .onConflict((oc) => oc.doNothing())
        .execute();
  }
}

export interface Series {
  tag_id: number;
  points: Array<{ t: number; min: number; max: number; avg: number }>;
}

const HOUR = 3_600_000;
type Bucket = { min: number; max: number; sum: number; n: number };

/**
 * min/max/avg per bucket for each tag over [from, to), at most `points` buckets (<= MAX_POINTS).
 * Buckets of an hour or more read the hourly rollups for the hours already rolled up and raw
 * samples only for the rest, so a 30-day trend reads about 720 rows per variable.
 */
export async function history(
  tagIds: number[],
  from: number,
  to: number,
  points: number,
  handle: Kysely<DB> = defaultDb(),
): Promise<Series[]> {
  const n = Math.max(1, Math.min(points, MAX_POINTS));
  let width = Math.max(1000, Math.ceil((to - from) / n));
  const hourly = width >= HOUR;
  if (hourly) width = Math.ceil(width / HOUR) * HOUR;
  const base = hourly ? Math.floor(from / HOUR) * HOUR : Math.trunc(from);
  const doneUntil = hourly ? await rolledUntil(handle) : base;
  const rawFrom = Math.max(base, doneUntil);
  const bucket = (ts: string) =>
    sql<number>`(${sql.ref(ts)} - ${sql.lit(base)}) / ${sql.lit(width)}`;
  const out: Series[] = [];
  for (const tagId of tagIds) {
    const buckets = new Map<number, Bucket>();
    const add = (b: number, x: Bucket) => {
      const c = buckets.get(b);
      buckets.set(
        b,
        c
          ? {
              min: Math.min(c.min, x.min),
              max: Math.max(c.max, x.max),
              sum: c.sum + x.sum,
              n: c.n + x.n,
            }
          : x,
      );
    };
    if (hourly && doneUntil > base) {
      const rows = await handle
        .selectFrom('scada_hourly')
        .where('tag_id', '=', tagId)
        .where('hour', '>=', base)
        .where('hour', '<', Math.min(to, doneUntil))
        .select([
          bucket('hour').as('b'),
          sql<number>`min(min)`.as('min'),
          sql<number>`max(max)`.as('max'),
          sql<number>`sum(sum)`.as('sum'),
          sql<number>`sum(n)`.as('n'),
        ])
        .groupBy(sql`1`)
        .limit(n + 1)
        .execute();
      for (const r of rows)
        add(Math.floor(Number(r.b)), {
          min: Number(r.min),
          max: Number(r.max),
          sum: Number(r.sum),
          n: Number(r.n),
        });
    }
    if (rawFrom < to) {
      const rows = await handle
        .selectFrom('scada_samples')
        .where('tag_id', '=', tagId)
        .where('ts', '>=', Math.max(from, rawFrom))
        .where('ts', '<', to)
        .where('value', 'is not', null)
        .select([
          bucket('ts').as('b'),
          sql<number>`min(value)`.as('min'),
          sql<number>`max(value)`.as('max'),
          sql<number>`sum(value)`.as('sum'),
          sql<number>`count(value)`.as('n'),
        ])
        .groupBy(sql`1`)
        .limit(n + 1)
        .execute();
      for (const r of rows)
        add(Math.floor(Number(r.b)), {
          min: Number(r.min),
          max: Number(r.max),
          sum: Number(r.sum),
          n: Number(r.n),
        });
    }
    const points = [...buckets.entries()]
      .sort((x, y) => x[0] - y[0])
      .slice(0, n)
      .map(([b, x]) => ({
        t: base + b * width,
        min: x.min,
        max: x.max,
        avg: Math.round((x.sum / x.n) * 1000) / 1000,
      }));
    out.push({ tag_id: tagId, points });
  }
  return out;
}

async function rolledUntil(handle: Kysely<DB>): Promise<number> {
  const row = await handle
    .selectFrom('scada_rollup_state')
    .select('done_until')
    .where('name', '=', 'hourly')
    .executeTakeFirst();
  return row ? Number(row.done_until) : 0;
}

/**
 * Rolls closed hours of raw samples into scada_hourly, `maxHours` per run (the poller runs it every
 * minute, so it catches up 60 hours an hour). Safe on several
 * instances at once: rows are keyed by (tag, hour) and inserted only once; the mark only moves on.
 */
export async function rollup(handle: Kysely<DB>, now = Date.now(), maxHours = 1): Promise<number> {
  const until = Math.floor(now / HOUR) * HOUR;
  let from = await rolledUntil(handle);
  if (!from) {
    const first = await handle
      .selectFrom('scada_samples')
      .select((eb) => eb.fn.min<number>('ts').as('ts'))
      .executeTakeFirst();
    if (!first?.ts) return 0;
    from = Math.floor(Number(first.ts) / HOUR) * HOUR;
  }
  const end = Math.min(until, from + maxHours * HOUR);
  if (end <= from) return 0;
  await handle
    .insertInto('scada_hourly')
    .columns(['tag_id', 'hour', 'min', 'max', 'sum', 'n'])
    .expression((eb) =>
      eb
        .selectFrom('scada_samples')
        .where('ts', '>=', from)
        .where('ts', '<', end)
        .where('value', 'is not', null)
        .select([
          'tag_id',
          sql<number>`(ts / ${sql.lit(HOUR)}) * ${sql.lit(HOUR)}`.as('hour'),
          sql<number>`min(value)`.as('min'),
          sql<number>`max(value)`.as('max'),
          sql<number>`sum(value)`.as('sum'),
          sql<number>`count(value)`.as('n'),
        ])
        .groupBy(['tag_id', sql`(ts / ${sql.lit(HOUR)}) * ${sql.lit(HOUR)}`]),
    )
    .onConflict((oc) => oc.columns(['tag_id', 'hour']).doNothing())
    .execute();
  await handle
    .insertInto('scada_rollup_state')
    .values({ name: 'hourly', done_until: end })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ done_until: end })
        .where('scada_rollup_state.done_until', '<', end),
    )
    .execute();
  return end - from;
}

/** Retention: whole old months on PostgreSQL, then any older rows left (SQLite, default partition). */
export async function sweepSamples(
  handle: Kysely<DB>,
  now = Date.now(),
  retentionDays = config().scadaRetentionDays,
) {
  const cutoff = now - retentionDays * 86_400_000;
  await dropOldPartitions(handle, cutoff);
  await handle.deleteFrom('scada_samples').where('ts', '<', cutoff).execute();
}
