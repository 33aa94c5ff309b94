// A command cut off by kill -9 after the device was written (issue 20) does not stay "sent" forever:
// the server started again on the same database reads the device back and settles it — confirmed
// when the device holds the commanded value, not confirmed when it does not, interrupted when the
// device cannot be read. Real Modbus TCP servers; the kill lands while the read-back is running.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../helpers/api-client.ts';
import { freshDatabase, type TestDatabase, openTestDatabase } from '../helpers/db.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { floatWords, freePort, modbusDevice } from './scada-modbus-server.ts';
import { putObject, scadaEnv, until } from './scada-helpers.ts';

let database: TestDatabase;
let server: TestServer | null = null;
let a: Awaited<ReturnType<typeof modbusDevice>>;
let b: Awaited<ReturnType<typeof modbusDevice>>;

const sp = (key: string, register: number) => ({
  key,
  title: `Setpoint ${key}`,
  type: 'float',
  actions: 'ReadWrite',
  field_type: 'Input',
  min: 0,
  max: 10,
  step: 0.1,
  address: { table: 'holding', register, datatype: 'float32' },
});
const grants = [{ email: 'dmitry.volkov@demo.example', control: true }];
const setFloat = (device: typeof a, register: number, x: number) => {
  const [hi, lo] = floatWords(x);
  device.holding.set(register, hi).set(register + 1, lo);
};

async function commandRows() {
  const handle = openTestDatabase(database);
  try {
    return await handle.db
      .selectFrom('scada_commands')
      .select(['id', 'object_id', 'requested', 'result', 'reason', 'finished_at'])
      .where('requested', 'in', ['4.2', '4.4', '4.6'])
      .orderBy('requested')
      .execute();
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  const [pa, pb] = [await freePort(), await freePort()];
  [a, b] = await Promise.all([modbusDevice(pa), modbusDevice(pb)]);
  for (const register of [0, 2]) setFloat(a, register, 3);
  setFloat(b, 0, 3);
  database = await freshDatabase();
  server = await startServer(scadaEnv, database);
  const modbus = (port: number) => ({
    type: 'modbus-tcp',
    host: '127.0.0.1',
    port,
    unit_id: 1,
    poll_ms: 300,
    timeout_ms: 2000,
  });
  expect(
    (
      await putObject(server, 'rec-a', {
        title: 'A',
        driver: modbus(pa),
        tags: [sp('one', 0), sp('two', 2)],
        grants,
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await putObject(server, 'rec-b', {
        title: 'B',
        driver: modbus(pb),
        tags: [sp('one', 0)],
        grants,
      })
    ).status,
  ).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
});

describe('a command cut off by kill -9', () => {
  it('is settled when the server starts again: confirmed, not confirmed or interrupted by the read-back', async () => {
    const api = apiClient(server!);
    const token = (await sessionFor(server!, 'dmitry.volkov@demo.example')).token;
    const objects = (await api('/api/v1/scada?limit=10', { token })).data.data as Array<{
      id: number;
      title: string;
    }>;
    const ids = Object.fromEntries(objects.map((o) => [o.title, o.id]));
    const tags = async (id: number) => (await api(`/api/v1/scada/tags/${id}`, { token })).data;
    await until(async () => (await tags(ids.A!)).status === 1 && (await tags(ids.B!)).status === 1);
    const [ta, tb] = [(await tags(ids.A!)).tags, (await tags(ids.B!)).tags];
    // The devices take the writes but keep their values: each command sits in its read-back.
    a.setMode('ignoreWrites');
    b.setMode('ignoreWrites');
    const writes = { a: a.requests.writes, b: b.requests.writes };
    const act = (tagId: number, value: string) =>
      api('/api/v1/scada/action', {
        token,
        body: new URLSearchParams({ tag_id: String(tagId), value }),
      }).catch(() => null);
    void act(ta[0].id, '4.2');
    void act(ta[1].id, '4.4');
    void act(tb[0].id, '4.6');
    await until(
      () => a.requests.writes === writes.a + 2 && b.requests.writes === writes.b + 1,
      5000,
      20,
    );
    server!.proc.kill('SIGKILL');
    await new Promise((r) => server!.proc.once('exit', r));
    server = null;
    expect((await commandRows()).map((r) => [r.requested, r.result, r.finished_at])).toEqual([
      ['4.2', 'sent', null],
      ['4.4', 'sent', null],
      ['4.6', 'sent', null],
    ]);

    // While the server was down: A took its first setpoint after all, B went off the network.
    a.setMode('normal');
    setFloat(a, 0, 4.2);
    await b.stop();
    server = await startServer(scadaEnv, database);
    await until(
      async () => (await commandRows()).every((r) => r.finished_at !== null),
      45_000,
      250,
    );
    expect((await commandRows()).map((r) => [r.requested, r.result, r.reason])).toEqual([
      ['4.2', 'confirmed', 'restart'],
      ['4.4', 'not_confirmed', 'restart'],
      ['4.6', 'interrupted', 'unread'],
    ]);
    // The audit shows them so, in the user's language.
    const audit = (await apiClient(server)(`/api/v1/scada/${ids.B}/audit`, { token })).data.data;
    expect(audit[0]).toMatchObject({ requested: '4.6', result: 'interrupted', reason: 'unread' });
    const page = await (
      await fetch(`${server.url}/tools/scada/${ids.B}?tab=variables`, {
        headers: { accept: 'text/html', cookie: `sid=${token}; lang=en` },
      })
    ).text();
    // (React's server rendering puts a comment between the two text parts.)
    expect(page).toMatch(
      /interrupted(<!-- -->)? \(the server restarted and the device did not answer\)/,
    );
  }, 90_000);
});
