// Organisations and objects in Chromium: create an organisation from a suggestion (fake provider) and
// from a typed INN (without JavaScript), create an object from an address suggestion and from a map
// click (and drag), search and page the lists, and pick new items with the pickers; axe on each view.
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { axeViolations } from '../helpers/browser.ts';
import { expect } from '../helpers/fixtures.ts';
import { mapReady, test as it } from '../helpers/profile-browser.ts';
import { sessionFor } from '../helpers/session.ts';

const rows = (page: Page) => page.locator('table tbody tr').allTextContents();
const options = (scope: Page | ReturnType<Page['locator']>) =>
  scope.locator('.combobox-list [role=option]');

describe('organisations', () => {
  it('creates an organisation chosen from suggestions', async ({ server, fake, userPage }) => {
    const page = await userPage('olga.demidova@demo.example');
    await page.goto(`${server.url}/user-info/my-organisations`);
    await page.getByRole('button', { name: 'Создать организацию' }).click();
    await page.waitForURL(/\/my-organisations\/new$/);
    const query = page.getByRole('combobox', { name: 'Организация' });
    await query.pressSequentially('ижевск', { delay: 20 });
    await options(page).first().waitFor();
    expect(await options(page).count()).toBe(3);
    expect(fake.requests.at(-1)!.body).toEqual({ query: 'ижевск', count: 20 });
    // The highlighted suggestion (its second line too) keeps its contrast.
    await query.press('ArrowDown');
    await page.locator('.combobox-list [role=option][aria-selected=true]').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await options(page).filter({ hasText: 'НАСОСНЫЙ ЦЕНТР' }).click();
    expect(await page.locator('.picked').textContent()).toContain('ИНН 1841017773');
    await page.getByRole('button', { name: 'Создать', exact: true }).click();
    expect(await page.locator('#organisation-post + small').textContent()).toBe(
      'Укажите должность, например "Представитель"',
    );
    await page.getByLabel('Ваша должность').fill('Снабженец');
    await page.getByRole('button', { name: 'Создать', exact: true }).click();
    await page.getByRole('heading', { name: 'Организация добавлена' }).waitFor();
    await page.getByRole('button', { name: 'Закрыть' }).click();
    await page.waitForURL(/\/my-organisations$/);
    expect((await rows(page))[0]).toContain('1841017773');
    expect((await rows(page))[0]).toContain('Снабженец');
  });

  it('requires a choice and checks a typed INN', async ({ server, userPage }) => {
    const page = await userPage('olga.demidova@demo.example');
    await page.goto(`${server.url}/user-info/my-organisations/new`);
    const query = page.getByRole('combobox', { name: 'Организация' });
    await query.fill('Рога и копыта');
    await page.getByLabel('Ваша должность').fill('Директор');
    await page.getByRole('button', { name: 'Создать', exact: true }).click();
    expect(await page.locator('#organisation-inn-error').textContent()).toBe('Вберите организацию');
    await query.fill('7707083894');
    await query.blur();
    expect(await page.locator('#organisation-inn-error').textContent()).toBe('Некорректный ИНН');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('creates an organisation from a typed INN without JavaScript', async ({
    server,
    userPage,
  }) => {
    const page = await userPage('olga.demidova@demo.example', { javaScriptEnabled: false });
    await page.goto(`${server.url}/user-info/my-organisations`);
    await page.getByRole('button', { name: 'Создать организацию' }).click();
    await page.getByLabel('ИНН организации').fill('7707083894');
    await page.getByLabel('Ваша должность').fill('Представитель');
    await page.getByRole('button', { name: 'Создать', exact: true }).click();
    expect(await page.locator('#organisation-inn-error').textContent()).toBe('Некорректный ИНН');
    expect(await page.getByLabel('Ваша должность').inputValue()).toBe('Представитель');
    await page.getByLabel('ИНН организации').fill('7707083893');
    // Nobody names this INN: the name is asked for rather than storing the INN as the name.
    await page.getByRole('button', { name: 'Создать', exact: true }).click();
    expect(await page.locator('#organisation-name-error').textContent()).toBe(
      'Укажите название организации',
    );
    expect(await page.getByLabel('Ваша должность').inputValue()).toBe('Представитель');
    await page.getByLabel('Название организации').fill('ПАО Сбербанк');
    await page.getByRole('button', { name: 'Создать', exact: true }).click();
    await page.waitForURL(/\?created=\d+$/);
    expect(await page.getByRole('heading', { name: 'Организация добавлена' }).isVisible()).toBe(
      true,
    );
    expect((await rows(page))[0]).toContain('ПАО Сбербанк');
  });

  it('searches from 3 characters and pages with 3, 5 or 10 rows', async ({ server, userPage }) => {
    const { token } = await sessionFor(server, 'marina.kotova@demo.example');
    for (const inn of ['1840001234', '1832014568', '1835123452', '1841017773']) {
      const res = await fetch(`${server.url}/api/v1/organisations`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ inn, post: 'Администратор' }),
      });
      expect(res.status).toBe(201);
    }
    const page = await userPage('marina.kotova@demo.example');
    // The page's timers on Playwright's clock (time still flows): the search debounce can be run
    // to its end at once instead of waited for.
    await page.clock.install();
    await page.goto(`${server.url}/user-info/my-organisations`);
    expect(await page.locator('.pager-range').textContent()).toBe('Показаны строки с 1 по 4 из 4');
    await page.getByLabel('Строк на странице').selectOption('3');
    await page.waitForURL(/pageSize=3/);
    expect(await page.locator('.pager-range').textContent()).toBe('Показаны строки с 1 по 3 из 4');
    await Promise.all([
      page.waitForURL(/pageNumber=2/),
      page.getByRole('link', { name: 'Страница 2' }).click(),
    ]);
    expect(await page.locator('.pager-range').textContent()).toBe('Показаны строки с 4 по 4 из 4');
    const search = page.getByRole('searchbox');
    await page.evaluate(() => {
      const w = window as unknown as { submits: number };
      w.submits = 0;
      document.querySelector('form.list-search')!.addEventListener('submit', () => w.submits++);
    });
    await search.pressSequentially('те', { delay: 30 });
    // Two characters start no search: run the 500 ms debounce to its end, and no submit came of it.
    await page.clock.runFor(800);
    expect(await page.evaluate(() => (window as unknown as { submits: number }).submits)).toBe(0);
    expect(page.url()).not.toContain('searchText');
    await search.pressSequentially('п', { delay: 30 });
    await page.waitForURL(/searchText=/);
    expect(await rows(page)).toHaveLength(2);
    await page.getByRole('searchbox').fill('');
    await page.waitForURL((u) => !u.search.includes('searchText'));
    expect(await page.locator('.pager-range').textContent()).toBe('Показаны строки с 1 по 3 из 4');
  });
});

describe('objects', () => {
  it('creates an object from an address suggestion', async ({ server, fake, userPage }) => {
    const page = await userPage('olga.demidova@demo.example');
    await page.goto(`${server.url}/user-info/my-objects`);
    await page.getByRole('button', { name: 'Создать объект' }).click();
    await mapReady(page, '#create-object');
    const create = page.getByRole('button', { name: 'Создать', exact: true });
    // Never a silently disabled button: pressing it says what is missing.
    await create.click();
    expect(await page.locator('#object-name-error').textContent()).toBe(
      'Поле обязательно для заполнения',
    );
    expect(await page.locator('#object-coords-error').textContent()).toBe(
      'Установите метку на карте, чтобы получить координаты',
    );
    await page.getByLabel('Название объекта').fill('Бойлерная');
    const address = page.getByRole('combobox', { name: 'Адрес' });
    await address.pressSequentially('пушк', { delay: 20 });
    await options(page).first().waitFor();
    expect(await options(page).count()).toBe(4);
    expect(fake.requests.at(-1)!.body).toMatchObject({
      count: 5,
      locations_boost: [{ kladr_id: '18' }],
    });
    await options(page)
      .filter({ hasText: /Пушкинская, д 130$/ })
      .click();
    expect(await page.getByLabel('Широта').inputValue()).toBe('56.8489');
    expect(await page.getByLabel('Долгота').inputValue()).toBe('53.2087');
    expect(await page.locator('#create-object .map-pin').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    // Editing the address keeps the marker and its coordinates.
    await address.press('End');
    await address.press('Backspace');
    expect(await page.getByLabel('Широта').inputValue()).toBe('56.8489');
    expect(await create.isDisabled()).toBe(false);
    await address.pressSequentially('0', { delay: 20 });
    await options(page)
      .filter({ hasText: /Пушкинская, д 130$/ })
      .click();
    await create.click();
    await page.getByRole('heading', { name: 'Объект добавлен' }).waitFor();
    await page.getByRole('button', { name: 'Закрыть' }).click();
    await page.waitForURL(/\/my-objects$/);
    expect((await rows(page))[0]).toContain('Бойлерная');
  });

  it('creates an object by a map click, re-geocoding after a drag', async ({
    server,
    fake,
    userPage,
  }) => {
    const page = await userPage('olga.demidova@demo.example');
    await page.goto(`${server.url}/user-info/my-objects/new`);
    await mapReady(page, '#create-object');
    await page.getByLabel('Название объекта').fill('Теплопункт');
    const box = (await page.locator('#create-object .map-box').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 - 40, box.y + box.height / 2 + 20);
    await page.waitForFunction(
      () => (document.getElementById('object-lat') as HTMLInputElement).value !== '',
    );
    const lat1 = Number(await page.getByLabel('Широта').inputValue());
    expect(Math.abs(lat1 - 56.86)).toBeLessThan(0.05);
    await page.waitForFunction(
      () => (document.getElementById('object-address') as HTMLInputElement).value !== '',
    );
    expect(fake.requests.at(-1)!.path).toMatch(/geolocate\/address$/);
    const firstAddress = await page.getByRole('combobox', { name: 'Адрес' }).inputValue();

    // The map may still be panning to the new marker: take its position once it stands still.
    const pin = await stableBox(page.locator('#create-object .map-pin'));
    await page.mouse.move(pin.x + pin.width / 2, pin.y + pin.height / 2);
    await page.mouse.down();
    await page.mouse.move(pin.x + pin.width / 2 + 60, pin.y + 120, { steps: 8 });
    await page.mouse.up();
    await page.waitForFunction(
      (v) => (document.getElementById('object-lat') as HTMLInputElement).value !== v,
      String(lat1),
    );
    expect(Number(await page.getByLabel('Широта').inputValue())).toBeLessThan(lat1);
    await page.waitForFunction(
      (v) => (document.getElementById('object-address') as HTMLInputElement).value !== v,
      firstAddress,
    );

    await page.getByRole('button', { name: 'Создать', exact: true }).click();
    await page.getByRole('heading', { name: 'Объект добавлен' }).waitFor();
  });

  it('keeps the point of a map click when the address is typed afterwards', async ({
    server,
    userPage,
  }) => {
    const page = await userPage('olga.demidova@demo.example');
    await page.goto(`${server.url}/user-info/my-objects/new`);
    await mapReady(page, '#create-object');
    await page.getByLabel('Название объекта').fill('Насосная');
    const box = (await page.locator('#create-object .map-box').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(
      () => (document.getElementById('object-address') as HTMLInputElement).value !== '',
    );
    const lat = await page.getByLabel('Широта').inputValue();
    const address = page.getByRole('combobox', { name: 'Адрес' });
    await address.fill('');
    await address.pressSequentially('г Ижевск, ул Новая, д 1', { delay: 10 });
    await page.getByLabel('Название объекта').click();
    expect(await page.getByLabel('Широта').inputValue()).toBe(lat);
    expect(await page.locator('#create-object .map-pin').count()).toBe(1);
    await page.getByRole('button', { name: 'Создать', exact: true }).click();
    await page.getByRole('heading', { name: 'Объект добавлен' }).waitFor();
  });

  it('takes typed coordinates instead of dragging (WCAG 2.5.7), also without JavaScript', async ({
    server,
    userPage,
  }) => {
    const page = await userPage('olga.demidova@demo.example', { javaScriptEnabled: false });
    await page.goto(`${server.url}/user-info/my-objects/new`);
    await page.getByLabel('Название объекта').fill('Узел учёта');
    await page.getByRole('button', { name: 'Создать', exact: true }).click();
    expect(await page.locator('#object-address-error').textContent()).toBe(
      'Выберите адрес из списка или поставьте метку на карте',
    );
    expect(await page.locator('#object-coords-error').textContent()).toBe(
      'Установите метку на карте, чтобы получить координаты',
    );
    await page.getByLabel('Адрес').fill('г Ижевск, ул Удмуртская, д 304');
    await page.getByLabel('Широта').fill('56,8678');
    await page.getByLabel('Долгота').fill('53.2218');
    await page.getByRole('button', { name: 'Создать', exact: true }).click();
    await page.waitForURL(/\?created=\d+$/);
    expect((await rows(page))[0]).toContain('Узел учёта');
  });

  it('shows all objects on a clustered map and one object on its own map', async ({
    server,
    userPage,
  }) => {
    const page = await userPage('olga.demidova@demo.example');
    await page.goto(`${server.url}/user-info/my-objects`);
    await page.getByRole('button', { name: 'Карта объектов' }).click();
    await mapReady(page);
    expect(await page.locator('.map-pin').count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    // Zoomed out, the nearby objects gather into a cluster showing their number.
    for (let i = 0; i < 4; i++) await page.locator('.leaflet-control-zoom-out').click();
    await page.locator('.map-cluster').first().waitFor();
    expect(Number(await page.locator('.map-cluster').first().textContent())).toBeGreaterThan(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${server.url}/user-info/my-objects`);
    await page.getByRole('link', { name: 'Показать «Котельная на Пушкинской» на карте' }).click();
    await mapReady(page, '#object-location');
    expect(await page.locator('#object-location .map-pin').count()).toBe(1);
    expect(await page.locator('#object-location').textContent()).toContain('56.8527, 53.2115');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/my-objects$/);
  });
});

describe('pickers', () => {
  it('select organisations and objects, and the ones created from their dialogs', async ({
    server,
    userPage,
  }) => {
    const page = await userPage('olga.demidova@demo.example');
    // The promotion page's order form is the first real user of both pickers.
    await page.goto(`${server.url}/promotions`);
    const links = await page
      .locator('main a[href^="/promotions/"]')
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    for (const href of links) {
      await page.goto(href);
      if (await page.locator('#oid-picker').count()) break;
    }
    const orgSelect = page.locator('#oid-picker');
    await page.waitForFunction(
      () =>
        document.querySelectorAll('#oid-picker option').length > 2 &&
        !!document.querySelector('input[type=hidden][name=oid]'),
    );
    expect(await orgSelect.locator('option').first().textContent()).toBe('Выберите организацию');
    await orgSelect.selectOption({ index: 1 });
    expect(await page.locator('input[type=hidden][name=oid]').inputValue()).toBe(
      await orgSelect.inputValue(),
    );

    await page.getByRole('button', { name: 'Добавить организацию' }).click();
    const orgDialog = page.getByRole('dialog', { name: 'Новая организация' });
    await orgDialog
      .getByRole('combobox', { name: 'Организация' })
      .pressSequentially('1832', { delay: 20 });
    await options(orgDialog).first().click();
    await orgDialog.getByLabel('Ваша должность').fill('Инженер');
    await orgDialog.getByRole('button', { name: 'Создать', exact: true }).click();
    expect(await orgDialog.locator('.field-error').textContent()).toBe(
      'Эта организация уже есть в вашем списке',
    );
    await orgDialog.getByRole('combobox', { name: 'Организация' }).fill('');
    await orgDialog
      .getByRole('combobox', { name: 'Организация' })
      .pressSequentially('водоканал', { delay: 20 });
    await options(orgDialog).first().click();
    await orgDialog.getByRole('button', { name: 'Создать', exact: true }).click();
    await orgDialog.getByRole('button', { name: 'Закрыть' }).click();
    await orgDialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(() =>
      (
        document.querySelector('#oid-picker') as HTMLSelectElement
      ).selectedOptions[0]?.textContent?.includes('1835123452'),
    );
    const newOrg = await orgSelect.inputValue();
    expect(await page.locator('input[type=hidden][name=oid]').inputValue()).toBe(newOrg);
    expect(await axeViolations(page)).toEqual([]);

    const objSelect = page.locator('#object-picker');
    expect(await objSelect.locator('option').first().textContent()).toBe('Выберите объект');
    await page.getByRole('button', { name: 'Добавить объект' }).click();
    const objDialog = page.getByRole('dialog', { name: 'Новый объект' });
    await mapReady(page, '.picker-dialog[open]');
    await objDialog.getByLabel('Название объекта').fill('Ввод № 2');
    const box = (await objDialog.locator('.map-box').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(
      () =>
        !!(
          document.querySelector(
            '.picker-dialog[open] input[name=address]',
          ) as HTMLInputElement | null
        )?.value,
    );
    await objDialog.getByRole('button', { name: 'Создать', exact: true }).click();
    await objDialog.getByRole('button', { name: 'Закрыть' }).click();
    await objDialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(() =>
      (
        document.querySelector('#object-picker') as HTMLSelectElement
      ).selectedOptions[0]?.textContent?.startsWith('Ввод № 2'),
    );
    expect(
      Number(await page.locator('input[type=hidden][name=object]').inputValue()),
    ).toBeGreaterThan(0);
  });
});

/**
 * A locator's bounding box once it has stopped moving: the same rectangle in two animation frames
 * in a row (Playwright's own "stable" check), read in the page, where frames are the event.
 */
async function stableBox(locator: import('playwright-core').Locator) {
  await locator.evaluate(
    (el) =>
      new Promise<void>((resolve, reject) => {
        let last = '';
        let frames = 0;
        const step = () => {
          const r = el.getBoundingClientRect();
          const now = `${r.x},${r.y},${r.width},${r.height}`;
          if (now === last) return resolve();
          last = now;
          if (++frames > 600) return reject(new Error('element kept moving'));
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
  );
  const box = await locator.boundingBox();
  if (!box) throw new Error('element not shown');
  return box;
}
