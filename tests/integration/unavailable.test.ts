// A database that cannot be used and a full disk answer 503 with Retry-After in the user's language
// (the error page for a browser, JSON for the API), and /healthz says 503 for both.
// Seams: PostgreSQL stops accepting connections and the server's are terminated; a full disk is the
// DISK_MIN_FREE_MB threshold set above the free space the disk really has (statfs of DATA_DIR).
// SQLite: a lock held by another process is its own suite (sqlite-busy.test.ts: reads go on, a
// write waits off the event loop, then 503); src/lib/http/failure.test.ts checks that real
// node:sqlite errors (busy, not a database, cannot open, full) count as unavailable.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../helpers/db.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

const errorPage = (html: string) =>
  /<h1 id="error-code">(\d+)<\/h1>[\s\S]*?<p>([^<]*)<\/p>\s*<p><a/.exec(html)?.slice(1, 3);

/** Stops PostgreSQL from serving this database: no new connections, the open ones terminated. */
async function losePostgres(url: string): Promise<() => Promise<void>> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`alter database ${name} with allow_connections false`);
  await admin.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  );
  return async () => {
    await admin.query(`alter database ${name} with allow_connections true`);
    await admin.end();
  };
}

describe.skipIf(!onPostgres())('database unavailable', () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startServer();
    ({ cookie } = await sessionFor(server, 'olga.demidova@demo.example'));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(
    'answers 503 with Retry-After on sign-in (API and page) in the user language, and recovers',
    { timeout: 120_000 },
    async () => {
      const release = await losePostgres(server.database.url!);
      try {
        const api = await fetch(`${server.url}/api/v1/profile/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': 'en' },
          body: JSON.stringify({ login: 'olga.demidova@demo.example', password: 'Demo2026' }),
        });
        expect(api.status).toBe(503);
        expect(api.headers.get('retry-after')).toBe('30');
        expect(await api.json()).toEqual({
          message: 'The service is temporarily unavailable. Please try again in a minute.',
        });

        {
          const form = await fetch(`${server.url}/auth/login`, {
            method: 'POST',
            redirect: 'manual',
            headers: {
              origin: server.url,
              'content-type': 'application/x-www-form-urlencoded',
              'accept-language': 'fr',
            },
            body: 'login=olga.demidova%40demo.example&password=Demo2026',
          });
          expect(form.status).toBe(503);
          expect(form.headers.get('retry-after')).toBe('30');
          const formText = await form.text();
          expect(errorPage(formText)).toEqual([
            '503',
            'Le service est momentanément indisponible. Réessayez dans une minute.',
          ]);

          // Every query fails now, reads too: signed-in pages and the health check say so.
          const page = await fetch(`${server.url}/home`, {
            headers: { cookie, 'accept-language': 'de' },
            redirect: 'manual',
          });
          expect(page.status).toBe(503);
          expect(errorPage(await page.text())?.[0]).toBe('503');
          const health = await fetch(`${server.url}/healthz`);
          expect(health.status).toBe(503);
          expect(await health.json()).toEqual({
            status: 'error',
            database: 'postgres',
            checks: { database: 'unreachable', disk: 'ok' },
          });
        }
        expect(server.output()).toMatch(
          /WARN {2}(service unavailable|api call: service unavailable) req="[^"]+"/,
        );
      } catch (err) {
        console.log(
          'SERVEROUT',
          server
            .output()
            .split('\n')
            .filter((l) => !/scada|INFO  request/.test(l))
            .slice(-45)
            .join('\n')
            .slice(0, 9000),
        );
        throw err;
      } finally {
        await release();
      }
      const again = await fetch(`${server.url}/api/v1/profile/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'olga.demidova@demo.example', password: 'Demo2026' }),
      });
      expect(again.status).toBe(200);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    },
  );
});

// An operator drops the database by mistake (or a restore drops and re-creates it): every call
// owes 503 with Retry-After, and once it exists again but empty the health check must not say ok
// while every call fails on missing tables.
describe.skipIf(!onPostgres())('database dropped, then re-created empty', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer();
    ({ token } = await sessionFor(server, 'olga.demidova@demo.example'));
  });
  afterAll(async () => {
    await server?.stop();
  });

  const call = () =>
    fetch(`${server.url}/api/v1/profile`, {
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
    });
  const unavailable = {
    message: 'The service is temporarily unavailable. Please try again in a minute.',
  };

  it(
    'answers 503 with Retry-After on the API and /healthz, both while it is gone and once it is back empty',
    { timeout: 60_000 },
    async () => {
      expect((await call()).status).toBe(200);
      const name = new URL(server.database.url!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`drop database ${name} with (force)`);
        const gone = await call();
        expect(gone.status).toBe(503);
        expect(gone.headers.get('retry-after')).toBe('30');
        expect(await gone.json()).toEqual(unavailable);
        const health = await fetch(`${server.url}/healthz`);
        expect(health.status).toBe(503);
        expect(health.headers.get('retry-after')).toBe('30');
        expect(await health.json()).toEqual({
          status: 'error',
          database: 'postgres',
          checks: { database: 'unreachable', disk: 'ok' },
        });

        await admin.query(`create database ${name}`);
        const empty = await call();
        expect(empty.status).toBe(503);
        expect(empty.headers.get('retry-after')).toBe('30');
        expect(await empty.json()).toEqual(unavailable);
        const emptyHealth = await fetch(`${server.url}/healthz`);
        expect(emptyHealth.status).toBe(503);
        expect(emptyHealth.headers.get('retry-after')).toBe('30');
        expect(await emptyHealth.json()).toEqual({
          status: 'error',
          database: 'postgres',
          checks: { database: 'schema missing', disk: 'ok' },
        });
        expect(server.output()).toMatch(/ERROR healthz: database schema missing/);
        // The server lived through it all.
        expect(server.proc.exitCode).toBeNull();
      } finally {
        await admin.end();
      }
    },
  );
});

describe('disk full', () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    // More free space required than any test disk has: the server sees its disk as full.
    server = await startServer({ DISK_MIN_FREE_MB: String(1024 ** 3) });
    ({ cookie } = await sessionFor(server, 'olga.demidova@demo.example'));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('/healthz answers 503', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(await res.json()).toMatchObject({
      status: 'error',
      checks: { database: 'ok', disk: 'low' },
    });
    expect(server.output()).toMatch(/ERROR healthz: disk nearly full/);
  });

  it('refuses uploads with 503 before taking them: JSON on the API, the error page on a page form', async () => {
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(1000)], { type: 'image/png' }), 'a.png');
    const api = await fetch(`${server.url}/api/v1/profile/avatar`, {
      method: 'POST',
      headers: { cookie, origin: server.url, 'accept-language': 'en' },
      body: form,
    });
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('30');
    expect(await api.json()).toEqual({
      message: 'There is no room to save this right now. Please try again later.',
    });

    const support = new FormData();
    support.append('title', 'Broken');
    support.append('files', new Blob(['x']), 'x.txt');
    const page = await fetch(`${server.url}/support`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, origin: server.url, 'accept-language': 'ru' },
      body: support,
    });
    expect(page.status).toBe(503);
    expect(errorPage(await page.text())).toEqual([
      '503',
      'Не хватает места для сохранения. Попробуйте позже.',
    ]);
  });

  it('still serves reads and plain forms', async () => {
    expect((await fetch(`${server.url}/home`, { headers: { cookie } })).status).toBe(200);
  });
});
