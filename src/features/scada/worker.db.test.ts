// An object worker on both engines stores and publishes its reads only while the object is the one
// it was started with: once a re-PUT has changed the object (its updated_at), the old worker's
// values of the old variable list neither overwrite the dropped snapshot nor reach the streams.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { migratedDatabase } from '../../../tests/helpers/db.ts';
import { insertScadaObject } from '../../../tests/helpers/scada-db.ts';
import { createBus } from '#lib/realtime/bus.ts';
import { LIVE_TOPIC } from './live.ts';
import { ensurePartitions } from './partitions.server.ts';
import { ObjectWorker } from './worker.server.ts';

const database = migratedDatabase();
let objectId: number;
let tagId: number;
const VERSION = '2026-11-28T00:00:00.000Z';

beforeAll(async () => {
  await ensurePartitions(database.db);
  const made = await insertScadaObject(database.db, 'w', [{ key: 'n', title: 'N', type: 'int' }], {
    created_at: VERSION,
    updated_at: VERSION,
  });
  objectId = made.id;
  tagId = made.tags[0]!.id;
});

describe('an object worker', () => {
  it('stops storing and publishing once the object was re-PUT', async () => {
    const bus = await createBus();
    const published: Array<Array<number | null>> = [];
    bus.subscribe(LIVE_TOPIC(objectId), (e) => {
      if (e.type === 'scada.values') published.push((e.data as { v: Array<number | null> }).v);
    });
    let value = 1;
    const worker = new ObjectWorker({
      id: objectId,
      version: VERSION,
      driver: { type: 'simulator', poll_ms: 50 },
      tags: [{ id: tagId, idx: 0, type: 'int', field_type: null, address: {} }],
      deadbands: [0],
      alarmTags: [],
      db: database.db,
      bus,
      open: async () => ({
        read: async () => [value],
        write: async () => undefined,
        close: async () => undefined,
      }),
    });
    try {
      await vi.waitFor(() => expect(published).toContainEqual([1]));
      const stored = await database.db
        .selectFrom('scada_objects')
        .select(['live', 'status'])
        .where('id', '=', objectId)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(stored.live!).v).toEqual([1]);
      expect(stored.status).toBe(1);
      // The re-PUT: a new version, the snapshot dropped (scada.integration.server.ts).
      await database.db
        .updateTable('scada_objects')
        .set({ updated_at: '2026-11-28T00:00:01.000Z', live: null, status: 0 })
        .where('id', '=', objectId)
        .execute();
      const before = published.length;
      value = 2;
      await new Promise((r) => setTimeout(r, 400));
      expect(published.slice(before)).not.toContainEqual([2]);
      const after = await database.db
        .selectFrom('scada_objects')
        .select(['live', 'status'])
        .where('id', '=', objectId)
        .executeTakeFirstOrThrow();
      expect(after).toEqual({ live: null, status: 0 });
    } finally {
      await worker.stop();
    }
  });
});
