// The Content-Security-Policy allows no inline script but those of our build: every inline script a
// page sends has its hash in script-src, and 'unsafe-inline' is gone. Walks the pages (and the states
// that add scripts: dialogs, error summaries) as a customer, the SCADA user and an employee.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const PAGES = [
  '/home',
  '/notifications',
  '/promotions',
  '/promotions/1',
  '/e-commerce/orders',
  '/e-commerce/orders-archive',
  '/user-info/my-objects',
  '/user-info/my-objects/new',
  '/user-info/my-objects/map',
  '/user-info/my-organisations',
  '/user-info/my-organisations/new',
  '/user-info/profile/personal-information',
  '/user-info/profile/change-password',
  '/user-info/profile/builder',
  '/support',
  '/support/reports',
  '/tools',
  '/tools/scanner',
  '/tools/scada',
  '/e-commerce/design',
  '/e-commerce/design/calculations',
  '/productions',
  '/no/such/page',
];
const ANONYMOUS = ['/auth/login', '/auth/fast', '/auth/registration', '/auth/forgot-password'];

/** The inline scripts of a page and the hashes its CSP allows. */
async function check(res: Response, where: string) {
  const csp = res.headers.get('content-security-policy') ?? '';
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc, where).not.toContain("'unsafe-inline'");
  const allowed = new Set(scriptSrc.split(' '));
  const html = await res.text();
  const missing: string[] = [];
  let count = 0;
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/type="application\/(ld\+)?json"/.test(m[1]!)) continue;
    count++;
    const hash = `'sha256-${createHash('sha256').update(m[2]!).digest('base64')}'`;
    if (!allowed.has(hash)) missing.push(`${hash} ${m[2]!.slice(0, 80)}`);
  }
  // Inline event handlers (e.g. the pager's onchange) are allowed by hash with 'unsafe-hashes'.
  for (const m of html.matchAll(/\son[a-z]+="([^"]*)"/g)) {
    count++;
    expect(allowed.has("'unsafe-hashes'"), where).toBe(true);
    const hash = `'sha256-${createHash('sha256')
      .update(
        m[1]!
          .replace(/&#39;/g, "'")
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&'),
      )
      .digest('base64')}'`;
    if (!allowed.has(hash)) missing.push(`${hash} handler ${m[1]}`);
  }
  expect(missing, where).toEqual([]);
  return count;
}

describe('Content-Security-Policy', () => {
  it('every inline script of every page is allowed by hash, and nothing inline else', async () => {
    let scripts = 0;
    for (const email of [
      'olga.demidova@demo.example',
      'dmitry.volkov@demo.example',
      'sergey.ivanov@demo.example',
    ]) {
      const { cookie } = await sessionFor(server, email);
      for (const path of [
        ...PAGES,
        ...(email.startsWith('sergey')
          ? ['/support/desk', '/e-commerce/design/new-calculation/btp']
          : []),
      ]) {
        const res = await fetch(`${server.url}${path}`, { headers: { cookie } });
        scripts += await check(res, `${email} ${path}`);
      }
      // A profile form with errors adds the error summary's focus script.
      const invalid = await fetch(`${server.url}/user-info/profile/personal-information`, {
        method: 'POST',
        headers: {
          cookie,
          origin: server.url,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'email=not-an-email',
      });
      scripts += await check(invalid, `${email} profile errors`);
    }
    for (const path of ANONYMOUS) scripts += await check(await fetch(`${server.url}${path}`), path);
    // A failed sign-in adds the error dialog's script.
    const failed = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'login=nobody%40example.com&password=Wrong2026',
    });
    scripts += await check(failed, 'sign-in error');
    expect(scripts).toBeGreaterThan(50);
  });

  it('a script injected into a page would not run: its hash is not allowed', async () => {
    const res = await fetch(`${server.url}/auth/login`);
    const scriptSrc =
      /script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1] ?? '';
    const injected = `'sha256-${createHash('sha256').update('alert(1)').digest('base64')}'`;
    expect(scriptSrc.split(' ')).not.toContain(injected);
    expect(scriptSrc).toMatch(/^'self' ('unsafe-hashes' )?'sha256-/);
  });

  it('lets pages open WebSockets to our own host only, not to any host', async () => {
    const connectSrc = async (base: string) =>
      /connect-src ([^;]*)/.exec(
        (await fetch(`${base}/auth/login`)).headers.get('content-security-policy') ?? '',
      )?.[1];
    const host = new URL(server.url).host;
    // Without PUBLIC_URL: the host the page was asked for, with both schemes (a proxy may end TLS).
    expect(await connectSrc(server.url)).toBe(`'self' ws://${host} wss://${host}`);
    const https = await startServer({ PUBLIC_URL: 'https://cabinet.example' });
    try {
      expect(await connectSrc(https.url)).toBe("'self' wss://cabinet.example");
    } finally {
      await https.stop();
    }
  });
});
