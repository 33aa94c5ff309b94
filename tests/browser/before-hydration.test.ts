// Issue 11, the quick person on a slow link: what is typed, chosen or ticked before an island
// hydrates survives it (the island's JavaScript is held back with page.route until the typing is
// done), and closing the first-visit dialog sticks even when the next page is asked for at once or
// JavaScript is off.
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launch } from '../helpers/browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Holds every script of /_astro/ until `release()`: the page is server-rendered but not hydrated. */
async function holdIslands(page: Page) {
  const held: Route[] = [];
  let open = false;
  await page.route('**/_astro/*.js', (route) => (open ? route.continue() : void held.push(route)));
  return {
    release: async () => {
      open = true;
      await Promise.all(held.map((r) => r.continue()));
    },
  };
}

const notHydrated = async (page: Page) => expect(await page.locator('astro-island[ssr]').count()).toBeGreaterThan(0);

describe('typed before hydration', () => {
  it('the registration wizard keeps text, the chosen account type and the ticked box', async () => {
    const context = await browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    const gate = await holdIslands(page);
    await page.goto(`${server.url}/auth/registration`, { waitUntil: 'domcontentloaded' });
    await notHydrated(page);
    // Without the island all three steps are one plain form.
    await page.locator('#surname').fill('Соколова');
    await page.locator('#name').fill('Мария');
    await page.locator('#patronymic').fill('Ивановна');
    await page.locator('#email').fill('maria@sokolova.example');
    await page.locator('#phone').fill('+7 900 123-45-67');
    await page.locator('input[name=account_type][value=corporate]').check();
    await page.locator('#post').fill('Инженер');
    await page.locator('#password').fill('Strong-pass-42');
    await page.locator('#agree').check();
    await notHydrated(page);
    await gate.release();
    await hydrated(page);
    // The island now shows one step at a time; the values are the typed ones, on every step.
    expect(await page.locator('#surname').inputValue()).toBe('Соколова');
    expect(await page.locator('#name').inputValue()).toBe('Мария');
    expect(await page.locator('#patronymic').inputValue()).toBe('Ивановна');
    await page.getByRole('button', { name: 'Далее' }).click();
    expect(await page.locator('#email').inputValue()).toBe('maria@sokolova.example');
    expect(await page.locator('#phone').inputValue()).toBe('+7 900 123-45-67');
    expect(await page.locator('input[name=account_type][value=corporate]').isChecked()).toBe(true);
    // The corporate fields stay shown because the island took over the chosen type.
    expect(await page.locator('#post').inputValue()).toBe('Инженер');
    await page.locator('#organisation').fill('7707083893');
    await page.getByRole('button', { name: 'Далее' }).click();
    expect(await page.locator('#password').inputValue()).toBe('Strong-pass-42');
    expect(await page.locator('#agree').isChecked()).toBe(true);
    await context.close();
  });

  it('the code form keeps the code typed before hydration, and filters digits afterwards', async () => {
    const context = await browser.newContext({ locale: 'ru-RU' });
    const setup = await context.newPage();
    await setup.goto(`${server.url}/auth/fast`);
    await setup.getByLabel('Телефон или E-mail').fill('sergey.ivanov@demo.example');
    await setup.getByRole('button', { name: 'Получить код' }).click();
    await setup.waitForURL('**/auth/code');
    await setup.close();
    const page = await context.newPage();
    const gate = await holdIslands(page);
    await page.goto(`${server.url}/auth/code`, { waitUntil: 'domcontentloaded' });
    await notHydrated(page);
    await page.locator('#code').fill('1234');
    await gate.release();
    await hydrated(page);
    expect(await page.locator('#code').inputValue()).toBe('1234');
    await page.locator('#code').pressSequentially('a5');
    expect(await page.locator('#code').inputValue()).toBe('12345');
    await context.close();
  });
});

/** A browser signed in as a demo user, with the first-visit dialog not yet closed. */
async function freshSignIn(options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const { token } = await sessionFor(server, 'olga.demidova@demo.example');
  const context = await browser.newContext({ locale: 'ru-RU', ...options });
  await context.addCookies([{ name: 'sid', value: token, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
  return context;
}

describe('the first-visit dialog', () => {
  it('stays closed when the person moves on before the save request has answered', async () => {
    const context = await freshSignIn();
    const page = await context.newPage();
    // The save request never reaches the server while the person navigates away.
    await page.route('**/api/v1/profile/start-info', () => undefined);
    await page.goto(`${server.url}/home`);
    const dialog = page.getByRole('dialog', { name: 'Что даёт личный кабинет?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await page.goto(`${server.url}/notifications`);
    expect(await page.locator('[data-start-info]').count()).toBe(0);
    await page.goto(`${server.url}/home`);
    expect(await page.locator('[data-start-info]').count()).toBe(0);
    await context.close();
  });

  it('closes for good without JavaScript', async () => {
    const context = await freshSignIn({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/notifications`);
    const dialog = page.locator('[data-start-info]');
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await page.waitForURL('**/notifications');
    expect(await page.locator('[data-start-info]').count()).toBe(0);
    await page.goto(`${server.url}/home`);
    expect(await page.locator('[data-start-info]').count()).toBe(0);
    await context.close();
  });
});
