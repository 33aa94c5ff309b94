// `npx node scripts/limit-ratio.ts [--profile]`: how close our server comes to the
// limit of this machine. For each target it measures, side by side, the request rate of our real
// server (NODE_ENV=production, fresh SQLite with demo data, signed in) and of a minimal node:http
// server that answers the same path with the same status, headers and bytes: precompressed files sent
// as they are, dynamic answers gzipped per request at zlib's default level, as our middleware does.
// The ratio ours/limit is what our code and the framework cost on top of node:http and gzip.
//
// Targets: /home and /api/v1/home (goal >= 0.25), a static CSS file (goal >= 0.5), a signed-in Astro
// page with no content (/user-info: middleware, session, a 302) and the session check alone (an
// in-process node:http server that runs validateSession() per request against the same database,
// next to the same server without it).
//
// Load: wrk (apt-get install wrk) with 1 thread and 8 connections for 3 s per run, ours and the limit
// alternating in 3 pairs, the median of the pairs' ratios reported; without wrk, a Node loop of 8
// concurrent fetch() clients (slower: the client then takes more of the CPU). --profile also writes a CPU profile of our server under
// load (node --cpu-prof) and prints where its time goes (our code, Astro, React, Node, GC).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createServer as netServer } from 'node:net';
import { spawn } from 'node:child_process';
import { freshDatabase } from '../tests/helpers/db.ts';
import type { TestServer } from '../tests/helpers/server.ts';
import { sessionFor } from '../tests/helpers/session.ts';
import { buildIfStale } from './build-if-stale.ts';

const profile = process.argv.includes('--profile');
/** --only=/api/v1/home: measure (and profile) one target. */
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
/** --log-level=warn: our server without its access line per request (the default is info, as in production). */
const logLevel = process.argv.find((a) => a.startsWith('--log-level='))?.slice(12);
const hasWrk = spawnSync('wrk', ['--version']).error === undefined;
const root = new URL('..', import.meta.url).pathname;
const dist = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(root, 'dist');
const CONNECTIONS = 8;
const SECONDS = 3;
const PAIRS = 3;

interface Captured {
  status: number;
  headers: Record<string, string>;
  /** The bytes as sent when already compressed (static files), else the identity body to gzip per request. */
  body: Buffer;
  gzipPerRequest: boolean;
}

function raw(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((ok, fail) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

const KEEP = [
  'content-type',
  'location',
  'cache-control',
  'vary',
  'etag',
  'x-content-type-options',
  'content-security-policy',
  'set-cookie',
];

async function capture(url: string, headers: Record<string, string>): Promise<Captured> {
  const gz = await raw(url, { ...headers, 'accept-encoding': 'gzip' });
  const kept: Record<string, string> = {};
  for (const k of KEEP) if (gz.headers[k] !== undefined) kept[k] = String(gz.headers[k]);
  const precompressed =
    gz.headers['content-encoding'] === 'gzip' &&
    !!gz.headers['content-length'] &&
    url.includes('/_astro/');
  if (precompressed)
    return {
      status: gz.status,
      headers: { ...kept, 'content-encoding': 'gzip' },
      body: gz.body,
      gzipPerRequest: false,
    };
  const identity = await raw(url, { ...headers, 'accept-encoding': 'identity' });
  return {
    status: gz.status,
    headers: kept,
    body: identity.body,
    gzipPerRequest: gz.headers['content-encoding'] === 'gzip',
  };
}

/** The minimal server: the captured answers, nothing else. */
function limitServer(answers: Map<string, Captured>): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const a = answers.get(req.url ?? '');
    if (!a) return void res.writeHead(404).end();
    if (a.gzipPerRequest) {
      const body = gzipSync(a.body);
      res.writeHead(a.status, {
        ...a.headers,
        'content-encoding': 'gzip',
        'content-length': body.length,
      });
      return void res.end(body);
    }
    res.writeHead(a.status, { ...a.headers, 'content-length': a.body.length });
    res.end(a.body);
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () =>
      ok({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` }),
    ),
  );
}

async function nodeLoad(url: string, headers: Record<string, string>): Promise<number> {
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        await (await fetch(url, { headers, redirect: 'manual' })).arrayBuffer();
        done++;
      }
    }),
  );
  return done / SECONDS;
}

async function rate(url: string, headers: Record<string, string>): Promise<number> {
  if (!hasWrk) return nodeLoad(url, headers);
  const args = [
    '-t1',
    `-c${CONNECTIONS}`,
    `-d${SECONDS}s`,
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    url,
  ];
  // Asynchronously: the limit and session-check servers live in this process and must keep answering.
  const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  await new Promise((r) => child.once('exit', r));
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1];
  // The 302 target answers 3xx by design; anything else must succeed.
  if (non2xx && !url.endsWith('/user-info'))
    throw new Error(`${url}: ${non2xx} failed responses under load`);
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
}

/**
 * Ours and the limit in alternating pairs. The ratio of each pair is taken (both halves of a pair see
 * about the same machine load, which on a shared machine changes from second to second) and the
 * median of the pairs reported, with the median rates.
 */
async function sideBySide(ours: string, limit: string, headers: Record<string, string>) {
  await rate(ours, headers); // warm-up (JIT, caches)
  const pairs: Array<{ ours: number; limit: number }> = [];
  for (let i = 0; i < PAIRS; i++)
    pairs.push({ ours: await rate(ours, headers), limit: await rate(limit, headers) });
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return {
    ours: median(pairs.map((p) => p.ours)),
    limit: median(pairs.map((p) => p.limit)),
    ratio: median(pairs.map((p) => p.ours / p.limit)),
  };
}

function largestCss(): string {
  const dir = join(dist, 'client', '_astro');
  const css = readdirSync(dir).filter((f) => f.endsWith('.css'));
  css.sort((x, y) => statSync(join(dir, y)).size - statSync(join(dir, x)).size);
  if (!css[0]) throw new Error('no CSS file in the client bundle');
  return `/_astro/${css[0]}`;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** Where the samples fall: by origin (our code, Astro, React, other packages, Node, GC) and the top functions. */
function summariseProfile(p: { nodes: ProfileNode[] }): string {
  const origin = (url: string, fn: string): string => {
    if (fn === '(garbage collector)') return 'GC';
    if (fn === '(idle)' || fn === '(program)') return fn;
    if (!url || url.startsWith('node:')) return 'Node (http, streams, zlib, ...)';
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    if (pkg)
      return pkg.startsWith('react')
        ? 'React'
        : pkg.startsWith('astro') || pkg.startsWith('@astrojs')
          ? 'Astro'
          : `package ${pkg}`;
    if (url.includes('/server/chunks/') || url.includes('/server/entry'))
      return /astro|_astro|\/chunks\/(astro|server)/.test(url)
        ? 'Astro bundle'
        : 'bundle (our pages + inlined libraries)';
    if (url.includes('/src/')) return 'our code (src/)';
    return 'other';
  };
  const total = p.nodes.reduce((s, n) => s + (n.hitCount ?? 0), 0) || 1;
  const busy =
    total -
    p.nodes
      .filter((n) => n.callFrame.functionName === '(idle)')
      .reduce((s, n) => s + (n.hitCount ?? 0), 0);
  const groups = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const n of p.nodes) {
    const hits = n.hitCount ?? 0;
    if (!hits || n.callFrame.functionName === '(idle)') continue;
    const g = origin(n.callFrame.url, n.callFrame.functionName);
    groups.set(g, (groups.get(g) ?? 0) + hits);
    const key = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(node_modules|src|dist[^/]*)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + hits);
  }
  const pct = (x: number) => `${((100 * x) / busy).toFixed(1)} %`;
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  return [
    'Self time by origin (share of busy samples):',
    ...top(groups, 12).map(([g, h]) => `  ${pct(h).padStart(7)}  ${g}`),
    '',
    'Top functions by self time:',
    ...top(fns, 20).map(([f, h]) => `  ${pct(h).padStart(7)}  ${f}`),
  ].join('\n');
}

const freePort = () =>
  new Promise<number>((ok) => {
    const s = netServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

/**
 * Our server as production runs it: NODE_ENV=production, the default log level (one access line per
 * request) written to a pipe nobody reads slowly (/dev/null), demo data in a fresh SQLite database.
 */
async function startOurs(env: Record<string, string>): Promise<TestServer> {
  const database = await freshDatabase();
  const port = await freePort();
  const proc = spawn(process.execPath, ['src/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
      NODE_ENV: 'production',
      DEMO: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: database.dataDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 200) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  return {
    url,
    port,
    proc,
    database,
    output: () => '',
    async stop() {
      proc.kill('SIGTERM');
      await exited;
      await database.drop();
      return proc.exitCode;
    },
  };
}

class Done extends Error {}

buildIfStale();
const profileDir = profile ? mkdtempSync(join(tmpdir(), 'cabinet-prof-')) : undefined;
const server = await startOurs({
  ...(profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {}),
  ...(logLevel ? { LOG_LEVEL: logLevel } : {}),
});
const rows: string[] = [];
try {
  const { cookie, token } = await sessionFor(server, 'olga.demidova@demo.example');
  const pageHeaders = { cookie: `${cookie}; start_info=hidden`, 'accept-encoding': 'gzip' };
  const targets: Array<{
    label: string;
    path: string;
    headers: Record<string, string>;
    goal?: number;
  }> = [
    { label: '/home', path: '/home', headers: pageHeaders, goal: 0.25 },
    {
      label: '/api/v1/home',
      path: '/api/v1/home',
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        'accept-encoding': 'gzip',
      },
      goal: 0.25,
    },
    { label: 'static CSS', path: largestCss(), headers: { 'accept-encoding': 'gzip' }, goal: 0.5 },
    {
      label: 'empty signed-in Astro page (/user-info, 302)',
      path: '/user-info',
      headers: pageHeaders,
    },
  ];
  if (only)
    targets.splice(
      0,
      targets.length,
      ...targets.filter((t) => t.path === only || t.label === only),
    );
  const answers = new Map<string, Captured>();
  for (const t of targets) {
    const c = await capture(server.url + t.path, t.headers);
    if (c.status >= 400) throw new Error(`${t.path} answered ${c.status}`);
    answers.set(t.path, c);
  }
  const limit = await limitServer(answers);
  rows.push(`| target | ours req/s | limit req/s | ratio | goal |`, `|---|---|---|---|---|`);
  for (const t of targets) {
    const r = await sideBySide(server.url + t.path, limit.url + t.path, t.headers);
    const c = answers.get(t.path)!;
    rows.push(
      `| ${t.label} (${c.body.length} B${c.gzipPerRequest ? ' before gzip' : ''}) | ${Math.round(r.ours)} | ${Math.round(r.limit)} | ${r.ratio.toFixed(2)} | ${t.goal ? `>= ${t.goal}` : ''} |`,
    );
  }
  limit.server.close();

  // The session check alone, in this process, on the same database.
  if (only) throw new Done();
  const { parseConfig, setConfig } = await import('../src/lib/config.ts');
  setConfig(
    parseConfig({
      NODE_ENV: 'production',
      DATA_DIR: server.database.dataDir,
      ...(server.database.url ? { DATABASE_URL: server.database.url } : {}),
    }),
  );
  const { validateSession } = await import('../src/features/auth/auth.session.server.ts');
  const plain = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'),
  );
  const checked = createServer(async (req, res) => {
    const sid = /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const ok = sid ? await validateSession(sid) : null;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'text/plain' }).end('ok');
  });
  const listen = (s: Server) =>
    new Promise<string>((ok) =>
      s.listen(0, '127.0.0.1', () =>
        ok(`http://127.0.0.1:${(s.address() as { port: number }).port}/`),
      ),
    );
  const [plainUrl, checkedUrl] = [await listen(plain), await listen(checked)];
  const s = await sideBySide(checkedUrl, plainUrl, { cookie });
  rows.push(
    `| session check alone (validateSession per request) | ${Math.round(s.ours)} | ${Math.round(s.limit)} | ${s.ratio.toFixed(2)} | |`,
  );
  plain.close();
  checked.close();
} catch (err) {
  if (!(err instanceof Done)) throw err;
} finally {
  await server.stop();
}
console.log(
  `\nLoad: ${hasWrk ? `wrk, 1 thread, ${CONNECTIONS} connections, ${SECONDS} s per run` : `Node fetch loop, ${CONNECTIONS} concurrent clients, ${SECONDS} s per run`}; ours and the limit alternate in ${PAIRS} pairs, median ratio of the pairs. Load average at start: ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores.\n`,
);
console.log(rows.join('\n'));
if (profileDir) {
  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (file)
    console.log(
      `\nCPU profile of our server (${join(profileDir, file)}):\n\n${summariseProfile(JSON.parse(readFileSync(join(profileDir, file), 'utf8')))}`,
    );
}
