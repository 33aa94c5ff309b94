// Product registry in the browser as a demo customer: a product created by the back office announces
// itself in the notification bell and appears in the list; its page gets a new history step live;
// the documentation and shipping-document dialogs open with their files; the order and calculation
// links; the fault report files a claim whose conversation is a support request; axe on both pages (and
// the dialogs), 360 px without sideways scroll; the list page ships no React.
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { backoffice, ERP_KEY } from '../helpers/backoffice.ts';
import { axeViolations } from '../helpers/browser.ts';
import { expect, test, type ContextOptions } from '../helpers/fixtures.ts';
import { pdf } from '../helpers/sample-files.ts';
import { sessionFor } from '../helpers/session.ts';

const OLGA = 'olga.demidova@demo.example';
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

// The tests are one journey: the product the first one makes is the one the others open.
let productId: number;

const it = test
  .extend(
    'serverEnv',
    { scope: 'worker' },
    { INTEGRATION_KEYS: `erp:${sha(ERP_KEY)}:orders+production` },
  )
  .extend('call', { scope: 'worker' }, async ({ server }) => backoffice(server))
  // An order of Olga's with items, for the products the back office makes.
  .extend('orderId', { scope: 'worker' }, async ({ server, call }): Promise<number> => {
    const { userId } = await sessionFor(server, OLGA);
    return (await call('/api/integration/orders?limit=100')).data.data.find(
      (o: any) => o.customer_id === userId && o.items.length > 0,
    ).id;
  })
  // Olga's page, failing a step after 10 s.
  .extend('olga', async ({ signedIn }) => async (options?: ContextOptions): Promise<Page> => {
    const page = await signedIn(OLGA, options);
    page.context().setDefaultTimeout(10_000);
    return page;
  });

/** Resolves once the page's WebSocket was greeted (live events reach it from then on). */
const liveReady = (page: Page) =>
  new Promise<void>((resolve) =>
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => String(f.payload).includes('"ready"') && resolve()),
    ),
  );
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('registry journey', () => {
  it('a product made by the back office rings the bell and appears in the list (no React on the list)', async ({
    server,
    olga,
    call,
    orderId,
  }) => {
    const page = await olga();
    const scripts: string[] = [];
    page.on('response', (r) => r.request().resourceType() === 'script' && scripts.push(r.url()));
    const ready = liveReady(page);
    await page.goto(`${server.url}/productions`);
    await ready;
    const badge = page.locator('#nf .nf-count');
    const before = Number((await badge.count()) ? await badge.textContent() : 0);
    const r = await call('/api/integration/productions', {
      json: {
        order_id: orderId,
        request_id: 5,
        products: [{ serial: 'BR-777', title: 'Browser pump unit' }],
      },
    });
    expect(r.status).toBe(201);
    productId = r.data.ids[0];
    await page.waitForFunction(
      (n) => document.querySelector('#nf .nf-count')?.textContent === String(n),
      before + 1,
    );
    await page.reload();
    const row = page.locator('tr', { hasText: 'BR-777' });
    await row.waitFor();
    expect(await row.innerText()).toContain('В производстве');
    const head = (await page.locator('thead th').allInnerTexts()).join('|');
    for (const c of ['Серийный номер', 'Название', 'Организация', 'Объект', 'Статус', 'Действия'])
      expect(head).toContain(c);
    expect(await page.locator('astro-island').count()).toBe(0);
    expect(scripts.filter((u) => /react/i.test(u))).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    // Search, then the folded filters.
    await page.fill('#list-search', 'BR-777');
    await page.waitForURL(/searchText=BR-777/);
    expect(await page.locator('tbody tr').count()).toBe(1);
    await page.getByText('Фильтры').click();
    await page.getByLabel('Статус').selectOption('1');
    await page.getByRole('button', { name: 'Применить' }).click();
    await page.waitForURL(/status=1/);
    expect(await page.locator('tr', { hasText: 'BR-777' }).count()).toBe(0);
  });

  it('the product page grows its history live; dialogs, files and links work; axe clean', async ({
    server,
    olga,
    call,
    orderId,
  }) => {
    const page = await olga();
    const ready = liveReady(page);
    await page.goto(`${server.url}/productions`);
    await page
      .locator('tr', { hasText: 'BR-777' })
      .getByRole('button', { name: /Открыть/ })
      .click();
    await page.waitForURL(new RegExp(`/productions/${productId}$`));
    await ready;
    expect(
      await page.getByText('К сожалению истории движения по данному товару не найдена').count(),
    ).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await call(`/api/integration/productions/${productId}/history`, {
      json: { title: 'Welding done', description: 'Frame and manifold', status: 1 },
    });
    await page.locator('.timeline li.milestone', { hasText: 'Welding done' }).waitFor();
    expect(await page.locator('.timeline time').first().getAttribute('title')).toMatch(
      /^\d\d\.\d\d\.\d{4} \d\d:\d\d$/,
    );
    await call(`/api/integration/productions/${productId}/status`, { json: { status: 1 } });
    await page.locator('[data-product-status]', { hasText: 'Готово' }).waitFor();

    await call(`/api/integration/productions/${productId}/documents`, {
      data: { kind: 'passport', name: 'Passport BR-777' },
      files: { file: [pdf(), 'passport.pdf'] },
    });
    await call(`/api/integration/productions/${productId}/shipments`, {
      data: { numb: 'TN-9', date: '2026-03-02' },
      files: { f: [pdf(), 'waybill.pdf'] },
    });
    await page.getByRole('button', { name: 'Документация' }).click();
    const docs = page.locator('dialog#product-documents');
    await docs.waitFor();
    const href = await docs.getByRole('link', { name: 'Passport BR-777' }).getAttribute('href');
    expect(await page.evaluate(async (u) => (await fetch(u!)).status, href)).toBe(200);
    expect(await axeViolations(page)).toEqual([]);
    await docs.getByRole('button', { name: 'Закрыть' }).click();
    await page.waitForURL(new RegExp(`/productions/${productId}$`));
    // While the shipping documents load, the dialog says 'Загрузка...' (the navigation is stopped
    // here, after the page's own click handler, to look at that state).
    const loading = await page.evaluate(() => {
      document.addEventListener('click', (e) => e.preventDefault(), { once: true });
      (document.querySelector('[data-shipments]') as HTMLElement).click();
      const d = document.getElementById('product-shipments-loading') as HTMLDialogElement;
      const seen = d.open ? d.textContent : null;
      d.close();
      return seen;
    });
    expect(loading).toContain('Загрузка...');
    await page.getByRole('button', { name: 'Отгрузочные документы' }).click();
    const ship = page.locator('dialog#product-shipments');
    await ship.waitFor();
    expect(await ship.innerText()).toContain('№ TN-9 от 02.03.2026');
    const wb = await ship.getByRole('link', { name: 'waybill.pdf' }).getAttribute('href');
    expect(await page.evaluate(async (u) => (await fetch(u!)).status, wb)).toBe(200);
    await page.keyboard.press('Escape');
    await page.waitForURL(new RegExp(`/productions/${productId}$`));

    expect(await page.getByRole('button', { name: 'Перейти в расчет' }).getAttribute('href')).toBe(
      '/e-commerce/design/calculations/5/calculation',
    );
    await page.getByRole('button', { name: 'Перейти в заказ' }).click();
    await page.waitForURL(new RegExp(`/e-commerce/orders/${orderId}/order$`));
  });

  it('360 px: both pages without sideways scroll, tappable actions, axe clean', async ({
    server,
    olga,
  }) => {
    const page = await olga({ viewport: { width: 360, height: 740 } });
    for (const path of [
      '/productions',
      `/productions/${productId}`,
      `/productions/${productId}/label`,
    ]) {
      await page.goto(`${server.url}${path}`);
      expect(await noSidewaysScroll(page), path).toBe(true);
      expect(await axeViolations(page), path).toEqual([]);
    }
    await page.goto(`${server.url}/productions/${productId}`);
    for (const box of await page
      .locator('.product-actions a')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))
      expect(box).toBeGreaterThanOrEqual(44);
  });

  it('the fault report is a claim: the button leads to the claim form, the claim links its conversation', async ({
    server,
    db,
    olga,
  }) => {
    const page = await olga();
    await page.goto(`${server.url}/productions/${productId}`);
    await page.getByRole('button', { name: 'Сообщить о неисправности' }).click();
    await page.waitForURL(/#claim-form$/);
    await page.getByLabel('Описание неисправности').fill('Насос BR-777 не запускается');
    await page.getByRole('button', { name: 'Отправить рекламацию' }).click();
    await page.waitForURL(/claim=sent#claim-\d+$/);
    expect(await page.getByRole('status').filter({ hasText: 'Рекламация подана' }).count()).toBe(1);
    const row = await db
      .selectFrom('support_requests')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.type).toBe('claim');
    expect(row.page_url).toBe(`/productions/${productId}`);
    await page.getByRole('link', { name: 'Переписка' }).click();
    await page.waitForURL(new RegExp(`/support/reports\\?id=${row.id}`));
  });
});
