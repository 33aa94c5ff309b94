// History on both engines: deadband and heartbeat decide what is stored, (alarms: alarms.db.test.ts),
// hourly rollups are made once per closed hour, and a long-range trend reads rollups plus the
// raw samples of the hours not yet rolled up, with the same figures as the raw data alone.
import { beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../tests/helpers/db.ts';
import { insertScadaObject } from '../../../tests/helpers/scada-db.ts';
import { sql } from 'kysely';
import { HEARTBEAT_MS, history, Recorder, rollup } from './history.server.ts';
import { dropOldPartitions, ensurePartitions } from './partitions.server.ts';

const database = migratedDatabase();
let tags: Array<{
  id: number;
  idx: number;
  type: string;
  field_type: string | null;
  address: Record<string, unknown>;
}>;
const H = 3_600_000;
const T0 = Date.UTC(2026, 10, 20, 0, 0, 0);

beforeAll(async () => {
  const made = await insertScadaObject(database.db, 'h', [
    { key: 'p', deadband: 0.5 },
    { key: 'alarm', alarm: 1 },
  ]);
  tags = made.tags.map((r) => ({
    id: r.id,
    idx: r.idx,
    type: 'float',
    field_type: null,
    address: {},
  }));
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('monthly partitions (PostgreSQL)', () => {
  it('creates months ahead, keeps samples in them, and retention drops whole old months', async () => {
    const made = await ensurePartitions(database.db, Date.UTC(2020, 0, 15), 1);
    expect(made).toEqual(['scada_samples_y2020m01', 'scada_samples_y2020m02']);
    await database.db
      .insertInto('scada_samples')
      .values({ tag_id: tags[0]!.id, ts: Date.UTC(2020, 0, 20), value: 1 })
      .execute();
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from scada_samples_y2020m01`.execute(database.db);
    expect(Number(rows[0]!.n)).toBe(1);
    expect(await dropOldPartitions(database.db, Date.UTC(2020, 1, 10))).toEqual([
      'scada_samples_y2020m01',
    ]);
    const left = await database.db
      .selectFrom('scada_samples')
      .select('ts')
      .where('ts', '<', Date.UTC(2020, 2, 1))
      .execute();
    expect(left).toEqual([]);
  });
});

describe('history', () => {
  it('stores on change beyond the deadband and on the heartbeat', async () => {
    const rec = new Recorder(database.db, 1, tags, [0.5, 0]);
    await rec.record([10, 0], T0);
    await rec.record([10.3, 0], T0 + 1000); // within the deadband
    await rec.record([11, 1], T0 + 2000); // moved, alarm raised
    await rec.record([11, 1], T0 + 3000);
    await rec.record([11, 0], T0 + HEARTBEAT_MS + 2000); // heartbeat for p, alarm cleared
    const p = await database.db
      .selectFrom('scada_samples')
      .select(['ts', 'value'])
      .where('tag_id', '=', tags[0]!.id)
      .orderBy('ts')
      .execute();
    expect(p.map((r) => [Number(r.ts) - T0, r.value])).toEqual([
      [0, 10],
      [2000, 11],
      [HEARTBEAT_MS + 2000, 11],
    ]);
  });

  it('rolls closed hours up once and answers long ranges from rollups plus raw samples', async () => {
    const rows = [];
    for (let i = 0; i < 48 * 6; i++)
      rows.push({ tag_id: tags[0]!.id, ts: T0 + H + i * 600_000, value: i % 10 });
    await database.db
      .insertInto('scada_samples')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
    const before = await history([tags[0]!.id], T0, T0 + 3 * 24 * H, 72, database.db);
    const now = T0 + 30 * H + 123;
    expect(await rollup(database.db, now, 24)).toBe(24 * H); // at most maxHours per run
    expect(await rollup(database.db, now, 24)).toBe(30 * H - 24 * H);
    expect(await rollup(database.db, now, 24)).toBe(0);
    const hourly = await database.db
      .selectFrom('scada_hourly')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(hourly.n)).toBe(31); // 30 hours of p, and the alarm variable's first hour
    const after = await history([tags[0]!.id], T0, T0 + 3 * 24 * H, 72, database.db);
    // The same figures (gaps differ: rollups keep no sample times, so their gaps are whole hours).
    expect(after.map((x) => x.points)).toEqual(before.map((x) => x.points));
    expect(after[0]!.points.length).toBeLessThanOrEqual(72);
    const firstFull = after[0]!.points.find((p) => p.t === T0 + 2 * H)!;
    expect(firstFull).toEqual({ t: T0 + 2 * H, min: 0, max: 9, avg: expect.any(Number) });
  });
});
