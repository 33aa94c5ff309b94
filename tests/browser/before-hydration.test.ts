// Issue 11, the quick person on a slow link: what is typed, chosen or ticked before an island
// hydrates survives it (the island's JavaScript is held back with page.route until the typing is
// done), and closing the first-visit dialog sticks even when the next page is asked for at once or
// JavaScript is off.
import type { Page, Route } from 'playwright-core';
import { describe } from 'vitest';
import { hydrated } from '../helpers/browser.ts';
import { expect, test as it } from '../helpers/fixtures.ts';

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

const notHydrated = async (page: Page) =>
  expect(await page.locator('astro-island[ssr]').count()).toBeGreaterThan(0);

describe('typed before hydration', () => {
  it('the registration wizard keeps text, the chosen account type and the ticked box', async ({
    server,
    anonymous,
  }) => {
    const page = await anonymous();
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
  });

  it('the code form keeps the code typed before hydration, and filters digits afterwards', async ({
    server,
    anonymous,
  }) => {
    const setup = await anonymous();
    await setup.goto(`${server.url}/auth/fast`);
    await setup.getByLabel('Телефон или E-mail').fill('sergey.ivanov@demo.example');
    await setup.getByRole('button', { name: 'Получить код' }).click();
    await setup.waitForURL('**/auth/code');
    const page = await setup.context().newPage();
    await setup.close();
    const gate = await holdIslands(page);
    await page.goto(`${server.url}/auth/code`, { waitUntil: 'domcontentloaded' });
    await notHydrated(page);
    await page.locator('#code').fill('1234');
    await gate.release();
    await hydrated(page);
    expect(await page.locator('#code').inputValue()).toBe('1234');
    await page.locator('#code').pressSequentially('a5');
    expect(await page.locator('#code').inputValue()).toBe('12345');
  });
});

describe('the first-visit dialog', () => {
  it('stays closed when the person moves on before the save request has answered', async ({
    server,
    signedIn,
  }) => {
    // Signed in, with the first-visit dialog not yet closed.
    const page = await signedIn('olga.demidova@demo.example', { startInfo: true });
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
  });

  it('closes for good without JavaScript', async ({ server, signedIn }) => {
    const page = await signedIn('olga.demidova@demo.example', {
      startInfo: true,
      javaScriptEnabled: false,
    });
    await page.goto(`${server.url}/notifications`);
    const dialog = page.locator('[data-start-info]');
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await page.waitForURL('**/notifications');
    expect(await page.locator('[data-start-info]').count()).toBe(0);
    await page.goto(`${server.url}/home`);
    expect(await page.locator('[data-start-info]').count()).toBe(0);
  });
});
