// Onboarding in the browser (issue 24, decision 0040): a customer without a grant has no dispatching
// entry in the menu; after the back office grants an object through the integration API, the next
// page shows the entry, which opens the list with the object; withdrawing the grant removes it again.
import { describe } from 'vitest';
import { putObject, scadaEnv } from '../integration/scada-helpers.ts';
import { expect, test } from '../helpers/fixtures.ts';

const OLGA = 'olga.demidova@demo.example';
const it = test.extend('serverEnv', { scope: 'worker' }, scadaEnv);

const object = (grants: unknown[]) => ({
  title: 'Станция подкачки на Ленина',
  driver: { type: 'simulator', poll_ms: 1000 },
  tags: [
    {
      key: 'p',
      title: 'Давление',
      type: 'float',
      unit: 'bar',
      actions: 'Read',
      address: { signal: 'pressure', base: 4 },
    },
  ],
  grants,
});

describe('dispatching onboarding', () => {
  it('the menu entry appears after a grant and goes with the last one', async ({
    server,
    signedIn,
  }) => {
    const page = await signedIn(OLGA);
    page.context().setDefaultTimeout(10_000);
    const entry = page.locator('a[href="/tools/scada"]');
    await page.goto(`${server.url}/tools`);
    expect(await entry.count()).toBe(0);

    expect((await putObject(server, 'onboard-browser', object([{ email: OLGA }]))).status).toBe(
      200,
    );
    await page.reload();
    await entry.first().click();
    await page.waitForURL(`${server.url}/tools/scada`);
    await page.getByText('Станция подкачки на Ленина').first().waitFor();

    expect((await putObject(server, 'onboard-browser', object([]))).status).toBe(200);
    await page.goto(`${server.url}/tools`);
    expect(await entry.count()).toBe(0);
  });
});
