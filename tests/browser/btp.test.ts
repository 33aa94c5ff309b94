// Heating-substation project in Chromium at 360 px (Russian, the default), as an employee: the list,
// a free project, the composition form, the result with the scheme and explanations, the scheme
// sheet, the specification page and its .xlsx download, a refused recalculation (no result left
// behind), the offer, and the order. Every state is axe clean without sideways scrolling. A customer
// gets the 404 page.
import type { Page } from 'playwright-core';
import { axeViolations, PHONE } from '../helpers/browser.ts';
import { expect, test as it } from '../helpers/fixtures.ts';

const BTP = '/e-commerce/design/new-calculation/btp';
const noSideScroll = () =>
  document.documentElement.scrollWidth <= document.documentElement.clientWidth;
async function clean(page: Page) {
  // On failure, name the widest elements so the cause is in the message.
  const wide = (await page.evaluate(noSideScroll))
    ? []
    : await page.evaluate(() =>
        [...document.querySelectorAll('main *')]
          .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .slice(0, 5)
          .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
      );
  expect({ url: page.url(), wide }).toEqual({ url: page.url(), wide: [] });
  expect(await axeViolations(page)).toEqual([]);
}

it('an employee composes a substation, gets the scheme, specification, offer and places the order', async ({
  server,
  signedIn,
}) => {
  const page = await signedIn('sergey.ivanov@demo.example', {
    viewport: PHONE,
    acceptDownloads: true,
  });
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) blocked.push(m.text());
  });
  await page.goto(`${server.url}${BTP}`);
  await clean(page);
  await Promise.all([
    page.waitForURL(/\/btp\/\d+\/project$/),
    page.getByRole('button', { name: 'Новый свободный проект' }).click(),
  ]);
  await clean(page);
  await expect(page.locator('astro-island').count()).resolves.toBe(2);
  await page.getByLabel('Название проекта').fill('Школа № 12');
  await page.getByLabel('Вентиляция', { exact: true }).selectOption('independent');
  await page.getByLabel('Нагрузка отопления').fill('1,2');
  await page.getByLabel('Единица нагрузки').selectOption('Gcal/h');
  await page.getByLabel('Нагрузка ГВС (макс.)').fill('0,5');
  await page.getByLabel('Нагрузка вентиляции').fill('0,3');
  await Promise.all([
    page.waitForURL(/\/project#btp-result$/),
    page.getByRole('button', { name: 'Рассчитать и сохранить' }).click(),
  ]);
  await expect(page.locator('#btp-result').textContent()).resolves.toBe('Результат расчёта');
  await expect(page.locator('.btp-scheme svg').getAttribute('aria-label')).resolves.toMatch(
    /^BTP-\d{6}: Школа № 12\. Ввод и учёт/,
  );
  await expect(page.locator('#btp-c-vent').textContent()).resolves.toContain('Вентиляция');
  await page.locator('#btp-c-heating ~ details summary').first().click();
  await clean(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Спецификация .xlsx' }).first().click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^BTP-\d{6}-specification\.xlsx$/);

  await page.getByRole('link', { name: 'Спецификация оборудования' }).first().click();
  await page.waitForURL(/\/specification$/);
  await expect(page.locator('.btp-spec thead th').first().textContent()).resolves.toBe('Поз.');
  await clean(page);
  await page.goBack();
  await page.getByRole('link', { name: 'Коммерческое предложение' }).click();
  await page.waitForURL(/\/offer$/);
  await clean(page);
  await page.goBack();
  await page.getByRole('link', { name: 'Как подобрано' }).first().click();
  await page.waitForURL(/\/explanation#hx-heating-0$/);
  await clean(page);
  await page.goBack();
  await page.getByRole('link', { name: 'Лист схемы' }).click();
  await page.waitForURL(/\/scheme$/);
  await clean(page);
  await page.goBack();

  // A refused recalculation: the typed value with its error, no result (nor its links) left behind.
  await page.getByLabel('Нагрузка отопления').fill('abc');
  await page.getByRole('button', { name: 'Рассчитать и сохранить' }).click();
  await expect(
    page.getByRole('link', { name: 'Нагрузка отопления: введите число' }).count(),
  ).resolves.toBe(1);
  await expect(page.getByLabel('Нагрузка отопления').inputValue()).resolves.toBe('abc');
  await expect(page.locator('#btp-result').count()).resolves.toBe(0);
  await expect(page.getByRole('button', { name: 'Оформить заказ' }).count()).resolves.toBe(0);
  await clean(page);
  // Opened again (a GET): still the typed value with its error, and the old result is not offered.
  await page.goto(page.url().replace(/#.*$/, ''));
  await expect(
    page.getByRole('link', { name: 'Нагрузка отопления: введите число' }).count(),
  ).resolves.toBe(1);
  await expect(page.getByLabel('Нагрузка отопления').inputValue()).resolves.toBe('abc');
  await expect(page.locator('#btp-result').count()).resolves.toBe(0);
  await expect(page.getByRole('button', { name: 'Оформить заказ' }).count()).resolves.toBe(0);
  await page.getByLabel('Нагрузка отопления').fill('1,2');
  await Promise.all([
    page.waitForURL(/\/project#btp-result$/),
    page.getByRole('button', { name: 'Рассчитать и сохранить' }).click(),
  ]);
  await expect(page.locator('#btp-result').textContent()).resolves.toBe('Результат расчёта');

  await Promise.all([
    page.waitForURL(/\/e-commerce\/orders\/\d+\/order(#.*)?$/),
    page.getByRole('button', { name: 'Оформить заказ' }).click(),
  ]);
  await expect(page.locator('main').textContent()).resolves.toContain('Школа № 12');
  await page.goto(`${server.url}${BTP}`);
  await expect(page.locator('tbody tr').first().textContent()).resolves.toContain('Заказан');
  await clean(page);
  expect(blocked).toEqual([]);
}, 180_000);

it('a customer gets the 404 page', async ({ server, signedIn }) => {
  const page = await signedIn('olga.demidova@demo.example', { viewport: PHONE });
  const r = await page.goto(`${server.url}${BTP}`);
  expect(r?.status()).toBe(404);
});
