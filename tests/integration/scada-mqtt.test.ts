// MQTT through the real Mosquitto broker at 127.0.0.1:1883: values published by a device reach the
// stream (plain and JSON payloads), a command is published on the write topic and confirmed when
// the device echoes the new value, and a missing broker shows the object offline.
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { putObject, scadaEnv, stream, until } from './scada-helpers.ts';

const BROKER = 'mqtt://127.0.0.1:1883';
const prefix = `test/${randomBytes(4).toString('hex')}/`;
let server: TestServer;
let api: ApiClient;
let token: string;
let device: mqtt.MqttClient;
let id: number;
let tagIds: Record<string, number>;

beforeAll(async () => {
  server = await startServer(scadaEnv);
  api = apiClient(server);
  token = (await sessionFor(server, 'dmitry.volkov@demo.example')).token;
  device = await mqtt.connectAsync(BROKER);
  // The device side: a setpoint it stores and echoes when written.
  await device.subscribeAsync(`${prefix}sp/set`);
  device.on('message', (topic, payload) => {
    if (topic === `${prefix}sp/set`)
      void device.publishAsync(`${prefix}sp`, payload.toString(), { retain: true });
  });
  const r = await putObject(server, 'mqtt-1', {
    title: 'MQTT substation',
    driver: { type: 'mqtt', url: BROKER, topic_prefix: prefix },
    tags: [
      {
        key: 't',
        title: 'Supply temperature',
        type: 'float',
        unit: '°C',
        actions: 'Read',
        address: { topic: 'supply' },
      },
      {
        key: 'p',
        title: 'Pressure',
        type: 'float',
        unit: 'bar',
        actions: 'Read',
        address: { topic: 'state', json_path: 'pressure.value' },
      },
      {
        key: 'sp',
        title: 'Setpoint',
        type: 'float',
        unit: '°C',
        actions: 'ReadWrite',
        field_type: 'Input',
        min: 40,
        max: 80,
        address: { topic: 'sp', write_topic: 'sp/set' },
      },
    ],
    grants: [{ email: 'dmitry.volkov@demo.example', control: true }],
  });
  expect(r.status).toBe(200);
  id = r.data.data.id;
  tagIds = Object.fromEntries(r.data.data.tags.map((t: any) => [t.key, t.id]));
  await device.publishAsync(`${prefix}sp`, '55', { retain: true });
});
afterAll(async () => {
  await device?.publishAsync(`${prefix}sp`, '', { retain: true }).catch(() => {});
  await device?.endAsync();
  await server?.stop();
});

describe('MQTT driver', () => {
  it('streams values published by the device, plain and from a JSON path', async () => {
    const s = stream(server, token, id);
    await until(
      async () => (await api(`/api/v1/scada/tags/${id}`, { token })).data.status === 1,
      15_000,
    );
    await device.publishAsync(`${prefix}supply`, '71.25');
    await device.publishAsync(`${prefix}state`, JSON.stringify({ pressure: { value: 4.5 } }));
    const f = await s.next((x) => x.v[0] === 71.25 && x.v[1] === 4.5, 10_000);
    expect(f.status).toBe(1);
    expect(f.v[2]).toBe(55);
    s.ws.close();
  });

  it('publishes a command on the write topic and confirms it by the echoed value', async () => {
    const res = await api('/api/v1/scada/action', {
      token,
      body: new URLSearchParams({ tag_id: String(tagIds.sp), value: '60' }),
    });
    expect(res.status).toBe(200);
    expect(res.data.data).toMatchObject({ result: 'confirmed', old_value: 55, value: 60 });
  });

  it('with stale_ms, shows the object offline when the device falls silent, online again when it speaks', async () => {
    const r = await putObject(server, 'mqtt-silent', {
      title: 'Silent device',
      driver: {
        type: 'mqtt',
        url: BROKER,
        topic_prefix: `${prefix}silent/`,
        poll_ms: 500,
        stale_ms: 1500,
      },
      tags: [{ key: 'a', title: 'A', type: 'float', actions: 'Read', address: { topic: 'a' } }],
      grants: [{ email: 'dmitry.volkov@demo.example' }],
    });
    const sid = r.data.data.id;
    const status = async () => (await api(`/api/v1/scada/tags/${sid}`, { token })).data;
    const speak = setInterval(() => void device.publishAsync(`${prefix}silent/a`, '1.5'), 300);
    await until(async () => (await status()).status === 1, 15_000);
    clearInterval(speak);
    await until(async () => (await status()).status === 0, 10_000);
    expect((await status()).quality).toEqual(['s']);
    await device.publishAsync(`${prefix}silent/a`, '2.5');
    await until(
      async () => (await status()).values[0] === 2.5 && (await status()).status === 1,
      15_000,
    );
  });

  it('shows the object offline when its broker cannot be reached', async () => {
    // A port that accepts and drops every connection: the worker's attempts are counted, and the
    // object is looked at after it failed twice (connected, failed, backed off, tried again).
    let attempts = 0;
    const refuser = createServer((sock) => {
      attempts++;
      sock.destroy();
    });
    await new Promise<void>((res) => refuser.listen(0, '127.0.0.1', res));
    const port = (refuser.address() as AddressInfo).port;
    const r = await putObject(server, 'mqtt-down', {
      title: 'No broker',
      driver: { type: 'mqtt', url: `mqtt://127.0.0.1:${port}` },
      tags: [{ key: 'a', title: 'A', type: 'float', actions: 'Read', address: { topic: 'a' } }],
      grants: [{ email: 'dmitry.volkov@demo.example' }],
    });
    await until(() => attempts >= 2, 15_000);
    refuser.close();
    const t = (await api(`/api/v1/scada/tags/${r.data.data.id}`, { token })).data;
    expect(t).toMatchObject({ status: 0, values: [], last_update_at: null });
  });
});
