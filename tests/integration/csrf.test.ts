// Cross-site request forgery: cookie-borne form posts must come from our origin; requests with their
// own credentials are judged by those alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

let server: TestServer;
let olga: Awaited<ReturnType<typeof sessionFor>>;
let dmitry: Awaited<ReturnType<typeof sessionFor>>;
beforeAll(async () => {
  server = await startServer();
  olga = await sessionFor(server, 'olga.demidova@demo.example');
  dmitry = await sessionFor(server, 'dmitry.volkov@demo.example');
});
afterAll(async () => {
  await server?.stop();
});

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const post = (path: string, headers: Record<string, string>, body = 'lang=en&back=/tools') =>
  fetch(`${server.url}${path}`, { method: 'POST', redirect: 'manual', headers, body });

describe('cookie-borne form posts', () => {
  it('refuses a form post from another site with 403', async () => {
    const res = await post('/locale', {
      ...form,
      cookie: olga.cookie,
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
    // A browser form gets the error page (one error style), with the reason.
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toMatch(
      /<h1 id="error-code">403<\/h1>[\s\S]*<p>Запрос с другого сайта отклонён<\/p>/,
    );
  });

  it('refuses a form post without Origin, and multipart or text/plain ones too', async () => {
    expect((await post('/locale', { ...form, cookie: olga.cookie })).status).toBe(403);
    expect(
      (
        await post('/locale', {
          'content-type': 'text/plain',
          cookie: olga.cookie,
          origin: 'https://evil.example',
        })
      ).status,
    ).toBe(403);
    const multipart = new FormData();
    multipart.set('lang', 'en');
    const res = await fetch(`${server.url}/locale`, {
      method: 'POST',
      body: multipart,
      headers: { cookie: olga.cookie, origin: 'null' },
      redirect: 'manual',
    });
    expect(res.status).toBe(403);
  });

  it('answers API calls with a JSON message', async () => {
    const res = await post(
      '/api/v1/profile/login',
      { ...form, origin: 'https://evil.example' },
      'login=a@b.ru&password=x',
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Запрос с другого сайта отклонён' });
  });

  it('accepts the same form from our own origin', async () => {
    const res = await post('/locale', { ...form, cookie: olga.cookie, origin: server.url });
    expect(res.status).toBe(303);
  });
});

describe('requests with their own credentials', () => {
  it('accepts a bearer-authenticated form post without Origin (server-to-server clients)', async () => {
    const multipart = new FormData();
    multipart.set('x', '1');
    const res = await fetch(`${server.url}/api/v1/profile/logout`, {
      method: 'POST',
      body: multipart,
      headers: { authorization: `Bearer ${dmitry.token}` },
    });
    expect(res.status).not.toBe(403);
    expect(res.ok).toBe(true);
  });

  it('ignores the cookie when a bearer token or token parameter is given', async () => {
    const bogus = await fetch(`${server.url}/api/v1/profile`, {
      headers: { cookie: olga.cookie, authorization: 'Bearer bogus' },
    });
    expect(bogus.status).toBe(401);
    const fresh = await sessionFor(server, 'dmitry.volkov@demo.example');
    const byParam = await fetch(`${server.url}/api/v1/profile?token=${fresh.token}`, {
      headers: { cookie: olga.cookie },
    });
    expect((await byParam.json()).user.email).toBe('dmitry.volkov@demo.example');
  });

  it('treats other Authorization schemes (Basic from a staging proxy) as ambient: checked and cookie kept', async () => {
    const basic = 'Basic ' + Buffer.from('staff:secret').toString('base64');
    expect(
      (
        await post('/locale', {
          ...form,
          cookie: olga.cookie,
          authorization: basic,
          origin: 'https://evil.example',
        })
      ).status,
    ).toBe(403);
    const profile = await fetch(`${server.url}/api/v1/profile`, {
      headers: { cookie: olga.cookie, authorization: basic },
    });
    expect((await profile.json()).user.email).toBe('olga.demidova@demo.example');
  });

  it('keeps the browser session when an API call brings a wrong token', async () => {
    const res = await fetch(`${server.url}/api/v1/profile`, {
      headers: { cookie: olga.cookie, authorization: 'Bearer bogus' },
    });
    expect(res.headers.get('set-cookie') ?? '').not.toMatch(/sid=;/);
  });
});

// The legacy ?token= parameter is a credential another site can know: the attacker's own. A page on
// evil.example that posts to /api/…?token=<attacker's> makes the victim's browser act in the
// attacker's account (an upload, a support request: whatever the victim types lands there). So the
// parameter does not exempt a browser's cross-site request from the origin check; only headers do.
describe('the legacy token parameter from a browser on another site', () => {
  const supportCount = async (token: string) =>
    (
      (await (
        await fetch(`${server.url}/api/v1/support?limit=100`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { data: unknown[] }
    ).data.length;
  const create = (token: string, headers: Record<string, string>) => {
    const body = new FormData();
    body.set('title', 'Письмо с чужого сайта');
    body.set('type', 'lk');
    return fetch(`${server.url}/api/v1/support?token=${token}`, {
      method: 'POST',
      body,
      headers,
      redirect: 'manual',
    });
  };

  it('refuses a cross-site post with ?token= (Origin or Sec-Fetch-Site says so) with 403, and nothing lands in that account', async () => {
    const attacker = await sessionFor(server, 'dmitry.volkov@demo.example');
    const before = await supportCount(attacker.token);
    const crossSite: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'https://sub.127.0.0.1.example' },
    ];
    for (const headers of crossSite) {
      const res = await create(attacker.token, { ...headers, cookie: olga.cookie });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toEqual({ message: 'Запрос с другого сайта отклонён' });
    }
    const logout = await post(
      `/api/v1/profile/logout?token=${attacker.token}`,
      { ...form, origin: 'https://evil.example' },
      '',
    );
    expect(logout.status).toBe(403);
    expect(await supportCount(attacker.token)).toBe(before);
  });

  it('still accepts ?token= from our own origin and from clients that are not browsers (no Origin, no Sec-Fetch-Site)', async () => {
    const own = await sessionFor(server, 'dmitry.volkov@demo.example');
    const before = await supportCount(own.token);
    expect(
      (await create(own.token, { origin: server.url, 'sec-fetch-site': 'same-origin' })).status,
    ).toBe(201);
    expect((await create(own.token, {})).status).toBe(201);
    expect(await supportCount(own.token)).toBe(before + 2);
  });

  it('still exempts header credentials, which a page on another site cannot set', async () => {
    const own = await sessionFor(server, 'dmitry.volkov@demo.example');
    const body = new FormData();
    body.set('title', 'Из интеграции');
    body.set('type', 'lk');
    const res = await fetch(`${server.url}/api/v1/support`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${own.token}`, origin: 'https://integrator.example' },
    });
    expect(res.status).toBe(201);
  });
});

describe('the integration API', () => {
  it('a keyless write is answered 401 by the key check (no cookie is ever read there, so nothing is forgeable), even with a cookie and a foreign Origin', async () => {
    for (const [method, path] of [
      ['DELETE', '/api/integration/catalogue/items/NO-SUCH'],
      ['PUT', '/api/integration/catalogue/items'],
      ['PUT', '/api/integration/scada/objects/demo-key'],
    ] as const) {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          cookie: olga.cookie,
          origin: 'https://evil.example',
          'accept-language': 'en',
          ...form,
        },
        body: '',
      });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(((await res.json()) as { message: string }).message).toBe(
        'Invalid or missing API key',
      );
    }
  });
});
