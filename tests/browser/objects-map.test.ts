// The objects map page (issue 10): all of its JavaScript within the 90 KB gzip budget of an island
// page (plain Leaflet and one small script, no React), and objects loaded by bounding box as
// server clusters that split into pins when zoomed in.
import { gzipSync } from 'node:zlib';
import { describe } from 'vitest';
import { axeViolations } from '../helpers/browser.ts';
import { expect, test as it } from '../helpers/fixtures.ts';
import { mapReady } from '../helpers/profile-browser.ts';

describe('the objects map page', () => {
  it('keeps all its JavaScript within 90 KB gzip', async ({ server, signedIn }) => {
    const page = await signedIn('olga.demidova@demo.example');
    await page.goto(`${server.url}/user-info/my-objects/map`);
    await mapReady(page);
    const urls = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => /\.m?js(\?|$)/.test(n)),
    );
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')].map((s) => s.textContent ?? ''),
    );
    const sizes: Array<[string, number]> = [];
    for (const url of urls)
      sizes.push([
        new URL(url).pathname,
        gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length,
      ]);
    sizes.push(['(inline scripts)', gzipSync(inline.join('\n'), { level: 9 }).length]);
    const total = sizes.reduce((n, [, s]) => n + s, 0);
    console.log(
      `JS on /user-info/my-objects/map (gzip):\n${sizes.map(([u, s]) => `  ${(s / 1024).toFixed(1)} KB  ${u}`).join('\n')}\n  ${(total / 1024).toFixed(1)} KB  total (budget 90 KB)`,
    );
    expect(urls.some((u) => /react/i.test(u))).toBe(false);
    expect(total).toBeLessThanOrEqual(90 * 1024);
  });

  it('asks the server for the visible box: clusters when zoomed out, pins with popups when zoomed in', async ({
    server,
    signedIn,
  }) => {
    const page = await signedIn('olga.demidova@demo.example');
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/api/v1/objects/map?') && asked.push(r.url()));
    await page.goto(`${server.url}/user-info/my-objects/map`);
    await mapReady(page);
    expect(asked[0]).toMatch(/bbox=[-\d.]+,[-\d.]+,[-\d.]+,[-\d.]+&zoom=11$/);
    expect(await axeViolations(page)).toEqual([]);
    for (let i = 0; i < 4; i++) await page.locator('.leaflet-control-zoom-out').click();
    await page.locator('.map-cluster').first().waitFor();
    const count = Number(await page.locator('.map-cluster').first().textContent());
    expect(count).toBeGreaterThan(1);
    const total = Number(await page.locator('[data-objects-map]').getAttribute('data-total'));
    expect(total).toBeGreaterThanOrEqual(count);
    expect(await page.locator('#objects-map-summary').textContent()).toBe(
      `Объектов в этой части карты: ${total}`,
    );
    // A cluster zooms in on a click until its objects stand apart.
    // Each answer redraws the layer: the clicked cluster's element goes when the new markers come.
    for (let i = 0; i < 6 && (await page.locator('.map-cluster').count()); i++) {
      const clicked = await page.locator('.map-cluster').first().elementHandle();
      await page.locator('.map-cluster').first().click();
      await clicked!.waitForElementState('hidden');
    }
    expect(await page.locator('.map-pin').count()).toBeGreaterThan(1);
    await page.locator('.map-pin').first().click();
    await page.locator('.leaflet-popup a[href*="/location"]').waitFor();
    // Leaflet fades the popup in: axe samples colours once it is opaque.
    const opaque = () =>
      page.waitForFunction(() => {
        const p = document.querySelector('.leaflet-popup');
        return p !== null && getComputedStyle(p).opacity === '1';
      });
    await opaque();
    expect(await axeViolations(page)).toEqual([]);
    // The map moves under an open popup (its auto-pan does the same): the server is asked again and
    // the layer redrawn, and the popup stays open on the same object.
    const name = await page.locator('.leaflet-popup strong').textContent();
    const before = await page.locator('.leaflet-popup').elementHandle();
    const asks = asked.length;
    const map = (await page.locator('.leaflet-container').boundingBox())!;
    await page.mouse.move(map.x + 20, map.y + map.height - 20);
    await page.mouse.down();
    await page.mouse.move(map.x + 60, map.y + map.height - 40, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => asked.length).toBeGreaterThan(asks);
    // The redraw removes the old popup with its pin; the popup is opened again on the new pin.
    await before!.waitForElementState('hidden');
    await opaque();
    expect(await page.locator('.leaflet-popup strong').textContent()).toBe(name);
  });
});
