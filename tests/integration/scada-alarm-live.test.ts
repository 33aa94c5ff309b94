// Alarms live and by choice (issue 24) against a real Modbus TCP device: the alarm page's e-mail
// switch (a plain form, post-redirect-get; the API reads the same setting) decides whether an alarm
// sends mail (off: none, on: exactly one); the alarm feed (/ws?wss_type=scada without scada_id)
// tells a granted user of an alarm raised, acknowledged and cleared within 2 s, with the active
// count, and tells another customer nothing; an open stream reads the variable list a re-PUT put in
// place; alarm rows carry values at the variable's precision.
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { outbox } from '../helpers/mail.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { floatWords, freePort, modbusDevice } from './scada-modbus-server.ts';
import { putObject, scadaEnv, stream, until } from './scada-helpers.ts';

let server: TestServer;
let api: ApiClient;
let dmitry: string;
let olga: string;
let sergey: string;
let device: Awaited<ReturnType<typeof modbusDevice>>;
let port: number;
let id: number;
let otherId: number;

const DMITRY = 'dmitry.volkov@demo.example';
const driver = () => ({
  type: 'modbus-tcp',
  host: '127.0.0.1',
  port,
  poll_ms: 300,
  timeout_ms: 300,
});
const pressure = {
  key: 'p',
  title: 'Pressure',
  type: 'float',
  unit: 'bar',
  actions: 'Read',
  limits: { h: 80, deadband: 2, delay_s: 0 },
  address: { table: 'holding', register: 0, datatype: 'uint16', scale: 0.1 },
};
const setP = (bar: number) => device.holding.set(0, Math.round(bar * 10));

/** The alarm feed: frames as they come, with their arrival time. */
function feed(token: string) {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${token}&wss_type=scada`, {
    headers: { origin: server.url },
  });
  const frames: Array<{ at: number; frame: any }> = [];
  ws.on('message', (raw) => frames.push({ at: Date.now(), frame: JSON.parse(String(raw)) }));
  ws.on('error', () => undefined);
  const opened = new Promise<void>((resolve) => ws.on('open', () => resolve()));
  const refused = new Promise<number>((resolve) =>
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
  );
  return { ws, frames, opened, refused };
}

/** The alarm page's e-mail form, posted as a browser without JavaScript posts it. */
const postMailForm = (on: boolean, token = dmitry) =>
  fetch(`${server.url}/tools/scada/alarms`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      cookie: `sid=${token}`,
      origin: server.url,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: on ? 'action=alarm-mail&email=on' : 'action=alarm-mail',
  });

const alarmsOf = async (objectId: number, state = 'active') =>
  (await api(`/api/v1/scada/${objectId}/alarms?state=${state}&limit=100`, { token: dmitry })).data
    .data as any[];
const mailsFor = (alarmId: number) =>
  outbox(server.database.dataDir)
    .filter((m) => (m as { alarm?: string }).alarm === String(alarmId))
    .map((m) => m.to);
/** The e-mail checkbox of the alarm page (its tag only). */
const checkbox = (html: string) =>
  /<input type="checkbox" name="email"[^>]*>/.exec(html)?.[0] ?? 'none';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  port = await freePort();
  device = await modbusDevice(port);
  setP(50);
  device.holding.set(2, 7);
  const [hi, lo] = floatWords(6.33);
  device.holding.set(4, hi);
  device.holding.set(5, lo);
  server = await startServer(scadaEnv);
  api = apiClient(server);
  [dmitry, olga, sergey] = (
    await Promise.all(
      [DMITRY, 'olga.demidova@demo.example', 'sergey.ivanov@demo.example'].map((e) =>
        sessionFor(server, e),
      ),
    )
  ).map((s) => s.token) as [string, string, string];
  const r = await putObject(server, 'live-bench', {
    title: 'Live bench',
    address: 'Test bench',
    driver: driver(),
    tags: [pressure],
    grants: [{ email: DMITRY, control: true }],
  });
  expect(r.status).toBe(200);
  id = r.data.data.id;
  // Another customer's object on the same device (no limits): Olga may use dispatching, not this bench.
  const other = await putObject(server, 'live-other', {
    title: 'Other bench',
    address: 'Elsewhere',
    driver: driver(),
    tags: [{ ...pressure, limits: undefined }],
    grants: [{ email: 'olga.demidova@demo.example', control: true }],
  });
  expect(other.status).toBe(200);
  otherId = other.data.data.id;
  await until(
    async () => (await api(`/api/v1/scada/${id}`, { token: dmitry })).data.data.status === 1,
  );
}, 180_000); // a server start and a first poll: slow on a busy machine
afterAll(async () => {
  await server?.stop();
  await device?.stop();
});

describe('the e-mail switch of the alarm page', () => {
  it('is a plain form: post, redirect, get; the API reads the same setting', async () => {
    const on = await postMailForm(true);
    expect(on.status).toBe(303);
    expect(on.headers.get('location')).toBe('/tools/scada/alarms?saved=mail');
    expect(await api('/api/v1/scada/alarms/settings', { token: dmitry })).toMatchObject({
      status: 200,
      data: { data: { email: true } },
    });
    const page = await fetch(`${server.url}/tools/scada/alarms?saved=mail`, {
      headers: { accept: 'text/html', cookie: `sid=${dmitry}`, 'accept-language': 'en' },
    });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(checkbox(html)).toContain(' checked');
    expect(html).toContain('role="status"');
    const off = await postMailForm(false);
    expect(off.status).toBe(303);
    expect(await api('/api/v1/scada/alarms/settings', { token: dmitry })).toMatchObject({
      data: { data: { email: false } },
    });
    const again = await fetch(`${server.url}/tools/scada/alarms`, {
      headers: { accept: 'text/html', cookie: `sid=${dmitry}` },
    });
    expect(checkbox(await again.text())).not.toContain(' checked');
    // A body that is not a form is refused, and the setting stays.
    const json = await fetch(`${server.url}/tools/scada/alarms`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: `sid=${dmitry}`, origin: server.url, 'content-type': 'application/json' },
      body: '{"email":true}',
    });
    expect(json.status).toBe(400);
    // Another site cannot switch it (the cookie is ambient).
    const forged = await fetch(`${server.url}/tools/scada/alarms`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: `sid=${dmitry}`,
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'action=alarm-mail&email=on',
    });
    expect(forged.status).toBe(403);
    // Without dispatching the page, and so its form, does not exist.
    expect((await postMailForm(true, sergey)).status).toBe(404);
    expect(await api('/api/v1/scada/alarms/settings', { token: dmitry })).toMatchObject({
      data: { data: { email: false } },
    });
  });

  it('off: an alarm on the device sends no mail; on: exactly one', async () => {
    expect((await postMailForm(false)).status).toBe(303);
    setP(85);
    await until(async () => (await alarmsOf(id)).some((a) => !a.cleared_at), 5000);
    const first = (await alarmsOf(id)).find((a) => !a.cleared_at)!;
    // Told in the bell, not by mail (several polls later still none).
    await sleep(1500);
    expect(mailsFor(first.id)).toEqual([]);
    setP(50);
    await until(async () => (await alarmsOf(id, 'all')).every((a) => a.cleared_at !== null), 5000);

    expect((await postMailForm(true)).status).toBe(303);
    setP(86);
    await until(
      async () => (await alarmsOf(id)).some((a) => !a.cleared_at && a.id !== first.id),
      5000,
    );
    const second = (await alarmsOf(id)).find((a) => !a.cleared_at)!;
    await expect.poll(() => mailsFor(second.id), { timeout: 5000 }).toEqual([DMITRY]);
    // Several polls later: still one.
    await sleep(1500);
    expect(mailsFor(second.id)).toEqual([DMITRY]);
    expect(mailsFor(first.id)).toEqual([]);
    setP(50);
    await until(async () => (await alarmsOf(id, 'all')).every((a) => a.cleared_at !== null), 5000);
    // Rows carry the value at the variable's precision (0.1 bar scale: no float tails).
    expect(second).toMatchObject({ value: 86, limit: 80, digits: 3 });
    for (const a of await alarmsOf(id, 'active'))
      expect(
        (await api(`/api/v1/scada/alarms/${a.id}/ack`, { token: dmitry, json: {} })).status,
      ).toBe(200);
  });
});

describe('the alarm feed', () => {
  it('refuses a user who sees no object, and an unknown session', async () => {
    expect(await feed(sergey).refused).toBe(404);
    expect(await feed('nope').refused).toBe(401);
  });

  it('tells the granted user of an alarm within 2 s, with the count; another customer hears nothing', async () => {
    const before = (await api('/api/v1/scada/alarms?state=active&limit=1', { token: dmitry })).data
      .meta.pagination.total as number;
    const mine = feed(dmitry);
    const theirs = feed(olga);
    await Promise.all([mine.opened, theirs.opened]);
    const crossed = Date.now();
    setP(90);
    await until(() => mine.frames.some((f) => f.frame.alarm.state === 'raised'), 5000, 20);
    const raised = mine.frames.find((f) => f.frame.alarm.state === 'raised')!;
    // The device is read every 300 ms: the crossing is seen within a poll, then told at once.
    expect(raised.at - crossed).toBeLessThan(2000);
    expect(raised.frame).toMatchObject({
      type: 'alarm',
      alarm: { object_id: id, kind: 'h', state: 'raised' },
      active: before + 1,
    });
    const alarmId = raised.frame.alarm.id;
    expect((await alarmsOf(id)).map((a) => a.id)).toEqual([alarmId]);

    const ack = await api(`/api/v1/scada/alarms/${alarmId}/ack`, { token: dmitry, json: {} });
    expect(ack.status).toBe(200);
    await until(() => mine.frames.some((f) => f.frame.alarm.state === 'acked'), 3000, 20);
    expect(mine.frames.find((f) => f.frame.alarm.state === 'acked')!.frame).toMatchObject({
      alarm: { id: alarmId, object_id: id },
      active: before + 1,
    });
    setP(50);
    await until(() => mine.frames.some((f) => f.frame.alarm.state === 'cleared'), 5000, 20);
    // Acknowledged and cleared: normal, the badge goes back.
    expect(mine.frames.find((f) => f.frame.alarm.state === 'cleared')!.frame).toMatchObject({
      alarm: { id: alarmId, object_id: id, kind: 'h' },
      active: before,
    });
    await sleep(500);
    expect(theirs.frames).toEqual([]);
    mine.ws.close();
    theirs.ws.close();
  });

  it('stops telling a user whose grant is withdrawn (the feed closes with the last one)', async () => {
    const theirs = feed(olga);
    await theirs.opened;
    const closed = new Promise<number>((resolve) => theirs.ws.on('close', (c) => resolve(c)));
    const r = await putObject(server, 'live-other', {
      title: 'Other bench',
      address: 'Elsewhere',
      driver: driver(),
      tags: [{ ...pressure, limits: undefined }],
      grants: [{ email: DMITRY, control: false }],
    });
    expect(r.status).toBe(200);
    expect(
      await Promise.race([
        closed,
        new Promise((resolve) => setTimeout(() => resolve('open'), 3000)),
      ]),
    ).toBe(4404);
    expect(r.data.data.id).toBe(otherId);
  });
});

describe('a re-PUT of the variables', () => {
  it('makes an open stream send values by the new list', async () => {
    const base = {
      title: 'Re-PUT bench',
      address: 'Test bench',
      driver: driver(),
      grants: [{ email: DMITRY, control: true }],
    };
    const counter = {
      key: 'n',
      title: 'Counter',
      type: 'int',
      actions: 'Read',
      address: { table: 'holding', register: 2, datatype: 'uint16' },
    };
    const created = await putObject(server, 'live-reput', { ...base, tags: [counter] });
    expect(created.status).toBe(200);
    const objectId = created.data.data.id;
    const s = stream(server, dmitry, objectId);
    await s.next((f) => f.v.length === 1 && f.v[0] === 7);
    // A float32 variable first: by the old list its value would be rounded as the integer counter.
    const level = {
      key: 'f',
      title: 'Level',
      type: 'float',
      unit: 'm',
      actions: 'Read',
      address: { table: 'holding', register: 4, datatype: 'float32' },
    };
    const again = await putObject(server, 'live-reput', { ...base, tags: [level, counter] });
    expect(again.status).toBe(200);
    const f = await s.next((x) => x.v.length === 2 && x.v[0] !== null);
    expect(f.v).toEqual([6.33, 7]);
    s.ws.close();
  });
});
