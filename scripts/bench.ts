// `node scripts/bench.ts`: how fast signed-in pages render on the demo database. Starts the real
// server (fresh SQLite, demo data) and, per page, measures sequential latency (p50/p95 over 200
// requests after a warm-up) and, when `wrk` is installed (apt-get install wrk), throughput with
// 10 connections for 5 s. Prints a Markdown table for docs/performance.md.
import { spawnSync } from 'node:child_process';
import { startServer } from '../tests/helpers/server.ts';
import { sessionFor } from '../tests/helpers/session.ts';
import { buildIfStale } from './build-if-stale.ts';

const PAGES = [
  '/home',
  '/e-commerce/orders',
  '/notifications',
  '/promotions',
  '/user-info/my-objects',
  '/support/reports',
  '/api/v1/home',
];
const hasWrk = spawnSync('wrk', ['--version']).error === undefined;

buildIfStale();
const server = await startServer();
try {
  const { cookie } = await sessionFor(server, 'olga.demidova@demo.example');
  const headers = { cookie: `${cookie}; start_info=hidden`, 'accept-encoding': 'gzip' };
  console.log(
    `| page | p50 ms | p95 ms |${hasWrk ? ' req/s (wrk, 10 conn) | wrk avg latency |' : ''}`,
  );
  console.log(`|---|---|---|${hasWrk ? '---|---|' : ''}`);
  for (const path of PAGES) {
    const url = `${server.url}${path}`;
    for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer();
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.floor((times.length - 1) * p)]!.toFixed(1);
    let extra = '';
    if (hasWrk) {
      const out = spawnSync(
        'wrk',
        [
          '-t2',
          '-c10',
          '-d5s',
          '-H',
          `Cookie: ${headers.cookie}`,
          '-H',
          'Accept-Encoding: gzip',
          url,
        ],
        { encoding: 'utf8' },
      ).stdout;
      const rps = /Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? '?';
      const lat = /Latency\s+([\d.]+\w+)/.exec(out)?.[1] ?? '?';
      const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1];
      if (non2xx) throw new Error(`${path}: ${non2xx} failed responses under load`);
      extra = ` ${Math.round(Number(rps))} | ${lat} |`;
    }
    console.log(`| ${path} | ${pct(0.5)} | ${pct(0.95)} |${extra}`);
  }
} finally {
  await server.stop();
}
