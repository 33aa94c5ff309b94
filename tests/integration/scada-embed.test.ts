// The spec's embeddable dispatching pages (scada/project/{id}, scada/chart/{id}): the object page
// frames them (16:9 and 900 high), our own pages may frame them and no other site may; a wall screen
// opens them with ?token= instead of the cookie, the token never leaves in a Referer, and another
// user's token or object gets 404 just like the cookie would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { enableScada, scadaEnv } from './scada-helpers.ts';

let server: TestServer;
let api: ApiClient;
let dmitry: string;
let olga: string;
let id: number;

beforeAll(async () => {
  server = await startServer(scadaEnv);
  api = apiClient(server);
  [dmitry, olga] = (
    await Promise.all([
      sessionFor(server, 'dmitry.volkov@demo.example'),
      sessionFor(server, 'olga.demidova@demo.example'),
    ])
  ).map((s) => s.token) as [string, string];
  await enableScada(server, 'olga.demidova@demo.example');
  id = (await api('/api/v1/scada', { token: dmitry })).data.data[0].id;
});
afterAll(async () => {
  await server?.stop();
});

const page = (path: string, cookieToken?: string) =>
  fetch(`${server.url}${path}`, {
    redirect: 'manual',
    headers: { accept: 'text/html', ...(cookieToken ? { cookie: `sid=${cookieToken}` } : {}) },
  });

describe('embeddable dispatching pages', () => {
  it('the object page frames the project (16:9) and the chart, and is itself never framable', async () => {
    const project = await page(`/tools/scada/${id}`, dmitry);
    expect(project.status).toBe(200);
    expect(project.headers.get('x-frame-options')).toBe('DENY');
    expect(project.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await project.text();
    expect(html).toMatch(
      new RegExp(
        `<div class="scada-frame scada-frame-project"[^>]*>\\s*<iframe src="/scada/project/${id}"`,
      ),
    );
    const trends = await (await page(`/tools/scada/${id}?tab=trends`, dmitry)).text();
    expect(trends).toContain(`<iframe src="/scada/chart/${id}"`);
  });

  it('the project and chart pages may be framed by our own pages only', async () => {
    for (const path of [`/scada/project/${id}`, `/scada/chart/${id}`]) {
      const res = await page(path, dmitry);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toContain("frame-ancestors 'none'");
    }
  });

  it('opens with ?token= and no cookie (a wall screen); the token is handed to the island and never sent on as a referrer', async () => {
    const res = await page(`/scada/project/${id}?token=${dmitry}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const html = await res.text();
    expect(html).toContain('scada-mimic');
    expect(html).toContain(dmitry);
    const chart = await page(`/scada/chart/${id}?token=${dmitry}`);
    expect(chart.status).toBe(200);
    // With the cookie the token is not put into the page.
    expect(await (await page(`/scada/project/${id}`, dmitry)).text()).not.toContain(dmitry);
  });

  it("another user's token, or an unknown object, gets 404; a bad token is sent to sign in; the token works only on these pages", async () => {
    expect((await page(`/scada/project/${id}?token=${olga}`)).status).toBe(404);
    expect((await page(`/scada/chart/${id}?token=${olga}`)).status).toBe(404);
    expect((await page(`/scada/project/999999?token=${dmitry}`)).status).toBe(404);
    const bad = await page(`/scada/project/${id}?token=nonsense`);
    expect(bad.status).toBe(302);
    expect(bad.headers.get('location')).toContain('/auth/fast');
    // Elsewhere a token in the address of a page is ignored (only the cookie signs a page in).
    const other = await page(`/tools/scada/${id}?token=${dmitry}`);
    expect(other.status).toBe(302);
  });
});
