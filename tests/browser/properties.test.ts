// /tools/water in Chromium: a user fills in the state-point form with a gauge pressure and gets the
// results table, then the saturation form; an out-of-range value is shown on its field. The page is
// axe clean and fits a 360 px screen without sideways scrolling, with and without results.
import { axeViolations, expectClean, PHONE } from '../helpers/browser.ts';
import { expect, test as it } from '../helpers/fixtures.ts';

const OLGA = 'olga.demidova@demo.example';

it('computes a state point and the saturation line at 360 px, axe clean', async ({
  server,
  signedIn,
}) => {
  const page = await signedIn(OLGA, { viewport: PHONE });
  await page.goto(`${server.url}/tools/water`);
  await expect(page.locator('h1').textContent()).resolves.toBe('Свойства воды и водяного пара');
  await expectClean(page);

  const state = page.locator('section', { has: page.locator('#water-heading') });
  await state.getByLabel('Температура, °C').fill('70');
  await state.getByLabel('Давление', { exact: true }).fill('5');
  await state.getByLabel('Единица давления').selectOption('bar_g');
  await Promise.all([
    page.waitForURL(/t_c=70/),
    state.getByRole('button', { name: 'Рассчитать' }).click(),
  ]);
  const rho = page
    .locator('tr', { has: page.locator('th', { hasText: 'Плотность ρ' }) })
    .locator('td .num');
  await expect(rho.textContent()).resolves.toBe('977,999');
  await expect(rho.locator('xpath=..').textContent()).resolves.toBe('977,999 кг/м³');
  await expectClean(page);

  const sat = page.locator('section', { has: page.locator('#sat-heading') });
  await sat.getByLabel('Давление', { exact: true }).fill('0,3');
  await Promise.all([
    page.waitForURL(/s_p=0%2C3/),
    sat.getByRole('button', { name: 'Рассчитать' }).click(),
  ]);
  const ts = page
    .locator('tr', { has: page.locator('th', { hasText: 'Температура насыщения' }) })
    .locator('td .num');
  await expect(ts.textContent()).resolves.toBe('133,525');
  await expectClean(page);
});

it('shows an out-of-range temperature on its field, axe clean', async ({ server, signedIn }) => {
  const page = await signedIn(OLGA, { viewport: PHONE });
  await page.goto(`${server.url}/tools/water`);
  const state = page.locator('section', { has: page.locator('#water-heading') });
  await state.getByLabel('Температура, °C').fill('900');
  await state.getByLabel('Давление', { exact: true }).fill('1');
  await Promise.all([
    page.waitForURL(/t_c=900/),
    state.getByRole('button', { name: 'Рассчитать' }).click(),
  ]);
  const field = page.locator('#f-t_c');
  await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
  await expect(page.locator('#f-t_c-error').textContent()).resolves.toBe(
    'Температура, °C: допустимо от 0 до 800 °C',
  );
  expect(await axeViolations(page)).toEqual([]);
});
