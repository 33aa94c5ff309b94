// `npx node scripts/screens.ts dist-a dist-b out-dir [/path ...]`: full-page screenshots of the same
// pages from two built bundles at 360 and 1280 px (fonts loaded, reduced motion), written to
// out-dir/{a,b}/<page>-<width>.png, and the share of pixels that differ between them (any channel by
// more than 8 of 255; a different page height counts as a difference). Used to check that a CSS
// change (decision 0028) moves nothing. Dates and counters on the pages may differ between two
// servers started at different moments; look at the pictures of any page that differs.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext } from 'playwright-core';
import { launch, signedInContext } from '../tests/helpers/browser.ts';
import { startServer, type TestServer } from '../tests/helpers/server.ts';

const [distA, distB, out, ...rest] = process.argv.slice(2);
if (!distA || !distB || !out)
  throw new Error('usage: screens.ts dist-a dist-b out-dir [/path ...]');
const PAGES = rest.length
  ? rest
  : [
      '/auth/fast',
      '/auth/login',
      '/auth/registration',
      '/home',
      '/user-info/profile/personal-information',
      '/user-info/profile/change-password',
      '/e-commerce/orders',
      '/notifications',
      '/promotions',
      '/support/reports',
      '/user-info/my-organisations',
      '/tools',
    ];
const WIDTHS = [360, 1280];

async function shoot(browser: Browser, server: TestServer, dir: string) {
  mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {};
  for (const width of WIDTHS) {
    const viewport = { width, height: width === 360 ? 740 : 900 };
    const signedIn: BrowserContext = await signedInContext(
      browser,
      server,
      'olga.demidova@demo.example',
      { viewport, reducedMotion: 'reduce' },
    );
    const signedOut: BrowserContext = await browser.newContext({
      locale: 'ru-RU',
      viewport,
      reducedMotion: 'reduce',
    });
    for (const path of PAGES) {
      const page = await (path.startsWith('/auth/') ? signedOut : signedIn).newPage();
      await page.goto(server.url + path, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.waitForTimeout(300);
      const file = join(dir, `${path.replace(/\W+/g, '_')}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
      files[`${path} @${width}`] = file;
      await page.close();
    }
    await signedIn.close();
    await signedOut.close();
  }
  return files;
}

async function differing(a: string, b: string): Promise<string> {
  const [ia, ib] = await Promise.all([
    sharp(a).raw().ensureAlpha().toBuffer({ resolveWithObject: true }),
    sharp(b).raw().ensureAlpha().toBuffer({ resolveWithObject: true }),
  ]);
  const sizeNote =
    ia.info.width !== ib.info.width || ia.info.height !== ib.info.height
      ? ` (size ${ia.info.width}x${ia.info.height} vs ${ib.info.width}x${ib.info.height})`
      : '';
  const w = Math.min(ia.info.width, ib.info.width);
  const h = Math.min(ia.info.height, ib.info.height);
  let diff = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * ia.info.width + x) * 4;
      const j = (y * ib.info.width + x) * 4;
      for (let c = 0; c < 3; c++) {
        if (Math.abs(ia.data[i + c]! - ib.data[j + c]!) > 8) {
          diff++;
          break;
        }
      }
    }
  }
  const total = Math.max(ia.info.width * ia.info.height, ib.info.width * ib.info.height);
  diff += total - w * h;
  return `${((100 * diff) / total).toFixed(2)} % of pixels differ${sizeNote}`;
}

const browser = await launch();
try {
  const shots: Record<string, string>[] = [];
  for (const [dist, name] of [
    [distA, 'a'],
    [distB, 'b'],
  ] as const) {
    process.env.DIST_DIR = dist;
    const server = await startServer();
    try {
      shots.push(await shoot(browser, server, join(out, name)));
    } finally {
      await server.stop();
    }
  }
  for (const key of Object.keys(shots[0]!))
    console.log(`${key.padEnd(48)} ${await differing(shots[0]![key]!, shots[1]![key]!)}`);
} finally {
  await browser.close();
}
