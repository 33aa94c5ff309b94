// One error style: a browser gets the error page in its language, the API (and clients asking for
// JSON) get { message, errors? }; every request has an id, one access line and Server-Timing; an
// unexpected failure is logged with its stack and the request's id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { openTestDatabase } from '../helpers/db.ts';

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startServer({ BODY_LIMIT: String(64 * 1024) });
  ({ cookie } = await sessionFor(server, 'olga.demidova@demo.example'));
});
afterAll(async () => {
  await server?.stop();
});

/** The status number, the word and the message of the rendered error page. */
function errorPage(html: string) {
  const m =
    /<h1 id="error-code">(\d+)<\/h1>\s*<p class="error-word">([^<]*)<\/p>\s*<p>([^<]*)<\/p>/.exec(
      html,
    );
  return m ? { status: Number(m[1]), word: m[2], message: m[3] } : null;
}

/** A browser request: its language is the one chosen with the switcher (the lang cookie). */
function page(path: string, init: RequestInit & { lang?: string } = {}) {
  const headers: Record<string, string> = {
    accept: 'text/html',
    ...(init.headers as Record<string, string>),
  };
  headers.cookie = [`lang=${init.lang ?? 'en'}`, headers.cookie].filter(Boolean).join('; ');
  return fetch(`${server.url}${path}`, { redirect: 'manual', ...init, headers });
}

describe('HTML gets the error page, the API gets JSON', () => {
  it('413 on the sign-in form is the error page in the user language, on the API JSON', async () => {
    const headers = { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' };
    const html = await page('/auth/login', {
      method: 'POST',
      headers,
      body: `login=${'x'.repeat(70 * 1024)}`,
      lang: 'de',
    });
    expect(html.status).toBe(413);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(errorPage(await html.text())).toEqual({
      status: 413,
      word: 'FEHLER',
      message: 'Die Anfrage ist zu groß',
    });
    const api = await fetch(`${server.url}/api/v1/profile/login`, {
      method: 'POST',
      headers: { ...headers, 'accept-language': 'en' },
      body: `login=${'x'.repeat(70 * 1024)}`,
    });
    expect(api.status).toBe(413);
    expect(await api.json()).toEqual({ message: 'The request is too large' });
  });

  it('each page form answers a non-form body with 400 and the error page (not an empty 500)', async () => {
    for (const path of [
      '/notifications',
      '/e-commerce/orders',
      '/e-commerce/orders-archive',
      '/promotions/1',
    ]) {
      const res = await page(path, {
        method: 'POST',
        headers: { cookie, origin: server.url, 'content-type': 'application/json' },
        body: '{"ids":[1]}',
      });
      expect(res.status, path).toBe(400);
      expect(errorPage(await res.text()), path).toEqual({
        status: 400,
        word: 'ERROR',
        message: 'The request could not be read: please send the form again',
      });
    }
    // A form body that cannot be parsed is refused the same way.
    const broken = await page('/notifications', {
      method: 'POST',
      headers: { cookie, origin: server.url, 'content-type': 'multipart/form-data; boundary=x' },
      body: 'not multipart',
    });
    expect(broken.status).toBe(400);
    expect(server.output()).not.toMatch(/TypeError/);
  });

  it('a malformed JSON body on the API is 400 JSON in the user language', async () => {
    const res = await fetch(`${server.url}/api/v1/objects`, {
      method: 'POST',
      headers: {
        cookie,
        origin: server.url,
        'content-type': 'application/json',
        'accept-language': 'fr',
      },
      body: '{"name":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "La requête n'a pas pu être lue : veuillez renvoyer le formulaire",
    });
  });

  it('unknown paths: the error page for pages, JSON for the API', async () => {
    const html = await page('/no/such/page', { headers: { cookie } });
    expect(html.status).toBe(404);
    expect(errorPage(await html.text())?.status).toBe(404);
    const api = await fetch(`${server.url}/api/v1/no/such/call`, { headers: { cookie } });
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await api.json()).toEqual({ message: 'Не найдено' });
  });

  it('a cross-site form post gets the error page (403), the API JSON', async () => {
    const html = await page('/auth/login', {
      method: 'POST',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'login=a',
    });
    expect(html.status).toBe(403);
    expect(errorPage(await html.text())).toMatchObject({
      status: 403,
      message: 'Cross-site form submissions are not allowed',
    });
  });
});

/** A generated request id: a random UUID (crypto.randomUUID, version 4). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request id, access log and Server-Timing', () => {
  it('echoes a plain X-Request-Id, replaces a bad one, and logs exactly one line per request', async () => {
    const given = await fetch(`${server.url}/auth/login`, {
      headers: { 'x-request-id': 'probe-1234-abcd' },
    });
    expect(given.headers.get('x-request-id')).toBe('probe-1234-abcd');
    expect(given.headers.get('server-timing')).toMatch(
      /^total;dur=\d+(\.\d+)?, db;dur=\d+(\.\d+)?$/,
    );
    // A page that reads the database reports the time its queries took.
    const home = await fetch(`${server.url}/home`, { headers: { cookie } });
    const timing = /total;dur=([\d.]+), db;dur=([\d.]+)/.exec(
      home.headers.get('server-timing') ?? '',
    );
    expect(Number(timing?.[2])).toBeGreaterThan(0);
    // db is the sum of the request's query times: queries run side by side (a PostgreSQL pool) can add
    // up to more than the wall time, so only both being measured is asserted.
    expect(Number(timing?.[1])).toBeGreaterThan(0);
    const bad = await fetch(`${server.url}/auth/login`, {
      headers: { 'x-request-id': 'bad id\u00e9' },
    });
    const generated = bad.headers.get('x-request-id')!;
    expect(generated).toMatch(UUID);
    // The log is written in order: once the last request's line is out, so are the earlier ones.
    await expect
      .poll(() => server.output().includes(`req="${generated}"`), { interval: 20 })
      .toBe(true);
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.includes('req="probe-1234-abcd"'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /INFO {2}request req="probe-1234-abcd" method="GET" path="\/auth\/login" status=200 ms=\d/,
    );
    expect(
      server
        .output()
        .split('\n')
        .filter((l) => l.includes(`req="${generated}"`)),
    ).toHaveLength(1);
    // Static files and the health check are requests too.
    const health = await fetch(`${server.url}/healthz`);
    expect(health.headers.get('x-request-id')).toMatch(UUID);
    expect(health.headers.get('server-timing')).toMatch(/^total;dur=/);
  });

  it('an unexpected failure: 500 error page or JSON, logged once with its stack and the request id', async () => {
    // Break the notifications table behind the server's back (a column, not the table: a missing table
    // is a lost schema, 503): every query on it now fails.
    const database = openTestDatabase(server.database);
    try {
      await database.db.schema
        .alterTable('notifications')
        .renameColumn('user_id', 'user_id_away')
        .execute();
      const html = await page('/notifications', {
        headers: { cookie, 'x-request-id': 'broken-page-0001' },
      });
      expect(html.status).toBe(500);
      expect(errorPage(await html.text())).toEqual({
        status: 500,
        word: 'ERROR',
        message: 'Something went wrong on our side. Please try again.',
      });
      const api = await fetch(`${server.url}/notifications`, {
        headers: { cookie, accept: 'application/json', 'accept-language': 'en' },
      });
      expect(api.status).toBe(500);
      expect(await api.json()).toEqual({
        message: 'Something went wrong on our side. Please try again.',
      });
      // The access line of the broken page comes after its error line: wait for it, then count.
      await expect
        .poll(() => /INFO {2}request req="broken-page-0001" .*status=500/.test(server.output()), {
          interval: 20,
        })
        .toBe(true);
      const errors = server
        .output()
        .split('\n')
        .filter((l) => l.includes('ERROR') && l.includes('req="broken-page-0001"'));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/request failed/);
      expect(errors[0]).toMatch(/\\n {4}at /); // the stack, escaped onto the line
    } finally {
      await database.db.schema
        .alterTable('notifications')
        .renameColumn('user_id_away', 'user_id')
        .execute();
      await database.close();
    }
  });
});
