// Two instances on one PostgreSQL database: each object is polled by exactly one of them (lease
// rows), values reach stream clients on the other instance through the bus, and when the polling
// instance is killed the other takes the leases over within seconds and the stream goes on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/lib/db/index.ts';
import { freshDatabase, onPostgres, type TestDatabase } from '../helpers/db.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { scadaEnv, stream, until } from './scada-helpers.ts';

describe.runIf(onPostgres())('dispatching on two instances', () => {
  let db: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  let handle: ReturnType<typeof openDatabase>;
  beforeAll(async () => {
    db = await freshDatabase();
    a = await startServer(scadaEnv, db);
    b = await startServer(scadaEnv, db);
    handle = openDatabase({ kind: 'postgres', url: db.url! });
  });
  afterAll(async () => {
    await handle?.close();
    await a?.stop();
    await b?.stop();
    await db?.drop();
  });

  const holders = async () =>
    (
      await handle.db.selectFrom('scada_leases').select(['name', 'holder', 'expires_at']).execute()
    ).filter((l) => l.expires_at > Date.now());

  it('polls each object on one instance only, delivers across instances, and fails over when the holder dies', async () => {
    await until(async () => (await holders()).length === 3, 15_000);
    const leases = await holders();
    // Every object has exactly one holder (a lease row per object), whichever instance it is.
    expect(leases.map((l) => l.name).sort()).toEqual(['object:1', 'object:2', 'object:3']);
    const holderPid = leases.find((l) => l.name === 'object:1')!.holder.split(':')[1];
    const [dead, alive] = String(a.proc.pid) === holderPid ? [a, b] : [b, a];

    const token = (await sessionFor(alive, 'dmitry.volkov@demo.example')).token;
    const s = stream(alive, token, 1);
    const first = await s.next((f) => f.status === 1);
    await s.next((f) => f !== first && f.status === 1 && f.v[0] !== first.v[0]);

    dead.proc.kill('SIGKILL');
    const killedAt = Date.now();
    await until(
      async () =>
        (await holders()).some(
          (l) => l.name === 'object:1' && l.holder.split(':')[1] === String(alive.proc.pid),
        ),
      15_000,
      200,
    );
    const takeover = Date.now() - killedAt;
    expect(takeover).toBeLessThan(10_000);
    const count = s.frames.length;
    await s.next((f) => s.frames.indexOf(f) >= count && f.status === 1, 10_000);
    console.log(`scada lease takeover after ${takeover} ms`);
    s.ws.close();
  });
});
