// The client bundle the server hands out is React's production build, although this suite (and the
// build its global setup started) runs with NODE_ENV=test; and the build stamp says so.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

/** Every script an island page loads: island components, renderers, and their static and dynamic imports. */
async function scriptsOf(html: string): Promise<Map<string, string>> {
  const queue = [
    ...html.matchAll(/(?:component-url|renderer-url|src)="(\/_astro\/[^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const seen = new Map<string, string>();
  while (queue.length) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    const r = await fetch(new URL(path, server.url));
    expect(r.status, path).toBe(200);
    const js = await r.text();
    seen.set(path, js);
    for (const m of js.matchAll(/(?:from\s*|import\s*\(?\s*)["'](\.\/[^"']+\.js)["']/g))
      queue.push(new URL(m[1]!, new URL(path, 'http://x')).pathname);
  }
  return seen;
}

describe('production client bundle', () => {
  it("serves React's production build to island pages", async () => {
    const { cookie } = await sessionFor(server, 'olga.demidova@demo.example');
    const html = await Promise.all(
      [
        '/user-info/my-objects',
        '/user-info/my-objects/map',
        '/e-commerce/orders',
        '/support/reports',
        '/user-info/profile/personal-information',
      ].map(async (path) => {
        const page = await fetch(new URL(path, server.url), { headers: { cookie } });
        expect(page.status, path).toBe(200);
        return page.text();
      }),
    );
    expect(html.join('')).toContain('<astro-island');
    const scripts = await scriptsOf(html.join('\n'));
    expect(scripts.size).toBeGreaterThan(2);
    const all = [...scripts.values()].join('\n');
    // Production React reports errors by code with a link; the development build carries its warnings.
    expect(all).toContain('react.dev/errors/');
    for (const marker of [
      'react-dom.development',
      'react-dom-client.development',
      'unique "key" prop',
      'process.env.NODE_ENV',
    ])
      expect(all).not.toContain(marker);
  });

  it('the build stamp records the production mode and a hash of the inputs', () => {
    const dist = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : resolve('dist');
    const stamp = JSON.parse(readFileSync(resolve(dist, '.build-stamp'), 'utf8')) as {
      mode: string;
      hash: string;
    };
    expect(stamp.mode).toBe('production');
    expect(stamp.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
