// Fuzzing the newer areas through the real server: every route of the calculations, dispatching,
// registry, scanner and integration API (found in src/pages, see newer-areas-routes.ts) gets hostile
// path ids, query values and bodies (fuzz-inputs.ts), signed in as a customer with the dispatching
// module (and the employee role, for the BTP calls) or with a key of every scope. No answer may be
// a 5xx, a hang or a dropped connection; each 4xx of /api is the one JSON error shape
// { message, errors? } and each 4xx of a page the HTML error page; /healthz answers afterwards.
// Bounded and deterministic: about 5,000 requests, 8 at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { fieldCases, validCalls, type Known } from './fuzz-fields.ts';
import { bodies, IDS, queries } from './fuzz-inputs.ts';
import {
  ALL_KEY,
  keysEnv,
  orderAndProduct,
  recognisedScan,
  savedCalculation,
  setFlag,
} from './newer-areas-setup.ts';
import { discover, type Method, type Route } from './newer-areas-routes.ts';

const EMAIL = 'dmitry.volkov@demo.example';
let server: TestServer;
let session: { token: string; cookie: string; userId: number };
let known: Known;

beforeAll(async () => {
  server = await startServer(keysEnv);
  session = await sessionFor(server, EMAIL);
  // The employee role too, so the BTP calls get past their 403 into the code that reads the input.
  await setFlag(server, EMAIL, 'is_employee', 1);
  const api = apiClient(server);
  const token = session.token;
  const calc = await savedCalculation(api, token);
  const { orderId, productId } = await orderAndProduct(server, api, token, calc.id, 'FZ-1');
  const btp = (
    await api('/api/v1/calculations/btp/projects', { token, json: { title: 'Fuzz project' } })
  ).data;
  const scada = (await api('/api/v1/scada', { token })).data.data[0].id;
  const tag = (await api(`/api/v1/scada/tags/${scada}`, { token })).data.tags[0].id;
  const uniqid = await recognisedScan(server, api, token, session.userId);
  known = {
    calc: String(calc.id),
    cid: String(calc.cid),
    sku: calc.sku,
    order: String(orderId),
    product: String(productId),
    btp: String(btp.id),
    scada: String(scada),
    tag: String(tag),
    uniqid,
  };
  for (const [k, v] of Object.entries(known))
    if (!v || v === 'undefined') throw new Error(`setup: no ${k}`);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** A real value for a path parameter, so the fuzzed part is the only wrong one. */
function baseline(route: Route, param: string): string {
  const p = route.path;
  if (param === 'cid') return known.cid;
  if (param === 'sku') return known.sku;
  if (param === 'kind') return 'regions';
  if (param === 'key') return 'fuzz-object';
  if (param === 'file' || p.startsWith('/files/') || p.startsWith('/media/'))
    return 'aaaaaaaaaaaaaaaaaaaaa';
  if (p.includes('scada')) return known.scada;
  if (p.includes('btp')) return known.btp;
  if (p.includes('productions')) return known.product;
  if (p.includes('orders')) return known.order;
  if (p.includes('calculations')) return known.calc;
  return '1';
}

interface Case {
  route: Route;
  method: Method;
  path: string;
  input: string;
  body?: string | FormData;
  type?: string;
}

function cases(route: Route): Case[] {
  const out: Case[] = [];
  const pathWith = (fuzzed?: [string, string]) =>
    route.path.replace(/\[(\w+)\]/g, (_, name: string) =>
      fuzzed?.[0] === name ? fuzzed[1] : baseline(route, name),
    );
  for (const method of route.methods) {
    const write = method !== 'GET';
    const empty = write ? { body: '{}', type: 'application/json' } : {};
    for (const param of route.params)
      for (const id of IDS)
        out.push({
          route,
          method,
          path: pathWith([param, id]),
          input: `[${param}]=${id}`,
          ...empty,
        });
    for (const [input, q] of queries(route, method))
      out.push({ route, method, path: `${pathWith()}?${q}`, input: `query ${input}`, ...empty });
    // A page's form takes forms only (a JSON body there is errors.test.ts's 400): forms and multipart.
    const own = bodies(route).filter((b) => route.kind !== 'page' || b.type !== 'application/json');
    if (write)
      for (const b of own)
        out.push({ route, method, path: pathWith(), input: b.input, body: b.body, type: b.type });
  }
  return out;
}

interface Failure {
  /** method, route, status and why: failures alike (and of one logged cause) are grouped */
  group: string;
  input: string;
  sample: string;
  req: string;
}

let seq = 0;
/** Milliseconds spent per route, to name the slow ones in the run's summary line. */
const spent = new Map<string, number>();
async function send(c: Case): Promise<Failure | null> {
  const t0 = Date.now();
  try {
    return await sendOne(c);
  } finally {
    spent.set(c.route.path, (spent.get(c.route.path) ?? 0) + Date.now() - t0);
  }
}
async function sendOne(c: Case): Promise<Failure | null> {
  const req = `fuzz-${String(++seq).padStart(6, '0')}`;
  const page = c.route.kind === 'page';
  const headers: Record<string, string> = {
    'x-request-id': req,
    'accept-language': 'en',
    accept: page ? 'text/html' : 'application/json',
    origin: server.url,
  };
  if (c.route.kind === 'integration') headers.authorization = `Bearer ${ALL_KEY}`;
  else if (page) headers.cookie = session.cookie;
  else headers.authorization = `Bearer ${session.token}`;
  if (c.type) headers['content-type'] = c.type;
  let status: number;
  let text: string;
  let type: string;
  try {
    const res = await fetch(server.url + c.path, {
      method: c.method,
      headers,
      body: c.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
    });
    status = res.status;
    type = res.headers.get('content-type') ?? '';
    text = await res.text();
  } catch (err) {
    return {
      group: `${c.method} ${c.route.path} -> no answer (${String((err as Error).cause ?? (err as Error).message)})`,
      input: c.input,
      sample: '',
      req,
    };
  }
  const bad = (why: string): Failure => ({
    group: `${c.method} ${c.route.path} -> ${status} ${why}`,
    input: c.input,
    sample: text.slice(0, 160).replace(/\s+/g, ' '),
    req,
  });
  if (status >= 500) return bad('server error');
  if (status < 400) return null;
  if (page)
    return type.startsWith('text/html')
      ? null
      : bad(`4xx page answered ${type || 'no content type'}`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return bad('4xx not JSON');
  }
  const d = data as { message?: unknown; errors?: unknown };
  if (!d || typeof d !== 'object' || typeof d.message !== 'string' || !d.message)
    return bad('4xx without a message');
  if (
    d.errors !== undefined &&
    (typeof d.errors !== 'object' || d.errors === null || Array.isArray(d.errors))
  )
    return bad('4xx errors not an object');
  return null;
}

/** The server's own line about the request: the error and the top of its stack. */
function logOf(req: string): string | undefined {
  const line = server
    .output()
    .split('\n')
    .find((l) => l.includes(`req="${req}"`) && /ERROR|WARN/.test(l));
  return line?.replace(/\\n\s+at /g, ' < ').slice(0, 400);
}

describe('fuzzing the newer areas', () => {
  const { routes, unlisted } = discover();

  it('every route under src/pages is in a fuzzed area or excluded with a reason', () => {
    expect(unlisted, 'add these to AREAS or EXCLUDED in newer-areas-routes.ts').toEqual([]);
    expect(routes.length).toBeGreaterThan(60);
    for (const r of routes) expect(r.methods.length, r.file).toBeGreaterThan(0);
  });

  it(
    'answers hostile ids, queries and bodies without a 5xx, in the one error shape, and stays up',
    { timeout: 240_000 },
    async () => {
      const byPath = new Map(routes.map((r) => [r.path, r]));
      const fields: Case[] = validCalls(known).flatMap((v) => {
        const route = byPath.get(v.route);
        if (!route) throw new Error(`no route ${v.route}`);
        return fieldCases(v).map((f) => ({
          route,
          method: f.method,
          path: f.path,
          input: f.input,
          body: f.body,
          type: f.type,
        }));
      });
      const all = [...routes.flatMap(cases), ...fields];
      expect(all.length).toBeLessThan(6000);
      const failures: Failure[] = [];
      // Eight routes at a time, each route's cases in order: the outcome does not depend on timing
      // (two writes of one key at once are a concurrency test, not this one).
      const chunks = [...Map.groupBy(all, (c) => `${c.method} ${c.route.path}`).values()];
      let next = 0;
      const started = Date.now();
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < chunks.length) {
            for (const c of chunks[next++]!) {
              const f = await send(c);
              if (f) failures.push(f);
            }
          }
        }),
      );
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `fuzz: ${all.length} requests over ${routes.length} routes in ${seconds.toFixed(1)} s, ${failures.length} failures; slowest: ${[
          ...spent,
        ]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([p, ms]) => `${p} ${(ms / 1000).toFixed(1)} s`)
          .join(', ')}`,
      );
      // The log is written in order: once a last request's access line is out, the error lines
      // of every earlier request are too (a failure without a response may have none).
      const marker = `fuzz-done-${process.pid}`;
      await fetch(`${server.url}/auth/login`, { headers: { 'x-request-id': marker } });
      await expect
        .poll(() => server.output().includes(`req="${marker}"`), { interval: 20 })
        .toBe(true);
      // One entry per route and outcome: its inputs, and the server's log line of the first of them.
      const groups = new Map<string, Failure[]>();
      for (const f of failures) {
        const cause = /err="([^<]{0,90})/
          .exec(logOf(f.req) ?? '')?.[1]
          ?.trim()
          .replace(/\d{6,}/g, 'N');
        const key = cause ? `${f.group} [${cause}]` : f.group;
        groups.set(key, [...(groups.get(key) ?? []), f]);
      }
      const report = [...groups].map(
        ([group, fs]) =>
          `${group}\n    inputs (${fs.length}): ${fs
            .map((f) => f.input)
            .join('; ')
            .slice(0, 300)}\n    body: ${fs[0]!.sample}\n    log: ${logOf(fs[0]!.req) ?? '-'}`,
      );
      const health = await fetch(`${server.url}/healthz`).catch(() => null);
      expect(health?.status, 'server died during the fuzz run').toBe(200);
      expect(report.length, `${report.length} kinds of failure:\n${report.join('\n')}`).toBe(0);
    },
  );

  it('simultaneous PUTs of one new key (a dispatching object, a catalogue item) all succeed, never 500', async () => {
    const put = async (path: string, body: unknown) => {
      const req = `race-${String(++seq).padStart(6, '0')}`;
      const res = await fetch(server.url + path, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${ALL_KEY}`,
          'content-type': 'application/json',
          'accept-language': 'en',
          'x-request-id': req,
        },
        body: JSON.stringify(body),
      });
      await res.text();
      return res.status === 200
        ? '200'
        : `${res.status} ${/err="([^<]{0,120})/.exec(logOf(req) ?? '')?.[1] ?? ''}`;
    };
    // One variable: a re-PUT of an object with several variables fails on its own (issue 20).
    const object = {
      title: 'Race',
      driver: { type: 'simulator', poll_ms: 1000 },
      tags: [
        {
          key: 'p',
          title: 'Pressure',
          type: 'float',
          unit: 'bar',
          actions: 'Read',
          address: { signal: 'pressure', base: 5 },
        },
      ],
      grants: [{ email: EMAIL, control: false }],
    };
    const scada = await Promise.all(
      Array.from({ length: 8 }, () => put('/api/integration/scada/objects/race-1', object)),
    );
    const items = await Promise.all(
      Array.from({ length: 8 }, () =>
        put('/api/integration/catalogue/items', [
          { sku: 'RACE-1', kind: 'other', title: 'Race', price_kop: 1 },
        ]),
      ),
    );
    const failed = [
      ...scada.map((r) => `scada object: ${r}`),
      ...items.map((r) => `catalogue item: ${r}`),
    ].filter((r) => !r.endsWith(': 200'));
    expect(failed).toEqual([]);
  });
});
