// A picker of a user with more objects than its select holds (issue 10): the select shows the
// newest 50 from the bounded "all" call, and a search field finds any other object on the server;
// the found object becomes an option and the chosen value.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { axeViolations, hydrated, launch, signedInContext } from '../helpers/browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { withDb } from '../helpers/support.ts';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launch()]);
  const { userId } = await sessionFor(server, 'olga.demidova@demo.example');
  await withDb(server, async (db) => {
    const t = new Date().toISOString();
    const rows = Array.from({ length: 120 }, (_, n) => {
      const name = n === 5 ? 'Котельная Гранфос' : `Узел ${n}`;
      const address = `г Ижевск, ул Заводская, д ${n}`;
      return { user_id: userId, name, address, coords: '56.85, 53.2', lat: 56.85, lon: 53.2, search: `${name} ${address}`.toLowerCase(), created_at: t, updated_at: t };
    });
    await db.insertInto('objects').values(rows).execute();
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('shows the newest 50 and finds older objects on the server', async () => {
  const context = await signedInContext(browser, server, 'olga.demidova@demo.example');
  const page = await context.newPage();
  await page.goto(`${server.url}/promotions`);
  const links = await page.locator('main a[href^="/promotions/"]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  for (const href of links) {
    await page.goto(href);
    if (await page.locator('#object-picker').count()) break;
  }
  await hydrated(page);
  const search = page.getByRole('combobox', { name: 'Найти в списке' });
  await search.waitFor();
  // The placeholder plus the newest 50.
  expect(await page.locator('#object-picker option').count()).toBe(51);
  expect(await page.locator('#object-picker option', { hasText: 'Котельная Гранфос' }).count()).toBe(0);
  await search.pressSequentially('гранфос', { delay: 20 });
  await page.locator('.picker-search [role=option]').first().waitFor();
  await page.locator('.picker-search [role=option]', { hasText: 'Котельная Гранфос' }).click();
  await page.waitForFunction(() => (document.querySelector('#object-picker') as HTMLSelectElement).selectedOptions[0]?.textContent?.startsWith('Котельная Гранфос'));
  expect(Number(await page.locator('input[type=hidden][name=object]').inputValue())).toBeGreaterThan(0);
  expect(await axeViolations(page)).toEqual([]);
  await context.close();
});
