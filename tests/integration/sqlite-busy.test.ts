// The server beside a process that holds SQLite's write lock (a `npm run seed` or
// `catalogue:import` run next to it): pages, reads and /healthz keep answering at once, a write
// waits for the lock and succeeds when it is released, and one that outwaits the budget (5 s)
// answers 503 with Retry-After. Before, node:sqlite's 5 s busy timeout froze the whole process per
// statement. PostgreSQL has row locks and no such stall: this suite is SQLite's.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../helpers/db.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { holdSqliteLock, type HeldLock } from '../helpers/sqlite-lock.ts';

describe.skipIf(onPostgres())('SQLite locked by another process', () => {
  let server: TestServer;
  let token: string;
  let lock: HeldLock | undefined;
  const file = () => join(server.database.dataDir, 'cabinet.sqlite');
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
    });
  const markAllRead = () =>
    call('/api/v1/notifications/read', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"all":1}',
    });
  const timed = async (work: Promise<Response>) => {
    const started = performance.now();
    const res = await work;
    await res.arrayBuffer();
    return { res, ms: performance.now() - started };
  };

  beforeAll(async () => {
    server = await startServer();
    ({ token } = await sessionFor(server, 'olga.demidova@demo.example'));
  });
  afterEach(async () => {
    await lock?.release();
    lock = undefined;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers reads at once while a write waits for the lock, then the write succeeds', async () => {
    // The session's "last seen" is due for its once-a-minute touch, a write: the page must not wait.
    const direct = new DatabaseSync(file());
    direct
      .prepare('update sessions set last_seen_at = ?')
      .run(new Date(Date.now() - 10 * 60_000).toISOString());
    direct.close();
    lock = await holdSqliteLock(file());
    const write = timed(markAllRead());
    const reads = await Promise.all([
      timed(call('/api/v1/notifications?pageSize=3')),
      timed(fetch(`${server.url}/healthz`)),
      timed(call('/home')),
    ]);
    for (const { res, ms } of reads) {
      expect(res.status).toBe(200);
      expect(ms).toBeLessThan(1000);
    }
    const released = performance.now();
    await lock.release();
    lock = undefined;
    const { res, ms } = await write;
    expect(res.status).toBe(200);
    // It waited for the lock (it was sent before the reads) and finished soon after the release.
    expect(ms).toBeGreaterThan(Math.max(...reads.map((r) => r.ms)));
    expect(performance.now() - released).toBeLessThan(1000);
  });

  it('a write that outwaits the budget answers 503 with Retry-After, and the next one succeeds', async () => {
    lock = await holdSqliteLock(file());
    const { res, ms } = await timed(markAllRead());
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(ms).toBeGreaterThan(4500);
    await lock.release();
    lock = undefined;
    expect((await markAllRead()).status).toBe(200);
  });
});
