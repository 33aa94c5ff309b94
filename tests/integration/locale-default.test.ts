// Issue 11: a browser set to another language opens the cabinet in Russian (the spec's default)
// and is only offered its language; a choice (switcher cookie or the account's saved language)
// wins and ends the offer. Programmatic clients still pick their messages by Accept-Language.
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

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
async function open(path: string, headers: Record<string, string>) {
  const res = await fetch(`${server.url}${path}`, {
    headers: { accept: BROWSER, ...headers },
    redirect: 'manual',
  });
  const html = await res.text();
  return {
    status: res.status,
    lang: /<html[^>]*\slang="([a-z]+)"/.exec(html)?.[1],
    offer: /<aside class="locale-offer[^"]*" lang="([a-z]+)"/.exec(html)?.[1],
    html,
  };
}

it('opens in Russian for an en-US browser and offers English, in English', async () => {
  const page = await open('/auth/fast', { 'accept-language': 'en-US,en;q=0.9' });
  expect(page.status).toBe(200);
  expect(page.lang).toBe('ru');
  expect(page.html).toContain('Вход в личный кабинет');
  expect(page.offer).toBe('en');
  expect(page.html).toContain('This page is in Русский. Would you like to read it in English?');
  expect(page.html).toMatch(/<button[^>]*name="lang" value="en"[^>]*>Switch to English<\/button>/);
  expect(page.html).toMatch(/<button[^>]*name="lang" value="ru"[^>]*>Keep Русский<\/button>/);
});

it('offers nothing to a Russian browser or to someone who chose a language', async () => {
  expect(
    (await open('/auth/fast', { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' })).offer,
  ).toBeUndefined();
  const keptRussian = await open('/auth/fast', { 'accept-language': 'de-DE', cookie: 'lang=ru' });
  expect([keptRussian.lang, keptRussian.offer]).toEqual(['ru', undefined]);
  const choseEnglish = await open('/auth/fast', { 'accept-language': 'de-DE', cookie: 'lang=en' });
  expect([choseEnglish.lang, choseEnglish.offer]).toEqual(['en', undefined]);
  // An unsupported browser language is not offered.
  expect((await open('/auth/fast', { 'accept-language': 'pl-PL' })).offer).toBeUndefined();
});

it('remembers the choice made in the offer', async () => {
  const res = await fetch(`${server.url}/locale`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'lang=en&back=/auth/fast',
  });
  expect(res.status).toBe(303);
  const cookie = /lang=en/.exec(res.headers.get('set-cookie') ?? '')?.[0];
  expect(cookie).toBe('lang=en');
  const page = await open('/auth/fast', { 'accept-language': 'en-US', cookie: cookie! });
  expect([page.lang, page.offer]).toEqual(['en', undefined]);
});

it("follows a signed-in user's saved language, never the browser's", async () => {
  const { cookie } = await sessionFor(server, 'olga.demidova@demo.example');
  const before = await open('/tools', { cookie, 'accept-language': 'fr-FR' });
  expect([before.lang, before.offer]).toEqual(['ru', 'fr']);
  const saved = await fetch(`${server.url}/locale`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'lang=de&back=/tools',
  });
  expect(saved.status).toBe(303);
  // Another device of the same account: no lang cookie, a French browser.
  const { cookie: other } = await sessionFor(server, 'olga.demidova@demo.example');
  const page = await open('/tools', { cookie: other, 'accept-language': 'fr-FR' });
  expect([page.lang, page.offer]).toEqual(['de', undefined]);
});

it('lets programmatic clients pick their language by Accept-Language', async () => {
  const res = await fetch(`${server.url}/api/v1/profile/login`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'accept-language': 'en',
      origin: server.url,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'login=&password=',
  });
  expect(res.status).toBe(422);
  expect(((await res.json()) as { errors: Record<string, string> }).errors.login).toBe(
    'Required field',
  );
});
