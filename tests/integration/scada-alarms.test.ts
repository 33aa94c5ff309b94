// Alarms and the events journal (issue 24) against a real Modbus TCP device: limits validated per
// field (400), hh/h/l/ll raised with delay and cleared with deadband, one row per occurrence, ISA-18.2
// states through acknowledge and clear, a communication-loss alarm, one bell notification per alarm
// per user (and an e-mail in the dev outbox for the user who asked), the journal with filters, key
// paging and CSV, and hostile input answered 400/404, never 500.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/lib/db/index.ts';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { freePort, modbusDevice } from './scada-modbus-server.ts';
import { enableScada, putObject, scadaEnv, until } from './scada-helpers.ts';

let server: TestServer;
let api: ApiClient;
let dmitry: string;
let olga: string;
let sergey: string;
let device: Awaited<ReturnType<typeof modbusDevice>>;
let port: number;
let id: number;
let tagIds: Record<string, number>;

const LIMITS = { hh: 90, h: 80, l: 20, ll: 10, deadband: 2, delay_s: 0 };
const tagsWith = (limits: unknown, extra: Record<string, unknown> = {}) => [
  {
    key: 'p',
    title: 'Pressure',
    type: 'float',
    unit: 'bar',
    actions: 'Read',
    limits,
    address: { table: 'holding', register: 0, datatype: 'uint16', scale: 0.1 },
    ...extra,
  },
  {
    key: 't',
    title: 'Temperature',
    type: 'float',
    unit: '°C',
    actions: 'Read',
    limits: { h: 50, delay_s: 2 },
    address: { table: 'holding', register: 1, datatype: 'uint16' },
  },
  {
    key: 'fault',
    title: 'Pump fault',
    type: 'bool',
    actions: 'Read',
    alarm: true,
    address: { table: 'coil', register: 0 },
  },
];
const object = (limits: unknown, extra: Record<string, unknown> = {}) => ({
  title: 'Alarm bench',
  address: 'Test bench',
  driver: { type: 'modbus-tcp', host: '127.0.0.1', port, poll_ms: 300, timeout_ms: 300 },
  tags: tagsWith(limits, extra),
  grants: [
    { email: 'dmitry.volkov@demo.example', control: true },
    { email: 'sergey.ivanov@demo.example', control: false },
  ],
});

function db() {
  const { url, dataDir } = server.database;
  return openDatabase(
    url ? { kind: 'postgres', url } : { kind: 'sqlite', file: join(dataDir, 'cabinet.sqlite') },
  );
}

const alarms = async (state = 'all', token = dmitry) =>
  (await api(`/api/v1/scada/${id}/alarms?state=${state}&limit=100`, { token })).data;
const find = async (kind: string, state = 'all') =>
  ((await alarms(state)).data as any[]).filter((a) => a.kind === kind);
const setP = (bar: number) => device.holding.set(0, Math.round(bar * 10));

beforeAll(async () => {
  port = await freePort();
  device = await modbusDevice(port);
  setP(50);
  device.holding.set(1, 30);
  device.coils.set(0, false);
  server = await startServer(scadaEnv);
  api = apiClient(server);
  await enableScada(server, 'sergey.ivanov@demo.example');
  dmitry = (await sessionFor(server, 'dmitry.volkov@demo.example')).token;
  olga = (await sessionFor(server, 'olga.demidova@demo.example')).token;
  sergey = (await sessionFor(server, 'sergey.ivanov@demo.example')).token;
  // Dmitry asks for alarm e-mails; Sergey does not.
  const mail = await api('/api/v1/scada/alarms/settings', { token: dmitry, json: { email: true } });
  expect(mail).toMatchObject({ status: 200, data: { data: { email: true } } });
  const r = await putObject(server, 'alarm-bench', object(LIMITS));
  expect(r.status).toBe(200);
  id = r.data.data.id;
  tagIds = Object.fromEntries(r.data.data.tags.map((t: any) => [t.key, t.id]));
  await until(
    async () => (await api(`/api/v1/scada/${id}`, { token: dmitry })).data.data.status === 1,
  );
}, 180_000); // a server start and a first poll: slow on a busy machine
afterAll(async () => {
  await server?.stop();
  await device?.stop();
});

describe('limits through the integration API', () => {
  const cases: Array<[string, unknown, string, string]> = [
    ['order', { h: 80, hh: 70 }, 'tags.0.limits.hh', 'Limits must ascend: ll < l < h < hh'],
    ['equal', { l: 20, h: 20 }, 'tags.0.limits.h', 'Limits must ascend: ll < l < h < hh'],
    [
      'deadband',
      { h: 1, deadband: -1 },
      'tags.0.limits.deadband',
      'deadband: a number of at least 0',
    ],
    [
      'delay',
      { h: 1, delay_s: 3601 },
      'tags.0.limits.delay_s',
      'delay_s: whole seconds from 0 to 3600',
    ],
    [
      'fraction',
      { h: 1, delay_s: 1.5 },
      'tags.0.limits.delay_s',
      'delay_s: whole seconds from 0 to 3600',
    ],
    ['huge', { h: 1e300 }, 'tags.0.limits.h', 'Limit: a number from -1e12 to 1e12'],
    ['text', { h: '80' }, 'tags.0.limits.h', 'Limit: a number from -1e12 to 1e12'],
    ['shape', 'high', 'tags.0.limits', 'limits: an object { hh, h, l, ll, deadband, delay_s }'],
  ];
  it.each(cases)('answers 400 naming the field: %s', async (_, limits, field, message) => {
    const r = await putObject(server, 'alarm-bad', object(limits));
    expect(r.status).toBe(400);
    expect(r.data.errors[field]).toBe(message);
    expect(r.data.message).toBe(message);
  });

  it('refuses limits on a boolean variable', async () => {
    const r = await putObject(server, 'alarm-bad', object({ h: 1 }, { type: 'bool' }));
    expect(r.status).toBe(400);
    expect(r.data.errors['tags.0.limits']).toBe(
      'Limits are for analog variables only (use alarm for bool)',
    );
  });
});

describe('analog alarms', () => {
  it('raises h, then hh, once each however many polls see them, and notifies once', async () => {
    setP(85);
    await until(async () => (await find('h', 'active')).length === 1, 5000);
    setP(95);
    await until(async () => (await find('hh', 'active')).length === 1, 5000);
    const raisedAt = Date.now();
    // Several polls later there is still one row of each.
    const database = db();
    try {
      await until(async () => {
        const polls = await database.db
          .selectFrom('scada_samples')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tag_id', '=', tagIds.p!)
          .executeTakeFirstOrThrow();
        return Number(polls.n) >= 1 && Date.now() - raisedAt > 1000;
      });
      expect(await find('h')).toHaveLength(1);
      expect(await find('hh')).toHaveLength(1);
      const [hh] = await find('hh');
      expect(hh).toMatchObject({
        object_id: id,
        tag_id: tagIds.p,
        tag_title: 'Pressure',
        kind: 'hh',
        value: 95,
        limit: 90,
        cleared_at: null,
        acknowledged_at: null,
        acknowledged_by: null,
        comment: null,
      });
      // The bell: one notification per alarm per granted user, within 2 s of the alarm, linking to it.
      const notes = await database.db
        .selectFrom('notifications as n')
        .innerJoin('users as u', 'u.id', 'n.user_id')
        .select(['u.email', 'n.module', 'n.title', 'n.url', 'n.pid', 'n.date'])
        .where('n.module', '=', 'scada')
        .where('n.pid', '=', hh.id)
        .execute();
      expect(notes.map((n) => n.email).sort()).toEqual([
        'dmitry.volkov@demo.example',
        'sergey.ivanov@demo.example',
      ]);
      for (const n of notes) {
        expect(n.url).toBe(`/tools/scada/${id}?tab=alarms`);
        expect(Date.parse(n.date) - Date.parse(hh.raised_at)).toBeLessThan(2000);
      }
      const ru = notes.find((n) => n.email.startsWith('dmitry'))!;
      expect(ru.title).toContain('Pressure');
      // E-mail to the user who asked for it only.
      // (Sent after the bell, not awaited by the alarm checks: waited for here.)
      const dir = join(server.database.dataDir, 'outbox');
      const mailsTo = () =>
        (existsSync(dir) ? readdirSync(dir) : [])
          .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')))
          .filter((m) => m.alarm === String(hh.id))
          .map((m) => m.to);
      await expect.poll(mailsTo, { timeout: 5000 }).toEqual(['dmitry.volkov@demo.example']);
    } finally {
      await database.close();
    }
  });

  it('clears with the deadband, and acknowledging moves through the ISA-18.2 states', async () => {
    setP(89); // below hh (90) but inside its deadband (2): hh stays
    setP(87.5); // below hh - deadband: hh clears; h (80) stays
    await until(async () => (await find('hh'))[0].cleared_at !== null, 5000);
    const [h] = await find('h');
    expect(h.cleared_at).toBeNull();
    // Cleared but unacknowledged: still in the active list.
    expect((await find('hh', 'active')).length).toBe(1);
    const [hh] = await find('hh');
    // A viewer cannot acknowledge; another customer does not see the alarm at all.
    expect(
      (await api(`/api/v1/scada/alarms/${hh.id}/ack`, { token: sergey, json: {} })).status,
    ).toBe(403);
    const other = await api(`/api/v1/scada/alarms/${hh.id}/ack`, { token: olga, json: {} });
    expect(other.status).toBe(404);
    const long = await api(`/api/v1/scada/alarms/${hh.id}/ack`, {
      token: dmitry,
      json: { comment: 'x'.repeat(501) },
    });
    expect(long.status).toBe(400);
    expect(long.data.errors.comment).toBe('Comment: at most 500 characters');
    const ack = await api(`/api/v1/scada/alarms/${hh.id}/ack`, {
      token: dmitry,
      json: { comment: 'Valve checked' },
    });
    expect(ack.status).toBe(200);
    expect(ack.data.data).toMatchObject({
      id: hh.id,
      comment: 'Valve checked',
      acknowledged_by: expect.any(String),
    });
    expect(ack.data.data.acknowledged_at).not.toBeNull();
    // Cleared and acknowledged: normal, out of the active list; a second ack is a conflict.
    expect(await find('hh', 'active')).toHaveLength(0);
    const again = await api(`/api/v1/scada/alarms/${hh.id}/ack`, { token: dmitry, json: {} });
    expect(again).toMatchObject({
      status: 409,
      data: { message: 'The alarm has already been acknowledged' },
    });
    // Acknowledged while active: stays in the list until it clears.
    expect(
      (await api(`/api/v1/scada/alarms/${h.id}/ack`, { token: dmitry, json: {} })).status,
    ).toBe(200);
    expect(await find('h', 'active')).toHaveLength(1);
    setP(77); // below h - deadband
    await until(async () => (await find('h', 'active')).length === 0, 5000);
    expect((await find('h'))[0].cleared_at).not.toBeNull();
  });

  it('raises low limits and a new occurrence after a clear is a new row', async () => {
    setP(15);
    await until(async () => (await find('l', 'active')).length === 1, 5000);
    setP(5);
    await until(async () => (await find('ll', 'active')).length === 1, 5000);
    setP(50);
    await until(async () => (await find('ll'))[0].cleared_at !== null, 5000);
    setP(95);
    await until(async () => (await find('hh')).length === 2, 5000);
    setP(50);
    await until(async () => (await find('hh')).every((a: any) => a.cleared_at !== null), 5000);
  });

  it('raises only after the value stays beyond the limit for delay_s', async () => {
    const set = Date.now();
    device.holding.set(1, 60);
    await until(async () => (await find('h')).some((a: any) => a.tag_id === tagIds.t), 8000);
    const [t] = (await find('h')).filter((a: any) => a.tag_id === tagIds.t);
    expect(Date.parse(t.raised_at) - set).toBeGreaterThanOrEqual(1600);
    device.holding.set(1, 30);
  });

  it('raises a fault from a boolean alarm variable', async () => {
    device.coils.set(0, true);
    await until(async () => (await find('fault', 'active')).length === 1, 5000);
    device.coils.set(0, false);
    await until(async () => (await find('fault'))[0].cleared_at !== null, 5000);
  });
});

describe('communication loss', () => {
  it('raises a link alarm when the device stops answering and clears it when it is back', async () => {
    device.setMode('hang');
    await until(async () => (await find('link', 'active')).length === 1, 10_000);
    const [link] = await find('link');
    expect(link).toMatchObject({ tag_id: null, tag_title: null, value: null, limit: null });
    device.setMode('normal');
    await until(async () => (await find('link'))[0].cleared_at !== null, 15_000);
    expect(await find('link')).toHaveLength(1);
  });
});

describe('lists across objects and hostile input', () => {
  it('lists every granted object with the total and key paging', async () => {
    const all = (await api('/api/v1/scada/alarms?state=all&limit=2', { token: dmitry })).data;
    expect(all.data).toHaveLength(2);
    expect(all.meta.pagination.total).toBeGreaterThanOrEqual(7);
    const next = (
      await api(
        `/api/v1/scada/alarms?state=all&limit=2&before=${all.meta.pagination.next_before}`,
        {
          token: dmitry,
        },
      )
    ).data;
    expect(next.data[0].id).toBeLessThan(all.data[1].id);
    // Another customer (without the dispatching module here: 404) never sees these alarms.
    const mine = await api('/api/v1/scada/alarms?state=all', { token: olga });
    expect(((mine.data?.data ?? []) as any[]).some((a) => a.object_id === id)).toBe(false);
    expect((await api(`/api/v1/scada/${id}/alarms`, { token: olga })).status).toBe(404);
  });

  it.each([
    ['/api/v1/scada/alarms?state=open', 'state'],
    ['/api/v1/scada/alarms?limit=1000', 'limit'],
    ['/api/v1/scada/alarms?before=99999999999999999999', 'before'],
    ['/api/v1/scada/alarms?before=-1', 'before'],
    ['/api/v1/scada/ID/events?kind=bogus', 'kind'],
    ['/api/v1/scada/ID/events?from=yesterday', 'from'],
    ['/api/v1/scada/ID/events?from=2026-01-02&to=2026-01-01', 'to'],
    ['/api/v1/scada/ID/events?after=x_1', 'after'],
    ['/api/v1/scada/ID/events.csv?to=9999-99-99', 'to'],
  ])('answers 400 naming the parameter: %s', async (path, field) => {
    const r = await api(path.replace('ID', String(id)), { token: dmitry });
    expect(r.status).toBe(400);
    expect(Object.keys(r.data.errors)).toEqual([field]);
  });

  it('answers 404 for ids past the integer range and malformed bodies 400', async () => {
    for (const bad of ['9223372036854775808', '99999999999999999999999', '0', 'abc'])
      expect(
        (await api(`/api/v1/scada/alarms/${bad}/ack`, { token: dmitry, json: {} })).status,
      ).toBe(404);
    const broken = await api(`/api/v1/scada/alarms/1/ack`, {
      token: dmitry,
      body: '{"comment":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken.status).toBe(400);
  });
});

describe('events journal', () => {
  it('shows raised, cleared, acknowledged, link lost and restored, filters by kind and period, pages by key', async () => {
    const all = (await api(`/api/v1/scada/${id}/events?limit=100`, { token: dmitry })).data
      .data as any[];
    const kinds = new Set(all.map((e) => e.kind));
    for (const k of ['alarm_raised', 'alarm_cleared', 'alarm_acked', 'link_lost', 'link_restored'])
      expect(kinds.has(k)).toBe(true);
    const acked = all.find((e) => e.kind === 'alarm_acked' && e.detail === 'Valve checked');
    expect(acked).toMatchObject({ alarm_kind: 'hh', tag_title: 'Pressure' });
    expect(acked.user).toBeTruthy();
    const sorted = [...all].sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1));
    expect(all.map((e) => e.id)).toEqual(sorted.map((e) => e.id));

    const raised = (await api(`/api/v1/scada/${id}/events?kind=alarm_raised`, { token: dmitry }))
      .data;
    expect((raised.data as any[]).every((e) => e.kind === 'alarm_raised')).toBe(true);
    const two = (
      await api(`/api/v1/scada/${id}/events?kind=link_lost,link_restored`, { token: dmitry })
    ).data;
    expect((two.data as any[]).map((e) => e.kind).sort()).toEqual(['link_lost', 'link_restored']);

    const future = (await api(`/api/v1/scada/${id}/events?from=2099-01-01`, { token: dmitry }))
      .data;
    expect(future.data).toEqual([]);

    // Calendar days (the journal's date inputs): `to` includes its day, so one day is a period.
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const at = Date.parse(two.data[0].at);
    const oneDay = await api(`/api/v1/scada/${id}/events?from=${day(at)}&to=${day(at)}`, {
      token: dmitry,
    });
    expect(oneDay.status).toBe(200);
    const around = (
      await api(
        `/api/v1/scada/${id}/events?from=${day(at - 86_400_000)}&to=${day(at + 86_400_000)}&kind=link_lost,link_restored`,
        { token: dmitry },
      )
    ).data;
    expect((around.data as any[]).map((e) => e.id).sort()).toEqual(
      (two.data as any[]).map((e) => e.id).sort(),
    );

    const p1 = (await api(`/api/v1/scada/${id}/events?limit=3`, { token: dmitry })).data;
    expect(p1.data).toHaveLength(3);
    const p2 = (
      await api(
        `/api/v1/scada/${id}/events?limit=3&after=${encodeURIComponent(p1.meta.pagination.next)}`,
        {
          token: dmitry,
        },
      )
    ).data;
    expect(p2.data.map((e: any) => e.id)).toEqual(all.slice(3, 6).map((e) => e.id));
    expect((await api(`/api/v1/scada/${id}/events`, { token: olga })).status).toBe(404);
  });

  it('exports the filtered journal as CSV', async () => {
    const res = await fetch(`${server.url}/api/v1/scada/${id}/events.csv?kind=alarm_raised`, {
      headers: { Authorization: `Bearer ${dmitry}`, 'Accept-Language': 'en' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // BOM: spreadsheets read UTF-8
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('Time;Event;Alarm;Variable;User;Value;Details');
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.slice(1).every((l) => l.split(';')[1] === 'Alarm raised')).toBe(true);
    expect(text).toContain('High-high (HH);Pressure;;95;90');
    const other = await fetch(`${server.url}/api/v1/scada/${id}/events.csv`, {
      headers: { Authorization: `Bearer ${olga}` },
    });
    expect(other.status).toBe(404);
  });
});

describe('last good read', () => {
  it('moves the time of the last update forward while the values stay the same', async () => {
    const tags = async () => (await api(`/api/v1/scada/tags/${id}`, { token: dmitry })).data;
    await until(async () => (await tags()).status === 1, 15_000);
    const first = await tags();
    // Nothing changes on the device; the time still follows the reads (published every 5 s).
    await until(async () => (await tags()).last_update_at !== first.last_update_at, 8000);
    const later = await tags();
    expect(later.values).toEqual(first.values);
    expect(Date.now() - Date.parse(later.last_update_at)).toBeLessThan(6000);
  });
});
