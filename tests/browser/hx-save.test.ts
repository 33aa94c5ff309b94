// A heat exchanger carried through in Chromium at 360 px (Russian): to1 form -> ranked packs ->
// save the second pack -> the saved calculation -> its commercial offer and the pack's datasheet ->
// order; the order and its notification exist. to2 saves one pack per stage from its radio buttons.
// Every page is axe clean without sideways scrolling.
import { expectClean as clean, navigate, PHONE } from '../helpers/browser.ts';
import { expect, test as it } from '../helpers/fixtures.ts';

const OLGA = 'olga.demidova@demo.example';

it('to1: result, save, offer, datasheet, order', async ({ server, signedIn }) => {
  const page = await signedIn(OLGA, { viewport: PHONE });
  await page.goto(`${server.url}/e-commerce/design/new-calculation/to/to1`);
  await navigate(page, () => page.getByRole('button', { name: 'Рассчитать' }).click());
  const second = page.locator('.hx-item').nth(1);
  const model = (await second.locator('header strong').textContent())!.replace(/^2\.\s*/, '');
  await navigate(page, () => second.getByRole('button', { name: 'Сохранить расчёт' }).click());
  expect(page.url()).toMatch(/\/e-commerce\/design\/calculations\/\d+\/calculation$/);
  const request = (await page.locator('.calc-saved header h2').textContent())!.match(/R-\d{6}/)![0];
  await expect(page.locator('.calc-saved').textContent()).resolves.toContain(model);
  await clean(page);

  await navigate(page, () =>
    page.getByRole('button', { name: 'Коммерческое предложение' }).click(),
  );
  await expect(page.locator('h1').textContent()).resolves.toContain(
    `Коммерческое предложение № ${request}`,
  );
  await expect(page.locator('.doc-offer tbody').textContent()).resolves.toContain(model);
  await expect(page.locator('.doc-offer tfoot').textContent()).resolves.toMatch(
    /В том числе НДС 22 %/,
  );
  await clean(page);
  // Printing: the toolbar and the language offer are gone, the sheet is A4.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.doc-toolbar').isVisible()).resolves.toBe(false);
  await page.emulateMedia({ media: 'screen' });

  await navigate(page, () => page.locator('.doc-offer tbody a').first().click());
  await expect(page.locator('h1').textContent()).resolves.toBe(model);
  await expect(page.locator('.ds-chart svg').count()).resolves.toBe(1);
  await clean(page);
  // One A4 page: at 96 px per inch, 297 mm minus the 14 mm margins is about 1016 px of content height,
  // 210 mm minus 12 mm margins about 703 px of width.
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 703, height: 1123 }); // A4 minus the 12 mm side margins
  const parts = await page.evaluate(() =>
    [...document.querySelector('.doc-datasheet')!.children].map(
      (e) => `${e.tagName}.${e.className}: ${Math.round(e.getBoundingClientRect().height)}`,
    ),
  );
  const height = await page.evaluate(
    () => document.querySelector('.doc-datasheet')!.getBoundingClientRect().height,
  );
  expect(height, parts.join('; ')).toBeLessThan(1016);
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 360, height: 740 });

  await navigate(page, () => page.getByRole('button', { name: /^К расчёту/ }).click());
  await navigate(page, () => page.getByRole('button', { name: 'Заказать' }).click());
  expect(page.url()).toMatch(/\/e-commerce\/orders\/\d+\/order$/);
  await expect(page.locator('main').textContent()).resolves.toContain(model);
  const notes = await page.evaluate(
    async () =>
      (await (
        await fetch('/api/v1/notifications?pageSize=5', { headers: { Accept: 'application/json' } })
      ).json()) as { data: { entities: Array<{ module: string; title: string }> } },
  );
  expect(notes.data.entities.some((n) => n.module === 'request' && n.title.includes(request))).toBe(
    true,
  );
});

it('to2: one pack per stage from the radio buttons', async ({ server, signedIn }) => {
  const page = await signedIn(OLGA, { viewport: PHONE });
  await page.goto(`${server.url}/e-commerce/design/new-calculation/to/to2`);
  await navigate(page, () => page.getByRole('button', { name: 'Рассчитать' }).click());
  const radios = page.locator('input[name="chosen_2"]');
  await radios.last().check();
  await clean(page);
  await navigate(page, () =>
    page.getByRole('button', { name: 'Сохранить расчёт с выбранными теплообменниками' }).click(),
  );
  expect(page.url()).toMatch(/\/calculation$/);
  await expect(page.locator('.calc-saved').textContent()).resolves.toContain('Ступень 2');
  await clean(page);
});
