// The server owns field polling. Each object's device connection is polled by exactly one instance:
// a lease row per object in the database (SQLite and PostgreSQL alike), renewed by its holder every
// second and taken over by any instance once it has been expired for LEASE_TTL_MS (a dead instance
// stops renewing). Losing a lease stops the local worker at the next renewal.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { DB } from '#lib/db/schema.ts';
import { log } from '#lib/log.ts';
import type { Bus } from '#lib/realtime/bus.ts';
import { openModbus } from './drivers/modbus.ts';
import { openMqtt } from './drivers/mqtt.ts';
import { openSimulator } from './drivers/simulator.ts';
import type { TagSpec } from './drivers/types.ts';
import { rollup, sweepSamples } from './history.server.ts';
import { ensurePartitions } from './partitions.server.ts';
import type { Driver } from './scada.schema.ts';
import { ObjectWorker, type Opener } from './worker.server.ts';

export const LEASE_TTL_MS = 5000;
const TICK_MS = 1000;
/** Objects one deployment polls; beyond this the poller needs sharding (stated in docs/dispatching.md). */
const MAX_OBJECTS = 5000;
const leaseName = (id: number) => `object:${id}`;

export function openerFor(objectId: number): Opener {
  return (driver: Driver, tags: TagSpec[]) =>
    driver.type === 'modbus-tcp'
      ? openModbus(driver, tags)
      : driver.type === 'mqtt'
        ? openMqtt(driver, tags)
        : Promise.resolve(openSimulator(objectId, tags));
}

export function startPoller(db: Kysely<DB>, bus: Bus) {
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`.slice(0, 64);
  const workers = new Map<number, ObjectWorker>();
  let stopped = false;
  let running = false;
  let lastSweep = 0;
  let lastRollup = 0;

  async function tick() {
    if (running || stopped) return;
    running = true;
    try {
      const now = Date.now();
      // Objects without a lease row get one (expired, so anyone may take it).
      const [objects, leases] = await Promise.all([
        db.selectFrom('scada_objects').select('id').orderBy('id').limit(MAX_OBJECTS).execute(),
        db.selectFrom('scada_leases').select('name').limit(MAX_OBJECTS).execute(),
      ]);
      const known = new Set(leases.map((l) => l.name));
      const missing = objects.filter((o) => !known.has(leaseName(o.id)));
      if (missing.length)
        await db
          .insertInto('scada_leases')
          .values(missing.map((m) => ({ name: leaseName(m.id), holder: '', expires_at: 0 })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      await db
        .updateTable('scada_leases')
        .set({ holder, expires_at: now + LEASE_TTL_MS })
        .where('expires_at', '<', now)
        .execute();
      const held = await db
        .updateTable('scada_leases')
        .set({ expires_at: now + LEASE_TTL_MS })
        .where('holder', '=', holder)
        .returning('name')
        .execute();
      const mine = new Set(held.map((h) => Number(h.name.slice('object:'.length))));
      for (const [id, w] of workers) {
        if (mine.has(id)) continue;
        workers.delete(id);
        await w.stop();
        log.info('scada: lease lost', { object: id });
      }
      if (mine.size) await sync([...mine]);
      for (const w of workers.values()) w.tick();
    } catch (err) {
      log.warn('scada: poller tick failed', { err });
    } finally {
      running = false;
    }
  }

  /** Starts workers for held objects, restarts those whose configuration changed. */
  async function sync(ids: number[]) {
    const objects = await db
      .selectFrom('scada_objects')
      .select(['id', 'driver', 'updated_at'])
      .where('id', 'in', ids)
      .execute();
    for (const o of objects) {
      const current = workers.get(o.id);
      if (current && current.version === o.updated_at) continue;
      if (current) await current.stop();
      const rows = await db
        .selectFrom('scada_tags')
        .select([
          'id',
          'idx',
          'title',
          'type',
          'field_type',
          'address',
          'deadband',
          'alarm',
          'limits',
        ])
        .where('object_id', '=', o.id)
        .where('idx', '>=', 0)
        .orderBy('idx')
        .execute();
      const tags = rows.map((r) => ({
        id: r.id,
        idx: r.idx,
        type: r.type,
        field_type: r.field_type,
        address: JSON.parse(r.address) as Record<string, unknown>,
      }));
      const driver = JSON.parse(o.driver) as Driver;
      workers.set(
        o.id,
        new ObjectWorker({
          id: o.id,
          version: o.updated_at,
          driver,
          tags,
          deadbands: rows.map((r) => r.deadband),
          alarmTags: rows
            .filter((r) => r.alarm || r.limits)
            .map((r) => ({
              id: r.id,
              idx: r.idx,
              title: r.title,
              alarm: !!r.alarm,
              limits: r.limits,
            })),
          db,
          bus,
          open: openerFor(o.id),
        }),
      );
      log.info('scada: polling', { object: o.id, holder });
    }
  }

  // Housekeeping runs apart from the lease tick, so a long rollup never delays lease renewal.
  let housekeeping = false;
  async function keep() {
    if (housekeeping || stopped) return;
    housekeeping = true;
    const now = Date.now();
    try {
      if (now - lastSweep > 86_400_000) {
        lastSweep = now;
        await ensurePartitions(db, now);
        await sweepSamples(db, now);
      }
      if (now - lastRollup > 60_000) {
        lastRollup = now;
        await rollup(db, now);
      }
    } catch (err) {
      log.warn('scada: housekeeping failed', { err });
    } finally {
      housekeeping = false;
    }
  }
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  const keeper = setInterval(() => void keep(), 60_000);
  keeper.unref();
  // Month partitions exist before the first sample of a month is written (PostgreSQL).
  void keep().then(() => tick());
  return {
    holder,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearInterval(keeper);
      await Promise.all([...workers.values()].map((w) => w.stop()));
      workers.clear();
      // Hand the leases over at once instead of making the others wait for expiry.
      await db
        .updateTable('scada_leases')
        .set({ expires_at: 0 })
        .where('holder', '=', holder)
        .execute()
        .catch(() => {});
    },
  };
}
