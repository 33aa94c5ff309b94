// Security findings of issue 10: links in messages never come from request headers, a cross-site GET
// cannot sign anyone out, one guard enforces the site map's role requirements for every page and API,
// and the security headers (HSTS only for an https PUBLIC_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTRA_GUARDS } from '../../src/features/chrome/guard.ts';
import { SITE_MAP, type MenuEntry, type Requirement } from '../../src/features/chrome/menu.ts';
import { startSmtp, type LocalSmtp } from '../helpers/mail.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

let server: TestServer;
let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe('links in messages', () => {
  it('a reset link points at the server, whatever Host and X-Forwarded-Host say', async () => {
    const email = 'olga.demidova@demo.example';
    const since = smtp.mails.length;
    // fetch cannot forge Host, so the forwarded header (trusted: TRUST_PROXY=1) carries the attack.
    const res = await fetch(`${server.url}/api/v1/profile/recovery`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
      body: JSON.stringify({ login: email }),
    });
    expect(res.status).toBe(200);
    const mail = await smtp.next(email, since);
    const links = mail.text.match(/https?:\/\/[^\s"]+/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(new URL(link).origin).toBe(server.url);
    expect(mail.text).not.toContain('evil.example');
  });
});

describe('GET /logout', () => {
  const signedIn = async (cookie: string) =>
    (await fetch(`${server.url}/home`, { headers: { cookie }, redirect: 'manual' })).status === 200;

  it('from another site shows a sign-out button and keeps the session', async () => {
    const { cookie } = await sessionFor(server, 'olga.demidova@demo.example');
    for (const site of ['cross-site', 'same-site', null]) {
      const res = await fetch(`${server.url}/logout`, {
        headers: { cookie, ...(site ? { 'sec-fetch-site': site } : {}) },
        redirect: 'manual',
      });
      expect(res.status, String(site)).toBe(200);
      const html = await res.text();
      expect(html).toMatch(/<form method="post" action="\/logout">/);
      expect(await signedIn(cookie), String(site)).toBe(true);
    }
  });

  it('our own navigation (same-origin, or typed: none) signs out; so does the form post', async () => {
    for (const site of ['same-origin', 'none']) {
      const { cookie } = await sessionFor(server, 'olga.demidova@demo.example');
      const res = await fetch(`${server.url}/logout`, {
        headers: { cookie, 'sec-fetch-site': site },
        redirect: 'manual',
      });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/auth/login');
      expect(await signedIn(cookie)).toBe(false);
    }
    const { cookie } = await sessionFor(server, 'olga.demidova@demo.example');
    const post = await fetch(`${server.url}/logout`, {
      method: 'POST',
      headers: { cookie, origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(post.status).toBe(303);
    expect(await signedIn(cookie)).toBe(false);
    // A cross-site post is refused by the origin check and signs nobody out.
    const other = await sessionFor(server, 'olga.demidova@demo.example');
    const forged = await fetch(`${server.url}/logout`, {
      method: 'POST',
      headers: {
        cookie: other.cookie,
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: '',
      redirect: 'manual',
    });
    expect(forged.status).toBe(403);
    expect(await signedIn(other.cookie)).toBe(true);
  });
});

describe('one role guard from the site map', () => {
  const DEMO: Record<string, string> = {
    customer: 'olga.demidova@demo.example',
    scada: 'dmitry.volkov@demo.example',
  };
  /** Who lacks the requirement (a plain customer lacks all three). */
  const lacking: Record<Requirement, string> = {
    employee: DEMO.customer!,
    scada: DEMO.customer!,
    admin: DEMO.customer!,
  };

  function guarded(
    entries: readonly MenuEntry[],
    out: { path: string; requires: Requirement; api: boolean }[] = [],
    inherited?: Requirement,
  ) {
    for (const e of entries) {
      const requires = e.requires ?? inherited;
      if (requires && e.href)
        out.push(
          { path: e.href, requires, api: false },
          { path: `${e.href}/any/deeper/page`, requires, api: false },
        );
      if (e.requires)
        for (const prefix of e.api ?? [])
          out.push({ path: `${prefix}/anything`, requires: e.requires, api: true });
      if (e.children) guarded(e.children, out, requires);
    }
    return out;
  }

  it('every guarded route of the menu model refuses a user without the role (404, as if absent)', async () => {
    const routes = [
      ...guarded(SITE_MAP),
      ...EXTRA_GUARDS.map((g) => ({
        path: g.prefix,
        requires: g.requires,
        api: g.prefix.startsWith('/api/'),
      })),
    ];
    expect(routes.length).toBeGreaterThanOrEqual(8);
    const tokens = new Map<string, string>();
    for (const route of routes) {
      const email = lacking[route.requires];
      if (!tokens.has(email)) tokens.set(email, (await sessionFor(server, email)).cookie);
      const res = await fetch(`${server.url}${route.path}`, {
        headers: {
          cookie: tokens.get(email)!,
          accept: route.api ? 'application/json' : 'text/html',
        },
        redirect: 'manual',
      });
      expect(res.status, `${route.path} (${route.requires})`).toBe(404);
      if (route.api) expect(await res.json(), route.path).toEqual({ message: expect.any(String) });
    }
  });

  it('the users who hold the role open the same pages', async () => {
    const scada = (await sessionFor(server, DEMO.scada!)).cookie;
    expect((await fetch(`${server.url}/tools/scada`, { headers: { cookie: scada } })).status).toBe(
      200,
    );
    const employee = (await sessionFor(server, 'sergey.ivanov@demo.example')).cookie;
    expect(
      (
        await fetch(`${server.url}/e-commerce/design/new-calculation/btp`, {
          headers: { cookie: employee },
        })
      ).status,
    ).toBe(200);
    expect(
      (await fetch(`${server.url}/support/desk`, { headers: { cookie: employee } })).status,
    ).toBe(200);
  });
});

describe('security headers', () => {
  it('no HSTS on plain http; a CSP without unsafe-inline scripts', async () => {
    const res = await fetch(`${server.url}/auth/login`);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toMatch(/frame-ancestors 'none'/);
  });

  it('HSTS when PUBLIC_URL is https', async () => {
    const https = await startServer({ PUBLIC_URL: 'https://cabinet.example' });
    try {
      const res = await fetch(`${https.url}/auth/login`);
      expect(res.headers.get('strict-transport-security')).toBe(
        'max-age=31536000; includeSubDomains',
      );
    } finally {
      await https.stop();
    }
  });
});
