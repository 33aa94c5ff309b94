// Heat exchanger pages in Chromium at 360 px (Russian, the default): the to1 form is submitted with
// a Gcal/h load, the ranked packs and their explanation appear; crossing temperatures are shown on
// their field; to2 and to3 answer too. Every state is axe clean without sideways scrolling.
import type { Page } from 'playwright-core';
import { expectClean as clean, hydrated, PHONE } from '../helpers/browser.ts';
import { expect, test as it } from '../helpers/fixtures.ts';

const OLGA = 'olga.demidova@demo.example';

// The form posts natively: wait for the answer page's own load event (waitForLoadState would answer
// at once for the page still shown, and the results could be counted before they arrive).
const submit = (page: Page) =>
  Promise.all([
    page.waitForEvent('load'),
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Рассчитать' }).click(),
  ]);

it('selects a plate exchanger for a Gcal/h load and explains it', async ({ server, signedIn }) => {
  const page = await signedIn(OLGA, { viewport: PHONE });
  await page.goto(`${server.url}/e-commerce/design/new-calculation/to/to1`);
  await clean(page);
  await page.getByLabel('Тепловая нагрузка', { exact: true }).fill('0,43');
  await page.getByLabel('Единица нагрузки').selectOption('Gcal/h');
  await submit(page);
  await expect(page.locator('#hx-results-h').textContent()).resolves.toBe('Результат расчёта');
  const first = page.locator('.hx-item').first();
  await expect(first.locator('header strong').textContent()).resolves.toMatch(/^1\. DEMO/);
  await first.locator('summary', { hasText: 'Как получены числа' }).click();
  await expect(
    first.locator('caption', { hasText: 'Свойства воды (IAPWS-IF97)' }).isVisible(),
  ).resolves.toBe(true);
  await clean(page);
});

it('shows crossing temperatures on their field', async ({ server, signedIn }) => {
  const page = await signedIn(OLGA, { viewport: PHONE });
  await page.goto(`${server.url}/e-commerce/design/new-calculation/to/to1`);
  await page.getByLabel('Нагреваемая среда, вход, °C').fill('40');
  await page.getByLabel('Нагреваемая среда, выход, °C').fill('75');
  await submit(page);
  await expect(page.locator('#f-hot_t_out').getAttribute('aria-invalid')).resolves.toBe('true');
  await expect(page.locator('#f-hot_t_out-error').textContent()).resolves.toBe(
    'Греющая среда, выход, °C: температуры пересекаются — тепло не может переходить от холодной среды к горячей',
  );
  await clean(page);
});

it('answers the two-stage and the condensation calculations', async ({ server, signedIn }) => {
  const page = await signedIn(OLGA, { viewport: PHONE });
  for (const [kind, text] of [
    ['to2', 'Ступень 2'],
    ['to3', 'Конденсация'],
  ] as const) {
    await page.goto(`${server.url}/e-commerce/design/new-calculation/to/${kind}`);
    await submit(page);
    await expect(page.locator('.hx-answer').textContent()).resolves.toContain(text);
    await clean(page);
  }
});

it('compares two plate exchangers side by side and refuses a fifth tick, saying why', async ({
  server,
  signedIn,
}) => {
  const page = await signedIn(OLGA, { viewport: PHONE });
  await page.goto(`${server.url}/e-commerce/design/new-calculation/to/to1`);
  await submit(page);
  expect(await page.locator('.hx-item').count()).toBeGreaterThanOrEqual(5);
  const box = page.locator('.calc-compare-box');
  await box.scrollIntoViewIfNeeded();
  await hydrated(page);
  await expect(box.locator('.calc-compare-hint').textContent()).resolves.toBe(
    'Отметьте два варианта или больше, чтобы сравнить их рядом',
  );
  const ticks = box.getByRole('checkbox');
  await ticks.nth(0).check();
  await ticks.nth(1).check();
  await page.waitForSelector('.calc-compare');
  const heads = await box.locator('.calc-compare thead th').allTextContents();
  expect(heads).toHaveLength(2);
  expect(heads[0]).toMatch(/^1\. DEMO/);
  expect(heads[1]).toMatch(/^2\. DEMO/);
  // Rows are the pack card's figures, in Russian units.
  await expect(box.locator('.calc-compare tbody th').first().textContent()).resolves.toBe(
    'Пластин',
  );
  await expect(box.locator('.calc-compare tbody').textContent()).resolves.toContain('кПа');
  await clean(page);
  // Four is the most: the fifth tick is refused and said; the first four stay ticked.
  await ticks.nth(2).check();
  await ticks.nth(3).check();
  await ticks.nth(4).click();
  await expect(box.getByRole('status').textContent()).resolves.toBe(
    'Можно сравнить не больше 4 вариантов: снимите одну из отметок, чтобы добавить другой',
  );
  expect(await Promise.all([0, 1, 2, 3, 4].map((i) => ticks.nth(i).isChecked()))).toEqual([
    true,
    true,
    true,
    true,
    false,
  ]);
  expect(await box.locator('.calc-compare thead th').count()).toBe(4);
  await clean(page);
  // Untick one: the refusal goes, the fifth can be ticked.
  await ticks.nth(0).uncheck();
  await expect(box.getByRole('status').textContent()).resolves.toBe('');
  await ticks.nth(4).check();
  expect(await box.locator('.calc-compare thead th').count()).toBe(4);
});

it('rates a given pack on the page form', async ({ server, signedIn }) => {
  const page = await signedIn(OLGA, { viewport: PHONE });
  await page.goto(`${server.url}/e-commerce/design/new-calculation/to/to1`);
  await page.getByLabel('Режим расчёта').selectOption('rate');
  await page.getByLabel('Число пластин', { exact: true }).fill('41');
  await page.getByLabel('Расход греющей среды', { exact: true }).fill('10.8');
  await page.getByLabel('Расход нагреваемой среды', { exact: true }).fill('7.8');
  await page.getByLabel('Загрязнение, греющая сторона, м²·К/Вт').fill('0.0001');
  await submit(page);
  await expect(page.locator('.hx-rating-h').textContent()).resolves.toBe(
    'Проверка заданного пакета',
  );
  expect(await page.locator('.hx-item').count()).toBe(1);
  await expect(page.locator('.hx-figures').first().textContent()).resolves.toContain(
    'Запас по мощности',
  );
  await clean(page);
});

it('compares two steam condensers side by side', async ({ server, signedIn }) => {
  const page = await signedIn(OLGA, { viewport: PHONE });
  await page.goto(`${server.url}/e-commerce/design/new-calculation/to/to3`);
  await submit(page);
  const box = page.locator('.calc-compare-box');
  await box.scrollIntoViewIfNeeded();
  await hydrated(page);
  await box.getByRole('checkbox').nth(0).check();
  await box.getByRole('checkbox').nth(1).check();
  await page.waitForSelector('.calc-compare');
  expect(await box.locator('.calc-compare thead th').count()).toBe(2);
  await expect(box.locator('.calc-compare tbody').textContent()).resolves.toContain('м²');
  await clean(page);
});
