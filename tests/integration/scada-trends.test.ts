// Trends against a real Modbus TCP device: the history answers the requested period exactly, with a
// gap where the link was lost (device stopped, then started again), a lone sample as one point, the
// range checked field by field (400 naming from / to / points), another customer's object 404; the
// CSV export of the range: UTF-8 with the time column stated as UTC, one column per variable with its
// unit, values at each variable's precision, an empty cell where the link was lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { floatWords, freePort, modbusDevice } from './scada-modbus-server.ts';
import { enableScada, putObject, scadaEnv, until } from './scada-helpers.ts';

let server: TestServer;
let api: ApiClient;
let dmitry: string;
let olga: string;
let device: Awaited<ReturnType<typeof modbusDevice>>;
let id: number;
let tagIds: Record<string, number>;
let lostAt = 0;
let backAt = 0;

const TAGS = [
  {
    key: 'temp',
    title: 'Temperature',
    type: 'float',
    unit: '°C',
    actions: 'Read',
    address: { table: 'holding', register: 0, datatype: 'int16', scale: 0.1 },
  },
  {
    key: 'count',
    title: 'Counter',
    type: 'int',
    actions: 'Read',
    address: { table: 'holding', register: 1, datatype: 'uint16' },
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
    address: { table: 'holding', register: 2, datatype: 'float32' },
  },
];

const tags = async () => (await api(`/api/v1/scada/tags/${id}`, { token: dmitry })).data;
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  const port = await freePort();
  device = await modbusDevice(port);
  device.holding.set(0, 215).set(1, 7);
  const [a, b] = floatWords(3.3);
  device.holding.set(2, a).set(3, b);
  server = await startServer({ ...scadaEnv, SCADA_HEARTBEAT_SECONDS: '10' });
  api = apiClient(server);
  [dmitry, olga] = (
    await Promise.all([
      sessionFor(server, 'dmitry.volkov@demo.example'),
      sessionFor(server, 'olga.demidova@demo.example'),
    ])
  ).map((s) => s.token) as [string, string];
  await enableScada(server, 'olga.demidova@demo.example');
  const r = await putObject(server, 'trend-1', {
    title: 'Trend bench',
    driver: {
      type: 'modbus-tcp',
      host: '127.0.0.1',
      port,
      poll_ms: 300,
      timeout_ms: 300,
    },
    tags: TAGS,
    grants: [{ email: 'dmitry.volkov@demo.example' }],
  });
  expect(r.status).toBe(200);
  id = r.data.data.id;
  tagIds = Object.fromEntries(r.data.data.tags.map((t: any) => [t.key, t.id]));
  // A history with a lost link in it: values, the device gone, the device back with a new value.
  await until(async () => (await tags()).status === 1);
  device.holding.set(0, 230);
  await until(async () => (await tags()).values[0] === 23);
  await device.stop();
  lostAt = Date.now();
  await until(async () => (await tags()).status === 0, 10_000);
  device.holding.set(0, 250);
  await device.start();
  await until(async () => (await tags()).values[0] === 25, 20_000);
  backAt = Date.now();
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await device?.stop();
});

describe('history', () => {
  it('answers exactly the requested period, with a gap where the link was lost', async () => {
    const from = lostAt - 60_000;
    const to = backAt + 1000;
    const res = await api(
      `/api/v1/scada/${id}/history?tags=${tagIds.temp}&from=${iso(from)}&to=${iso(to)}&points=600`,
      { token: dmitry },
    );
    expect(res.status).toBe(200);
    expect(res.data.meta).toEqual({ from: iso(from), to: iso(to) });
    const [s] = res.data.data;
    expect(s.tag_id).toBe(tagIds.temp);
    for (const p of s.points) expect(p.t >= from && p.t < to).toBe(true);
    // The first read (21.5) opens the range; the change to 23 may share its one-second bucket.
    expect(s.points[0].min).toBe(21.5);
    expect(s.points.at(-1).avg).toBe(25);
    // One gap: from the last good read before the loss to the first after the device came back.
    expect(s.gaps).toHaveLength(1);
    const [a, b] = s.gaps[0];
    expect(a).toBeLessThanOrEqual(lostAt);
    expect(lostAt - a).toBeLessThan(2000);
    expect(b).toBeGreaterThan(lostAt + 1000);
    expect(b).toBeLessThanOrEqual(backAt);
    // The points on either side of the gap: 23 before, 25 after.
    const before = s.points.filter((p: any) => p.t <= a);
    const after = s.points.filter((p: any) => p.t >= b - 1000);
    expect(before.at(-1).max).toBe(23);
    expect(after.at(-1).avg).toBe(25);
  });

  it('draws a lone sample as one point, and a range before any data as nothing', async () => {
    // The setpoint never changed: its first sample is alone in a range ending just after it.
    const csv = await fetch(
      `${server.url}/api/v1/scada/${id}/history.csv?tags=${tagIds.sp}&from=${iso(lostAt - 120_000)}&to=${iso(backAt + 1000)}`,
      { headers: { Authorization: `Bearer ${dmitry}` } },
    );
    const first = Date.parse((await csv.text()).split('\r\n')[1]!.split(',')[0]!);
    const res = await api(
      `/api/v1/scada/${id}/history?tags=${tagIds.sp}&from=${iso(first - 60_000)}&to=${iso(first + 1)}`,
      { token: dmitry },
    );
    expect(res.data.data[0].points).toEqual([{ t: first, min: 3.3, max: 3.3, avg: 3.3 }]);
    const empty = await api(
      `/api/v1/scada/${id}/history?from=2021-01-01T00:00:00Z&to=2021-01-01T01:00:00Z`,
      { token: dmitry },
    );
    expect(empty.status).toBe(200);
    expect(empty.data.data.map((s: any) => [s.points, s.gaps])).toEqual(
      Array(3).fill([[], []]).slice(0, empty.data.data.length),
    );
  });

  it('refuses a wrong range with 400 naming the field', async () => {
    const ask = (q: string) => api(`/api/v1/scada/${id}/history?${q}`, { token: dmitry });
    const cases: Array<[string, Record<string, string>]> = [
      ['from=yesterday', { from: 'Give a date and time in ISO 8601 (from the year 2000)' }],
      ['to=99999-01-01T00:00:00Z', { to: 'Give a date and time in ISO 8601 (from the year 2000)' }],
      [
        'from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z',
        { from: 'The start of the period must be before its end' },
      ],
      ['from=2020-01-01T00:00:00Z&to=2020-03-01T00:00:00Z', { to: 'At most 31 days' }],
      ['points=-5', { points: 'Points: a whole number from 1 to 2000' }],
      ['points=1e9', { points: 'Points: a whole number from 1 to 2000' }],
    ];
    for (const [q, errors] of cases) {
      const res = await ask(q);
      expect([q, res.status]).toEqual([q, 400]);
      expect(res.data).toEqual({
        message: 'Invalid range: from before to, at most 31 days',
        errors,
      });
    }
    const csv = await api(`/api/v1/scada/${id}/history.csv?from=2026-13-01`, { token: dmitry });
    expect(csv.status).toBe(400);
    expect(csv.data.errors).toEqual({
      from: 'Give a date and time in ISO 8601 (from the year 2000)',
    });
  });

  it("answers 404 for another customer's object, in JSON and CSV, and for a variable of another object", async () => {
    for (const path of [`/api/v1/scada/${id}/history`, `/api/v1/scada/${id}/history.csv`]) {
      const res = await api(path, { token: olga });
      expect(res.status).toBe(404);
      expect(res.data.message).toBe("Can't get dispatching object!");
    }
    const demo = (await api('/api/v1/scada', { token: dmitry })).data.data.find(
      (o: any) => o.id !== id,
    ).id;
    const res = await api(`/api/v1/scada/${demo}/history.csv?tags=${tagIds.temp}`, {
      token: dmitry,
    });
    expect(res.status).toBe(404);
    expect(res.data.message).toBe("Can't get dispatching object variables!");
  });
});

describe('CSV export', () => {
  it('streams the samples of the range: UTC times, units in the header, values at precision, the lost link empty', async () => {
    const from = lostAt - 60_000;
    const to = backAt + 1000;
    const res = await fetch(
      `${server.url}/api/v1/scada/${id}/history.csv?from=${iso(from)}&to=${iso(to)}`,
      { headers: { Authorization: `Bearer ${dmitry}`, 'Accept-Language': 'en' } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="scada-${id}-\\d{4}-\\d{2}-\\d{2}-\\d{2}-\\d{2}-`),
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    // A byte order mark, so spreadsheet programs read the UTF-8 titles right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('"Time (UTC, ISO 8601)","Temperature, °C",Counter,"Setpoint, bar"');
    const rows = lines.slice(1).map((l) => l.split(','));
    for (const r of rows) {
      expect(r[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(Date.parse(r[0]!)).toBeGreaterThanOrEqual(from);
      expect(Date.parse(r[0]!)).toBeLessThan(to);
    }
    const times = rows.map((r) => r[0]);
    expect([...times].sort()).toEqual(times);
    expect(rows[0]).toEqual([rows[0]![0], '21.500', '7', '3.3']);
    // The link loss: a row of empty cells, then 25.000 once the device is back.
    const lost = rows.findIndex((r) => r.slice(1).every((c) => c === ''));
    expect(lost).toBeGreaterThan(0);
    expect(rows[lost - 1]![1]).toMatch(/^(23\.000|)$/);
    expect(rows.slice(lost + 1).find((r) => r[1] !== '')![1]).toBe('25.000');
    expect(rows.map((r) => r[1]).filter(Boolean)).toEqual(
      expect.arrayContaining(['21.500', '23.000', '25.000']),
    );
  });
});
