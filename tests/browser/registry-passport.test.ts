// The public passport on a phone (decision 0046): a stranger opens it from the label's QR code at
// 360 px, submits the fault form empty and gets the server's messages; both states are axe clean and
// neither scrolls sideways.
import { expect, test as it } from '../helpers/fixtures.ts';
import { axeViolations, PHONE } from '../helpers/browser.ts';

const TOKEN = 'PhoneTestToken_0123456-x';

it('opens at 360 px without a session, axe clean, no sideways scroll, with the form errors too', async ({
  server,
  db,
  anonymous,
}) => {
  const product = await db
    .selectFrom('products')
    .select(['id', 'serial'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('product_passports')
    .values({ product_id: product.id, token: TOKEN, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('product_id').doUpdateSet({ token: TOKEN }))
    .execute();
  const page = await anonymous({ viewport: PHONE });
  const sideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect((await page.goto(`${server.url}/passport/${TOKEN}`))!.status()).toBe(200);
  await expect.poll(() => page.locator('[data-serial]').textContent()).toBe(product.serial);
  expect(await sideways()).toBeLessThanOrEqual(1);
  expect(await axeViolations(page)).toEqual([]);
  await page.locator('.passport-form button[type="submit"]').click();
  await page.locator('#f-name-error').waitFor();
  expect(await page.locator('.passport-form .error-text').count()).toBe(3);
  expect(await sideways()).toBeLessThanOrEqual(1);
  expect(await axeViolations(page)).toEqual([]);
});
