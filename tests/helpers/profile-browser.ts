// Shared set-up for the profile, organisations and objects journeys: a server talking to a fake
// suggestion provider, map tiles pointed at a closed local port (no internet in tests: the map must
// work without tiles), and signed-in pages 1280x900.
import type { Page } from 'playwright-core';
import { FAKE_TOKEN, startFakeSuggest } from './fake-suggest.ts';
import { test as base, type ContextOptions } from './fixtures.ts';

/** The fixtures of tests/helpers/fixtures.ts plus `fake` (the suggestion provider) and `userPage`. */
export const test = base
  .extend('fake', { scope: 'worker' }, async ({}, { onCleanup }) => {
    const fake = await startFakeSuggest();
    onCleanup(() => fake.close());
    return fake;
  })
  .extend('serverEnv', { scope: 'worker' }, async ({ fake }) => ({
    SUGGEST_URL: fake.url,
    SUGGEST_TOKEN: FAKE_TOKEN,
    MAP_TILE_URL: 'https://127.0.0.1:9/{z}/{x}/{y}.png',
  }))
  // A page signed in as `email`, 1280x900 unless `options` say otherwise.
  .extend(
    'userPage',
    async ({ signedIn }) =>
      (email: string, options: ContextOptions = {}): Promise<Page> =>
        signedIn(email, { viewport: { width: 1280, height: 900 }, ...options }),
  );

/** Waits until a Leaflet map inside `scope` is ready (its library and CSS loaded). */
export async function mapReady(page: Page, scope = 'body'): Promise<void> {
  await page.locator(`${scope} .map-box.leaflet-container`).waitFor();
  await page.locator(`${scope} .map-state`).waitFor({ state: 'detached' });
}
