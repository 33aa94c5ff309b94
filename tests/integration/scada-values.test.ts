// Values worth reading (issue 24) on a real Modbus TCP device: float32 artefacts never leave the
// server (API, stream, command answers, audit rows), a command off the input's step is refused with
// 400 naming the value, the spec's joined filters filter (or answer 400 naming the field), and a page
// number past the end shows no "13 to 13 of 13" range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { putObject, scadaEnv, stream, until } from './scada-helpers.ts';
import { floatWords, freePort, modbusDevice } from './scada-modbus-server.ts';

let server: TestServer;
let api: ApiClient;
let token: string;
let cookie: string;
let device: Awaited<ReturnType<typeof modbusDevice>>;
let id: number;
let sp: number;

beforeAll(async () => {
  const port = await freePort();
  device = await modbusDevice(port);
  const [hi, lo] = floatWords(6.3);
  device.holding.set(0, hi);
  device.holding.set(1, lo);
  device.holding.set(2, 1);
  server = await startServer(scadaEnv);
  api = apiClient(server);
  ({ token, cookie } = await sessionFor(server, 'olga.demidova@demo.example'));
  const r = await putObject(server, 'values', {
    title: 'Values station',
    driver: { type: 'modbus-tcp', host: '127.0.0.1', port, poll_ms: 300 },
    tags: [
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
        address: { table: 'holding', register: 0, datatype: 'float32' },
      },
      {
        key: 'pump',
        title: 'Pump',
        type: 'bool',
        actions: 'Read',
        address: { table: 'holding', register: 2 },
      },
    ],
    grants: [{ email: 'olga.demidova@demo.example', control: true }],
  });
  expect(r.status).toBe(200);
  id = r.data.data.id;
  sp = r.data.data.tags[0].id;
});
afterAll(async () => {
  await server?.stop();
  await device?.stop();
});

const tags = async () => (await api(`/api/v1/scada/tags/${id}`, { token })).data;
const act = (value: string) =>
  api('/api/v1/scada/action', {
    token,
    body: new URLSearchParams({ tag_id: String(sp), value }),
  });

describe('values at the variable precision', () => {
  it('a float32 register (6.300000190734863) leaves as 6.3 in the API and the stream', async () => {
    await until(async () => (await tags()).status === 1);
    expect((await tags()).values).toEqual([6.3, 1]);
    const s = stream(server, token, id);
    const f = await s.next((x) => x.status === 1);
    expect(f.v).toEqual([6.3, 1]);
    s.ws.close();
  });

  it('a command off the step is refused with 400 naming the value; one on it is written and audited rounded', async () => {
    const off = await act('6.33');
    expect(off.status).toBe(400);
    expect(off.data.message).toBe('The value must be a multiple of the step 0.1');
    expect(off.data.errors).toEqual({ value: 'The value must be a multiple of the step 0.1' });
    expect(off.data.data).toMatchObject({ result: 'refused', reason: 'step', old_value: 6.3 });
    const on = await act('6.4');
    expect(on.status).toBe(200);
    expect(on.data.data).toMatchObject({ result: 'confirmed', old_value: 6.3, value: 6.4 });
    const audit = (await api(`/api/v1/scada/${id}/audit`, { token })).data.data;
    expect(audit.slice(0, 2).map((a: any) => [a.requested, a.old_value, a.result])).toEqual([
      ['6.4', 6.3, 'confirmed'],
      ['6.33', 6.3, 'refused'],
    ]);
    await until(async () => (await tags()).values[0] === 6.4);
  });
});

describe('the list query', () => {
  it("filters by the spec's joined filters, and answers 400 naming an unknown field", async () => {
    const on = await api('/api/v1/scada?search=status:1&searchJoin=and', { token });
    expect(on.status).toBe(200);
    expect(on.data.data.map((x: any) => x.id)).toEqual([id]);
    const off = await api('/api/v1/scada?search=status:0;oid:1&searchJoin=and', { token });
    expect(off.data.meta.pagination.total).toBe(0);
    const unknown = await api('/api/v1/scada?search=password:1&searchJoin=and', { token });
    expect(unknown.status).toBe(400);
    expect(unknown.data).toEqual({
      message: "Can't get all dispatching objects!",
      errors: { filter: 'search: filter keys status, oid' },
    });
    const bad = await api('/api/v1/scada?search=status:7&searchJoin=and', { token });
    expect(bad.status).toBe(400);
    expect(bad.data.errors).toEqual({ filter: 'search: status 0 or 1' });
    const or = await api('/api/v1/scada?search=status:1&searchJoin=or', { token });
    expect(or.status).toBe(400);
    expect(or.data.errors).toEqual({ filter: 'searchJoin: and' });
  });

  it('a page number past the end says so instead of "1 to 1 of 1"', async () => {
    const res = await fetch(`${server.url}/tools/scada?pageNumber=5&pageSize=3`, {
      headers: { accept: 'text/html', cookie, 'accept-language': 'ru' },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toMatch(/с 1 по 1 из 1/);
    expect(html).toContain('На странице 5 строк нет: всего записей 1');
  });
});
