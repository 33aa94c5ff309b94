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
  /**
   * Where the line must break: [from, to] of each stretch without good samples between two points
   * (the link was lost: a null sample, or silence longer than the heartbeat allows).
   */
  gaps: Array<[number, number]>;
}

const HOUR = 3_600_000;
type Bucket = {
  min: number;
  max: number;
  sum: number;
  n: number;
  /** First and last good sample and first and last null (link lost) sample in the bucket. */
  firstGood: number | null;
  lastGood: number | null;
  firstNull: number | null;
  lastNull: number | null;
};

/** The longest silence that still counts as a line: the heartbeat with some slack. */
export const silenceAllowed = (heartbeatMs = config().scadaHeartbeatMs) =>
  heartbeatMs + Math.max(10_000, heartbeatMs / 5);

/** float32 artefacts (3.299999952316284) cut at six decimals. */
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const numOrNull = (x: unknown) => (x === null || x === undefined ? null : Number(x));
const minOf = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.min(a, b);
const maxOf = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.max(a, b);

/**
 * min/max/avg per bucket for each tag over [from, to), at most `points` buckets (<= MAX_POINTS),
 * with the gaps where the line must break. Buckets of an hour or more read the hourly rollups for
 * the hours already rolled up and raw samples only for the rest, so a 30-day trend reads about 720
 * rows per variable; every query is a range of the (tag_id, ts) key, grouped to at most n+1 rows.
 * The last good sample before `from` (when recent enough) is carried in as a point at `from`, so a
 * zoomed range inside a flat stretch still shows its line.
 */
export async function history(
  tagIds: number[],
  from: number,
  to: number,
  points: number,
  handle: Kysely<DB> = defaultDb(),
  silence = silenceAllowed(),
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
              firstGood: minOf(c.firstGood, x.firstGood),
              lastGood: maxOf(c.lastGood, x.lastGood),
              firstNull: minOf(c.firstNull, x.firstNull),
              lastNull: maxOf(c.lastNull, x.lastNull),
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
          sql<number>`min(hour)`.as('first'),
          sql<number>`max(hour)`.as('last'),
        ])
        .groupBy(sql`1`)
        .limit(n + 1)
        .execute();
      // Rollups keep no sample times: an hour with data counts as covered from its start to its end.
      for (const r of rows)
        add(Math.floor(Number(r.b)), {
          min: Number(r.min),
          max: Number(r.max),
          sum: Number(r.sum),
          n: Number(r.n),
          firstGood: Number(r.first),
          lastGood: Number(r.last) + HOUR - 1,
          firstNull: null,
          lastNull: null,
        });
    }
    if (rawFrom < to) {
      const good = sql`case when value is not null then ts end`;
      const bad = sql`case when value is null then ts end`;
      const rows = await handle
        .selectFrom('scada_samples')
        .where('tag_id', '=', tagId)
        .where('ts', '>=', Math.max(from, rawFrom))
        .where('ts', '<', to)
        .select([
          bucket('ts').as('b'),
          sql<number>`min(value)`.as('min'),
          sql<number>`max(value)`.as('max'),
          sql<number>`sum(value)`.as('sum'),
          sql<number>`count(value)`.as('n'),
          sql<number | null>`min(${good})`.as('fg'),
          sql<number | null>`max(${good})`.as('lg'),
          sql<number | null>`min(${bad})`.as('fn'),
          sql<number | null>`max(${bad})`.as('ln'),
        ])
        .groupBy(sql`1`)
        .limit(n + 1)
        .execute();
      for (const r of rows)
        add(Math.floor(Number(r.b)), {
          min: Number(r.min),
          max: Number(r.max),
          sum: Number(r.sum ?? 0),
          n: Number(r.n),
          firstGood: numOrNull(r.fg),
          lastGood: numOrNull(r.lg),
          firstNull: numOrNull(r.fn),
          lastNull: numOrNull(r.ln),
        });
    }
    const sorted = [...buckets.entries()].sort((x, y) => x[0] - y[0]).slice(0, n);
    const series: Series = { tag_id: tagId, points: [], gaps: [] };
    // The value just before the range, when the line was still alive at `from`.
    const before = await handle
      .selectFrom('scada_samples')
      .select(['ts', 'value'])
      .where('tag_id', '=', tagId)
      .where('ts', '<', from)
      .where('ts', '>=', from - silence)
      .orderBy('ts', 'desc')
      .limit(1)
      .executeTakeFirst();
    let last: number | null = null;
    let lost = false;
    if (before && before.value !== null && !(hourly && doneUntil > base)) {
      const v = round6(Number(before.value));
      series.points.push({ t: Math.trunc(from), min: v, max: v, avg: v });
      last = Number(before.ts);
    }
    for (const [b, x] of sorted) {
      if (x.n > 0 && x.firstGood !== null) {
        const nullBefore = x.firstNull !== null && x.firstNull < x.firstGood;
        if (last !== null && (lost || nullBefore || x.firstGood - last > silence))
          series.gaps.push([last, x.firstGood]);
        series.points.push({
          t: base + b * width,
          min: round6(x.min),
          max: round6(x.max),
          avg: Math.round((x.sum / x.n) * 1000) / 1000,
        });
        last = x.lastGood;
        lost = x.lastNull !== null && x.lastGood !== null && x.lastNull > x.lastGood;
      } else if (x.firstNull !== null) lost = true;
    }
    // Lost at the end: the break runs to the end of the range.
    if (last !== null && (lost || Math.min(to, Date.now()) - last > silence))
      series.gaps.push([last, Math.trunc(to)]);
    out.push(series);
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
