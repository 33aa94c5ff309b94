// The flow meter page in Chromium at 360 px (Russian, the default), without any JavaScript of its
// own: region → city → organisation through the pickers ("Show" reloads the one form as a GET, so the
// values typed before stay), the worked example submitted, the ranked units with requirements and
// explanation, a field error shown on its field, Enter in a field selecting, then save → saved
// calculation → order. Every state is axe clean without sideways scrolling.
import type { Page } from 'playwright-core';
import { expectClean, PHONE } from '../helpers/browser.ts';
import { expect, test as it } from '../helpers/fixtures.ts';

const OLGA = 'olga.demidova@demo.example';

async function clean(page: Page) {
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter(
        (e) =>
          e.getBoundingClientRect().right > document.documentElement.clientWidth + 1 &&
          !e.parentElement?.closest('.fm-scroll, .calc-explain, .overflow-auto'),
      )
      .slice(0, 5)
      .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
  );
  expect([page.url(), wide]).toEqual([page.url(), []]);
  await expectClean(page);
}

it('picks the organisation, selects a metering unit, saves it and orders it', async ({
  server,
  signedIn,
}) => {
  const page = await signedIn(OLGA, { viewport: PHONE });
  await page.goto(`${server.url}/e-commerce/design/new-calculation/flow-meter`);
  await clean(page);
  // Region, then city, then organisation: each choice reloads the pickers (GET form, no JavaScript).
  await page.getByLabel('Регион').selectOption('18');
  await Promise.all([
    page.waitForURL(/region=18/),
    page.getByRole('button', { name: 'Показать' }).click(),
  ]);
  await page.getByLabel('Город').selectOption('izhevsk');
  await Promise.all([
    page.waitForURL(/city=izhevsk/),
    page.getByRole('button', { name: 'Показать' }).click(),
  ]);
  await page.locator('#f-organisation').selectOption('izh-energo');
  await Promise.all([
    page.waitForURL(/organisation=izh-energo/),
    page.getByRole('button', { name: 'Показать' }).click(),
  ]);
  await expect(page.getByRole('status').first().textContent()).resolves.toContain(
    'Ижевская энергетическая компания (демо)',
  );
  await clean(page);

  // The worked example (1 Gcal/h, 95/70 °C, DN100) as it stands.
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Подобрать' }).click(),
  ]);
  await page.waitForLoadState('load');
  await expect(page.locator('#fm-results-h').textContent()).resolves.toBe('Результаты подбора');
  const first = page.locator('.fm-item').first();
  await expect(first.locator('header strong').textContent()).resolves.toBe(
    '1. Узел учёта DEMO-EM (электромагнитный), DN65 / DN65',
  );
  await expect(first.locator('.fm-req li.met').count()).resolves.toBeGreaterThan(3);
  await expect(first.locator('.fm-req li.unmet').count()).resolves.toBe(0);
  await first.locator('summary').first().click();
  await expect(first.locator('.calc-explain table').first().isVisible()).resolves.toBe(true);
  await clean(page);

  // Save the first unit: the saved calculation opens with its items, then order it.
  await Promise.all([
    page.waitForURL(/\/e-commerce\/design\/calculations\/\d+\/calculation/),
    first.getByRole('button', { name: 'Сохранить расчёт' }).click(),
  ]);
  await expect(page.locator('main').textContent()).resolves.toContain('Узел учёта DEMO-EM');
  await clean(page);
  const request = (await page.locator('.calc-saved header h2').textContent())!.match(/R-\d{6}/)![0];
  await Promise.all([
    page.waitForURL(/\/e-commerce\/orders\/\d+\/order$/),
    page.getByRole('button', { name: 'Заказать' }).click(),
  ]);
  const order = await page.content();
  expect(order).toContain(request);
  expect(order).toContain('DEMO-HC-4G'); // the GSM calculator the organisation's remote reading needs
});

it('shows crossing temperatures on their field', async ({ server, signedIn }) => {
  const page = await signedIn(OLGA, { viewport: PHONE });
  await page.goto(`${server.url}/e-commerce/design/new-calculation/flow-meter`);
  await page.getByLabel('Температура в обратном, °C').fill('120');
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Подобрать' }).click(),
  ]);
  await page.waitForLoadState('load');
  await expect(page.locator('#f-t_return').getAttribute('aria-invalid')).resolves.toBe('true');
  await expect(page.locator('#f-t_return-error').textContent()).resolves.toBe(
    'Температура в обратном, °C: должна быть ниже температуры подачи (95 °C)',
  );
  await clean(page);
});

it('keeps the values typed before a region and city are chosen; Enter in a field selects', async ({
  server,
  signedIn,
}) => {
  const page = await signedIn(OLGA, { viewport: PHONE });
  await page.goto(`${server.url}/e-commerce/design/new-calculation/flow-meter`);
  await page.getByLabel('Нагрузка отопления и вентиляции').fill('0,8');
  await page.getByLabel('Температура в подающем, °C').fill('110');
  await page.getByLabel('Единица давления').selectOption('kgf/cm2');
  await page.getByLabel('Регион').selectOption('18');
  await Promise.all([
    page.waitForURL(/region=18/),
    page.getByRole('button', { name: 'Показать' }).click(),
  ]);
  await page.getByLabel('Город').selectOption('sarapul');
  await Promise.all([
    page.waitForURL(/city=sarapul/),
    page.getByRole('button', { name: 'Показать' }).click(),
  ]);
  await expect(page.getByLabel('Нагрузка отопления и вентиляции').inputValue()).resolves.toBe(
    '0,8',
  );
  await expect(page.getByLabel('Температура в подающем, °C').inputValue()).resolves.toBe('110');
  await expect(page.getByLabel('Единица давления').inputValue()).resolves.toBe('kgf/cm2');
  await expect(page.getByLabel('Город').inputValue()).resolves.toBe('sarapul');
  await clean(page);
  // Enter in a text field runs the selection (POST), not the pickers' GET.
  await page.getByLabel('Давление в сети').fill('30');
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByLabel('Давление в сети').press('Enter'),
  ]);
  await page.waitForLoadState('load');
  await expect(page.locator('#f-p-error').textContent()).resolves.toBe(
    'Давление в сети: допустимо от 0 до 25,49 кгс/см² (изб.)',
  );
  await expect(page.getByLabel('Нагрузка отопления и вентиляции').inputValue()).resolves.toBe(
    '0,8',
  );
  await clean(page);
});
