// Modbus TCP against a real server on 127.0.0.1: datatypes and word order with scale and offset,
// 0xFFFF as not available, a Modbus exception, a timeout, a lost and restored connection, and a
// command written through the driver and confirmed by reading it back (or not confirmed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { floatWords, freePort, modbusDevice } from './scada-modbus-server.ts';
import { putObject, scadaEnv, stream, until } from './scada-helpers.ts';

let server: TestServer;
let api: ApiClient;
let token: string;
let device: Awaited<ReturnType<typeof modbusDevice>>;
let id: number;
let tagIds: Record<string, number>;

const h = (
  table: string,
  register: number,
  datatype: string,
  extra: Record<string, unknown> = {},
) => ({ table, register, datatype, ...extra });
const TAGS = [
  {
    key: 'temp',
    title: 'Temperature',
    type: 'float',
    unit: '°C',
    actions: 'Read',
    address: h('holding', 0, 'int16', { scale: 0.1 }),
  },
  {
    key: 'level',
    title: 'Level',
    type: 'float',
    unit: 'm',
    actions: 'Read',
    address: h('holding', 1, 'uint16', { scale: 0.01, offset: 1 }),
  },
  {
    key: 'count',
    title: 'Counter',
    type: 'int',
    actions: 'Read',
    address: h('holding', 2, 'int32'),
  },
  {
    key: 'power',
    title: 'Power',
    type: 'float',
    unit: 'kW',
    actions: 'Read',
    address: h('holding', 4, 'float32', { word_order: 'little' }),
  },
  {
    key: 'na',
    title: 'Absent sensor',
    type: 'float',
    actions: 'Read',
    address: h('holding', 6, 'uint16'),
  },
  {
    key: 'sp',
    title: 'Setpoint',
    type: 'float',
    unit: 'bar',
    actions: 'ReadWrite',
    field_type: 'Input',
    min: 0,
    max: 10,
    step: 0.1,
    address: h('holding', 7, 'float32'),
  },
  {
    key: 'ir',
    title: 'Input register',
    type: 'int',
    actions: 'Read',
    address: h('input', 0, 'uint16'),
  },
  {
    key: 'fault',
    title: 'Fault',
    type: 'bool',
    actions: 'ReadWrite',
    field_type: 'ErrorReset',
    alarm: true,
    address: { table: 'coil', register: 0 },
  },
  {
    key: 'bad',
    title: 'Unmapped',
    type: 'int',
    actions: 'Read',
    address: h('holding', 600, 'uint16'),
  },
  // A second setpoint, for the not-confirmed write (the first one's 5 s rate window is still running).
  {
    key: 'sp2',
    title: 'Setpoint 2',
    type: 'float',
    unit: 'bar',
    actions: 'ReadWrite',
    field_type: 'Input',
    min: 0,
    max: 10,
    step: 0.1,
    address: h('holding', 9, 'float32'),
  },
];

beforeAll(async () => {
  const port = await freePort();
  device = await modbusDevice(port);
  device.holding.set(0, 0xfffb); // -5 x 0.1
  device.holding.set(1, 1234); // 12.34 + 1
  device.holding.set(2, 0xfffe).set(3, 0x7960); // -100000
  const [hi, lo] = floatWords(21.5);
  device.holding.set(4, lo).set(5, hi);
  device.holding.set(6, 0xffff);
  const [s0, s1] = floatWords(3);
  device.holding.set(7, s0).set(8, s1);
  device.holding.set(9, s0).set(10, s1);
  device.input.set(0, 77);
  device.coils.set(0, true);
  server = await startServer(scadaEnv);
  api = apiClient(server);
  token = (await sessionFor(server, 'dmitry.volkov@demo.example')).token;
  const r = await putObject(server, 'modbus-1', {
    title: 'Modbus pump station',
    address: 'Test bench',
    driver: {
      type: 'modbus-tcp',
      host: '127.0.0.1',
      port,
      unit_id: 1,
      poll_ms: 300,
      timeout_ms: 300,
    },
    tags: TAGS,
    grants: [{ email: 'dmitry.volkov@demo.example', control: true }],
  });
  expect(r.status).toBe(200);
  id = r.data.data.id;
  tagIds = Object.fromEntries(r.data.data.tags.map((t: any) => [t.key, t.id]));
});
afterAll(async () => {
  await server?.stop();
  await device?.stop();
});

const tags = async () => (await api(`/api/v1/scada/tags/${id}`, { token })).data;
const form = (tag_id: number, value: string) =>
  new URLSearchParams({ tag_id: String(tag_id), value });

describe('Modbus TCP driver', () => {
  it('decodes every datatype, word order, scale and offset; 0xFFFF and an exception are not available', async () => {
    await until(async () => (await tags()).status === 1);
    const t = await tags();
    expect(t.values).toEqual([-0.5, 13.34, -100000, 21.5, null, 3, 77, 1, null, 3]);
    expect(t.quality).toEqual(['g', 'g', 'g', 'g', 'n', 'g', 'g', 'g', 'n', 'g']);
    expect(Date.now() - Date.parse(t.last_update_at)).toBeLessThan(3000);
  });

  it('writes a setpoint and confirms it by reading it back', async () => {
    const writes = device.requests.writes;
    const res = await api('/api/v1/scada/action', { token, body: form(tagIds.sp!, '4.2') });
    expect(res.status).toBe(200);
    expect(res.data.data).toMatchObject({ result: 'confirmed', old_value: 3 });
    expect(res.data.data.value).toBeCloseTo(4.2, 5);
    expect(device.requests.writes).toBe(writes + 1);
    const b = Buffer.alloc(4);
    b.writeUInt16BE(device.holding.get(7)!, 0);
    b.writeUInt16BE(device.holding.get(8)!, 2);
    expect(b.readFloatBE(0)).toBeCloseTo(4.2, 5);
  });

  it('resets the fault coil and confirms it cleared', async () => {
    const res = await api('/api/v1/scada/action', { token, body: form(tagIds.fault!, 'true') });
    expect(res.status).toBe(200);
    expect(res.data.data).toMatchObject({ result: 'confirmed', old_value: 1, value: 0 });
    expect(device.coils.get(0)).toBe(false);
  });

  it('answers not confirmed when the device accepts a write but the value does not change', async () => {
    device.setMode('ignoreWrites');
    const res = await api('/api/v1/scada/action', { token, body: form(tagIds.sp2!, '5') });
    device.setMode('normal');
    expect(res.data).toMatchObject({
      message: 'Sent, but the device did not confirm the value',
      data: { result: 'not_confirmed' },
    });
    expect(res.status).toBe(202);
    const audit = (await api(`/api/v1/scada/${id}/audit`, { token })).data.data;
    expect(audit[0]).toMatchObject({ result: 'not_confirmed', requested: '5', tag: 'Setpoint 2' });
  });

  it('goes offline when the device stops answering (timeout), shows values as stale, refuses commands', async () => {
    const s = stream(server, token, id);
    await s.next((f) => f.status === 1);
    device.setMode('hang');
    const stale = await s.next((f) => f.status === 0, 8000);
    expect(stale.q.every((q) => q === 's')).toBe(true);
    const res = await api('/api/v1/scada/action', { token, body: form(tagIds.fault!, 'true') });
    expect(res.status).toBe(409);
    expect(res.data.message).toBe('No link to the object: the command was not sent');
    device.setMode('normal');
    await s.next((f) => f.status === 1 && f !== stale, 15_000);
    s.ws.close();
  });

  it('reconnects with backoff after the device closes the connection', async () => {
    await until(async () => (await tags()).status === 1);
    await device.stop();
    await until(async () => (await tags()).status === 0, 8000);
    device.holding.set(0, 250);
    await device.start();
    await until(async () => (await tags()).status === 1, 20_000);
    expect((await tags()).values[0]).toBe(25);
  });
});
