// `DIST_DIR=dist-x npx node scripts/slow-trace.ts [/path ...]`: where the time before the first paint
// goes on the slow profile of tests/browser/slow-link.test.ts (400 ms, 400 kbit/s, CPU 4x). One first
// visit per page with a Chromium trace; prints HTML done and first paint, then the main thread's busy
// time before the first paint by kind (parse HTML, style, layout, script, paint), in ms of the
// emulated (4x slower) CPU. Used for decision 0028.
import { loadavg } from 'node:os';
import { launch, signedInContext } from '../tests/helpers/browser.ts';
import { startServer } from '../tests/helpers/server.ts';
import { buildIfStale } from './build-if-stale.ts';

const SLOW = {
  offline: false,
  latency: 400,
  downloadThroughput: (400 * 1000) / 8,
  uploadThroughput: (400 * 1000) / 8,
};
const paths = process.argv.slice(2).filter((a) => a.startsWith('/'));
const PAGES = paths.length ? paths : ['/home', '/e-commerce/orders', '/support/reports'];
const KINDS: Record<string, string> = {
  ParseHTML: 'parse HTML',
  ParseAuthorStyleSheet: 'parse CSS',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  Layout: 'layout',
  EvaluateScript: 'script',
  'v8.compile': 'script',
  FunctionCall: 'script',
  Paint: 'paint',
  PrePaint: 'paint',
  Layerize: 'paint',
  HitTest: 'other',
};

buildIfStale();
const [server, browser] = await Promise.all([startServer(), launch()]);
try {
  const context = await signedInContext(browser, server, 'olga.demidova@demo.example', {
    viewport: { width: 360, height: 740 },
  });
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  for (const path of PAGES) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'blink.user_timing', 'loading'],
    });
    await page.goto(server.url + path, { waitUntil: 'load' });
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
    );
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
      traceEvents: {
        name: string;
        ph: string;
        ts: number;
        dur?: number;
        pid: number;
        tid: number;
        args?: { name?: string; data?: { documentLoaderURL?: string } };
      }[];
    };
    const { html, fcp } = await page.evaluate(() => ({
      html: Math.round(
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd,
      ),
      fcp: Math.round(performance.getEntriesByName('first-contentful-paint')[0]!.startTime),
    }));
    const events = trace.traceEvents;
    if (process.env.TRACE_OUT)
      (await import('node:fs')).writeFileSync(
        `${process.env.TRACE_OUT}${path.replace(/\W+/g, '_')}.json`,
        JSON.stringify(trace),
      );
    // The page's renderer: the process that reported the first contentful paint, its main thread.
    const paint = events.find((e) => e.name === 'firstContentfulPaint');
    const pid = paint?.pid;
    const main = events.find(
      (e) =>
        e.ph === 'M' &&
        e.name === 'thread_name' &&
        e.pid === pid &&
        e.args?.name === 'CrRendererMain',
    )?.tid;
    const nav = events
      .filter(
        (e) =>
          e.name === 'navigationStart' &&
          e.pid === pid &&
          /^http/.test(e.args?.data?.documentLoaderURL ?? ''),
      )
      .at(-1);
    if (!paint || main === undefined || !nav) {
      console.log(
        `${path}: HTML done ${html} ms, first paint ${fcp} ms; trace without the renderer's events`,
      );
      await page.close();
      continue;
    }
    const end = paint.ts;
    const busy: Record<string, number> = {};
    for (const e of events) {
      if (e.ph !== 'X' || e.pid !== pid || e.tid !== main || !e.dur || e.ts < nav.ts || e.ts > end)
        continue;
      const kind = KINDS[e.name];
      if (kind) busy[kind] = (busy[kind] ?? 0) + e.dur / 1000;
    }
    console.log(
      `${path}: HTML done ${html} ms, first paint ${fcp} ms; main thread before the paint: ${Object.entries(
        busy,
      )
        .map(([k, v]) => `${k} ${Math.round(v)}`)
        .join(', ')}`,
    );
    await page.close();
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
