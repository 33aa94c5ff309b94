// Shared set-up for the profile, organisations and objects journeys: a server talking to a fake
// suggestion provider, map tiles pointed at a closed local port (no internet in tests: the map must
// work without tiles), and signed-in pages.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signedInContext } from './browser.ts';
import { FAKE_TOKEN, startFakeSuggest, type FakeSuggest } from './fake-suggest.ts';
import { startServer, type TestServer } from './server.ts';

export async function startWithFakeProvider(): Promise<{ server: TestServer; fake: FakeSuggest }> {
  const fake = await startFakeSuggest();
  const server = await startServer({ SUGGEST_URL: fake.url, SUGGEST_TOKEN: FAKE_TOKEN, MAP_TILE_URL: 'https://127.0.0.1:9/{z}/{x}/{y}.png' });
  return { server, fake };
}

export async function userPage(browser: Browser, server: TestServer, email: string, options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await signedInContext(browser, server, email, { viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  return { context, page };
}

/** Waits until a Leaflet map inside `scope` is ready (its library and CSS loaded). */
export async function mapReady(page: Page, scope = 'body'): Promise<void> {
  await page.locator(`${scope} .map-box.leaflet-container`).waitFor();
  await page.locator(`${scope} .map-state`).waitFor({ state: 'detached' });
}

