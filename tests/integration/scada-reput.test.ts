// Re-PUT of a dispatching object (issue 20): every kind of change is accepted in one transaction and
// takes effect at once — the variable order, titles, added and removed variables, the driver and the
// grants. A viewer removed by a PUT loses the object on the API, the pages, the stream (closed within a
// heartbeat) and the commands; a control grant downgraded to view can no longer command.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { enableScada, putObject, scadaEnv, stream, until } from './scada-helpers.ts';

let server: TestServer;
let api: ApiClient;
let dmitry: string;
let olga: string;

beforeAll(async () => {
  server = await startServer({ ...scadaEnv, WS_HEARTBEAT_SECONDS: '1' });
  api = apiClient(server);
  [dmitry, olga] = (
    await Promise.all([
      sessionFor(server, 'dmitry.volkov@demo.example'),
      sessionFor(server, 'olga.demidova@demo.example'),
    ])
  ).map((s) => s.token) as [string, string];
  await enableScada(server, 'olga.demidova@demo.example');
});
afterAll(async () => {
  await server?.stop();
});

const tag = (key: string, title = key.toUpperCase(), signal = 'pressure') => ({
  key,
  title,
  type: 'float',
  actions: 'ReadWrite',
  field_type: 'Input',
  min: 0,
  max: 100,
  address: { signal, base: 1 },
});
const DMITRY = { email: 'dmitry.volkov@demo.example', control: true };
const OLGA = { email: 'olga.demidova@demo.example', control: false };
const base = {
  title: 'Re-PUT station',
  address: 'Bench',
  driver: { type: 'simulator', poll_ms: 500 },
  tags: [tag('a'), tag('b'), tag('c')],
  grants: [DMITRY, OLGA],
};
const form = (tag_id: number, value: string) =>
  new URLSearchParams({ tag_id: String(tag_id), value });

describe('re-PUT of an object with several variables', () => {
  const cases: Array<
    [string, Record<string, unknown>, (id: number, first: Record<string, number>) => Promise<void>]
  > = [
    [
      'swaps the order of two variables',
      { tags: [tag('b'), tag('a'), tag('c')] },
      async (id, first) => {
        const t = (await api(`/api/v1/scada/tags/${id}`, { token: dmitry })).data.tags;
        expect(t.map((x: any) => [x.id, x.idx])).toEqual([
          [first.b, 0],
          [first.a, 1],
          [first.c, 2],
        ]);
      },
    ],
    [
      'reverses all of them',
      { tags: [tag('c'), tag('b'), tag('a')] },
      async (id, first) => {
        const t = (await api(`/api/v1/scada/tags/${id}`, { token: dmitry })).data.tags;
        expect(t.map((x: any) => x.id)).toEqual([first.c, first.b, first.a]);
      },
    ],
    [
      'renames the object and a variable',
      { title: 'Renamed station', tags: [tag('a', 'Pressure out'), tag('b'), tag('c')] },
      async (id) => {
        expect((await api(`/api/v1/scada/${id}`, { token: dmitry })).data.data.title).toBe(
          'Renamed station',
        );
        expect((await api(`/api/v1/scada/tags/${id}`, { token: dmitry })).data.tags[0].title).toBe(
          'Pressure out',
        );
      },
    ],
    [
      'removes one',
      { tags: [tag('a'), tag('c')] },
      async (id, first) => {
        const t = (await api(`/api/v1/scada/tags/${id}`, { token: dmitry })).data.tags;
        expect(t.map((x: any) => [x.id, x.idx])).toEqual([
          [first.a, 0],
          [first.c, 1],
        ]);
      },
    ],
    [
      'adds one in front',
      { tags: [tag('z'), tag('a'), tag('b'), tag('c')] },
      async (id, first) => {
        const t = (await api(`/api/v1/scada/tags/${id}`, { token: dmitry })).data.tags;
        expect(t.map((x: any) => x.title)).toEqual(['Z', 'A', 'B', 'C']);
        expect(t.slice(1).map((x: any) => x.id)).toEqual([first.a, first.b, first.c]);
      },
    ],
    [
      'changes the driver',
      {
        driver: { type: 'modbus-tcp', host: '127.0.0.1', port: 1, poll_ms: 500, timeout_ms: 200 },
        tags: [tag('b'), tag('a'), tag('c')].map((x, i) => ({
          ...x,
          address: { table: 'holding', register: i * 2, datatype: 'float32' },
        })),
      },
      async (id) => {
        // Nothing listens on port 1: the object is now polled over Modbus and shows no link.
        await until(
          async () => (await api(`/api/v1/scada/tags/${id}`, { token: dmitry })).data.status === 0,
          5000,
        );
        const t = (await api(`/api/v1/scada/tags/${id}`, { token: dmitry })).data.tags;
        expect(t.map((x: any) => x.title)).toEqual(['B', 'A', 'C']);
      },
    ],
  ];
  for (const [name, change, check] of cases) {
    it(`${name}: 200 and in effect`, async () => {
      const key = `reput-${name.replace(/\W+/g, '-')}`;
      const created = await putObject(server, key, base);
      expect(created.status).toBe(200);
      const first = Object.fromEntries(created.data.data.tags.map((x: any) => [x.key, x.id]));
      const again = await putObject(server, key, { ...base, ...change });
      expect(again.status).toBe(200);
      expect(again.data.data).toMatchObject({ id: created.data.data.id, created: false });
      await check(created.data.data.id, first);
      // And once more with the first layout: a change back works as well.
      expect((await putObject(server, key, base)).status).toBe(200);
    });
  }

  it('removes a variable with commands in the audit: retired, the audit keeps it, its key brings it back', async () => {
    const sp = { ...tag('sp', 'Setpoint', 'setpoint') };
    const created = await putObject(server, 'reput-audited', { ...base, tags: [tag('a'), sp] });
    const id = created.data.data.id;
    const spId = created.data.data.tags[1].id;
    await until(
      async () => (await api(`/api/v1/scada/tags/${id}`, { token: dmitry })).data.status === 1,
    );
    expect(
      (await api('/api/v1/scada/action', { token: dmitry, body: form(spId, '7') })).data.data
        .result,
    ).toBe('confirmed');
    const removed = await putObject(server, 'reput-audited', {
      ...base,
      tags: [tag('a'), tag('b')],
    });
    expect(removed.status).toBe(200);
    expect(
      (await api(`/api/v1/scada/tags/${id}`, { token: dmitry })).data.tags.map((x: any) => x.title),
    ).toEqual(['A', 'B']);
    const cmd = await api('/api/v1/scada/action', { token: dmitry, body: form(spId, '8') });
    expect(cmd.status).toBe(404);
    const audit = (await api(`/api/v1/scada/${id}/audit`, { token: dmitry })).data.data;
    expect(audit[0]).toMatchObject({ tag: 'Setpoint', requested: '7', result: 'confirmed' });
    const back = await putObject(server, 'reput-audited', { ...base, tags: [sp, tag('a')] });
    expect(back.status).toBe(200);
    expect(back.data.data.tags[0]).toEqual({ key: 'sp', id: spId, idx: 0 });
  });

  it('drops a viewer: 404 on the API and the pages, the open stream closes within a heartbeat, commands refused', async () => {
    const created = await putObject(server, 'reput-drop', base);
    const id = created.data.data.id;
    const tagId = created.data.data.tags[0].id;
    expect((await api(`/api/v1/scada/${id}`, { token: olga })).status).toBe(200);
    const s = stream(server, olga, id);
    await s.next(() => true);
    const res = await putObject(server, 'reput-drop', { ...base, grants: [DMITRY] });
    expect(res.status).toBe(200);
    expect(res.data.data.grants).toBe(1);
    const closed = await Promise.race([
      s.closed,
      new Promise((r) => setTimeout(() => r('open'), 3000)),
    ]);
    expect(closed).toBe(4404);
    const one = await api(`/api/v1/scada/${id}`, { token: olga });
    expect(one.status).toBe(404);
    expect(one.data.message).toBe("Can't get dispatching object!");
    expect((await api(`/api/v1/scada/tags/${id}`, { token: olga })).status).toBe(404);
    for (const path of [`/tools/scada/${id}`, `/scada/project/${id}`, `/scada/chart/${id}`]) {
      expect(
        (
          await fetch(`${server.url}${path}`, {
            redirect: 'manual',
            headers: { accept: 'text/html', cookie: `sid=${olga}` },
          })
        ).status,
      ).toBe(404);
    }
    const cmd = await api('/api/v1/scada/action', { token: olga, body: form(tagId, '5') });
    expect(cmd.status).toBe(404);
    expect(cmd.data.message).toBe("Can't get dispatching object variables!");
    expect(await stream(server, olga, id).refused).toBe(404);
  });

  it('downgrades control to view: the object stays visible, commands are refused', async () => {
    const created = await putObject(server, 'reput-downgrade', {
      ...base,
      grants: [DMITRY, { ...OLGA, control: true }],
    });
    const id = created.data.data.id;
    await until(
      async () => (await api(`/api/v1/scada/tags/${id}`, { token: dmitry })).data.status === 1,
    );
    const res = await putObject(server, 'reput-downgrade', base);
    expect(res.status).toBe(200);
    expect((await api(`/api/v1/scada/${id}`, { token: olga })).data.data.control).toBe(0);
    const cmd = await api('/api/v1/scada/action', {
      token: olga,
      body: form(created.data.data.tags[1].id, '5'),
    });
    expect(cmd.status).toBe(403);
    expect(cmd.data.message).toBe('You may view this object but not control it');
  });
});
