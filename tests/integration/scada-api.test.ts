// Dispatching through its API: the back office configures objects and grants (scope scada), the
// user sees only granted objects (another customer gets 404 over HTTP and the stream), live values
// arrive over the spec's stream, and commands are checked, executed with read-back and audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { connect } from '../helpers/ws.ts';
import { enableScada, putObject, scadaEnv, stream, until } from './scada-helpers.ts';

let server: TestServer;
let api: ApiClient;
let dmitry: string;
let olga: string;

beforeAll(async () => {
  server = await startServer(scadaEnv);
  api = apiClient(server);
  [dmitry, olga] = (
    await Promise.all([
      sessionFor(server, 'dmitry.volkov@demo.example'),
      sessionFor(server, 'olga.demidova@demo.example'),
    ])
  ).map((s) => s.token) as [string, string];
  // Olga has the module too: what she may see is decided by grants alone.
  await enableScada(server, 'olga.demidova@demo.example');
});
afterAll(async () => {
  await server?.stop();
});

const tagsOf = async (id: number, token = dmitry) =>
  (await api(`/api/v1/scada/tags/${id}`, { token })).data;
const form = (tag_id: number, value: string) =>
  new URLSearchParams({ tag_id: String(tag_id), value });
const act = (tag_id: number, value: string, token = dmitry) =>
  api('/api/v1/scada/action', { token, body: form(tag_id, value) });

describe('list and object', () => {
  it('lists the granted demo objects with meta.pagination.total, searches title and address, pages', async () => {
    const all = await api('/api/v1/scada?limit=10&page=1&orderBy=id&sortedBy=asc', {
      token: dmitry,
    });
    expect(all.status).toBe(200);
    expect(all.data.meta.pagination.total).toBe(3);
    expect(all.data.data.map((o: any) => o.oid_name)).toEqual(
      Array(3).fill('АКЦИОНЕРНОЕ ОБЩЕСТВО "ИЖЕВСКИЕ ТЕПЛОВЫЕ СЕТИ"'),
    );
    const found = await api(
      `/api/v1/scada?search=${encodeURIComponent('Пушкинская')}&searchFields=title;address`,
      { token: dmitry },
    );
    expect(found.data.data.map((o: any) => o.title)).toEqual(['ИТП на Пушкинской']);
    const short = await api(`/api/v1/scada?search=${encodeURIComponent('Пу')}`, { token: dmitry });
    expect(short.data.meta.pagination.total).toBe(3);
    const page2 = await api('/api/v1/scada?limit=2&page=2&sortedBy=asc', { token: dmitry });
    expect(page2.data.data).toHaveLength(1);
    expect(page2.data.data[0].id).toBe(all.data.data[2].id);
    const bad = await api('/api/v1/scada?searchFields=password', { token: dmitry });
    expect(bad.status).toBe(400);
    expect(bad.data.message).toBe("Can't get all dispatching objects!");
  });

  it('a customer without a grant sees nothing and gets 404 for the object, its tags, history, command and stream', async () => {
    const list = await api('/api/v1/scada', { token: olga });
    expect(list.data.meta.pagination.total).toBe(0);
    const id = (await api('/api/v1/scada', { token: dmitry })).data.data[0].id;
    const one = await api(`/api/v1/scada/${id}`, { token: olga });
    expect(one.status).toBe(404);
    expect(one.data.message).toBe("Can't get dispatching object!");
    const tags = await api(`/api/v1/scada/tags/${id}`, { token: olga });
    expect(tags.status).toBe(404);
    expect(tags.data.message).toBe("Can't get dispatching object variables!");
    expect((await api(`/api/v1/scada/${id}/history`, { token: olga })).status).toBe(404);
    const tagId = (await tagsOf(id)).tags[0].id;
    expect((await act(tagId, '1', olga)).status).toBe(404);
    const s = stream(server, olga, id);
    expect(await s.refused).toBe(404);
    expect(s.frames).toHaveLength(0);
    // The generic socket's scada topic (list pages follow statuses there) is refused the same way.
    const olgaWs = connect(server, `sid=${olga}`);
    expect(await olgaWs.subscribe(`scada:${id}`)).toBe('denied');
    const dmitryWs = connect(server, `sid=${dmitry}`);
    expect(await dmitryWs.subscribe(`scada:${id}`)).toBe('subscribed');
    await dmitryWs.next((m) => m.topic === `scada:${id}` && m.type === 'scada.values');
    // Two further values reached the granted socket: a leak to the refused one would have come too.
    await dmitryWs.next(
      () => dmitryWs.messages.filter((x) => x.type === 'scada.values').length >= 3,
    );
    expect(olgaWs.messages.some((m) => m.type === 'scada.values')).toBe(false);
    olgaWs.ws.close();
    dmitryWs.ws.close();
  });

  it('streams the full array first, then changes, with status and quality', async () => {
    const id = (await api('/api/v1/scada?sortedBy=asc', { token: dmitry })).data.data[0].id;
    const { tags } = await tagsOf(id);
    const s = stream(server, dmitry, id);
    const first = await s.next((f) => f.status === 1 && f.v.length === tags.length);
    expect(first.q.every((q) => q === 'g')).toBe(true);
    expect(typeof first.v[0]).toBe('number');
    const changed = await s.next((f) => f !== first && f.status === 1 && f.v[0] !== first.v[0]);
    expect(changed.v).toHaveLength(tags.length);
    // One frame per changed read, no faster: three more frames, each at least half the poll period
    // (the demo objects read every second) after the one before, within scheduling slack.
    const count = s.frames.length;
    await s.next(() => s.frames.length >= count + 3);
    const at = s.times.slice(count - 1, count + 3);
    const gaps = at.slice(1).map((x, i) => x - at[i]!);
    for (const gap of gaps) expect(gap, JSON.stringify(gaps)).toBeGreaterThanOrEqual(400);
    s.ws.close();
  });
});

describe('history', () => {
  it('answers min/max/avg buckets for the chosen variables, at most the points asked, and checks the range', async () => {
    const id = (await api('/api/v1/scada?sortedBy=asc', { token: dmitry })).data.data[0].id;
    const { tags } = await tagsOf(id);
    const from = new Date(Date.now() - 60_000).toISOString();
    const to = new Date(Date.now() + 1000).toISOString();
    const res = await api(
      `/api/v1/scada/${id}/history?tags=${tags[0].id},${tags[1].id}&from=${from}&to=${to}&points=5`,
      { token: dmitry },
    );
    expect(res.status).toBe(200);
    expect(res.data.data.map((s: any) => s.tag_id)).toEqual([tags[0].id, tags[1].id]);
    const points = res.data.data[0].points;
    expect(points.length).toBeGreaterThan(0);
    expect(points.length).toBeLessThanOrEqual(5);
    for (const p of points) expect(p.min <= p.avg && p.avg <= p.max).toBe(true);
    const wide = await api(
      `/api/v1/scada/${id}/history?from=2020-01-01T00:00:00Z&to=2020-03-01T00:00:00Z`,
      { token: dmitry },
    );
    expect(wide.status).toBe(400);
    expect(wide.data.message).toBe('Invalid range: from before to, at most 31 days');
    const foreign = await api(`/api/v1/scada/${id}/history?tags=999999`, { token: dmitry });
    expect(foreign.status).toBe(404);
  });
});

describe('commands', () => {
  let id: number;
  let tags: any[];
  beforeAll(async () => {
    id = (await api('/api/v1/scada?sortedBy=asc', { token: dmitry })).data.data[0].id;
    await until(async () => (await tagsOf(id)).status === 1);
    tags = (await tagsOf(id)).tags;
  });
  const tag = (key: string) => tags.find((t) => t.title === key)!;

  it('resets the fault with read-back confirmation and records it', async () => {
    const fault = tag('Авария');
    await until(async () => (await tagsOf(id)).values[fault.idx] === 1);
    const res = await act(fault.id, 'true');
    expect(res.status).toBe(200);
    expect(res.data.data).toMatchObject({ result: 'confirmed', old_value: 1, value: 0 });
    expect(res.data.message).toBe('Done: the device confirmed the value');
  });

  it('refuses empty, out-of-range, wrong-type, read-only values and repeats within the rate window, each audited', async () => {
    const setpoint = tag('Уставка давления');
    const empty = await act(setpoint.id, '');
    expect(empty.status).toBe(422);
    expect(empty.data.message).toBe('Enter the required value');
    const range = await act(setpoint.id, '99');
    expect(range.status).toBe(422);
    expect(range.data).toMatchObject({
      message: 'The value is outside 1 … 10',
      data: { result: 'refused', reason: 'range' },
    });
    const type = await act(setpoint.id, 'abc');
    expect(type.data).toMatchObject({
      message: 'The value must be a number of the right type',
      data: { reason: 'type' },
    });
    const readonly = await act(tag('Давление на входе').id, '3');
    expect(readonly.status).toBe(403);
    expect(readonly.data.message).toBe('This variable is read-only');
    const good = await act(setpoint.id, '6.5');
    expect(good.status).toBe(200);
    expect(good.data.data).toMatchObject({ result: 'confirmed', old_value: 5.5, value: 6.5 });
    const again = await act(setpoint.id, '6.6');
    expect(again.status).toBe(429);
    expect(again.data.message).toBe('Too often: try again in 5 s');
    const audit = await api(`/api/v1/scada/${id}/audit`, { token: dmitry });
    expect(audit.status).toBe(200);
    expect(audit.data.data.slice(0, 6).map((r: any) => [r.result, r.reason])).toEqual([
      ['refused', 'rate'],
      ['confirmed', null],
      ['refused', 'readonly'],
      ['refused', 'type'],
      ['refused', 'range'],
      ['refused', 'empty'],
    ]);
    // The snapshot follows within the one-second coalescing window.
    await until(async () => (await tagsOf(id)).values[setpoint.idx] === 6.5, 3000);
  });

  it('a view-only grant may watch but not command', async () => {
    const r = await putObject(server, 'shared-view', {
      title: 'Насосная для просмотра',
      oid: '1832014568',
      address: 'Ижевск',
      driver: { type: 'simulator' },
      tags: [
        {
          key: 'sp',
          title: 'Уставка',
          type: 'float',
          unit: 'бар',
          actions: 'ReadWrite',
          field_type: 'Input',
          min: 0,
          max: 10,
          address: { signal: 'setpoint', base: 4 },
        },
      ],
      grants: [{ email: 'olga.demidova@demo.example', control: false }],
    });
    expect(r.status).toBe(200);
    expect(r.data.data).toMatchObject({ key: 'shared-view', created: true, grants: 1 });
    const oid = r.data.data.id;
    expect((await api(`/api/v1/scada/${oid}`, { token: olga })).data.data).toMatchObject({
      title: 'Насосная для просмотра',
      control: 0,
    });
    expect((await api(`/api/v1/scada/${oid}`, { token: dmitry })).status).toBe(404);
    const res = await act(r.data.data.tags[0].id, '5', olga);
    expect(res.status).toBe(403);
    expect(res.data.message).toBe('You may view this object but not control it');
  });
});

describe('integration API', () => {
  it('checks the key, the scope and every field', async () => {
    const body = { title: 'X', driver: { type: 'simulator' }, tags: [] };
    expect((await putObject(server, 'k1', body, 'wrong-key-0123456789')).status).toBe(401);
    const bad = await putObject(server, 'k1', {
      title: '',
      oid: '123',
      driver: { type: 'modbus-tcp', host: '10.0.0.5', port: 502 },
      tags: [
        {
          key: 'a',
          title: 'A',
          type: 'float',
          actions: 'ReadWrite',
          address: { table: 'holding', register: 1 },
        },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.data.errors).toMatchObject({
      title: 'Text is missing or too long',
      oid: "oid: the organisation's INN (10 or 12 digits)",
      'tags.0': 'ReadWrite needs field_type ErrorReset or Input',
    });
    const address = await putObject(server, 'k1', {
      title: 'X',
      driver: { type: 'modbus-tcp', host: '10.0.0.5' },
      tags: [
        {
          key: 'a',
          title: 'A',
          type: 'float',
          actions: 'Read',
          address: { table: 'holding', register: 70000 },
        },
      ],
    });
    expect(address.data.errors).toEqual({
      'tags.0.address': 'The tag address does not fit the driver',
    });
    const user = await putObject(server, 'k1', {
      ...body,
      grants: [{ email: 'nobody@demo.example' }],
    });
    expect(user.data.errors).toEqual({ grants: 'No such users: nobody@demo.example' });
    const org = await putObject(server, 'k1', { ...body, oid: '7700000000' });
    expect(org.data.errors).toEqual({ oid: 'No organisation with this INN' });
  });

  it('replaces an object in place: tags keep their ids by key, grants are the given list', async () => {
    const first = await putObject(server, 'replace-me', {
      title: 'A',
      driver: { type: 'simulator' },
      tags: [
        {
          key: 'x',
          title: 'X',
          type: 'float',
          actions: 'Read',
          address: { signal: 'pressure', base: 1 },
        },
        {
          key: 'y',
          title: 'Y',
          type: 'float',
          actions: 'Read',
          address: { signal: 'flow', base: 1 },
        },
      ],
      grants: [{ email: 'dmitry.volkov@demo.example', control: true }],
    });
    const second = await putObject(server, 'replace-me', {
      title: 'B',
      driver: { type: 'simulator' },
      tags: [
        {
          key: 'y',
          title: 'Y',
          type: 'float',
          actions: 'Read',
          address: { signal: 'flow', base: 1 },
        },
      ],
      grants: [],
    });
    expect(second.data.data).toMatchObject({ id: first.data.data.id, created: false, grants: 0 });
    expect(second.data.data.tags).toEqual([{ key: 'y', id: first.data.data.tags[1].id, idx: 0 }]);
    expect((await api(`/api/v1/scada/${first.data.data.id}`, { token: dmitry })).status).toBe(404);
  });
});
