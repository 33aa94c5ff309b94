import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase, onPostgres, type TestDatabase } from '../../../tests/helpers/db.ts';
import { openDatabase, type Database } from '#lib/db/index.ts';
import { createBus, type Bus, type BusEvent } from './bus.ts';
import { mayListen, registerTopic } from './topics.ts';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

const nextEvent = (bus: Bus, topic: string) =>
  new Promise<BusEvent>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no event on ${topic}`)), 5000);
    const off = bus.subscribe(topic, (e) => {
      clearTimeout(timer);
      off();
      resolve(e);
    });
  });

describe('in-process bus', () => {
  it('delivers to subscribers of the topic only, until they unsubscribe', async () => {
    const bus = await createBus();
    const seen: string[] = [];
    const off = bus.subscribe('user:1', (e) => seen.push(`${e.type}:${JSON.stringify(e.data)}`));
    bus.subscribe('user:2', () => seen.push('wrong topic'));
    await bus.publish('user:1', 'hello', { n: 1 });
    off();
    await bus.publish('user:1', 'after', null);
    expect(seen).toEqual(['hello:{"n":1}']);
    await bus.close();
  });

  it('keeps delivering when one handler throws', async () => {
    const bus = await createBus();
    const seen: number[] = [];
    bus.subscribe('t:1', () => {
      throw new Error('boom');
    });
    bus.subscribe('t:1', () => seen.push(1));
    await bus.publish('t:1', 'x');
    expect(seen).toEqual([1]);
  });
});

describe('topic authorization', () => {
  it('lets a user listen to their own topic only, and to registered prefixes as allowed', async () => {
    const olga = { id: 7, is_admin: 0, is_employee: 0 };
    expect(await mayListen(olga, 'user:7')).toBe(true);
    expect(await mayListen(olga, 'user:8')).toBe(false);
    expect(await mayListen(olga, 'unknown:1')).toBe(false);
    expect(await mayListen(olga, 'user:7;drop')).toBe(false);
    registerTopic('staff', (u) => u.is_employee === 1);
    expect(await mayListen(olga, 'staff:all')).toBe(false);
    expect(await mayListen({ ...olga, is_employee: 1 }, 'staff:all')).toBe(true);
  });
});

describe.runIf(onPostgres())('PostgreSQL LISTEN/NOTIFY bus', () => {
  let tdb: TestDatabase;
  const open = (): Database => {
    const d = openDatabase({ kind: 'postgres', url: tdb.url! });
    cleanup.push(() => d.close());
    return d;
  };

  it('delivers an event published by one instance to another instance', async () => {
    tdb = await freshDatabase();
    cleanup.push(() => tdb.drop());
    const [a, b] = [open(), open()];
    const busA = await createBus(a.pool);
    const busB = await createBus(b.pool);
    cleanup.push(
      () => busA.close(),
      () => busB.close(),
    );
    const received = nextEvent(busB, 'user:42');
    const echoed = nextEvent(busA, 'user:42');
    await busA.publish('user:42', 'notification.created', { id: 5 });
    expect(await received).toEqual({
      topic: 'user:42',
      type: 'notification.created',
      data: { id: 5 },
    });
    // The publishing instance hears its own event once, through the same path.
    expect((await echoed).type).toBe('notification.created');
  });

  it('refuses events too large for NOTIFY', async () => {
    tdb = await freshDatabase();
    cleanup.push(() => tdb.drop());
    const bus = await createBus(open().pool);
    cleanup.push(() => bus.close());
    await expect(bus.publish('user:1', 'big', 'x'.repeat(9000))).rejects.toThrow(/too large/);
  });
});
