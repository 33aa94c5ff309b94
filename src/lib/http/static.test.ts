import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticHandler } from './static.ts';

const css = 'body { color: red; }\n'.repeat(100);
let root: string;
let server: Server;
let base: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'static-'));
  mkdirSync(join(root, '_astro'));
  writeFileSync(join(root, '_astro/app.abc.css'), css);
  writeFileSync(join(root, '_astro/app.abc.css.br'), brotliCompressSync(css));
  writeFileSync(join(root, '_astro/app.abc.css.gz'), gzipSync(css));
  writeFileSync(join(root, 'robots.txt'), 'User-agent: *\n');
  writeFileSync(join(root, 'ünï code.txt'), 'x');
  const serve = createStaticHandler(root);
  server = createServer((req, res) => {
    if (!serve(req, res)) res.writeHead(404).end('astro');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

// fetch() decompresses; raw bytes and headers are what we check, so ask for one encoding at a time.
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(base + path, { headers: { 'accept-encoding': 'identity', ...headers } });

describe('static files from memory', () => {
  it('answers the file with its type, length, caching and an ETag', async () => {
    const r = await get('/_astro/app.abc.css?v=1');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('content-length')).toBe(String(css.length));
    expect(r.headers.get('etag')).toMatch(/^"[\w-]{22}"$/);
    expect(await r.text()).toBe(css);
    const txt = await get('/robots.txt');
    expect(txt.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await get(`/${encodeURIComponent('ünï code.txt')}`).then((x) => x.text())).toBe('x');
  });

  it('sends the precompressed sibling the client accepts, br first, with its own ETag', async () => {
    const br = await get('/_astro/app.abc.css', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const gz = await get('/_astro/app.abc.css', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(css);
    expect(
      new Set([
        br.headers.get('etag'),
        gz.headers.get('etag'),
        (await get('/_astro/app.abc.css')).headers.get('etag'),
      ]).size,
    ).toBe(3);
  });

  it('answers 304 without a body when the ETag matches', async () => {
    const etag = (await get('/_astro/app.abc.css', { 'accept-encoding': 'gzip' })).headers.get(
      'etag',
    )!;
    const r = await get('/_astro/app.abc.css', {
      'accept-encoding': 'gzip',
      'if-none-match': `"other", ${etag}`,
    });
    expect(r.status).toBe(304);
    expect(r.headers.get('etag')).toBe(etag);
    expect(await r.text()).toBe('');
    expect((await get('/_astro/app.abc.css', { 'if-none-match': etag })).status).toBe(200);
  });

  it('serves from memory: files read at start keep being served after they are gone from disk', async () => {
    rmSync(join(root, 'robots.txt'));
    const r = await get('/robots.txt');
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('User-agent: *\n');
  });

  it('passes on anything it did not load: other paths, folders, traversal, other methods', async () => {
    for (const path of [
      '/missing.css',
      '/_astro',
      '/_astro/',
      '/../package.json',
      '/%2e%2e/package.json',
      '/%E0%A4%A',
    ]) {
      const r = await get(path);
      expect(await r.text(), path).toBe('astro');
    }
    expect(await fetch(base + '/robots.txt', { method: 'POST' }).then((r) => r.text())).toBe(
      'astro',
    );
  });
});
