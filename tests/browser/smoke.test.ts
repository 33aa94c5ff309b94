import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launch } from '../helpers/browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('opens the error page for an unknown path in Chromium', async () => {
  const page = await browser.newPage();
  const response = await page.goto(`${server.url}/definitely/not/here`);
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1').textContent()).resolves.toBe('404');
  expect(await page.getByText('Nothing left to do here.').isVisible()).toBe(true);
  await page.close();
});
