// The browser client against a real tiny HTTP server (node's fetch is the browser's API).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, formOf, getJson, isAbort, parseRetryAfter, postForm, postJson } from './api.ts';

let server: Server;
let base = '';
const seen: Array<{ method?: string; url?: string; type?: string; accept?: string; body: string }> =
  [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({
        method: req.method,
        url: req.url,
        type: req.headers['content-type'],
        accept: req.headers.accept,
        body,
      });
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const json = (status: number, data: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
        res.end(JSON.stringify(data));
      };
      if (path === '/ok') return json(200, { ok: true, query: req.url?.split('?')[1] ?? '' });
      if (path === '/echo') return json(200, { type: req.headers['content-type'], body });
      if (path === '/empty') return void res.writeHead(204).end();
      if (path === '/invalid')
        return json(422, { message: 'Check the form', errors: { name: 'Required', n: 5 } });
      if (path === '/legacy') return json(400, { type: 'error', error: 'Legacy text' });
      if (path === '/busy') return json(503, { message: 'Busy' }, { 'Retry-After': '7' });
      if (path === '/html') {
        res.writeHead(502, { 'Content-Type': 'text/html' });
        return res.end('<h1>Bad gateway</h1>');
      }
      if (path === '/html-ok') {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        return res.end('<p>not json</p>');
      }
      if (path === '/slow') return void setTimeout(() => json(200, { late: true }), 2000).unref();
      json(404, { message: 'Not found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as ApiError,
  );

describe('client api', () => {
  it('gets JSON with the query built from params and asks for JSON', async () => {
    expect(await getJson(`${base}/ok`, { params: { q: 'a b', n: 2, skip: undefined } })).toEqual({
      ok: true,
      query: 'q=a+b&n=2',
    });
    expect(seen.at(-1)?.accept).toBe('application/json');
    expect(await getJson(`${base}/ok?x=1`, { params: { y: true } })).toEqual({
      ok: true,
      query: 'x=1&y=true',
    });
  });

  it('posts JSON, url-encoded fields and multipart form data', async () => {
    expect(await postJson(`${base}/echo`, { a: 1 })).toEqual({
      type: 'application/json',
      body: '{"a":1}',
    });
    expect(await postForm(`${base}/echo`, { a: 1, b: 'x y' })).toEqual({
      type: 'application/x-www-form-urlencoded;charset=UTF-8',
      body: 'a=1&b=x+y',
    });
    const multipart = await postForm<{ type: string; body: string }>(
      `${base}/echo`,
      formOf({ name: 'scan', skip: null, file: new Blob(['PDF']) }),
    );
    expect(multipart.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(multipart.body).toContain('name="name"\r\n\r\nscan');
    expect(multipart.body).toContain('PDF');
    expect(multipart.body).not.toContain('name="skip"');
  });

  it('answers undefined for an empty success', async () => {
    expect(await postForm(`${base}/empty`, new URLSearchParams({ a: '1' }))).toBeUndefined();
  });

  it("builds the error from the server's { message, errors } body", async () => {
    const e = await failure(postJson(`${base}/invalid`, {}, { fallback: 'Generic' }));
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({
      status: 422,
      message: 'Check the form',
      errors: { name: 'Required' },
    });
    expect(e.retryAfter).toBeUndefined();
    expect((await failure(getJson(`${base}/nowhere`))).status).toBe(404);
  });

  it('reads the legacy { error } spelling of the message', async () => {
    expect(await failure(getJson(`${base}/legacy`))).toMatchObject({
      status: 400,
      message: 'Legacy text',
    });
    expect((await failure(getJson(`${base}/legacy`))).errors).toBeUndefined();
  });

  it('carries Retry-After in seconds', async () => {
    expect(await failure(getJson(`${base}/busy`))).toMatchObject({
      status: 503,
      message: 'Busy',
      retryAfter: 7,
    });
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });

  it('turns a non-JSON answer into the fallback text or a status-only error', async () => {
    expect(await failure(getJson(`${base}/html`, { fallback: 'Try later' }))).toMatchObject({
      status: 502,
      message: 'Try later',
    });
    expect(await failure(getJson(`${base}/html`))).toMatchObject({ status: 502, message: '' });
    expect(await failure(getJson(`${base}/html-ok`, { fallback: 'Odd answer' }))).toMatchObject({
      status: 200,
      message: 'Odd answer',
    });
  });

  it('turns a network failure and a timeout into status 0', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    expect(
      await failure(getJson(`http://127.0.0.1:${port}/`, { fallback: 'Offline' })),
    ).toMatchObject({ status: 0, message: 'Offline' });
    expect(
      await failure(getJson(`${base}/slow`, { timeout: 50, fallback: 'Too slow' })),
    ).toMatchObject({ status: 0, message: 'Too slow' });
  });

  it("rethrows the caller's own abort, also with a timeout set", async () => {
    for (const timeout of [undefined, 5000]) {
      const ctrl = new AbortController();
      const p = getJson(`${base}/slow`, { signal: ctrl.signal, timeout });
      ctrl.abort();
      const e = await failure(p);
      expect(e).not.toBeInstanceOf(ApiError);
      expect(isAbort(e)).toBe(true);
    }
    expect(isAbort(new ApiError(0, ''))).toBe(false);
  });
});
