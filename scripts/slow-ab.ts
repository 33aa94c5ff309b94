// `npx node scripts/slow-ab.ts dist-a dist-b [--runs 5] [/path ...]`: compares two built bundles on the
// slow profile of tests/browser/slow-link.test.ts (400 ms, 400 kbit/s, CPU 4x), first visits with an
// empty cache, signed in as a demo customer (sign-in pages signed out). The visits alternate A, B, A,
// B... so both see the same load on a shared machine; per page it prints the best and the median of
// HTML done and first paint for each bundle, in ms from navigation start, and the load average.
// Both bundles must be built already (`DIST_DIR=dist-a npx astro build`). Used for decision 0028.
import { loadavg } from 'node:os';
import type { Browser, BrowserContext } from 'playwright-core';
import { launch, signedInContext } from '../tests/helpers/browser.ts';
import { startServer, type TestServer } from '../tests/helpers/server.ts';

const SLOW = {
  offline: false,
  latency: 400,
  downloadThroughput: (400 * 1000) / 8,
  uploadThroughput: (400 * 1000) / 8,
};
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
const dists = args.filter(
  (a, i) => !a.startsWith('/') && !a.startsWith('--') && (runsAt < 0 || i !== runsAt + 1),
);
const paths = args.filter((a) => a.startsWith('/'));
const PAGES = paths.length
  ? paths
  : [
      '/auth/fast',
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
if (dists.length !== 2) throw new Error('usage: slow-ab.ts dist-a dist-b [--runs N] [/path ...]');

async function visit(context: BrowserContext, url: string) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
  await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint').length > 0,
    undefined,
    { timeout: 20_000 },
  );
  const f = await page.evaluate(() => ({
    html: Math.round(
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd,
    ),
    fcp: Math.round(performance.getEntriesByName('first-contentful-paint')[0]!.startTime),
  }));
  await page.close();
  return f;
}

const servers: TestServer[] = [];
let browser: Browser | undefined;
try {
  for (const dist of dists) {
    process.env.DIST_DIR = dist;
    servers.push(await startServer());
  }
  browser = await launch();
  const contexts = await Promise.all(
    servers.map(async (s) => ({
      out: await browser!.newContext({ locale: 'ru-RU', viewport: { width: 360, height: 740 } }),
      in: await signedInContext(browser!, s, 'olga.demidova@demo.example', {
        viewport: { width: 360, height: 740 },
      }),
    })),
  );
  const before = loadavg()[0]!;
  const stat = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return `${String(s[0]).padStart(5)} ${String(s[Math.floor(s.length / 2)]).padStart(5)}`;
  };
  console.log(
    `runs ${RUNS} per page and bundle; A = ${dists[0]}, B = ${dists[1]}; best and median, ms`,
  );
  console.log(
    'page                                       | A HTML best med | A paint best med | B HTML best med | B paint best med',
  );
  for (const path of PAGES) {
    const figures = [0, 1].map(() => ({ html: [] as number[], fcp: [] as number[] }));
    for (let r = 0; r < RUNS; r++) {
      for (const i of r % 2 ? [1, 0] : [0, 1]) {
        const c = path.startsWith('/auth/') ? contexts[i]!.out : contexts[i]!.in;
        const f = await visit(c, servers[i]!.url + path);
        figures[i]!.html.push(f.html);
        figures[i]!.fcp.push(f.fcp);
      }
    }
    console.log(
      `${path.padEnd(42)} | ${stat(figures[0]!.html).padStart(15)} | ${stat(figures[0]!.fcp).padStart(16)} | ${stat(figures[1]!.html).padStart(15)} | ${stat(figures[1]!.fcp).padStart(16)}`,
    );
  }
  console.log(
    `load average (1 min) before ${before.toFixed(1)}, after ${loadavg()[0]!.toFixed(1)}`,
  );
} finally {
  await browser?.close();
  for (const s of servers) await s.stop();
}
