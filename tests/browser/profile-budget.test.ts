// JS weight of the profile, organisations and objects pages (first visit, gzip sizes), printed
// as a table. Budgets (ARCHITECTURE.md): pages with React islands <= 90 KB of JS in all; pages
// without islands load no script file (the change-password page one small module, no React);
// Leaflet only on pages that show a map, and only after the map island has started. Inline scripts
// (mostly the chrome's) are reported with the total.
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { expect } from '../helpers/fixtures.ts';
import { mapReady, test as it } from '../helpers/profile-browser.ts';

const KB = 1024;
type Kind = 'islands' | 'small-script' | 'no-script';
const PAGES: Array<{ path: string; map?: boolean; kind: Kind }> = [
  { path: '/user-info/profile/personal-information', kind: 'islands' },
  { path: '/user-info/profile/change-password', kind: 'small-script' },
  { path: '/user-info/profile/builder', kind: 'no-script' },
  { path: '/user-info/my-organisations', kind: 'no-script' },
  { path: '/user-info/my-organisations/new', kind: 'islands' },
  { path: '/user-info/my-objects', kind: 'no-script' },
  { path: '/user-info/my-objects/new', kind: 'islands', map: true },
  { path: '/user-info/my-objects/map', kind: 'islands', map: true },
  { path: '/user-info/my-objects/1/location', kind: 'islands', map: true },
];

interface Weight {
  path: string;
  files: number;
  js: number;
  leaflet: number;
  inline: number;
  react: boolean;
}

/** Opens `path` on a fresh page (nothing cached) and weighs its scripts. */
async function measure(page: Page, url: string, path: string, map: boolean): Promise<Weight> {
  const scripts: Array<Promise<{ url: string; size: number }>> = [];
  page.on('requestfinished', (req) => {
    // gzip size of each file (the browser may have fetched the brotli variant, which is smaller).
    if (req.resourceType() === 'script')
      scripts.push(
        req.response().then(async (r) => ({
          url: req.url(),
          size: gzipSync(await r!.body(), { level: 9 }).length,
        })),
      );
  });
  await page.goto(url + path, { waitUntil: 'networkidle' });
  if (map) await mapReady(page);
  await page.waitForLoadState('networkidle');
  const inline = await page
    .locator('script:not([src])')
    .evaluateAll((els) => els.map((e) => e.textContent ?? '').filter((t) => t.trim()));
  const files = await Promise.all(scripts);
  const isLeaflet = (u: string) => /\/leaflet[-.]/.test(u);
  return {
    path,
    files: files.length,
    js: files.filter((f) => !isLeaflet(f.url)).reduce((n, f) => n + f.size, 0),
    leaflet: files.filter((f) => isLeaflet(f.url)).reduce((n, f) => n + f.size, 0),
    inline: gzipSync(inline.join('\n')).length,
    react: files.some((f) => /\/client\.[\w-]+\.js$/.test(f.url)),
  };
}

it('keeps every page within the JS budget', async ({ server, userPage }) => {
  const results: Weight[] = [];
  for (const p of PAGES)
    results.push(
      await measure(await userPage('olga.demidova@demo.example'), server.url, p.path, !!p.map),
    );
  const kb = (n: number) => (n / KB).toFixed(1);
  console.log(
    [
      'page | files | JS gz KB (without map libs) | inline gz KB | map libs gz KB | React',
      ...results.map(
        (r) =>
          `${r.path} | ${r.files} | ${kb(r.js)} | ${kb(r.inline)} | ${kb(r.leaflet)} | ${r.react ? 'yes' : 'no'}`,
      ),
    ].join('\n'),
  );
  for (const r of results) {
    const spec = PAGES.find((p) => p.path === r.path)!;
    expect(r.js + r.inline, r.path).toBeLessThanOrEqual(90 * KB);
    if (spec.map) expect(r.leaflet, r.path).toBeGreaterThan(0);
    else expect(r.leaflet, r.path).toBe(0);
    if (spec.kind !== 'islands') expect(r.react, r.path).toBe(false);
    if (spec.kind === 'no-script') expect(r.files, r.path).toBe(0);
    if (spec.kind === 'small-script') expect(r.js, r.path).toBeLessThanOrEqual(2 * KB);
  }
});
