// Onboarding by the back office (issue 24, decision 0040): the dispatching module follows the grants.
// A customer without any grant has no dispatching anywhere; one grant through the integration API
// is enough for every path (API, pages, menu, embeds, report, stream, socket topic) on a real Modbus
// TCP device; withdrawing one of two grants keeps the module; withdrawing the last withdraws it on
// every path, an open stream and a socket subscription included, at once (not at the next heartbeat:
// the heartbeat here is a minute).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { connect } from '../helpers/ws.ts';
import { putObject, scadaEnv, stream } from './scada-helpers.ts';
import { freePort, modbusDevice } from './scada-modbus-server.ts';

const EMAIL = 'olga.demidova@demo.example';
let server: TestServer;
let api: ApiClient;
let olga: string;
let device: Awaited<ReturnType<typeof modbusDevice>>;
let port: number;
const ids: Record<string, number> = {};

const body = (title: string, register: number, grants: unknown[]) => ({
  title,
  driver: { type: 'modbus-tcp', host: '127.0.0.1', port, poll_ms: 300 },
  tags: [
    {
      key: 'p',
      title: 'Pressure',
      type: 'float',
      unit: 'bar',
      actions: 'Read',
      address: { table: 'holding', register, datatype: 'uint16', scale: 0.1 },
    },
  ],
  grants,
});
const grant = [{ email: EMAIL, control: false }];

beforeAll(async () => {
  port = await freePort();
  device = await modbusDevice(port);
  device.holding.set(0, 42);
  device.holding.set(1, 17);
  server = await startServer({ ...scadaEnv, WS_HEARTBEAT_SECONDS: '60' });
  api = apiClient(server);
  olga = (await sessionFor(server, EMAIL)).token;
});
afterAll(async () => {
  await server?.stop();
  await device?.stop();
});

const page = (path: string, cookie = true) =>
  fetch(`${server.url}${path}`, {
    redirect: 'manual',
    headers: { accept: 'text/html', ...(cookie ? { cookie: `sid=${olga}` } : {}) },
  });
const day = new Date().toISOString().slice(0, 10);

/** Whether the menu (and the tools hub) of a signed-in page links to dispatching. */
const menuHasScada = async () => {
  const res = await page('/tools');
  expect(res.status).toBe(200);
  return (await res.text()).includes('href="/tools/scada"');
};

async function paths(id: number) {
  const s = stream(server, olga, id);
  const upgrade = await Promise.race([s.refused, s.next(() => true).then(() => 101)]);
  s.ws.close();
  const socket = connect(server, `sid=${olga}`);
  const topic = await socket.subscribe(`scada:${id}`);
  socket.ws.close();
  return {
    list: (await api('/api/v1/scada', { token: olga })).status,
    one: (await api(`/api/v1/scada/${id}`, { token: olga })).status,
    listPage: (await page('/tools/scada')).status,
    object: (await page(`/tools/scada/${id}`)).status,
    project: (await page(`/scada/project/${id}`)).status,
    chartToken: (await page(`/scada/chart/${id}?token=${olga}`, false)).status,
    report: (await page(`/tools/scada/${id}/report.xlsx?kind=day&period=${day}`)).status,
    upgrade,
    topic,
    menu: await menuHasScada(),
  };
}

const open = {
  list: 200,
  one: 200,
  listPage: 200,
  object: 200,
  project: 200,
  chartToken: 200,
  report: 200,
  upgrade: 101,
  topic: 'subscribed',
  menu: true,
};
const closed = {
  list: 404,
  one: 404,
  listPage: 404,
  object: 404,
  project: 404,
  chartToken: 404,
  report: 404,
  upgrade: 404,
  topic: 'denied',
  menu: false,
};

describe('the dispatching module follows the grants', () => {
  it('a customer with no grant has no dispatching: 404 on the API, no menu entry', async () => {
    const none = await putObject(server, 'onboard-a', body('Station A', 0, []));
    expect(none.status).toBe(200);
    ids.a = none.data.data.id;
    expect(await paths(ids.a!)).toEqual(closed);
  });

  it('one grant through the integration API opens every path, with live values from the device', async () => {
    const r = await putObject(server, 'onboard-a', body('Station A', 0, grant));
    expect(r.status).toBe(200);
    expect(await paths(ids.a!)).toEqual(open);
    const list = await api('/api/v1/scada', { token: olga });
    expect(list.data.data.map((x: { id: number }) => x.id)).toEqual([ids.a]);
    const s = stream(server, olga, ids.a!);
    expect((await s.next((f) => Math.abs((f.v[0] ?? 0) - 4.2) < 1e-9)).status).toBe(1);
    s.ws.close();
  });

  it('withdrawing one of two grants closes that object only; the module stays', async () => {
    const b = await putObject(server, 'onboard-b', body('Station B', 1, grant));
    expect(b.status).toBe(200);
    ids.b = b.data.data.id;
    const s = stream(server, olga, ids.a!);
    await s.next(() => true);
    expect((await putObject(server, 'onboard-a', body('Station A', 0, []))).status).toBe(200);
    // The withdrawn object's stream closes at once (the heartbeat is a minute away).
    expect(await s.closed).toBe(4404);
    expect(await paths(ids.b!)).toEqual(open);
    const { one, object, upgrade } = await paths(ids.a!);
    expect({ one, object, upgrade }).toEqual({ one: 404, object: 404, upgrade: 404 });
  });

  it('withdrawing the last grant withdraws dispatching everywhere, open stream and socket included', async () => {
    const s = stream(server, olga, ids.b!);
    await s.next((f) => Math.abs((f.v[0] ?? 0) - 1.7) < 1e-9);
    const socket = connect(server, `sid=${olga}`);
    expect(await socket.subscribe(`scada:${ids.b}`)).toBe('subscribed');
    const started = Date.now();
    expect((await putObject(server, 'onboard-b', body('Station B', 1, []))).status).toBe(200);
    expect(await s.closed).toBe(4404);
    await socket.next((m) => m.topic === `scada:${ids.b}` && m.type === 'denied');
    const took = Date.now() - started;
    console.log(`last grant withdrawn: stream closed and topic denied in ${took} ms`);
    expect(took).toBeLessThan(5000);
    // No values reach the withdrawn subscription afterwards.
    const seen = socket.messages.length;
    device.holding.set(1, 18);
    expect(await paths(ids.b!)).toEqual(closed);
    expect(socket.messages.slice(seen).filter((m) => m.topic === `scada:${ids.b}`)).toEqual([]);
    socket.ws.close();
  });

  it('granted again, the module is back (the back office can switch a customer on and off)', async () => {
    expect((await putObject(server, 'onboard-b', body('Station B', 1, grant))).status).toBe(200);
    expect(await paths(ids.b!)).toEqual(open);
  });
});
