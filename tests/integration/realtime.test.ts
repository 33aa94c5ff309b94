// WebSocket endpoint and the live-event bus across app instances.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeUserSessions } from '../../src/features/auth/auth.session.server.ts';
import { parseConfig, setConfig } from '../../src/lib/config.ts';
import { closeDatabase, database } from '../../src/lib/db/index.ts';
import { bus, createBus, installBus } from '../../src/lib/realtime/bus.ts';
import {
  templateDatabase,
  onPostgres,
  type TestDatabase,
  openTestDatabase,
} from '../helpers/db.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { expireSession, sessionFor } from '../helpers/session.ts';
import { connect } from '../helpers/ws.ts';

describe('WebSocket endpoint', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses connections without a session (401) and from a foreign origin (403)', async () => {
    expect(await connect(server).refused).toBe(401);
    const { cookie } = await sessionFor(server, 'olga.demidova@demo.example');
    expect(await connect(server, cookie, 'https://evil.example').refused).toBe(403);
  });

  it('greets a signed-in user on their own topic and denies other users topics', async () => {
    const { cookie, userId } = await sessionFor(server, 'olga.demidova@demo.example');
    const c = connect(server, cookie, server.url);
    expect((await c.next((m) => m.type === 'ready')).topic).toBe(`user:${userId}`);
    c.ws.send(JSON.stringify({ type: 'subscribe', topic: `user:${userId + 1}` }));
    expect((await c.next((m) => m.type === 'denied')).topic).toBe(`user:${userId + 1}`);
    c.ws.close();
  });

  it('answers a malformed message with an error event', async () => {
    const { cookie } = await sessionFor(server, 'olga.demidova@demo.example');
    const c = connect(server, cookie, server.url);
    await c.next((m) => m.type === 'ready');
    c.ws.send('not json');
    expect(await c.next((m) => m.type === 'error')).toEqual({
      topic: null,
      type: 'error',
      data: { reason: 'malformed' },
    });
    c.ws.close();
  });

  it('a failing subscribe check is logged with the connection id and the topic, and answered with an error', async () => {
    const { cookie, userId } = await sessionFor(server, 'olga.demidova@demo.example');
    const c = connect(server, cookie, server.url, { 'x-request-id': 'ws-probe-0001' });
    await c.next((m) => m.type === 'ready');
    // The support authorizer reads support_requests: take its user column away behind the server's back.
    const other = openTestDatabase(server.database);
    try {
      await other.db.schema
        .alterTable('support_requests')
        .renameColumn('user_id', 'user_id_away')
        .execute();
      c.ws.send(JSON.stringify({ type: 'subscribe', topic: 'support:1' }));
      expect(await c.next((m) => m.type === 'error')).toEqual({
        topic: 'support:1',
        type: 'error',
        data: { reason: 'failed' },
      });
    } finally {
      await other.db.schema
        .alterTable('support_requests')
        .renameColumn('user_id_away', 'user_id')
        .execute();
      await other.close();
    }
    await expect
      .poll(() => server.output().includes('ws: subscribe failed'), { interval: 20 })
      .toBe(true);
    const line = server
      .output()
      .split('\n')
      .find((l) => l.includes('ws: subscribe failed'));
    expect(line).toMatch(
      new RegExp(
        `ERROR ws: subscribe failed req="ws-probe-0001" user=${userId} topic="support:1" err=".*(user_id|support_requests)`,
      ),
    );
    // The connection stays usable.
    c.ws.send(JSON.stringify({ type: 'subscribe', topic: 'support:999999' }));
    expect((await c.next((m) => m.topic === 'support:999999')).type).toBe('denied');
    c.ws.close();
  });
});

describe('live connections end with their session', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ WS_HEARTBEAT_SECONDS: '1' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('closes on logout, even after the client tried to unsubscribe from the session watch', async () => {
    const { cookie } = await sessionFor(server, 'olga.demidova@demo.example');
    const c = connect(server, cookie);
    await c.next((m) => m.type === 'ready');
    c.ws.send(JSON.stringify({ type: 'unsubscribe', topic: 'session' }));
    const res = await fetch(`${server.url}/api/v1/profile/logout`, {
      method: 'POST',
      headers: { cookie, origin: server.url, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.ok).toBe(true);
    expect(await c.closed).toBe(4401);
  });

  it('closes at the next heartbeat once the session has expired', async () => {
    const { cookie, token } = await sessionFor(server, 'dmitry.volkov@demo.example');
    const c = connect(server, cookie);
    await c.next((m) => m.type === 'ready');
    await expireSession(server, token);
    expect(await c.closed).toBe(4401);
  });
});

describe.runIf(onPostgres())('two instances on one PostgreSQL database', () => {
  let db: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    db = await templateDatabase();
    a = await startServer({}, db);
    b = await startServer({}, db);
    // This test process is a third instance of the app: same modules, same database, same bus.
    setConfig(parseConfig({ DATABASE_URL: db.url, DATA_DIR: db.dataDir, LOG_LEVEL: 'warn' }));
    installBus(await createBus(database().pool));
  });
  afterAll(async () => {
    await bus().close();
    installBus(undefined);
    await closeDatabase();
    await a?.stop();
    await b?.stop();
    await db?.drop();
  });

  it('an event published by one instance reaches a WebSocket client of another', async () => {
    const { cookie, userId } = await sessionFor(b, 'olga.demidova@demo.example');
    const client = connect(b, cookie, b.url);
    await client.next((m) => m.type === 'ready');
    await bus().publish(`user:${userId}`, 'notification.created', {
      id: 1,
      title: 'Order shipped',
    });
    const event = await client.next((m) => m.type === 'notification.created');
    expect(event).toEqual({
      topic: `user:${userId}`,
      type: 'notification.created',
      data: { id: 1, title: 'Order shipped' },
    });
    client.ws.close();
  });

  it("ending a user's sessions on one instance closes their live connections on another", async () => {
    const { cookie, userId } = await sessionFor(a, 'dmitry.volkov@demo.example');
    const onB = connect(b, cookie, b.url);
    await onB.next((m) => m.type === 'ready');
    await revokeUserSessions(userId);
    expect(await onB.closed).toBe(4401);
  });
});
