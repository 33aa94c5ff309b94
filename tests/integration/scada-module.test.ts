// One rule for the dispatching module on every path (issue 20): a user with a grant but without the
// module (the flag cleared by hand: the integration call keeps it following the grants) gets 404 on the API, the object page, both embeddable pages (cookie and ?token=), the report,
// the live stream and the socket's scada topic — the same answer the pages give. With the module on,
// every one of them works; switched off again, an open stream closes within a heartbeat.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { connect } from '../helpers/ws.ts';
import { enableScada, putObject, scadaEnv, stream } from './scada-helpers.ts';
import { openTestDatabase } from '../helpers/db.ts';

let server: TestServer;
let api: ApiClient;
let olga: string;
let id: number;

beforeAll(async () => {
  server = await startServer({ ...scadaEnv, WS_HEARTBEAT_SECONDS: '1' });
  api = apiClient(server);
  olga = (await sessionFor(server, 'olga.demidova@demo.example')).token;
  const r = await putObject(server, 'module-rule', {
    title: 'Module rule station',
    driver: { type: 'simulator', poll_ms: 500 },
    tags: [
      {
        key: 'p',
        title: 'Pressure',
        type: 'float',
        actions: 'Read',
        address: { signal: 'pressure', base: 4 },
      },
    ],
    grants: [{ email: 'olga.demidova@demo.example', control: false }],
  });
  expect(r.status).toBe(200);
  id = r.data.data.id;
  // The grant switched the module on (decision 0040); switched off by hand, every path must obey.
  await enableScada(server, 'olga.demidova@demo.example', false);
});
afterAll(async () => {
  await server?.stop();
});

const page = (path: string, cookie = true) =>
  fetch(`${server.url}${path}`, {
    redirect: 'manual',
    headers: { accept: 'text/html', ...(cookie ? { cookie: `sid=${olga}` } : {}) },
  });
const day = new Date().toISOString().slice(0, 10);

async function statuses() {
  const s = stream(server, olga, id);
  const upgrade = await Promise.race([s.refused, s.next(() => true).then(() => 101)]);
  s.ws.close();
  const socket = connect(server, `sid=${olga}`);
  const topic = await socket.subscribe(`scada:${id}`);
  socket.ws.close();
  return {
    api: (await api(`/api/v1/scada/${id}`, { token: olga })).status,
    object: (await page(`/tools/scada/${id}`)).status,
    project: (await page(`/scada/project/${id}`)).status,
    chart: (await page(`/scada/chart/${id}`)).status,
    projectToken: (await page(`/scada/project/${id}?token=${olga}`, false)).status,
    chartToken: (await page(`/scada/chart/${id}?token=${olga}`, false)).status,
    report: (await page(`/tools/scada/${id}/report.xlsx?kind=day&period=${day}`)).status,
    upgrade,
    topic,
  };
}

describe('the dispatching module decides on every path', () => {
  it('a grant without the module: 404 everywhere, the stream and the socket topic included', async () => {
    expect(await statuses()).toEqual({
      api: 404,
      object: 404,
      project: 404,
      chart: 404,
      projectToken: 404,
      chartToken: 404,
      report: 404,
      upgrade: 404,
      topic: 'denied',
    });
  });

  it('with the module on, every path works', async () => {
    await enableScada(server, 'olga.demidova@demo.example');
    expect(await statuses()).toEqual({
      api: 200,
      object: 200,
      project: 200,
      chart: 200,
      projectToken: 200,
      chartToken: 200,
      report: 200,
      upgrade: 101,
      topic: 'subscribed',
    });
  });

  it('the module switched off: an open stream closes within a heartbeat (4404)', async () => {
    const s = stream(server, olga, id);
    await s.next(() => true);
    const handle = openTestDatabase(server.database);
    try {
      await handle.db
        .updateTable('users')
        .set({ module_scada: 0 })
        .where('email', '=', 'olga.demidova@demo.example')
        .execute();
    } finally {
      await handle.close();
    }
    expect(
      await Promise.race([s.closed, new Promise((r) => setTimeout(() => r('open'), 3000))]),
    ).toBe(4404);
    expect(await stream(server, olga, id).refused).toBe(404);
  });
});
