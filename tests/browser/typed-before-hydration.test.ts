// What a person types, chooses or ticks before an island hydrates survives the hydration (issue 11),
// in every island of the organisations, objects, pickers and support areas that renders a server
// form first. The islands' JavaScript is held back (page.route) until the fields are filled, as on a
// slow link, then released; the values must still be there and work.
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { hydrated } from '../helpers/browser.ts';
import { expect } from '../helpers/fixtures.ts';
import { test as it } from '../helpers/profile-browser.ts';
import { sessionFor } from '../helpers/session.ts';

/** Holds every bundled script until the returned function is called; opens the page meanwhile. */
async function openHeld(page: Page, url: string): Promise<() => Promise<void>> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route(/\/_astro\/.+\.js(\?.*)?$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(url, { waitUntil: 'commit' });
  return async () => {
    release();
    await hydrated(page);
  };
}

describe('typed before hydration', () => {
  it('keeps the organisation form: INN, name and post', async ({ server, userPage }) => {
    const page = await userPage('olga.demidova@demo.example');
    const release = await openHeld(page, `${server.url}/user-info/my-organisations/new`);
    await page.locator('#organisation-inn').pressSequentially('7707083893', { delay: 10 });
    await page.locator('#organisation-name').pressSequentially('ПАО Сбербанк', { delay: 10 });
    await page.locator('#organisation-post').pressSequentially('Главный инженер', { delay: 10 });
    expect(await page.locator('astro-island[ssr]').count()).toBeGreaterThan(0);
    await release();
    // The island now shows the suggestion field, holding the typed INN, and asks for the name it kept.
    expect(await page.getByRole('combobox', { name: 'Организация' }).inputValue()).toBe(
      '7707083893',
    );
    expect(await page.getByLabel('Название организации').inputValue()).toBe('ПАО Сбербанк');
    expect(await page.getByLabel('Ваша должность').inputValue()).toBe('Главный инженер');
    await page.getByRole('button', { name: 'Создать', exact: true }).click();
    await page.getByRole('heading', { name: 'Организация добавлена' }).waitFor();
    expect(await page.locator('.form-result').textContent()).toContain('ПАО Сбербанк');
  });

  it('keeps the object form: name, address and coordinates', async ({ server, userPage }) => {
    const page = await userPage('olga.demidova@demo.example');
    const release = await openHeld(page, `${server.url}/user-info/my-objects/new`);
    await page.locator('#object-name').pressSequentially('ЦТП № 5', { delay: 10 });
    await page
      .locator('#object-address')
      .pressSequentially('г Ижевск, ул Ленина, д 21', { delay: 10 });
    await page.locator('#object-lat').pressSequentially('56.85', { delay: 10 });
    await page.locator('#object-lon').pressSequentially('53.2', { delay: 10 });
    await release();
    expect(await page.getByLabel('Название объекта').inputValue()).toBe('ЦТП № 5');
    expect(await page.getByRole('combobox', { name: 'Адрес' }).inputValue()).toBe(
      'г Ижевск, ул Ленина, д 21',
    );
    expect(await page.getByLabel('Широта').inputValue()).toBe('56.85');
    expect(await page.getByLabel('Долгота').inputValue()).toBe('53.2');
    await page.getByRole('button', { name: 'Создать', exact: true }).click();
    await page.getByRole('heading', { name: 'Объект добавлен' }).waitFor();
  });

  it('keeps the support message box and sends what was typed', async ({ server, userPage }) => {
    const { cookie } = await sessionFor(server, 'olga.demidova@demo.example');
    const list = (await (
      await fetch(`${server.url}/api/v1/support`, { headers: { cookie } })
    ).json()) as { data: Array<{ id: number; status: number }> };
    const open = list.data.find((r) => r.status === 1)!;
    const page = await userPage('olga.demidova@demo.example');
    const release = await openHeld(page, `${server.url}/support/reports?id=${open.id}`);
    await page
      .locator('#sp-message')
      .pressSequentially('Набрано до загрузки скриптов', { delay: 10 });
    await release();
    expect(await page.locator('#sp-message').inputValue()).toBe('Набрано до загрузки скриптов');
    await page.getByRole('button', { name: 'Отправить' }).click();
    await page.locator('.sp-msg .sp-text', { hasText: 'Набрано до загрузки скриптов' }).waitFor();
    expect(await page.locator('#sp-message').inputValue()).toBe('');
  });

  it('takes over an address typed before hydration and suggests for it', async ({
    server,
    userPage,
  }) => {
    const page = await userPage('olga.demidova@demo.example');
    const release = await openHeld(page, `${server.url}/user-info/profile/personal-information`);
    const place = page.locator('#f-place');
    await place.fill('');
    await place.pressSequentially('ленина', { delay: 10 });
    await release();
    await page.getByRole('option').first().waitFor();
    expect(await place.inputValue()).toBe('ленина');
    await place.press('ArrowDown');
    await place.press('Enter');
    expect(await place.inputValue()).toBe('426011, Удмуртская Респ, г Ижевск, ул Ленина, д 21');
  });

  it('keeps the choice of a picker', async ({ server, userPage }) => {
    const page = await userPage('olga.demidova@demo.example');
    await page.goto(`${server.url}/promotions`);
    const links = await page
      .locator('main a[href^="/promotions/"]')
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    let target = '';
    for (const href of links) {
      await page.goto(href);
      if (await page.locator('#oid-picker').count()) {
        target = href;
        break;
      }
    }
    expect(target).not.toBe('');
    const held = await page.context().newPage();
    const release = await openHeld(held, target);
    const select = held.locator('#oid-picker');
    await select.waitFor();
    const second = await select.locator('option').nth(2).getAttribute('value');
    await select.selectOption(second!);
    await release();
    await held.waitForFunction(() => !!document.querySelector('input[type=hidden][name=oid]'));
    expect(await held.locator('input[type=hidden][name=oid]').inputValue()).toBe(second);
    expect(await select.inputValue()).toBe(second);
  });
});
