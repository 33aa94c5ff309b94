// A claim's journey in the browser: the owner files a claim with a photo from the product page (the
// fault report button leads to the form), the back office moves it through its states and the open
// page shows each state live; the claim links its conversation; axe clean with the form's errors
// shown and with the claim listed; another customer gets the 404 page.
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { backoffice, ERP_KEY } from '../helpers/backoffice.ts';
import { axeViolations } from '../helpers/browser.ts';
import { expect, test } from '../helpers/fixtures.ts';
import { png } from '../helpers/sample-files.ts';
import { sessionFor } from '../helpers/session.ts';

const OLGA = 'olga.demidova@demo.example';
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

const it = test
  .extend(
    'serverEnv',
    { scope: 'worker' },
    { INTEGRATION_KEYS: `erp:${sha(ERP_KEY)}:orders+production` },
  )
  .extend('call', { scope: 'worker' }, async ({ server }) => backoffice(server))
  .extend('productId', { scope: 'worker' }, async ({ server, call }): Promise<number> => {
    const { userId } = await sessionFor(server, OLGA);
    const order = (await call('/api/integration/orders?limit=100')).data.data.find(
      (o: any) => o.customer_id === userId,
    );
    const r = await call('/api/integration/productions', {
      json: { order_id: order.id, products: [{ serial: 'CLM-0001', title: 'Насос CLM' }] },
    });
    return r.data.ids[0];
  });

/** Resolves once the page's WebSocket was greeted (live events reach it from then on). */
const liveReady = (page: Page) =>
  new Promise<void>((resolve) =>
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => String(f.payload).includes('"ready"') && resolve()),
    ),
  );

describe('claim journey', () => {
  it('the owner files a claim with a photo and sees each state the back office sets, live', async ({
    server,
    signedIn,
    call,
    productId,
    db,
  }) => {
    const page = await signedIn(OLGA);
    page.context().setDefaultTimeout(10_000);
    await page.goto(`${server.url}/productions/${productId}`);
    expect(await page.getByText('Рекламаций нет').count()).toBe(1);
    await page.getByRole('button', { name: 'Сообщить о неисправности' }).click();
    // Sent empty, the browser's own check is bypassed to see the server's answer.
    await page.locator('#claim-form').evaluate((f) => f.setAttribute('novalidate', ''));
    await page.getByRole('button', { name: 'Отправить рекламацию' }).click();
    await page.locator('#f-description[aria-invalid="true"]').waitFor();
    expect(await page.locator('#f-description-error').textContent()).toBe(
      'Опишите неисправность (до 5000 символов)',
    );
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Описание неисправности').fill('Течь по торцевому уплотнению');
    await page.getByLabel('Фотографии (до 5)').setInputFiles({
      name: 'seal.png',
      mimeType: 'image/png',
      buffer: Buffer.from(png()),
    });
    await page.getByRole('button', { name: 'Отправить рекламацию' }).click();
    await page.waitForURL(/claim=sent#claim-\d+$/);
    const claim = await db
      .selectFrom('product_claims')
      .selectAll()
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    const item = page.locator(`#claim-${claim.id}`);
    expect(await item.getAttribute('data-claim-state')).toBe('submitted');
    expect(await item.locator('.claim-state').textContent()).toBe('подана');
    expect(await axeViolations(page)).toEqual([]);

    // The page is open; the back office moves the claim and the page follows.
    const ready = liveReady(page);
    await page.reload();
    await ready;
    for (const [state, word] of [
      ['accepted', 'принята'],
      ['repair', 'в ремонте'],
      ['resolved', 'решена'],
    ] as const) {
      const r = await call(`/api/integration/productions/${productId}/claims/${claim.id}`, {
        json: { state, comment: `Комментарий: ${word}` },
      });
      expect(r.status).toBe(200);
      await page.locator(`#claim-${claim.id}[data-claim-state="${state}"]`).waitFor();
      expect(await page.locator(`#claim-${claim.id} .claim-state`).textContent()).toBe(word);
      expect(await page.locator(`#claim-${claim.id} .claim-steps li`).count()).toBeGreaterThan(1);
    }
    // The conversation holds the description and the photo.
    await page.locator(`#claim-${claim.id}`).getByRole('link', { name: 'Переписка' }).click();
    await page.waitForURL(new RegExp(`/support/reports\\?id=${claim.request_id}`));
    await page.getByText('Течь по торцевому уплотнению').first().waitFor();
    await page.getByText('seal.png').first().waitFor();
  });

  it('another customer gets the 404 page for the product and cannot file a claim on it', async ({
    server,
    signedIn,
    productId,
  }) => {
    const page = await signedIn('dmitry.volkov@demo.example');
    expect((await page.goto(`${server.url}/productions/${productId}`))?.status()).toBe(404);
  });
});
