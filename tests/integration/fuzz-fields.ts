// Field by field: a valid call of each write path (and of the scanner's calls) with exactly one field
// replaced by a hostile value, so the value gets past the other checks to the code that stores or
// looks it up (ids past the integer range, NUL in stored text, deep nesting where JSON is kept).
import type { Method } from './newer-areas-routes.ts';

export interface Known {
  calc: string;
  cid: string;
  sku: string;
  order: string;
  product: string;
  btp: string;
  scada: string;
  tag: string;
  uniqid: string;
}

export interface Valid {
  method: Method;
  /** the route pattern, as newer-areas-routes.ts names it */
  route: string;
  /** the concrete path */
  path: string;
  as: 'json' | 'form' | 'query';
  body: unknown;
}

const DUTY = { q: '60', q_unit: 'm3/h', h: '13', h_unit: 'm', h_static: '5', speed_control: '1' };

export function validCalls(k: Known): Valid[] {
  const v = (
    method: Method,
    route: string,
    body: unknown,
    as: Valid['as'] = 'json',
    path = route,
  ): Valid => ({ method, route, path, as, body });
  const tag = (key: string, register: number) => ({
    key,
    title: `Tag ${key}`,
    type: 'float',
    unit: 'bar',
    actions: 'Read',
    address: { table: 'holding', register, datatype: 'int16', scale: 0.01 },
  });
  const scan = { uniqid: k.uniqid };
  return [
    v('POST', '/api/v1/calculations', {
      kind: 'pump',
      inputs: DUTY,
      chosen: [Number(k.cid)],
      oid: null,
      object: null,
    }),
    v('POST', '/api/v1/calculations/pump/select', { ...DUTY, limit: 5, oid: '' }),
    v('POST', '/api/v1/calculations/btp/projects', { title: 'Fuzz', oid: '', object: '' }),
    v(
      'PUT',
      '/api/v1/calculations/btp/projects/[id]',
      { title: 'Fuzz', oid: '', object: '' },
      'json',
      `/api/v1/calculations/btp/projects/${k.btp}`,
    ),
    v('POST', '/api/v1/scada/action', { tag_id: Number(k.tag), value: '1' }),
    v(
      'PUT',
      '/api/integration/scada/objects/[key]',
      {
        title: 'Fuzz object',
        oid: '1832014568',
        address: 'Fuzz street 1',
        driver: {
          type: 'modbus-tcp',
          host: '127.0.0.1',
          port: 1,
          unit_id: 1,
          poll_ms: 60000,
          timeout_ms: 100,
        },
        tags: [tag('a', 0), tag('b', 1)],
        grants: [{ email: 'dmitry.volkov@demo.example', control: true }],
      },
      'json',
      '/api/integration/scada/objects/fuzz-fields',
    ),
    v('PUT', '/api/integration/catalogue/items', [
      {
        sku: 'FZ-ITEM-1',
        kind: 'other',
        title: 'Fuzz item',
        price_kop: 100,
        specs: { a: 1 },
        documents: [{ title: 'd', url: 'https://example.com/d.pdf' }],
      },
    ]),
    v(
      'PUT',
      '/api/integration/reference/[kind]/[code]',
      {
        city: 'izhevsk',
        name: 'Fuzz org',
        requirements: { meter_types: ['ultrasonic'], max_error_pct: 1 },
      },
      'json',
      '/api/integration/reference/organisations/fuzz-org',
    ),
    v('POST', '/api/integration/productions', {
      order_id: Number(k.order),
      products: [{ serial: 'FZF-1', title: 'Fuzz', status: 0 }],
    }),
    v(
      'POST',
      '/api/integration/productions/[id]/history',
      { title: 'Step', description: 'd', status: 1, date: '2026-01-01T00:00:00Z' },
      'json',
      `/api/integration/productions/${k.product}/history`,
    ),
    v(
      'POST',
      '/api/integration/productions/[id]/status',
      { status: 1 },
      'json',
      `/api/integration/productions/${k.product}/status`,
    ),
    v(
      'POST',
      '/api/integration/productions/[id]/grants',
      { emails: ['olga.demidova@demo.example'], revoke: true },
      'json',
      `/api/integration/productions/${k.product}/grants`,
    ),
    v(
      'POST',
      '/api/integration/productions/[id]/documents',
      { kind: 'passport', name: 'P', file_id: 'aaaaaaaaaaaaaaaaaaaaa' },
      'json',
      `/api/integration/productions/${k.product}/documents`,
    ),
    v(
      'POST',
      '/api/integration/orders/[id]/status',
      { status: 'in_work', comment: 'c', number: 'N-1' },
      'json',
      `/api/integration/orders/${k.order}/status`,
    ),
    v(
      'POST',
      '/api/integration/orders/[id]/messages',
      { text: 'hello', manager: 'M' },
      'json',
      `/api/integration/orders/${k.order}/messages`,
    ),
    v(
      'PUT',
      '/api/integration/orders/[id]/items',
      {
        items: [
          {
            catalogue_id: Number(k.cid),
            title: 'Item',
            sku: k.sku,
            unit: 'pcs',
            quantity: 1,
            price: 100,
          },
        ],
      },
      'json',
      `/api/integration/orders/${k.order}/items`,
    ),
    v(
      'POST',
      '/api/integration/calculations/[id]/approve',
      { comment: 'ok' },
      'json',
      `/api/integration/calculations/${k.calc}/approve`,
    ),
    v(
      'POST',
      '/api/integration/calculations/[id]/documents',
      { title: 'Doc', url: 'https://example.com/a.pdf' },
      'json',
      `/api/integration/calculations/${k.calc}/documents`,
    ),
    v('GET', '/api/app/scan.status', scan, 'query'),
    v('GET', '/api/app/scan.thumb', { ...scan, page: '1' }, 'query'),
    v('GET', '/api/app/scan.crop', { ...scan, page: '1', top: '100', bottom: '120' }, 'query'),
    v('GET', '/api/app/scan.candidates', { ...scan, index: '0', q: 'pump' }, 'query'),
    v('POST', '/api/app/scan.pdf', scan, 'form'),
    v(
      'POST',
      '/api/app/scan.do',
      {
        ...scan,
        pos: '1',
        title: '2',
        marka: '3',
        sku: '4',
        man: '5',
        unit: '6',
        count: '7',
        pages: '1',
      },
      'form',
    ),
    v('POST', '/api/app/scan.catalog', { ...scan, cid: k.cid, index: '0' }, 'form'),
    v(
      'POST',
      '/api/app/scan.save',
      {
        ...scan,
        'products[]': JSON.stringify({ pos: '1', title: 'x', count: 1, cid: Number(k.cid) }),
        module: 'orders',
        pid: '0',
        newCid: '{}',
      },
      'form',
    ),
  ];
}

const LONG = 'x'.repeat(10_000);
const DEEP = '__DEEP__';
const DEEP_ARRAY = '['.repeat(20_000) + '1' + ']'.repeat(20_000);

/** JSON values put into one leaf at a time. */
const LEAF: Array<[string, unknown]> = [
  ['999999999999', 999999999999],
  ['1e308', 1e308],
  ['NUL string', 'x\u0000\u0001\u001fy'],
  ['array', [1, 2]],
  ['object', { a: 1 }],
  ['null', null],
];
const TOP: Array<[string, unknown]> = [
  ['10k string', LONG],
  ['20,000 nested arrays', DEEP],
];
/** Form and query values (strings); `%u0000` goes raw into the encoded text. */
const TEXT: Array<[string, string | null]> = [
  ['999999999999', '999999999999'],
  ['1e308', '1e308'],
  ['NUL and controls', 'x\u0000\u0001y'],
  ['10k chars', LONG],
  ['raw %u0000', null],
  ['20,000 nested arrays', DEEP_ARRAY.slice(0, 8000) + DEEP_ARRAY.slice(-8000)],
];

function leaves(value: unknown, path: string[] = [], depth = 0): string[][] {
  if (depth > 3 || value === null || typeof value !== 'object') return path.length ? [path] : [];
  const entries = Array.isArray(value)
    ? value.slice(0, 1).map((x, i) => [String(i), x] as const)
    : Object.entries(value);
  return [
    ...(path.length ? [path] : []),
    ...entries.flatMap(([k, x]) => leaves(x, [...path, k], depth + 1)),
  ];
}

function replaced(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let at: Record<string, unknown> = copy;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string, unknown>;
  at[path.at(-1)!] = value;
  return copy;
}

export interface FieldCase {
  method: Method;
  route: string;
  path: string;
  input: string;
  body?: string;
  type?: string;
}

export function fieldCases(valid: Valid): FieldCase[] {
  const out: FieldCase[] = [];
  const base = { method: valid.method, route: valid.route };
  if (valid.as === 'json') {
    for (const path of leaves(valid.body)) {
      const values = [...LEAF, ...TOP];
      for (const [name, value] of values) {
        const text = JSON.stringify(replaced(valid.body, path, value)).replace(
          `"${DEEP}"`,
          DEEP_ARRAY,
        );
        out.push({
          ...base,
          path: valid.path,
          input: `valid body, ${path.join('.')} = ${name}`,
          body: text,
          type: 'application/json',
        });
      }
    }
    return out;
  }
  const fields = valid.body as Record<string, string>;
  for (const key of Object.keys(fields)) {
    // Deep nesting as text is a form's problem only: in a query it passes Node's header limit (431).
    for (const [name, value] of TEXT.filter(
      ([n]) => valid.as === 'form' || !n.includes('nested'),
    )) {
      const pairs = Object.entries(fields).map(
        ([k, v]) =>
          `${encodeURIComponent(k)}=${k !== key ? encodeURIComponent(v) : value === null ? '%u0000' : encodeURIComponent(value)}`,
      );
      const text = pairs.join('&');
      const input = `valid ${valid.as}, ${key} = ${name}`;
      if (valid.as === 'query') out.push({ ...base, path: `${valid.path}?${text}`, input });
      else
        out.push({
          ...base,
          path: valid.path,
          input,
          body: text,
          type: 'application/x-www-form-urlencoded',
        });
    }
    const repeated = Object.entries(fields)
      .map(
        ([k, v]) =>
          `${encodeURIComponent(k)}=${encodeURIComponent(v)}${k === key ? `&${encodeURIComponent(k)}=2` : ''}`,
      )
      .join('&');
    if (valid.as === 'query')
      out.push({ ...base, path: `${valid.path}?${repeated}`, input: `valid query, ${key} twice` });
    else
      out.push({
        ...base,
        path: valid.path,
        input: `valid form, ${key} twice`,
        body: repeated,
        type: 'application/x-www-form-urlencoded',
      });
  }
  return out;
}
