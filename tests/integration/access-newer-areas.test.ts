// Access control of the newer areas through the real server: what one user owns (a saved calculation,
// the order made from it, a product on that order with its files, a scan, a BTP project, a
// dispatching object with its trend, report and commands) answers 404 to another user on every read
// and write path, API and page; without the dispatching module every path of it answers what the site
// guard answers, the live stream and the embeddable pages included; a grant withdrawn by the back
// office takes the access away; a stored file is attachable only from its own area and owner; and
// every integration call answers 401 without a key and 403 to a key without its scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { pdf } from '../helpers/sample-files.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { connect } from '../helpers/ws.ts';
import { stream } from './scada-helpers.ts';
import {
  integration,
  keysEnv,
  keyWithout,
  MAPPING,
  orderAndProduct,
  query,
  recognisedScan,
  savedCalculation,
  setFlag,
} from './newer-areas-setup.ts';
import { discover } from './newer-areas-routes.ts';

type Session = { token: string; userId: number; cookie: string };
let server: TestServer;
let api: ApiClient;
let call: ReturnType<typeof integration>;
let olga: Session;
let dmitry: Session;
let sergey: Session;
let marina: Session;
const own: Record<string, string | number> = {};

const upload = (data: unknown, name = 'doc.pdf') => {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  form.append('file', new Blob([pdf(name)]), name);
  return form;
};

beforeAll(async () => {
  server = await startServer(keysEnv);
  api = apiClient(server);
  call = integration(server);
  [olga, dmitry, sergey, marina] = (await Promise.all(
    ['olga.demidova', 'dmitry.volkov', 'sergey.ivanov', 'marina.kotova'].map((u) =>
      sessionFor(server, `${u}@demo.example`),
    ),
  )) as [Session, Session, Session, Session];
  // BTP projects are the employees' own: the second employee is the stranger there.
  await setFlag(server, 'sergey.ivanov@demo.example', 'is_employee', 1);
  await setFlag(server, 'marina.kotova@demo.example', 'is_employee', 1);
  const calc = await savedCalculation(api, olga.token);
  const { orderId, productId } = await orderAndProduct(server, api, olga.token, calc.id, 'AC-1');
  const doc = await call(`/api/integration/productions/${productId}/documents`, {
    form: upload({ kind: 'passport', name: 'Passport' }),
  });
  const ship = await call(`/api/integration/productions/${productId}/shipments`, {
    form: upload({ numb: 'W-1', date: '2026-11-20' }, 'waybill.pdf'),
  });
  const orderDoc = await call(`/api/integration/orders/${orderId}/documents`, {
    form: upload({ kind: 'invoice', title: 'Invoice', number: '1' }, 'invoice.pdf'),
  });
  const uniqid = await recognisedScan(server, api, olga.token, olga.userId);
  const scan = await query<{ pdf_file: string | null; original_file: string | null }>(
    server,
    (db) =>
      db
        .selectFrom('scans')
        .select(['pdf_file', 'original_file'])
        .where('uniqid', '=', uniqid)
        .executeTakeFirstOrThrow(),
  );
  const mine = await savedCalculation(api, dmitry.token);
  const theirs = await orderAndProduct(server, api, dmitry.token, mine.id, 'AC-2');
  const btp = await api('/api/v1/calculations/btp/projects', {
    token: sergey.token,
    json: { title: 'Access project' },
  });
  // Calculated, so its scheme, specification, explanation and offer exist for the owner.
  const calculated = await api(`/api/v1/calculations/btp/projects/${btp.data.id}`, {
    token: sergey.token,
    json: { title: 'Access project', dhw_scheme: 'single', dhw_q: '150' },
  });
  if (calculated.status !== 200)
    throw new Error(`btp: ${calculated.status} ${JSON.stringify(calculated.data).slice(0, 300)}`);
  const scada = (await api('/api/v1/scada', { token: dmitry.token })).data.data[0].id;
  const tag = (await api(`/api/v1/scada/tags/${scada}`, { token: dmitry.token })).data.tags[0].id;
  Object.assign(own, {
    calc: calc.id,
    cid: calc.cid,
    order: orderId,
    product: productId,
    productDoc: doc.data.file_id,
    shipFile: ship.data.attach?.[0]?.file_id,
    orderDoc: orderDoc.data.file_id,
    uniqid,
    scanFile: scan.pdf_file ?? scan.original_file,
    dmitryProduct: theirs.productId,
    btp: btp.data.id,
    scada,
    tag,
  });
  for (const [k, v] of Object.entries(own))
    if (v === undefined || v === null)
      throw new Error(`setup: no ${k} (${JSON.stringify({ doc, ship, orderDoc })})`);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

type Probe = [label: string, method: string, path: string, body?: Record<string, string> | 'json'];

let seq = 0;
/** The server's error line of a request, when it logged one (the cause of a 5xx). */
const logOf = (req: string) =>
  server
    .output()
    .split('\n')
    .find((l) => l.includes(`req="${req}"`) && l.includes('ERROR'))
    ?.replace(/\\n\s+at /g, ' < ')
    .slice(0, 300);

/** One request as a user: bearer for /api (and ?token= for the scanner's calls), cookie for pages. */
async function as(user: Session, [, method, path, body]: Probe) {
  const req = `access-${String(++seq).padStart(6, '0')}`;
  const isApi = path.startsWith('/api/');
  const url = new URL(path, server.url);
  if (path.startsWith('/api/app/')) url.searchParams.set('token', user.token);
  const headers: Record<string, string> = {
    accept: isApi ? 'application/json' : 'text/html',
    'accept-language': 'en',
    origin: server.url,
    'x-request-id': req,
  };
  if (isApi && !path.startsWith('/api/app/')) headers.authorization = `Bearer ${user.token}`;
  if (!isApi) headers.cookie = user.cookie;
  let payload: string | undefined;
  if (body === 'json') {
    headers['content-type'] = 'application/json';
    payload = '{}';
  } else if (body) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(body).toString();
  }
  const res = await fetch(url, { method, headers, body: payload, redirect: 'manual' });
  return { status: res.status, text: await res.text(), req };
}

/** The probes that do not answer `expected` to the user, described. */
async function mismatches(
  user: Session,
  probes: Probe[],
  expected: number | ((p: Probe) => number),
): Promise<string[]> {
  const wrong: string[] = [];
  for (const p of probes) {
    const want = typeof expected === 'number' ? expected : expected(p);
    const r = await as(user, p);
    if (r.status !== want)
      wrong.push(
        `${p[0]}: ${p[1]} ${p[2]} -> ${r.status} (want ${want})${r.status >= 500 ? `\n    log: ${logOf(r.req) ?? '-'}` : ''}`,
      );
    else if (want === 404 && p[2].startsWith('/api/') && !/"message":"[^"]+"/.test(r.text))
      wrong.push(`${p[0]}: 404 without a message: ${r.text.slice(0, 100)}`);
  }
  return wrong;
}

/** Every probe answers `expected` to the user; the mismatches are listed together. */
async function expectAll(
  user: Session,
  probes: Probe[],
  expected: number | ((p: Probe) => number),
) {
  const wrong = await mismatches(user, probes, expected);
  expect(wrong, wrong.join('\n')).toEqual([]);
}

const calculationProbes = (): Probe[] => [
  ['calculation', 'GET', `/api/v1/calculations/${own.calc}`],
  ['order the calculation', 'POST', `/api/v1/calculations/${own.calc}/order`, 'json'],
  ['calculation page', 'GET', `/e-commerce/design/calculations/${own.calc}/calculation`],
  [
    'place from the page',
    'POST',
    `/e-commerce/design/calculations/${own.calc}/calculation?action=place`,
    { action: 'place' },
  ],
  ['offer', 'GET', `/e-commerce/design/calculations/${own.calc}/offer`],
  ['datasheet', 'GET', `/e-commerce/design/calculations/${own.calc}/datasheet/${own.cid}`],
  ['result xlsx', 'GET', `/e-commerce/design/calculations/${own.calc}/result.xlsx`],
  ['order from the calculation', 'GET', `/api/v1/orders/${own.order}`],
  ['order page', 'GET', `/e-commerce/orders/${own.order}/order`],
  ['order message', 'POST', `/api/v1/orders/${own.order}/messages`, { text: 'hi' }],
  ['order document file', 'GET', `/files/${own.orderDoc}`],
];
const productProbes = (): Probe[] => [
  ['product', 'GET', `/api/v1/productions/${own.product}`],
  ['shipments', 'GET', `/api/v1/productions/realization/${own.product}`],
  ['product page', 'GET', `/productions/${own.product}`],
  ['label', 'GET', `/productions/${own.product}/label`],
  ['product document', 'GET', `/productions/${own.product}/files/${own.productDoc}`],
  ['shipment file', 'GET', `/productions/${own.product}/files/${own.shipFile}`],
  ['product document (files)', 'GET', `/files/${own.productDoc}`],
  ['shipment file (files)', 'GET', `/files/${own.shipFile}`],
];
const scanProbes = (): Probe[] => [
  ['scan status', 'GET', `/api/app/scan.status?uniqid=${own.uniqid}`],
  ['scan pdf', 'POST', '/api/app/scan.pdf', { uniqid: String(own.uniqid) }],
  ['scan thumb', 'GET', `/api/app/scan.thumb?uniqid=${own.uniqid}&page=1`],
  ['scan crop', 'GET', `/api/app/scan.crop?uniqid=${own.uniqid}&page=1&top=100&bottom=120`],
  ['scan do', 'POST', '/api/app/scan.do', { uniqid: String(own.uniqid), ...MAPPING, pages: '1' }],
  ['scan candidates', 'GET', `/api/app/scan.candidates?uniqid=${own.uniqid}&index=0`],
  [
    'scan catalog',
    'POST',
    '/api/app/scan.catalog',
    { uniqid: String(own.uniqid), cid: String(own.cid) },
  ],
  [
    'scan save',
    'POST',
    '/api/app/scan.save',
    { uniqid: String(own.uniqid), 'products[]': '{}', module: 'orders', pid: '0' },
  ],
  ['scan file', 'GET', `/files/${own.scanFile}`],
];
const btpProbes = (): Probe[] => [
  ['project', 'GET', `/api/v1/calculations/btp/projects/${own.btp}`],
  ['save project', 'PUT', `/api/v1/calculations/btp/projects/${own.btp}`, { title: 'x' }],
  ['calculate project', 'POST', `/api/v1/calculations/btp/projects/${own.btp}`, { title: 'x' }],
  ['order project', 'POST', `/api/v1/calculations/btp/projects/${own.btp}/order`, 'json'],
  ...['project', 'scheme', 'specification', 'explanation', 'offer', 'specification.xlsx'].map(
    (p): Probe => [`page ${p}`, 'GET', `/e-commerce/design/new-calculation/btp/${own.btp}/${p}`],
  ),
];
const scadaProbes = (): Probe[] => [
  ['object', 'GET', `/api/v1/scada/${own.scada}`],
  ['variables', 'GET', `/api/v1/scada/tags/${own.scada}`],
  ['trend', 'GET', `/api/v1/scada/${own.scada}/history`],
  ['audit', 'GET', `/api/v1/scada/${own.scada}/audit`],
  ['command', 'POST', '/api/v1/scada/action', { tag_id: String(own.tag), value: '1' }],
  ['object page', 'GET', `/tools/scada/${own.scada}`],
  [
    'report',
    'GET',
    `/tools/scada/${own.scada}/report.xlsx?kind=day&period=${new Date().toISOString().slice(0, 10)}`,
  ],
  ['embedded chart', 'GET', `/scada/chart/${own.scada}`],
  ['embedded scheme', 'GET', `/scada/project/${own.scada}`],
];

describe('another user gets 404 on every path', () => {
  it('the owner reads each of them (so the 404s below are about ownership)', async () => {
    const reads = (ps: Probe[]) =>
      ps.filter((p) => p[1] === 'GET' && !p[0].includes('thumb') && !p[0].includes('candidates'));
    await expectAll(
      olga,
      [
        ...reads(calculationProbes()),
        ...reads(productProbes()),
        ['scan status', 'GET', `/api/app/scan.status?uniqid=${own.uniqid}`],
      ],
      200,
    );
    await expectAll(sergey, reads(btpProbes()), 200);
    await expectAll(dmitry, reads(scadaProbes()), 200);
  });

  it("a saved calculation, its offer, datasheet and xlsx, the order made from it and the order's file", async () => {
    await expectAll(dmitry, calculationProbes(), 404);
  });

  it('a product, its shipments, label and stored files', async () => {
    await expectAll(dmitry, productProbes(), 404);
  });

  it("a scan and its stored file, on each of the scanner's calls", async () => {
    await expectAll(dmitry, scanProbes(), 404);
  });

  it("a BTP project: another employee 404, a customer the guard's 403 (API) and 404 (pages)", async () => {
    await expectAll(marina, btpProbes(), 404);
    await expectAll(olga, btpProbes(), (p) => (p[2].startsWith('/api/') ? 403 : 404));
  });

  it('a dispatching object: another customer with the module but no grant, on API, pages, embeds and the stream', async () => {
    await setFlag(server, 'olga.demidova@demo.example', 'module_scada', 1);
    await expectAll(olga, scadaProbes(), 404);
    const s = stream(server, olga.token, Number(own.scada));
    expect(await s.refused).toBe(404);
    const ws = connect(server, olga.cookie);
    expect(await ws.subscribe(`scada:${own.scada}`)).toBe('denied');
    ws.ws.close();
  });
});

describe('the dispatching module and grants', () => {
  const putObject = (grants: Array<{ email: string; control: boolean }>, key = 'access-grant') =>
    call(`/api/integration/scada/objects/${key}`, {
      method: 'PUT',
      json: {
        title: 'Access object',
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
          {
            key: 'sp',
            title: 'Setpoint',
            type: 'float',
            unit: 'bar',
            actions: 'ReadWrite',
            field_type: 'Input',
            min: 1,
            max: 10,
            step: 0.1,
            address: { signal: 'setpoint', base: 5 },
          },
        ],
        grants,
      },
    });

  it('without the module a granted user gets what the site guard gives on every path, the stream and embeds included', async () => {
    const made = await putObject([
      { email: 'dmitry.volkov@demo.example', control: true },
      { email: 'olga.demidova@demo.example', control: true },
    ]);
    expect(made.status).toBe(200);
    const id = made.data.data.id;
    await setFlag(server, 'olga.demidova@demo.example', 'module_scada', 1);
    expect((await api(`/api/v1/scada/${id}`, { token: olga.token })).status).toBe(200);
    await setFlag(server, 'olga.demidova@demo.example', 'module_scada', 0);
    const guardPage = (await as(olga, ['', 'GET', '/tools/scada'])).status;
    const guardApi = (await as(olga, ['', 'GET', '/api/v1/scada'])).status;
    expect(guardPage).toBe(404);
    expect(guardApi).toBe(404);
    const probes = scadaProbes().map(([l, m, p, b]): Probe => [
      l,
      m,
      p.replace(String(own.scada), String(id)),
      b,
    ]);
    const tag = made.data.data.tags[1].id;
    probes.push([
      'command on the granted variable',
      'POST',
      '/api/v1/scada/action',
      { tag_id: String(tag), value: '2' },
    ]);
    const wrong = await mismatches(
      olga,
      probes.filter((p) => p[0] !== 'command'),
      (p) => (p[2].startsWith('/api/') ? guardApi : guardPage),
    );
    const embed = await fetch(`${server.url}/scada/chart/${id}?token=${olga.token}`, {
      redirect: 'manual',
    });
    if (embed.status !== guardPage)
      wrong.push(`embedded chart with ?token=: ${embed.status} (want ${guardPage})`);
    const s = stream(server, olga.token, id);
    const refused = await Promise.race([
      s.refused,
      new Promise<string>((r) => s.ws.on('open', () => r('opened'))),
    ]);
    s.ws.close();
    if (refused !== guardApi) wrong.push(`live stream: ${refused} (want ${guardApi})`);
    const ws = connect(server, olga.cookie);
    const topic = await ws.subscribe(`scada:${id}`);
    ws.ws.close();
    if (topic !== 'denied') wrong.push(`generic socket topic scada:${id}: ${topic}`);
    expect(wrong, wrong.join('\n')).toEqual([]);
  });

  it('a re-PUT that withdraws a grant takes the access away (API and stream)', async () => {
    await setFlag(server, 'olga.demidova@demo.example', 'module_scada', 1);
    const first = await putObject(
      [
        { email: 'dmitry.volkov@demo.example', control: true },
        { email: 'olga.demidova@demo.example', control: true },
      ],
      'access-revoke',
    );
    expect(first.status).toBe(200);
    const id = first.data.data.id;
    expect((await api(`/api/v1/scada/${id}`, { token: olga.token })).status).toBe(200);
    const again = await putObject(
      [{ email: 'dmitry.volkov@demo.example', control: true }],
      'access-revoke',
    );
    expect(again.status, JSON.stringify(again.data)).toBe(200);
    expect((await api(`/api/v1/scada/${id}`, { token: olga.token })).status).toBe(404);
    const s = stream(server, olga.token, id);
    expect(await s.refused).toBe(404);
  });
});

describe('stored files across owners', () => {
  it("the back office cannot attach another customer's file to a product, and its owner cannot download it", async () => {
    const wrong: string[] = [];
    for (const [kind, file] of [
      ['order document', own.orderDoc],
      ['product document', own.productDoc],
      ['scan', own.scanFile],
    ] as const) {
      const doc = await call(`/api/integration/productions/${own.dmitryProduct}/documents`, {
        json: { kind: 'passport', name: 'Copied', file_id: file },
      });
      const ship = await call(`/api/integration/productions/${own.dmitryProduct}/shipments`, {
        json: { numb: `X-${kind}`, date: '2026-11-21', attach: [{ file_id: file }] },
      });
      for (const [how, r] of [
        ['documents', doc],
        ['shipments', ship],
      ] as const)
        if (r.status < 400) wrong.push(`${kind} attached through ${how}: ${r.status}`);
      const got = await as(dmitry, ['', 'GET', `/productions/${own.dmitryProduct}/files/${file}`]);
      if (got.status !== 404)
        wrong.push(`${kind}: the other customer downloads it (${got.status})`);
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
  });
});

describe('integration calls of these areas', () => {
  const scopeOf = (path: string) => {
    const area = path.split('/')[3]!;
    return (
      (
        {
          calculations: 'orders',
          productions: 'production',
          catalogue: 'catalogue',
          scada: 'scada',
          reference: 'reference',
        } as Record<string, string>
      )[area] ?? area
    );
  };
  it('answer 401 without a key and 403 to a key without their scope', async () => {
    const wrong: string[] = [];
    const routes = discover().routes.filter((r) => r.kind === 'integration');
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) {
      const path = r.path
        .replace(
          '[id]',
          String(
            r.path.includes('productions')
              ? own.product
              : r.path.includes('orders')
                ? own.order
                : own.calc,
          ),
        )
        .replace('[file]', String(own.orderDoc))
        .replace('[sku]', 'DEMO-X')
        .replace('[kind]', 'regions')
        .replace('[code]', 'x')
        .replace('[key]', 'access-grant');
      for (const method of r.methods) {
        const json = method === 'GET' || method === 'DELETE' ? undefined : {};
        const none = await call(path, { method, key: null, json });
        if (none.status !== 401) wrong.push(`${method} ${r.path} without a key: ${none.status}`);
        const scope = scopeOf(r.path);
        const other = await call(path, { method, key: keyWithout(scope), json });
        if (
          other.status !== 403 ||
          other.data?.message !== `This API key has no access to ${scope}`
        )
          wrong.push(
            `${method} ${r.path} without scope ${scope}: ${other.status} ${JSON.stringify(other.data)}`,
          );
      }
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
  });
});
