// Journeys in Chromium: a back-office status change reaches an open page's notifications dropdown
// over the WebSocket without a reload; opening an item marks it read; the dropdown's tabs; the
// notifications page's filter, sorting and paging (also without JavaScript); accessibility.
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { apiClient } from '../helpers/api-client.ts';
import { backoffice, integrationEnv } from '../helpers/backoffice.ts';
import { axeViolations } from '../helpers/browser.ts';
import { expect, test, type ContextOptions } from '../helpers/fixtures.ts';
import { sessionFor } from '../helpers/session.ts';

const OLGA = 'olga.demidova@demo.example';
const it = test
  .extend('serverEnv', { scope: 'worker' }, integrationEnv)
  // A page signed in as Olga, opened at `path`.
  .extend(
    'open',
    async ({ server, signedIn }) =>
      async (path: string, options?: ContextOptions): Promise<Page> => {
        const page = await signedIn(OLGA, options);
        await page.goto(`${server.url}${path}`);
        return page;
      },
  );
const badge = (page: Page) => page.locator('#nf .nf-count');
const bell = (page: Page) => page.locator('#nf > summary');

describe('the notifications dropdown', () => {
  it('shows a status change made in the back office live, and opening the item marks it read', async ({
    server,
    signedIn,
  }) => {
    const page = await signedIn(OLGA);
    // The page is live once its WebSocket has been greeted.
    const ready = new Promise<void>((resolve) =>
      page.on('websocket', (ws) =>
        ws.on('framereceived', (f) => String(f.payload).includes('"ready"') && resolve()),
      ),
    );
    await page.goto(`${server.url}/e-commerce/orders`);
    await ready;
    const before = Number(await badge(page).textContent());
    expect(before).toBe(5);
    // The bell's accessible name is its hidden title plus the visible count.
    await expect(bell(page).textContent()).resolves.toMatch(
      new RegExp(`^\\s*Уведомления\\s*${before}\\s*$`),
    );

    const { token } = await sessionFor(server, OLGA);
    const [target] = (
      await apiClient(server)(
        '/api/app/sales.get?pageSize=1&filter=%7B%22status%22%3A%22new%22%7D',
        { token },
      )
    ).data.data.entities;
    const r = await backoffice(server)(`/api/integration/orders/${target.id}/status`, {
      json: { status: 'accepted', comment: 'Accepted by the sales desk' },
    });
    expect(r.status).toBe(200);

    await page.waitForFunction(
      (n) => document.querySelector('#nf .nf-count')?.textContent === String(n),
      before + 1,
    );
    await expect(bell(page).textContent()).resolves.toMatch(
      new RegExp(`Уведомления\\s*${before + 1}\\s*$`),
    );
    await bell(page).click();
    const title = `Заказ № ${target.number}: Принят`;
    const first = page.locator('#nf [data-tab="all"] li').first();
    await expect(first.textContent()).resolves.toContain(title);
    await page.locator('#nf label', { hasText: 'Заказы' }).click();
    await expect(page.locator('#nf [data-tab="sales"] li').first().isVisible()).resolves.toBe(true);
    await expect(
      page.locator('#nf [data-tab="sales"] li').first().textContent(),
    ).resolves.toContain(title);
    await expect(page.locator('#nf [data-tab="all"]').isVisible()).resolves.toBe(false);

    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.locator('#nf [data-tab="sales"] li').first().getByRole('button').click(),
    ]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe(`/e-commerce/orders/${target.id}/order`);
    await page.waitForFunction(
      (n) => document.querySelector('#nf .nf-count')?.textContent === String(n),
      before,
    );
    await expect(page.locator('#nf li', { hasText: title }).count()).resolves.toBe(0);
    expect(await page.evaluate(() => location.pathname)).toBe('/e-commerce/orders');
    await popup.close();
  });

  it('has tabs for all, orders, calculations and appeals with an empty text, and a link with the count', async ({
    open,
  }) => {
    const page = await open('/home');
    await bell(page).click();
    const labels = await page.locator('#nf .nf-tabs label').allTextContents();
    expect(labels).toEqual(['Все', 'Заказы', 'Расчёты', 'Обращения']);
    await page.locator('#nf label', { hasText: 'Расчёты' }).click();
    await expect(page.locator('#nf [data-tab="request"] li').count()).resolves.toBe(1);
    await page.locator('#nf label', { hasText: 'Обращения' }).click();
    await expect(page.locator('#nf [data-tab="support"] .nf-empty').isVisible()).resolves.toBe(
      true,
    );
    await expect(page.locator('#nf [data-tab="support"] .nf-empty').textContent()).resolves.toBe(
      'Уведомления отсутствуют',
    );
    const all = page.locator('#nf .nf-all');
    await expect(all.getAttribute('href')).resolves.toBe('/notifications');
    await expect(all.textContent()).resolves.toMatch(/Все уведомления, новых: \d+/);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('the notifications page', () => {
  it('filters by module, sorts and pages', async ({ open }) => {
    const page = await open('/notifications');
    const range = page.locator('.pager-range');
    const total = Number((await range.textContent())!.match(/из (\d+)/)![1]);
    expect(total).toBeGreaterThanOrEqual(7);
    // Each link is a full navigation: wait for the new page before reading it.
    await Promise.all([
      page.waitForURL(/module=chat/),
      page.getByRole('link', { name: 'Чат', exact: true }).click(),
    ]);
    await expect(page.locator('tbody tr').count()).resolves.toBe(1);
    await expect(
      page.getByRole('link', { name: 'Чат', exact: true }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    await Promise.all([
      page.waitForURL((u) => !u.searchParams.has('module')),
      page.getByRole('link', { name: 'Все', exact: true }).click(),
    ]);

    await Promise.all([
      page.waitForURL(/sortField=title/),
      page.getByRole('link', { name: /^Заголовок/ }).click(),
    ]);
    await Promise.all([
      page.waitForURL(/sortOrder=asc/),
      page.getByRole('link', { name: /^Заголовок/ }).click(),
    ]);
    await expect(
      page.getByRole('columnheader', { name: /Заголовок/ }).getAttribute('aria-sort'),
    ).resolves.toBe('ascending');
    const titles = await page.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(titles.length).toBe(Math.min(10, total));

    await page.getByLabel('Строк на странице').selectOption('3');
    await page.waitForURL(/pageSize=3/);
    await expect(range.textContent()).resolves.toBe(`Показаны строки с 1 по 3 из ${total}`);
    await Promise.all([
      page.waitForURL(/pageNumber=2/),
      page.getByRole('link', { name: 'Страница 2' }).click(),
    ]);
    await expect(range.textContent()).resolves.toBe(`Показаны строки с 4 по 6 из ${total}`);
    expect(page.url()).toContain('sortField=title');

    for (const text of await page.locator('tbody tr td:nth-child(4)').allTextContents())
      expect(Array.from(text).length).toBeLessThanOrEqual(46);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('works without JavaScript: module filter and "open" in a new window', async ({ open }) => {
    const page = await open('/notifications?module=sales', { javaScriptEnabled: false });
    const rows = page.locator('tbody tr');
    await expect(rows.count()).resolves.toBeGreaterThanOrEqual(4);
    for (const cell of await page.locator('tbody tr td:nth-child(5)').allTextContents())
      expect(cell).toBe('Заказы');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      rows
        .first()
        .getByRole('button', { name: /^Открыть/ })
        .click(),
    ]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toMatch(/^\/e-commerce\/orders\/\d+\/order$/);
  });
});
