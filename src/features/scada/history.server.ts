// History: a sample is stored when a value moves beyond its tag's deadband, and at least every
// HEARTBEAT_MS regardless, so a flat line is still a known line. Alarm tags open an alarm row when
// they become non-zero and close it when they return to zero. Trends read min/max/avg per bucket.
import { sql, type Kysely } from 'kysely';
import type { DB } from '#lib/db/schema.ts';
import { db as defaultDb } from '#lib/db/index.ts';
import type { TagSpec } from './drivers/types.ts';

export const HEARTBEAT_MS = 5 * 60_000;
/** Raw samples older than this are deleted by the poller's daily sweep (audit and alarms are kept). */
export const RETENTION_DAYS = 90;
export const MAX_POINTS = 2000;

export class Recorder {
  private readonly last: Array<{ v: number | null; ts: number } | null>;
  private readonly alarmOn: Array<boolean | null>;
  private readonly db: Kysely<DB>;
  private readonly objectId: number;
  private readonly tags: TagSpec[];
  private readonly deadbands: number[];
  private readonly alarms: boolean[];

  constructor(db: Kysely<DB>, objectId: number, tags: TagSpec[], deadbands: number[], alarms: boolean[]) {
    this.db = db;
    this.objectId = objectId;
    this.tags = tags;
    this.deadbands = deadbands;
    this.alarms = alarms;
    this.last = tags.map(() => null);
    this.alarmOn = tags.map(() => null);
  }

  async record(values: Array<number | null>, ts: number) {
    const rows: Array<{ tag_id: number; ts: number; value: number | null }> = [];
    values.forEach((v, i) => {
      const prev = this.last[i];
      const moved = !prev || (v === null) !== (prev.v === null) || (v !== null && prev.v !== null && Math.abs(v - prev.v) > this.deadbands[i]!);
      if (moved || ts - prev.ts >= HEARTBEAT_MS) {
        rows.push({ tag_id: this.tags[i]!.id, ts, value: v });
        this.last[i] = { v, ts };
      }
    });
    if (rows.length) await this.db.insertInto('scada_samples').values(rows).onConflict((oc) => oc.doNothing()).execute();
    for (const [i, v] of values.entries()) {
      if (!this.alarms[i] || v === null) continue;
      const on = v !== 0;
      if (on === this.alarmOn[i]) continue;
      const tagId = this.tags[i]!.id;
      const open = await this.db.selectFrom('scada_alarms').select('id').where('tag_id', '=', tagId).where('cleared_at', 'is', null).executeTakeFirst();
      const time = new Date(ts).toISOString();
      if (on && !open) await this.db.insertInto('scada_alarms').values({ object_id: this.objectId, tag_id: tagId, raised_at: time, cleared_at: null }).execute();
      if (!on && open) await this.db.updateTable('scada_alarms').set({ cleared_at: time }).where('id', '=', open.id).execute();
      this.alarmOn[i] = on;
    }
  }
}

export interface Series {
  tag_id: number;
  points: Array<{ t: number; min: number; max: number; avg: number }>;
}

/** min/max/avg per bucket for each tag over [from, to), at most `points` buckets (<= MAX_POINTS). */
export async function history(tagIds: number[], from: number, to: number, points: number, handle: Kysely<DB> = defaultDb()): Promise<Series[]> {
  const n = Math.max(1, Math.min(points, MAX_POINTS));
  const width = Math.max(1000, Math.ceil((to - from) / n));
  const out: Series[] = [];
  for (const tagId of tagIds) {
    const rows = await handle
      .selectFrom('scada_samples')
      .where('tag_id', '=', tagId)
      .where('ts', '>=', from)
      .where('ts', '<', to)
      .where('value', 'is not', null)
      .select([
        sql<number>`(ts - ${sql.lit(Math.trunc(from))}) / ${sql.lit(width)}`.as('b'),
        sql<number>`min(value)`.as('min'),
        sql<number>`max(value)`.as('max'),
        sql<number>`avg(value)`.as('avg'),
      ])
      .groupBy(sql`(ts - ${sql.lit(Math.trunc(from))}) / ${sql.lit(width)}`)
      .orderBy('b')
      .limit(n + 1)
      .execute();
    out.push({ tag_id: tagId, points: rows.map((r) => ({ t: from + Math.floor(Number(r.b)) * width, min: Number(r.min), max: Number(r.max), avg: Math.round(Number(r.avg) * 1000) / 1000 })) });
  }
  return out;
}

export async function sweepSamples(handle: Kysely<DB>, now = Date.now()) {
  await handle.deleteFrom('scada_samples').where('ts', '<', now - RETENTION_DAYS * 86_400_000).execute();
}
