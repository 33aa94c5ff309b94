// Dispatching in the browser as the demo scada user: the list (search, filter, live status), an
// object's mimic and variables with values changing live, a fault reset with its confirmation, an
// Input refused when empty and out of range then accepted after the old -> new confirmation, the
// audit row, a trend, a report and its .xlsx; axe on each tab, 360 px without sideways scroll, and
// the island JS budget.
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { axeViolations, hydrated, signedInContext } from '../helpers/browser.ts';
import { expect, test } from '../helpers/fixtures.ts';

const PUMP = 'Насосная станция, Воткинское шоссе';

// The tests are one journey on one page of the scada user, each going on from where the last stopped.
const it = test.extend(
  'page',
  { scope: 'worker' },
  async ({ launching, server, browser }, { onCleanup }) => {
    void launching;
    const context = await signedInContext(browser, server, 'dmitry.volkov@demo.example');
    context.setDefaultTimeout(10_000);
    onCleanup(() => context.close());
    return context.newPage();
  },
);

const valueOf = (page: Page, title: string) =>
  page
    .locator('tr', { has: page.locator('td', { hasText: title }) })
    .locator('[data-value]')
    .first();

describe('dispatching journey', () => {
  it('lists the objects with search, filter, live status and the spec columns', async ({
    server,
    page,
  }) => {
    await page.goto(`${server.url}/tools/scada`);
    const head = (await page.locator('thead th').allInnerTexts()).join('|');
    for (const c of ['#', 'Название', 'Организация', 'Адрес', 'Статус', 'Действия'])
      expect(head).toContain(c);
    await expect.poll(() => page.locator('[data-scada-status]').count()).toBe(3);
    await expect.poll(() => page.locator('.scada-badge.ok').count(), { timeout: 10_000 }).toBe(3);
    expect(await page.locator('.pager-range').innerText()).toBe('Показывать строки с 1 по 3 из 3');
    expect(await axeViolations(page)).toEqual([]);
    await page.fill('#list-search', 'Воткинское');
    await page.waitForURL(/searchText=/);
    expect(await page.locator('tbody tr').count()).toBe(1);
    await page.goto(`${server.url}/tools/scada?status=0`);
    expect(await page.getByText('Записи не найдены').count()).toBe(1);
  });

  it('opens an object: the mimic and the variables change live', async ({ server, page }) => {
    await page.goto(`${server.url}/tools/scada`);
    await page
      .locator('tr', { hasText: PUMP })
      .getByRole('button', { name: /Открыть/ })
      .click();
    await page.waitForURL(/\/tools\/scada\/\d+$/);
    expect(await page.locator('h1').first().innerText()).toBe(`Объект диспетчеризации: ${PUMP}`);
    // The project tab frames the embeddable page scada/project/{id} in 16:9, live inside the frame.
    await page.frameLocator('.scada-frame-project iframe').locator('.scada-mimic svg').waitFor();
    const box = (await page.locator('.scada-frame-project').boundingBox())!;
    expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.05);
    const inner = (await page
      .frameLocator('.scada-frame-project iframe')
      .locator('.scada-mimic')
      .boundingBox())!;
    expect(inner.width).toBeLessThanOrEqual(box.width + 1);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Переменные' }).click();
    await hydrated(page);
    const first = await valueOf(page, 'Давление на входе').innerText();
    expect(first).toMatch(/^\d+,\d{3}$/);
    await expect
      .poll(() => valueOf(page, 'Давление на входе').innerText(), { timeout: 10_000 })
      .not.toBe(first);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('resets the fault after the confirmation and shows the audit row', async ({ page }) => {
    // A boolean shows its state in words (issue 24), not 1,000.
    await expect.poll(() => valueOf(page, 'Авария').innerText()).toBe('Вкл.');
    const asked: string[] = [];
    page.once('dialog', (d) => (asked.push(d.message()), void d.accept()));
    await page.getByRole('button', { name: 'Сбросить аварию' }).click();
    await page.getByRole('alert').filter({ hasText: 'Команда выполнена' }).waitFor();
    expect(asked).toEqual(['Вы уверены что хотите сбросить все аварии?']);
    await expect.poll(() => valueOf(page, 'Авария').innerText()).toBe('Выкл.');
    expect(await page.locator('.scada-audit tbody tr').first().innerText()).toContain(
      'подтверждено',
    );
  });

  it('refuses an empty and an out-of-range input, then changes the setpoint after old -> new confirmation', async ({
    page,
  }) => {
    const change = page.getByRole('button', { name: 'Изменить значение' });
    page.once('dialog', (d) => void d.accept(''));
    await change.click();
    await page.getByRole('alert').filter({ hasText: 'Укажите необходимое значение' }).waitFor();
    page.once('dialog', (d) => void d.accept('42'));
    await change.click();
    await page.getByRole('alert').filter({ hasText: 'Значение вне диапазона' }).waitFor();
    const asked: string[] = [];
    page.on(
      'dialog',
      (d) => (asked.push(d.message()), void (d.type() === 'prompt' ? d.accept('6,5') : d.accept())),
    );
    await change.click();
    await page.getByRole('alert').filter({ hasText: 'Команда выполнена' }).waitFor();
    page.removeAllListeners('dialog');
    // Values at the variable's precision: the decimals of its step (0.1).
    expect(asked[0]).toContain('1,0 … 10,0 бар');
    expect(asked[1]).toBe('Изменить «Уставка давления»: 5,5 → 6,5 бар?');
    await expect.poll(() => valueOf(page, 'Уставка давления').innerText()).toBe('6,5');
    const row = await page.locator('.scada-audit tbody tr').first().innerText();
    expect(row).toContain('Уставка давления');
    expect(row).toContain('6.5');
  });

  it('draws a trend (SVG, no chart library) on that tab, and shows a report with its spreadsheet', async ({
    server,
    page,
  }) => {
    const scripts: string[] = [];
    page.on('response', (r) => r.url().endsWith('.js') && scripts.push(r.url()));
    await page.getByRole('link', { name: 'Тренды' }).click();
    // The trends tab frames the chart page scada/chart/{id}, 900 px high.
    const chart = page.frameLocator('.scada-frame-chart iframe');
    await expect
      .poll(() => chart.locator('.scada-trend-state').innerText(), { timeout: 10_000 })
      .toBe('');
    expect(await chart.locator('.scada-trend svg [data-segment]').count()).toBeGreaterThan(0);
    expect(Math.round((await page.locator('.scada-frame-chart').boundingBox())!.height)).toBe(900);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Отчеты' }).click();
    await page.getByRole('heading', { name: 'Все отчеты' }).waitFor();
    await page.locator('.scada-reports a', { hasText: 'Суточный отчет' }).first().click();
    await page.getByRole('heading', { name: /Суточный отчет/ }).waitFor();
    expect(await page.locator('.scada-reports tbody tr').count()).toBe(7);
    expect(await page.locator('.scada-reports').innerText()).toContain('Уставка давления');
    const href = await page.getByRole('button', { name: 'Скачать .xlsx' }).getAttribute('href');
    const res = await page.request.get(`${server.url}${href}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('spreadsheetml');
    expect((await res.body()).subarray(0, 2).toString()).toBe('PK');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('keeps the variables tab within the island budget and 360 px wide', async ({
    server,
    page,
  }) => {
    const small = await page.context().newPage();
    await small.setViewportSize({ width: 360, height: 740 });
    const js: Buffer[] = [];
    small.on('response', async (r) => {
      if (r.url().endsWith('.js') && r.url().startsWith(server.url))
        js.push(await r.body().catch(() => Buffer.alloc(0)));
    });
    await small.goto(page.url().replace(/\?.*$/, '?tab=variables'));
    await hydrated(small);
    await small.waitForLoadState('networkidle');
    const gz = js.reduce((n, b) => n + gzipSync(b).length, 0);
    expect(gz).toBeLessThan(90 * 1024);
    expect(
      await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await small.close();
  });

  it('another customer gets the 404 page for the object', async ({ signedIn, page }) => {
    const p = await signedIn('olga.demidova@demo.example');
    const res = await p.goto(page.url().replace(/\?.*$/, ''));
    expect(res!.status()).toBe(404);
  });
});
