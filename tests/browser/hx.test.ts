// Heat exchanger pages in Chromium at 360 px (Russian, the default): the to1 form is submitted with
// a Gcal/h load, the ranked packs and their explanation appear; crossing temperatures are shown on
// their field; to2 and to3 answer too. Every state is axe clean without sideways scrolling.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectClean as clean, useSignedInBrowser } from '../helpers/browser.ts';

const at = useSignedInBrowser('olga.demidova@demo.example');

const submit = (page: Page) => Promise.all([page.waitForLoadState('load'), page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Рассчитать' }).click()]);

it('selects a plate exchanger for a Gcal/h load and explains it', async () => {
  const page = await at.ctx.newPage();
  await page.goto(`${at.server.url}/e-commerce/design/new-calculation/to/to1`);
  await clean(page);
  await page.getByLabel('Тепловая нагрузка', { exact: true }).fill('0,43');
  await page.getByLabel('Единица нагрузки').selectOption('Gcal/h');
  await submit(page);
  await expect(page.locator('#hx-results-h').textContent()).resolves.toBe('Результат расчёта');
  const first = page.locator('.hx-item').first();
  await expect(first.locator('header strong').textContent()).resolves.toMatch(/^1\. DEMO/);
  await first.locator('summary', { hasText: 'Как получены числа' }).click();
  await expect(first.locator('caption', { hasText: 'Свойства воды (IAPWS-IF97)' }).isVisible()).resolves.toBe(true);
  await clean(page);
  await page.close();
});

it('shows crossing temperatures on their field', async () => {
  const page = await at.ctx.newPage();
  await page.goto(`${at.server.url}/e-commerce/design/new-calculation/to/to1`);
  await page.getByLabel('Нагреваемая среда, вход, °C').fill('40');
  await page.getByLabel('Нагреваемая среда, выход, °C').fill('75');
  await submit(page);
  await expect(page.locator('#f-hot_t_out').getAttribute('aria-invalid')).resolves.toBe('true');
  await expect(page.locator('#f-hot_t_out-error').textContent()).resolves.toBe('Греющая среда, выход, °C: температуры пересекаются — тепло не может переходить от холодной среды к горячей');
  await clean(page);
  await page.close();
});

it('answers the two-stage and the condensation calculations', async () => {
  const page = await at.ctx.newPage();
  for (const [kind, text] of [['to2', 'Ступень 2'], ['to3', 'Конденсация']] as const) {
    await page.goto(`${at.server.url}/e-commerce/design/new-calculation/to/${kind}`);
    await submit(page);
    await expect(page.locator('.hx-answer').textContent()).resolves.toContain(text);
    await clean(page);
  }
  await page.close();
});
