// Commands under load (issue 20), against a real Modbus TCP server: simultaneous commands to one
// variable put exactly one write on the device (the one-per-5-seconds rule is one atomic claim), and
// a flood of refused commands is cut off with 429 + Retry-After in the user's language while the
// audit keeps only the attempts within the limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { floatWords, freePort, modbusDevice } from './scada-modbus-server.ts';
import { putObject, scadaEnv, until } from './scada-helpers.ts';

let server: TestServer;
let api: ApiClient;
let token: string;
let device: Awaited<ReturnType<typeof modbusDevice>>;
let port: number;

const setpoint = (key: string, register: number) => ({
  key,
  title: `Setpoint ${key}`,
  type: 'float',
  unit: 'bar',
  actions: 'ReadWrite',
  field_type: 'Input',
  min: 0,
  max: 10,
  step: 0.1,
  address: { table: 'holding', register, datatype: 'float32' },
});

async function object(key: string, register: number) {
  const r = await putObject(server, key, {
    title: `Station ${key}`,
    address: 'Test bench',
    driver: {
      type: 'modbus-tcp',
      host: '127.0.0.1',
      port,
      unit_id: 1,
      poll_ms: 300,
      timeout_ms: 2000,
    },
    tags: [setpoint('sp', register)],
    grants: [{ email: 'dmitry.volkov@demo.example', control: true }],
  });
  expect(r.status).toBe(200);
  const id = r.data.data.id as number;
  await until(async () => (await api(`/api/v1/scada/tags/${id}`, { token })).data.status === 1);
  return { id, tagId: r.data.data.tags[0].id as number };
}

beforeAll(async () => {
  port = await freePort();
  device = await modbusDevice(port);
  for (const register of [0, 10]) {
    const [hi, lo] = floatWords(3);
    device.holding.set(register, hi).set(register + 1, lo);
  }
  server = await startServer(scadaEnv);
  api = apiClient(server);
  token = (await sessionFor(server, 'dmitry.volkov@demo.example')).token;
});
afterAll(async () => {
  await server?.stop();
  await device?.stop();
});

const act = (tagId: number, value: string, lang = 'en') =>
  api('/api/v1/scada/action', {
    token,
    lang,
    body: new URLSearchParams({ tag_id: String(tagId), value }),
  });

describe('dispatching commands under load', () => {
  it('10 simultaneous commands to one variable: exactly one device write, 9 refused by the rule', async () => {
    const { id, tagId } = await object('burst', 0);
    const writes = device.requests.writes;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => act(tagId, String(4 + i / 10))),
    );
    // A loser slipping through would reach the device before the worker's next two reads after the
    // answers (commands and reads go through the one worker of the object).
    const reads = device.requests.reads;
    await until(() => device.requests.reads >= reads + 2);
    // (A loaded machine may time a Modbus request out: the answers say so if the write is missing.)
    expect(
      device.requests.writes - writes,
      JSON.stringify(answers.map((a) => [a.status, a.data.data?.reason])),
    ).toBe(1);
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.data.data.result).toBe('confirmed');
    expect(refused).toHaveLength(9);
    for (const r of refused) {
      expect(r.data).toMatchObject({
        message: 'Too often: try again in 5 s',
        data: { result: 'refused', reason: 'rate' },
      });
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(r.headers.get('retry-after'))).toBeLessThanOrEqual(5);
    }
    const audit = (await api(`/api/v1/scada/${id}/audit?limit=100`, { token })).data.data;
    expect(audit.map((a: any) => a.result).sort()).toEqual([
      'confirmed',
      ...Array(9).fill('refused'),
    ]);
  });

  it('a flood of refused commands is cut off: 429 with Retry-After and a message in the language, the audit stays bounded', async () => {
    const { id, tagId } = await object('flood', 10);
    const answers = [];
    // Out of range: refused by the checks, never written; batches of 10 as a script would send them.
    for (let i = 0; i < 6; i++)
      answers.push(...(await Promise.all(Array.from({ length: 10 }, () => act(tagId, '99')))));
    const audited = answers.filter((a) => a.status === 422);
    const limited = answers.filter((a) => a.status === 429);
    expect(audited).toHaveLength(20);
    expect(limited).toHaveLength(40);
    const seconds = Number(limited[0]!.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(limited[0]!.data.message).toMatch(
      /^Too many commands to this object: try again in \d+ s$/,
    );
    expect(limited[0]!.data.data).toMatchObject({
      id: null,
      result: 'refused',
      reason: 'attempts',
    });
    const ru = await act(tagId, '99', 'ru');
    expect(ru.status).toBe(429);
    expect(ru.data.message).toMatch(
      /^Слишком много команд для этого объекта: повторите через \d+ с$/,
    );
    const audit = (await api(`/api/v1/scada/${id}/audit?limit=100`, { token })).data.data;
    expect(audit).toHaveLength(20);
    expect(audit.every((a: any) => a.result === 'refused' && a.reason === 'range')).toBe(true);
    // A valid command from the same user is refused as well until the window passes: the limit
    // counts attempts, not only refusals.
    const writes = device.requests.writes;
    expect((await act(tagId, '5')).status).toBe(429);
    expect(device.requests.writes).toBe(writes);
  });
});
