// Journeys in Chromium: ordering from a promotion and finding the order, archiving and restoring it,
// the orders list without JavaScript, the home dashboard's counters, accessibility of these pages,
// and how much JavaScript /home and a page with islands ship.
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { apiClient } from '../helpers/api-client.ts';
import { hydrated } from '../helpers/browser.ts';
import { expect, test, type ContextOptions } from '../helpers/fixtures.ts';
import { sessionFor } from '../helpers/session.ts';

const OLGA = 'olga.demidova@demo.example';
// A page signed in as Olga, opened at `path`.
const it = test.extend(
  'open',
  async ({ server, signedIn }) =>
    async (path: string, options?: ContextOptions): Promise<Page> => {
      const page = await signedIn(OLGA, options);
      await page.goto(`${server.url}${path}`);
      return page;
    },
);

/** Clicks a submit button and waits for the page that answers the POST. */
async function submit(page: Page, name: string) {
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name }).click(),
  ]);
  await page.waitForLoadState();
}

describe('ordering from a promotion', () => {
  it('orders ticked products at the discount price, then finds, archives and restores the order', async ({
    server,
    open,
  }) => {
    const page = await open('/promotions');
    const card = page.locator('article', {
      has: page.getByRole('heading', { name: 'Осенняя распродажа циркуляционных насосов' }),
    });
    await card.getByRole('link', { name: 'Подробнее' }).click();
    await page.waitForURL(/\/promotions\/\d+$/);
    await hydrated(page);
    const create = page.getByRole('button', { name: 'Создать заказ' });
    await expect(create.isDisabled()).resolves.toBe(true);
    const product = 'Насос циркуляционный Grundfos MAGNA3 25-80';
    await page.getByRole('checkbox', { name: `Выбрать «${product}»` }).check();
    await expect(create.isEnabled()).resolves.toBe(true);
    await page.getByRole('spinbutton', { name: `Количество: ${product}` }).fill('2');
    // The pickers are islands (client:idle): choose once they have hydrated.
    await page.waitForFunction(
      () =>
        document.querySelectorAll('astro-island').length === 2 &&
        !document.querySelector('astro-island[ssr]'),
    );
    const organisation = page.locator('select[id^="oid"]');
    await organisation.selectOption({ index: 1 });
    const organisationName = (await organisation.locator('option:checked').textContent())!.replace(
      /\s*\(.*\)$/,
      '',
    );
    await create.click();

    const dialog = page.getByRole('dialog', { name: 'Заказ создан' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Перейти к заказу' }).click();
    await page.waitForURL(/\/e-commerce\/orders\/\d+\/order$/);
    const number = (await page.locator('h1').textContent())!.replace('Заказ № ', '').trim();
    const row = page.getByRole('row', { name: new RegExp(product) });
    await expect(row.textContent()).resolves.toContain('211 600,00 ₽');
    await expect(page.locator('tfoot').textContent()).resolves.toContain('211 600,00 ₽');
    await expect(page.locator('.order-head').textContent()).resolves.toContain(organisationName);

    await page.goto(`${server.url}/e-commerce/orders`);
    await expect(page.locator('tbody tr').first().textContent()).resolves.toContain(`№ ${number}`);
    await page.getByRole('button', { name: `Перенести заказ № ${number} в архив` }).click();
    await page.getByText('Перенесено в архив: 1').waitFor();
    await expect(page.getByRole('link', { name: `№ ${number}` }).count()).resolves.toBe(0);

    await page.goto(`${server.url}/e-commerce/orders-archive`);
    await page.getByRole('button', { name: `Восстановить заказ № ${number} из архива` }).click();
    await page.getByText('Восстановлено из архива: 1').waitFor();
    await page.goto(`${server.url}/e-commerce/orders`);
    await expect(page.getByRole('link', { name: `№ ${number}` }).count()).resolves.toBe(1);
    await page.close();
  });

  it('works without JavaScript too, and says what is missing', async ({ open }) => {
    const page = await open('/promotions', { javaScriptEnabled: false });
    await page
      .locator('article', {
        has: page.getByRole('heading', { name: 'Пластинчатые теплообменники со склада' }),
      })
      .getByRole('link')
      .click();
    await submit(page, 'Создать заказ');
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      "Can't create promo order!: Отметьте хотя бы один товар",
    );
    // More than remains: the browser refuses it before sending (the server does too, see the API tests).
    await page
      .getByRole('spinbutton', { name: /^Количество/ })
      .first()
      .fill('999');
    await expect(
      page
        .getByRole('spinbutton', { name: /^Количество/ })
        .first()
        .evaluate((e: HTMLInputElement) => e.validity.rangeOverflow),
    ).resolves.toBe(true);
    await page
      .getByRole('checkbox', { name: /^Выбрать/ })
      .first()
      .check();
    await page
      .getByRole('spinbutton', { name: /^Количество/ })
      .first()
      .fill('1');
    await submit(page, 'Создать заказ');
    await page.getByRole('button', { name: 'Перейти к заказу' }).waitFor();
  });
});

describe('the orders list without JavaScript', () => {
  it('filters, sorts and pages with plain links and forms', async ({ open }) => {
    const page = await open('/e-commerce/orders', { javaScriptEnabled: false });
    const total = Number((await page.locator('.pager-range').textContent())!.match(/из (\d+)/)![1]);
    // The filters fold behind one button (details/summary: no script needed).
    await expect(page.getByLabel('Статус').isVisible()).resolves.toBe(false);
    await page.locator('.filter-more > summary').click();
    await page.getByLabel('Статус').selectOption('shipped');
    await Promise.all([
      page.waitForURL(/status=shipped/),
      page.getByRole('button', { name: 'Применить' }).click(),
    ]);
    await expect(page.locator('tbody tr').count()).resolves.toBe(1);
    await expect(page.locator('tbody').textContent()).resolves.toContain('Отгружен');
    await expect(page.locator('.filter-count').textContent()).resolves.toMatch(/^1/);
    await page.locator('.filter-more > summary').click();
    await Promise.all([
      page.waitForURL((u) => !u.searchParams.has('status')),
      page.getByRole('link', { name: 'Сбросить' }).click(),
    ]);

    // Each link is a full navigation: wait for the new page before reading it.
    await Promise.all([
      page.waitForURL(/sortField=total/),
      page.getByRole('link', { name: /^Итого/ }).click(),
    ]);
    await expect(
      page.getByRole('columnheader', { name: /Итого/ }).getAttribute('aria-sort'),
    ).resolves.toBe('descending');
    await Promise.all([
      page.waitForURL(/sortOrder=asc/),
      page.getByRole('link', { name: /^Итого/ }).click(),
    ]);
    await expect(
      page.getByRole('columnheader', { name: /Итого/ }).getAttribute('aria-sort'),
    ).resolves.toBe('ascending');

    await page.getByLabel('Строк на странице').selectOption('3');
    await Promise.all([
      page.waitForURL(/pageSize=3/),
      page.getByRole('button', { name: 'Показать' }).click(),
    ]);
    await expect(page.locator('.pager-range').textContent()).resolves.toBe(
      `Показаны строки с 1 по 3 из ${total}`,
    );
    await Promise.all([
      page.waitForURL(/pageNumber=2/),
      page.getByRole('link', { name: 'Вперёд' }).click(),
    ]);
    await expect(page.locator('.pager-range').textContent()).resolves.toBe(
      `Показаны строки с 4 по ${Math.min(6, total)} из ${total}`,
    );
    expect(page.url()).toContain('sortOrder=asc');
  });
});

describe('home dashboard', () => {
  it('shows counters that match the data, the newest notifications, promotions and news', async ({
    server,
    open,
  }) => {
    const { token } = await sessionFor(server, OLGA);
    const api = apiClient(server);
    const data = (await api('/api/v1/home', { token })).data.data;
    const orders = (await api('/api/app/sales.get', { token, tokenInQuery: true })).data.data
      .totalCount;
    expect(data.sales_count).toBe(orders);
    const page = await open('/home');
    await expect(page.locator('[data-counter="sales_count"]').textContent()).resolves.toBe(
      String(orders),
    );
    await expect(page.locator('[data-counter="request_count"]').textContent()).resolves.toBe('0');
    await expect(
      page.getByRole('heading', { name: 'Последние изменения' }).isVisible(),
    ).resolves.toBe(true);
    await expect(
      page.getByText(`Версия ${data.version.numb} от ${data.version.date}`).isVisible(),
    ).resolves.toBe(true);
    await expect(page.locator('.home-notes li').count()).resolves.toBe(5);
    const news = page.locator('.home-news a');
    await expect(news.count()).resolves.toBe(3);
    await expect(news.first().getAttribute('target')).resolves.toBe('_blank');
    await expect(news.first().getAttribute('rel')).resolves.toMatch(/noopener/);
    await expect(
      page.getByRole('link', { name: 'Рассчитать насосное оборудование' }).getAttribute('href'),
    ).resolves.toBe('/e-commerce/design/new-calculation/pump');
    await expect(
      page.getByRole('link', { name: 'Рассчитать теплообменник' }).getAttribute('href'),
    ).resolves.toBe('/e-commerce/design/new-calculation/to');
    await page.close();
  });
});

describe('accessibility and weight', () => {
  // Axe on the home, promotions and orders pages (and an order, a promotion): the route walk of
  // tests/browser/mobile.test.ts, at both widths.
  it('ships no React on /home; measures the JavaScript of /home and of an island page', async ({
    server,
    signedIn,
  }) => {
    const measure = async (path: string) => {
      const page = await signedIn(OLGA);
      const scripts: Array<{ url: string; bytes: number; gzip: number }> = [];
      const reading: Promise<void>[] = [];
      page.on('response', (r) => {
        if (r.request().resourceType() !== 'script') return;
        reading.push(
          r
            .body()
            .catch(() => Buffer.alloc(0))
            .then(
              (body) =>
                void scripts.push({
                  url: r.url(),
                  bytes: body.length,
                  gzip: gzipSync(body, { level: 9 }).length,
                }),
            ),
        );
      });
      await page.goto(`${server.url}${path}`);
      await page.waitForLoadState('networkidle');
      await Promise.all(reading);
      const html = await page.content();
      const inline = await page.$$eval('script:not([src])', (els) =>
        els.map((e) => new TextEncoder().encode(e.textContent ?? '').length),
      );
      const islands = await page.locator('astro-island').count();
      await page.close();
      const external = scripts.reduce((s, x) => s + x.gzip, 0);
      console.log(
        `JS ${path}: ${scripts.length} external file(s), ${external} B gzip (${scripts.reduce((s, x) => s + x.bytes, 0)} B raw); ` +
          `inline ${inline.reduce((a, b) => a + b, 0)} B in ${inline.length} script(s) [${inline.join(', ')}]; islands: ${islands}`,
      );
      return {
        external,
        files: scripts.length,
        islands,
        react: /react/i.test(scripts.map((s) => s.url).join(' ')) || html.includes('astro-island'),
      };
    };
    const home = await measure('/home');
    expect(home).toMatchObject({ files: 0, external: 0, islands: 0, react: false });
    const promotion = await measure('/promotions/1');
    expect(promotion.islands).toBe(2);
    expect(promotion.external).toBeLessThanOrEqual(90 * 1024);
  });
});
