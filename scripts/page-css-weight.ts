// `DIST_DIR=dist-x npx node scripts/page-css-weight.ts [--dump dir]`: what the inline CSS costs on
// the slow-link pages (issue 11, decision 0028). Starts the built server (fresh SQLite, demo data),
// signs a demo customer in and, for every page of tests/browser/slow-link.test.ts, prints the HTML
// size raw / gzip (as served) / brotli, the inline CSS raw and gzip, its rule count, and the time
// this process takes to compress the page with gzip (zlib default, as the middleware) and brotli at
// the quality the middleware uses (the fastest of 30 runs: on a loaded machine every run is slowed,
// never sped up, so the fastest is closest to the real cost; the load average is printed).
// --dump writes each page's inline CSS to <dir>/<page>.css for inspection.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { startServer } from '../tests/helpers/server.ts';
import { sessionFor } from '../tests/helpers/session.ts';
import { buildIfStale } from './build-if-stale.ts';
import { BROTLI_QUALITY } from '../src/lib/http/compression.ts';

const PAGES = [
  '/auth/fast',
  '/auth/login',
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
const dumpAt = process.argv.indexOf('--dump');
const dump = dumpAt > 0 ? process.argv[dumpAt + 1] : undefined;
if (dump) mkdirSync(dump, { recursive: true });

function timeMs(f: () => unknown, runs = 30): number {
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = process.hrtime.bigint();
    f();
    t.push(Number(process.hrtime.bigint() - s) / 1e6);
  }
  return Math.min(...t);
}
const kb = (n: number) => (n / 1024).toFixed(1);

buildIfStale();
const server = await startServer();
try {
  const { cookie } = await sessionFor(server, 'olga.demidova@demo.example');
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; brotli quality ${BROTLI_QUALITY}; sizes in KB, times in ms`,
  );
  console.log(
    'page                                       | HTML raw |  gzip | brotli | CSS raw | CSS gzip | rules | gzip ms | br ms',
  );
  for (const path of PAGES) {
    // Signed-out pages without the cookie (a signed-in visit to /auth/* is redirected).
    const res = await fetch(server.url + path, {
      headers: path.startsWith('/auth/') ? {} : { Cookie: cookie },
      redirect: 'manual',
    });
    const body = Buffer.from(await res.arrayBuffer());
    const html = body.toString('utf8');
    const css = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)]
      .map(([, c]) => c!)
      .join('\n');
    const rules = (css.match(/\{/g) ?? []).length;
    const gz = gzipSync(body).length;
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
    }).length;
    const gzMs = timeMs(() => gzipSync(body));
    const brMs = timeMs(() =>
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
    );
    console.log(
      `${path.padEnd(42)} | ${kb(body.length).padStart(8)} | ${kb(gz).padStart(5)} | ${kb(br).padStart(6)} | ${kb(css.length).padStart(7)} | ${kb(gzipSync(css).length).padStart(8)} | ${String(rules).padStart(5)} | ${gzMs.toFixed(2).padStart(7)} | ${brMs.toFixed(2).padStart(5)}`,
    );
    if (dump) writeFileSync(join(dump, `${path.replace(/\W+/g, '_')}.css`), css);
    if (dump) writeFileSync(join(dump, `${path.replace(/\W+/g, '_')}.html`), html);
  }
} finally {
  await server.stop();
}
