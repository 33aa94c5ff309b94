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
    const res = await post('/locale', { ...form, cookie: olga.cookie, origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    // A browser form gets the error page (one error style), with the reason.
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toMatch(/<h1 id="error-code">403<\/h1>[\s\S]*<p>Запрос с другого сайта отклонён<\/p>/);
  });

  it('refuses a form post without Origin, and multipart or text/plain ones too', async () => {
    expect((await post('/locale', { ...form, cookie: olga.cookie })).status).toBe(403);
    expect((await post('/locale', { 'content-type': 'text/plain', cookie: olga.cookie, origin: 'https://evil.example' })).status).toBe(403);
    const multipart = new FormData();
    multipart.set('lang', 'en');
    const res = await fetch(`${server.url}/locale`, { method: 'POST', body: multipart, headers: { cookie: olga.cookie, origin: 'null' }, redirect: 'manual' });
    expect(res.status).toBe(403);
  });

  it('answers API calls with a JSON message', async () => {
    const res = await post('/api/v1/profile/login', { ...form, origin: 'https://evil.example' }, 'login=a@b.ru&password=x');
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
    const res = await fetch(`${server.url}/api/v1/profile/logout`, { method: 'POST', body: multipart, headers: { authorization: `Bearer ${dmitry.token}` } });
    expect(res.status).not.toBe(403);
    expect(res.ok).toBe(true);
  });

  it('ignores the cookie when a bearer token or token parameter is given', async () => {
    const bogus = await fetch(`${server.url}/api/v1/profile`, { headers: { cookie: olga.cookie, authorization: 'Bearer bogus' } });
    expect(bogus.status).toBe(401);
    const fresh = await sessionFor(server, 'dmitry.volkov@demo.example');
    const byParam = await fetch(`${server.url}/api/v1/profile?token=${fresh.token}`, { headers: { cookie: olga.cookie } });
    expect((await byParam.json()).user.email).toBe('dmitry.volkov@demo.example');
  });

  it('treats other Authorization schemes (Basic from a staging proxy) as ambient: checked and cookie kept', async () => {
    const basic = 'Basic ' + Buffer.from('staff:secret').toString('base64');
    expect((await post('/locale', { ...form, cookie: olga.cookie, authorization: basic, origin: 'https://evil.example' })).status).toBe(403);
    const profile = await fetch(`${server.url}/api/v1/profile`, { headers: { cookie: olga.cookie, authorization: basic } });
    expect((await profile.json()).user.email).toBe('olga.demidova@demo.example');
  });

  it('keeps the browser session when an API call brings a wrong token', async () => {
    const res = await fetch(`${server.url}/api/v1/profile`, { headers: { cookie: olga.cookie, authorization: 'Bearer bogus' } });
    expect(res.headers.get('set-cookie') ?? '').not.toMatch(/sid=;/);
  });
});
