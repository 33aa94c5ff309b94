import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, onPostgres } from '../helpers/db.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  // An empty database, not the run's template: this file checks the real first start (migrations
  // on an empty database, then the demo seed) and its time.
  const database = await freshDatabase();
  server = await startServer({ BODY_LIMIT: String(64 * 1024) }, database);
  const stop = server.stop.bind(server);
  server.stop = async () => {
    const code = await stop();
    await database.drop();
    return code;
  };
});
afterAll(async () => {
  await server?.stop();
});

describe('server', () => {
  it('answers /healthz with the database reachable', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      database: onPostgres() ? 'postgres' : 'sqlite',
    });
  });

  it('answers unknown paths with 404', async () => {
    const res = await fetch(`${server.url}/no/such/page`, { redirect: 'manual' });
    expect(res.status).toBe(404);
  });

  it('serves built client assets with long caching', async () => {
    const res = await fetch(`${server.url}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('refuses a body over the configured limit with 413 before reading it', async () => {
    const res = await fetch(`${server.url}/api/v1/profile/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ pad: 'x'.repeat(70 * 1024) }),
    });
    expect(res.status).toBe(413);
  });

  it('cuts off a streamed (chunked) body that passes the limit', async () => {
    const status = await new Promise<number>((resolve) => {
      // An endpoint that reads its body: the form parser meets the cut-off stream.
      const headers = { 'content-type': 'application/x-www-form-urlencoded', origin: server.url };
      const req = request(
        `${server.url}/api/v1/profile/login`,
        { method: 'POST', headers },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', () => resolve(413));
      req.write('login=');
      for (let i = 0; i < 80; i++) req.write('y'.repeat(1024));
      req.end();
    });
    expect(status).toBe(413);
  });

  it('lets multipart uploads through up to the larger upload limit', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(200 * 1024)]), 'big.bin');
    const res = await fetch(`${server.url}/no/such/upload`, {
      method: 'POST',
      body: form,
      headers: { origin: server.url },
    });
    expect(res.status).not.toBe(413);
  });

  it('seeds the demo accounts on first start', () => {
    expect(server.output()).toMatch(/demo data seeded users=4/);
  });

  it('starts in under 3 seconds', () => {
    const m = /startup_ms=(\d+)/.exec(server.output());
    expect(Number(m?.[1])).toBeLessThan(3000);
  });
});

describe('lifecycle', () => {
  it('finishes an in-flight request on SIGTERM, then exits 0', async () => {
    const s = await startServer();
    // A password sign-in for an unknown account: the endpoint reads the whole body and answers 401.
    const body = 'login=nobody%40example.com&password=Wrong2026';
    const headers = {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(body.length),
      origin: s.url,
    };
    const answered = new Promise<number>((resolve, reject) => {
      const req = request(`${s.url}/api/v1/profile/login`, { method: 'POST', headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.write(body.slice(0, 20));
      // The request is in flight (half its body sent) when the signal arrives.
      setTimeout(() => {
        s.proc.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(20)), 300);
      }, 200);
    });
    expect(await answered).toBe(401);
    expect(await s.stop()).toBe(0);
    expect(s.output()).toMatch(/shutting down/);
  });

  it('stops with one clear line naming a wrong variable', async () => {
    await expect(startServer({ PORT: 'eighty' })).rejects.toThrow(
      /exited with 1:\nInvalid configuration: PORT must be a whole number \(got "eighty"\)\n$/,
    );
    await expect(startServer({ DATABASE_URL: 'mysql://x' })).rejects.toThrow(
      /Invalid configuration: DATABASE_URL must start with/,
    );
    await expect(startServer({ DEMO: 'maybe' })).rejects.toThrow(
      /Invalid configuration: DEMO must be one of/,
    );
  });
});
