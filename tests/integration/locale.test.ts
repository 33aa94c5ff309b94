// Interface language: the switcher's cookie, the saved choice of a signed-in user, Accept-Language.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const htmlLang = async (res: Response) => /<html[^>]*\slang="([a-z]+)"/.exec(await res.text())?.[1];

it('follows Accept-Language when nothing was chosen, and ru otherwise', async () => {
  expect(
    await htmlLang(
      await fetch(`${server.url}/error`, { headers: { 'accept-language': 'de-DE,de;q=0.9' } }),
    ),
  ).toBe('de');
  expect(
    await htmlLang(await fetch(`${server.url}/error`, { headers: { 'accept-language': 'pl' } })),
  ).toBe('ru');
});

it("carries a signed-in user's saved language to a device without the cookie", async () => {
  const { cookie } = await sessionFor(server, 'olga.demidova@demo.example');
  const saved = await fetch(`${server.url}/locale`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'lang=en&back=/tools',
  });
  expect(saved.status).toBe(303);
  expect(saved.headers.get('set-cookie')).toMatch(/lang=en/);
  // Another device: same account, no lang cookie, a Russian browser.
  const { cookie: other } = await sessionFor(server, 'olga.demidova@demo.example');
  expect(
    await htmlLang(
      await fetch(`${server.url}/tools`, { headers: { cookie: other, 'accept-language': 'ru' } }),
    ),
  ).toBe('en');
  // The cookie on this device still wins.
  expect(
    await htmlLang(
      await fetch(`${server.url}/tools`, { headers: { cookie: `${other}; lang=fr` } }),
    ),
  ).toBe('fr');
});
