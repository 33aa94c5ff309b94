// The printable offer and datasheets of pump, booster-set and heat exchanger calculations in Chromium: axe clean
// and without sideways scrolling at 360 px, the Print button and toolbar gone in print, and every
// datasheet within one A4 page (content box 703 x 1016 px at 96 px per inch, 12/14 mm margins).
import type { Page } from 'playwright-core';
import { expectClean as clean, PHONE } from '../helpers/browser.ts';
import { expect, test as it } from '../helpers/fixtures.ts';

const OLGA = 'olga.demidova@demo.example';

/** Saves a calculation through the API from the signed-in page; answers its id and chosen items. */
async function saveVia(page: Page, kind: 'pump' | 'station', inputs: Record<string, string>) {
  return page.evaluate(
    async ({ kind, inputs }) => {
      const post = async (url: string, body: unknown) =>
        (
          await fetch(url, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
            body: JSON.stringify(body),
          })
        ).json();
      const e = (await post(`/api/v1/calculations/${kind}/select`, inputs)).entities[0];
      // A pump: the pump; a booster set: its pumps and its cabinet.
      const chosen: number[] = kind === 'station' ? [e.cid, e.cabinet.id] : [e.cid];
      const saved = await post('/api/v1/calculations', { kind, inputs, chosen });
      return { id: saved.id as number, chosen };
    },
    { kind, inputs },
  );
}
async function fitsA4(page: Page): Promise<number> {
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 703, height: 1123 });
  const h = await page.evaluate(
    () => document.querySelector('.doc-datasheet')!.getBoundingClientRect().height,
  );
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize(PHONE);
  return h;
}

it('pump: offer and datasheet (two curves) clean at 360 px, the datasheet one A4 page', async ({
  server,
  signedIn,
}) => {
  const page = await signedIn(OLGA, { viewport: PHONE });
  await page.goto(`${server.url}/e-commerce/design/calculations`);
  const { id, chosen } = await saveVia(page, 'pump', {
    q: '60',
    h: '13',
    h_static: '5',
    speed_control: '1',
  });
  await page.goto(`${server.url}/e-commerce/design/calculations/${id}/offer`);
  await expect(page.locator('.doc-offer tbody tr').count()).resolves.toBe(1);
  await clean(page);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('#doc-print').isVisible()).resolves.toBe(false);
  await page.emulateMedia({ media: 'screen' });
  await page.goto(`${server.url}/e-commerce/design/calculations/${id}/datasheet/${chosen[0]}`);
  await expect(page.locator('.ds-chart svg').count()).resolves.toBe(2);
  await clean(page);
  expect(await fitsA4(page)).toBeLessThan(1016);
});

it('booster set: the pump set and its cabinet each on one A4 page', async ({
  server,
  signedIn,
}) => {
  const page = await signedIn(OLGA, { viewport: PHONE });
  await page.goto(`${server.url}/e-commerce/design/calculations`);
  const { id, chosen } = await saveVia(page, 'station', {
    q: '60',
    h: '40',
    h_static: '30',
    speed_control: '1',
    count: '2',
    standby: '1',
  });
  for (const cid of chosen) {
    await page.goto(`${server.url}/e-commerce/design/calculations/${id}/datasheet/${cid}`);
    await clean(page);
    expect(await fitsA4(page)).toBeLessThan(1016);
  }
});

it('plate heat exchanger: the datasheet with every step of the engine still one A4 page', async ({
  server,
  signedIn,
}) => {
  const page = await signedIn(OLGA, { viewport: PHONE });
  await page.goto(`${server.url}/e-commerce/design/calculations`);
  const { id, cid } = await page.evaluate(async () => {
    const post = async (url: string, body: unknown) =>
      (
        await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(body),
        })
      ).json();
    const inputs = { q: '500', hot_t_in: '70', hot_t_out: '30', cold_t_in: '5', cold_t_out: '60' };
    const p = (await post('/api/v1/calculations/to1/select', inputs)).entities[0];
    const saved = await post('/api/v1/calculations/to1/save', { inputs, chosen: [p.pick] });
    return { id: saved.id as number, cid: p.cid as number };
  });
  await page.goto(`${server.url}/e-commerce/design/calculations/${id}/datasheet/${cid}`);
  await expect(page.locator('.doc-explain tbody tr').count()).resolves.toBeGreaterThan(18);
  await clean(page);
  expect(await fitsA4(page)).toBeLessThan(1016);
});

/** The narrowest value cell of a datasheet (figure blocks and the explanation's values), px. */
const narrowestValue = (page: Page) =>
  page.evaluate(() =>
    Math.min(
      ...[...document.querySelectorAll('.doc-rows dd, .doc-explain td.num')].map(
        (e) => e.getBoundingClientRect().width,
      ),
    ),
  );

it('datasheets on screen read as on paper: value column at least 120 px at 1280 px, no sideways scroll at 360 px', async ({
  server,
  signedIn,
}) => {
  const page = await signedIn(OLGA, { viewport: PHONE });
  await page.goto(`${server.url}/e-commerce/design/calculations`);
  const pump = await saveVia(page, 'pump', { q: '60', h: '13', h_static: '5', speed_control: '1' });
  const set = await saveVia(page, 'station', {
    q: '60',
    h: '40',
    h_static: '30',
    speed_control: '1',
    count: '2',
    standby: '1',
  });
  const widths: Record<string, number> = {};
  for (const [name, id, cid] of [
    ['pump', pump.id, pump.chosen[0]],
    ['set', set.id, set.chosen[0]],
    ['cabinet', set.id, set.chosen[1]],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/e-commerce/design/calculations/${id}/datasheet/${cid}`);
    widths[name] = await narrowestValue(page);
    await page.setViewportSize(PHONE);
    await page.reload();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `${name}: sideways scroll at 360 px`).toBeLessThanOrEqual(0);
  }
  console.log('narrowest value column at 1280 px:', JSON.stringify(widths));
  for (const [name, w] of Object.entries(widths))
    expect(w, `${name}: value column`).toBeGreaterThanOrEqual(120);
});
