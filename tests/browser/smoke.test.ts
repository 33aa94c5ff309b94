import { expect, test } from '../helpers/fixtures.ts';

test('opens the error page for an unknown path in Chromium', async ({ server, anonymous }) => {
  const page = await anonymous();
  const response = await page.goto(`${server.url}/definitely/not/here`);
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1').textContent()).resolves.toBe('404');
  expect(await page.getByText('Nothing left to do here.').isVisible()).toBe(true);
});
