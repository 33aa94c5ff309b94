// The SQLite dialect waits for another process's write lock on a timer: the event loop keeps
// running, reads go on, a write succeeds once the lock is released, and one that outwaits its
// budget fails with SQLITE_BUSY (503 for a request). The lock is held by a real second process.
import { Kysely, sql } from 'kysely';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { unavailableCause } from '#lib/http/failure.ts';
import { holdSqliteLock, type HeldLock } from '../../../tests/helpers/sqlite-lock.ts';
import { PatientSqliteDialect } from './sqlite-dialect.ts';
import { openSqlite } from './sqlite-driver.ts';

async function database(busyWaitMs?: number) {
  const file = join(mkdtempSync(join(tmpdir(), 'sqlite-busy-')), 'x.sqlite');
  const db = new Kysely<any>({ dialect: new PatientSqliteDialect(openSqlite(file), busyWaitMs) });
  await sql`create table t (id integer primary key, v text)`.execute(db);
  await db.insertInto('t').values({ id: 1, v: 'one' }).execute();
  return { db, file };
}

/** The longest gap between 5 ms timer ticks while `work` runs: how long the event loop stood still. */
async function longestStall<T>(work: Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const tick = setInterval(() => {
    const t = performance.now();
    stallMs = Math.max(stallMs, t - last);
    last = t;
  }, 5);
  try {
    return { result: await work, stallMs };
  } finally {
    clearInterval(tick);
  }
}

let lock: HeldLock | undefined;
afterEach(async () => {
  await lock?.release();
  lock = undefined;
});

describe('SQLite locked by another process', () => {
  it('keeps reading, and a write waits off the event loop until the lock is released', async () => {
    const { db, file } = await database();
    lock = await holdSqliteLock(file);
    const started = performance.now();
    const write = db.updateTable('t').set({ v: 'two' }).where('id', '=', 1).execute();
    const read = await db.selectFrom('t').select('v').where('id', '=', 1).executeTakeFirst();
    expect(read?.v).toBe('one');
    expect(performance.now() - started).toBeLessThan(100);
    setTimeout(() => void lock!.release(), 400);
    const { result, stallMs } = await longestStall(write);
    expect(Number(result[0]!.numUpdatedRows)).toBe(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(350);
    expect(stallMs).toBeLessThan(100);
    expect((await db.selectFrom('t').select('v').executeTakeFirst())?.v).toBe('two');
    await db.destroy();
  });

  it('a transaction takes the lock at its start and waits for it the same way', async () => {
    const { db, file } = await database();
    lock = await holdSqliteLock(file);
    const trx = db.transaction().execute(async (tx) => {
      const row = await tx.selectFrom('t').select('v').executeTakeFirstOrThrow();
      await tx
        .updateTable('t')
        .set({ v: `${row.v}+` })
        .execute();
    });
    // While it waits to begin, reads outside it go on, also one issued later.
    await new Promise((r) => setTimeout(r, 30));
    const started = performance.now();
    expect((await db.selectFrom('t').select('v').executeTakeFirst())?.v).toBe('one');
    expect(performance.now() - started).toBeLessThan(50);
    setTimeout(() => void lock!.release(), 200);
    const { stallMs } = await longestStall(trx);
    expect(stallMs).toBeLessThan(100);
    expect((await db.selectFrom('t').select('v').executeTakeFirst())?.v).toBe('one+');
    await db.destroy();
  });

  it('gives up after its budget with an error that counts as "unavailable" (503)', async () => {
    const { db, file } = await database(300);
    lock = await holdSqliteLock(file);
    const started = performance.now();
    const { result: err, stallMs } = await longestStall(
      db
        .insertInto('t')
        .values({ id: 2, v: 'x' })
        .execute()
        .catch((e: unknown) => e),
    );
    expect(unavailableCause(err)).toBe('database');
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    expect(stallMs).toBeLessThan(100);
    await lock.release();
    lock = undefined;
    await db.insertInto('t').values({ id: 2, v: 'x' }).execute();
    expect(await db.selectFrom('t').select('id').orderBy('id').execute()).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
    await db.destroy();
  });

  it('runs a statement of our open transaction, never another caller, until it commits', async () => {
    const { db } = await database();
    const order: string[] = [];
    let inside!: () => void;
    const paused = new Promise<void>((resolve) => (inside = resolve));
    let resume!: () => void;
    const gate = new Promise<void>((resolve) => (resume = resolve));
    const trx = db.transaction().execute(async (tx) => {
      await tx.updateTable('t').set({ v: 'in-trx' }).execute();
      inside();
      await gate; // an await inside the transaction: other callers must not run in it
      order.push('trx commits');
    });
    await paused;
    const outside = db
      .updateTable('t')
      .set({ v: 'after' })
      .execute()
      .then(() => order.push('outside write'));
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual([]);
    resume();
    await Promise.all([trx, outside]);
    expect(order).toEqual(['trx commits', 'outside write']);
    expect((await db.selectFrom('t').select('v').executeTakeFirst())?.v).toBe('after');
    await db.destroy();
  });

  it('runs concurrent transactions one after another, none lost, none inside another', async () => {
    const { db } = await database();
    await sql`create table n (k integer primary key, c integer)`.execute(db);
    await db.insertInto('n').values({ k: 1, c: 0 }).execute();
    const bump = () =>
      db.transaction().execute(async (tx) => {
        const { c } = await tx
          .selectFrom('n')
          .select('c')
          .where('k', '=', 1)
          .executeTakeFirstOrThrow();
        await new Promise((r) => setTimeout(r, 5)); // an await inside: others must wait
        await tx
          .updateTable('n')
          .set({ c: c + 1 })
          .where('k', '=', 1)
          .execute();
      });
    // Started together, and queued behind a running one a few milliseconds apart.
    const late = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)).then(bump);
    await Promise.all([bump(), bump(), bump(), late(2), late(4), late(8)]);
    expect((await db.selectFrom('n').select('c').executeTakeFirstOrThrow()).c).toBe(6);
    await db.destroy();
  });

  it('keeps an outside write out of a transaction that rolls back', async () => {
    const { db } = await database();
    const failing = db
      .transaction()
      .execute(async (tx) => {
        await tx.updateTable('t').set({ v: 'doomed' }).execute();
        await new Promise((r) => setTimeout(r, 20));
        throw new Error('changed my mind');
      })
      .catch((e: Error) => e.message);
    await new Promise((r) => setTimeout(r, 5));
    await db.insertInto('t').values({ id: 3, v: 'kept' }).execute();
    expect(await failing).toBe('changed my mind');
    expect(await db.selectFrom('t').select(['id', 'v']).orderBy('id').execute()).toEqual([
      { id: 1, v: 'one' },
      { id: 3, v: 'kept' },
    ]);
    await db.destroy();
  });
});
