// Pump selection in Chromium at 360 px (Russian, the default): the form posts, the ranked list
// appears, the curves island draws with chart.js loaded on demand, two pumps are compared side by
// side, the first is saved, the offer page opens, it is ordered, and the order and its notification
// appear. Every state axe clean without sideways scrolling; the page's JS is measured.
import type { Page } from 'playwright-core';
import { expectClean, hydrated, PHONE } from '../helpers/browser.ts';
import { expect, test as it } from '../helpers/fixtures.ts';

const OLGA = 'olga.demidova@demo.example';

// Same exception as tests/browser/hx.test.ts: the chrome's wrapped breadcrumb (not this area).
const clean = (page: Page) =>
  expectClean(page, (found) =>
    found
      .map((v) => ({
        ...v,
        nodes:
          v.id === 'target-size'
            ? v.nodes.filter((n) => n !== 'ol > li:nth-child(1) > a[href$="home"]')
            : v.nodes,
      }))
      .filter((v) => v.nodes.length > 0),
  );

it('selects, charts, compares, saves, offers and orders a pump', async ({ server, signedIn }) => {
  const page = await signedIn(OLGA, { viewport: PHONE });
  await page.goto(`${server.url}/e-commerce/design/new-calculation/pump`);
  await clean(page);
  await page.getByLabel('Расход', { exact: true }).fill('60');
  await page.getByLabel('Напор', { exact: true }).fill('13');
  await page.getByLabel('Статический напор', { exact: true }).fill('5');
  await page.getByLabel('Частотное регулирование').check();
  await Promise.all([
    page.waitForURL(/pump$/),
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Подобрать' }).click(),
  ]);
  await page.waitForLoadState('load');
  expect(await page.locator('.calc-item').count()).toBeGreaterThan(1);

  // The curves island: drawn once visible; chart.js comes in its own chunk.
  await page.locator('.calc-charts').scrollIntoViewIfNeeded();
  await hydrated(page);
  await page.waitForSelector('canvas[data-state="ready"]');
  await page.locator('.calc-charts input[type="checkbox"]').nth(1).check();
  await page.waitForSelector('.calc-compare');
  expect(await page.locator('.calc-compare thead th').count()).toBe(2);
  await page.getByLabel('Характеристика').selectOption('efficiency');
  await page.waitForSelector('canvas[data-state="ready"]');
  const scripts = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))
      .map((e) => ({ name: e.name, size: e.transferSize || e.encodedBodySize })),
  );
  const chartChunk = scripts.filter((s) => /^chart\./.test(s.name.split('/').pop() ?? ''));
  const rest = scripts.filter((s) => !chartChunk.includes(s)).reduce((n, s) => n + s.size, 0);
  console.log(
    `pump page JS: ${(rest / 1024).toFixed(1)} KB without chart.js, chart.js chunk(s) ${(chartChunk.reduce((n, s) => n + s.size, 0) / 1024).toFixed(1)} KB (${chartChunk.map((s) => s.name.split('/').pop()).join(', ')})`,
  );
  expect(rest).toBeLessThan(90 * 1024);
  await clean(page);

  // Save the first result: the saved calculation with its offer opens.
  await Promise.all([
    page.waitForURL(/\/e-commerce\/design\/calculations\/\d+\/calculation$/),
    page.getByRole('button', { name: 'Сохранить расчёт' }).first().click(),
  ]);
  await expect(page.locator('#offer-h').textContent()).resolves.toBe('Коммерческое предложение');
  const request = (await page.locator('.calc-saved header h2').textContent())!.match(/R-\d{6}/)![0];
  await clean(page);

  // Order it: the order opens and the notification is there.
  await Promise.all([
    page.waitForURL(/\/e-commerce\/orders\/\d+\/order$/),
    page.getByRole('button', { name: 'Заказать' }).click(),
  ]);
  expect(await page.content()).toContain(request);
  const notes = await page.evaluate(
    async () => (await (await fetch('/api/v1/notifications?pageSize=5')).json()).data.entities,
  );
  expect(
    notes.some(
      (n: { module: string; title: string }) => n.module === 'request' && n.title.includes(request),
    ),
  ).toBe(true);
});

it('recalculates live while typing; what was typed before hydration counts', async ({
  server,
  signedIn,
}) => {
  const page = await signedIn(OLGA, { viewport: PHONE });
  await page.goto(`${server.url}/e-commerce/design/new-calculation/pump`, {
    waitUntil: 'domcontentloaded',
  });
  // Typed straight away, possibly before the island hydrates: the island reads the form itself.
  await page.getByLabel('Расход', { exact: true }).fill('60');
  await page.getByLabel('Напор', { exact: true }).fill('13');
  await hydrated(page);
  await page.waitForSelector('.calc-live[data-state="ok"]');
  await expect(page.locator('.calc-live').textContent()).resolves.toMatch(
    /^Подходят: \d+\. Лучший: .+ η [\d,]+ %/,
  );
  await page.getByLabel('Напор', { exact: true }).fill('400');
  await page.waitForSelector('.calc-live[data-state="empty"]');
  await expect(page.locator('.calc-live').textContent()).resolves.toMatch(
    /^Подходящего оборудования нет: при 60 м³\/ч лучший насос даёт/,
  );
  await page.getByLabel('Расход', { exact: true }).fill('abc');
  await page.waitForSelector('.calc-live[data-state="invalid"]');
  await expect(page.locator('.calc-live li').first().textContent()).resolves.toBe(
    'Расход: введите число',
  );
  await clean(page);
});

it('draws the staging chart of the best booster set', async ({ server, signedIn }) => {
  const page = await signedIn(OLGA, { viewport: PHONE });
  await page.goto(`${server.url}/e-commerce/design/new-calculation/station`);
  await page.getByLabel('Расход', { exact: true }).fill('60');
  await page.getByLabel('Напор', { exact: true }).fill('40');
  await page.getByLabel('Статический напор', { exact: true }).fill('30');
  await page.getByLabel('Частотное регулирование').check();
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Подобрать' }).click(),
  ]);
  await page.waitForLoadState('load');
  await page
    .locator('canvas[aria-label="График мощности по числу работающих насосов"]')
    .scrollIntoViewIfNeeded();
  await hydrated(page);
  await page.waitForSelector(
    'canvas[aria-label="График мощности по числу работающих насосов"][data-state="ready"]',
  );
  await clean(page);
});

it('compares two booster sets side by side', async ({ server, signedIn }) => {
  const page = await signedIn(OLGA, { viewport: PHONE });
  await page.goto(`${server.url}/e-commerce/design/new-calculation/station`);
  await page.getByLabel('Расход', { exact: true }).fill('30');
  await page.getByLabel('Напор', { exact: true }).fill('50');
  await page.getByLabel('Статический напор', { exact: true }).fill('20');
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Подобрать' }).click(),
  ]);
  await page.waitForLoadState('load');
  const box = page.locator('.calc-compare-box');
  await box.scrollIntoViewIfNeeded();
  // This island only (the staging chart further down hydrates when scrolled to).
  await page.waitForSelector('astro-island:not([ssr]) .calc-compare-box');
  const ticks = box.getByRole('checkbox');
  expect(await ticks.count()).toBeGreaterThan(1);
  await ticks.nth(0).check();
  await ticks.nth(1).check();
  await page.waitForSelector('.calc-compare-box .calc-compare');
  const heads = await box.locator('.calc-compare thead th').allTextContents();
  expect(heads.map((h) => h.slice(0, 3))).toEqual(['1. ', '2. ']);
  await expect(box.locator('.calc-compare tbody').textContent()).resolves.toMatch(/м³\/ч.*кВт/);
  await clean(page);
});

it('after a post the live line stays quiet until the form changes; a fifth compare tick is refused and said', async ({
  server,
  signedIn,
}) => {
  const page = await signedIn(OLGA, { viewport: PHONE });
  // The page's timers on Playwright's clock (time still flows), so that the live line's delay can
  // be run to its end instead of waited for.
  await page.clock.install();
  await page.goto(`${server.url}/e-commerce/design/new-calculation/pump`);
  await page.getByLabel('Расход', { exact: true }).fill('60');
  await page.getByLabel('Напор', { exact: true }).fill('13');
  await page.getByLabel('Статический напор', { exact: true }).fill('5');
  await page.getByLabel('Частотное регулирование').check();
  await Promise.all([
    page.waitForURL(/pump$/),
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Подобрать' }).click(),
  ]);
  await page.waitForLoadState('load');
  await page.locator('.calc-charts').scrollIntoViewIfNeeded();
  await hydrated(page);
  await page.waitForSelector('canvas[data-state="ready"]');
  // The full list is the answer: no "Подходят: N…" above it (the live request would come 400 ms
  // after a change): run the page's timers 900 ms on, and the live line has not moved.
  await page.clock.runFor(900);
  await expect(page.locator('.calc-live').getAttribute('data-state')).resolves.toBe('idle');
  await expect(page.locator('.calc-live').textContent()).resolves.toBe('');
  // Compare: four ticks are taken, the fifth is refused with a message and the first stays ticked.
  const boxes = page.locator('.calc-charts input[type="checkbox"]');
  expect(await boxes.count()).toBeGreaterThanOrEqual(5);
  for (const n of [1, 2, 3]) await boxes.nth(n).check();
  await expect(page.locator('.calc-compare thead th').count()).resolves.toBe(4);
  await boxes.nth(4).click();
  await expect(page.locator('.calc-compare-full').textContent()).resolves.toBe(
    'Можно сравнить не больше 4 вариантов: снимите одну из отметок, чтобы добавить другой',
  );
  await expect(boxes.nth(4).isChecked()).resolves.toBe(false);
  await expect(boxes.nth(0).isChecked()).resolves.toBe(true);
  await expect(page.locator('.calc-compare thead th').count()).resolves.toBe(4);
  // Unticking one lets the fifth in, and the message goes.
  await boxes.nth(0).uncheck();
  await boxes.nth(4).check();
  await expect(page.locator('.calc-compare-full').textContent()).resolves.toBe('');
  await expect(page.locator('.calc-compare thead th').count()).resolves.toBe(4);
  // Changing the form brings the live line back.
  await page.getByLabel('Напор', { exact: true }).fill('14');
  await page.waitForSelector('.calc-live[data-state="ok"]');
  await expect(page.locator('.calc-live').textContent()).resolves.toMatch(
    /^Подходят.+ Лучший: .+ P₁ [\d,]+ кВт/,
  );
  await clean(page);
});
