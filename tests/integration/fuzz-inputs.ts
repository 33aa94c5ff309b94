// Hostile inputs for the fuzz suite of the newer areas: path ids, query values and bodies (JSON,
// urlencoded and multipart). Every case is a plain description of what is sent, so a failure prints
// exactly the input that broke the route. Deterministic: no randomness at all.
import type { Method, Route } from './newer-areas-routes.ts';

/** Path ids: zero, negative, past int32, past any serial, exponent, words, NUL, the %u escape. */
export const IDS = ['0', '-1', '2147483648', '999999999999', '1e3', 'abc', '%00', '%u0000'];

const CONTROLS = '\u0000a\u0001\u0007\u001b\u001f\u007f\u0085\u2028';
const LONG = 'x'.repeat(10_000);
/** Query values, already encoded for the query string. */
export const QUERY: Array<[string, (name: string) => string]> = [
  ['1e308', (n) => `${n}=1e308`],
  ['-1e308', (n) => `${n}=-1e308`],
  ['NaN', (n) => `${n}=NaN`],
  ['Infinity', (n) => `${n}=Infinity`],
  ['999999999999', (n) => `${n}=999999999999`],
  ['2147483648', (n) => `${n}=2147483648`],
  ['-1', (n) => `${n}=-1`],
  ['10k chars', (n) => `${n}=${LONG}`],
  ['NUL and controls', (n) => `${n}=${encodeURIComponent(CONTROLS)}`],
  ['raw %u0000', (n) => `${n}=%u0000`],
  ['array (repeated)', (n) => `${n}=1&${n}=2`],
  ['array (brackets)', (n) => `${n}[]=1&${n}[0]=2`],
];

/** Names added to what the code was seen to read: the usual ids, pages and filters of these areas. */
export const GENERIC_QUERY = [
  'id',
  'oid',
  'object',
  'after',
  'after_id',
  'limit',
  'page',
  'uniqid',
  'index',
  'cid',
  'from',
  'to',
  'search',
  'filter',
];
export const GENERIC_KEYS = [
  'id',
  'oid',
  'object',
  'uniqid',
  'tag_id',
  'value',
  'title',
  'kind',
  'inputs',
  'chosen',
  'order_id',
  'products',
  'status',
  'data',
  'items',
  'pages',
];

const deep = (n: number, open: string, close: string, leaf = '1') =>
  open.repeat(n) + leaf + close.repeat(n);
const DEEP_ARRAY = deep(20_000, '[', ']');
const DEEP_OBJECT = deep(20_000, '{"a":', '}');

export interface Body {
  input: string;
  body: string | FormData;
  type?: string;
}

const typed: Array<[string, unknown]> = [
  ['1e308', 1e308],
  ['999999999999', 999999999999],
  ['NUL string', `x${CONTROLS}y`],
  ['10k string', LONG],
  ['array', [1, 2]],
  ['object', { a: 1 }],
  ['null', null],
];

const fill = (keys: string[], value: unknown) => Object.fromEntries(keys.map((k) => [k, value]));

export function bodies(route: Route): Body[] {
  const keys = [...new Set([...route.keys, ...GENERIC_KEYS])].slice(0, 24);
  const json = (input: string, body: string): Body => ({
    input: `JSON ${input}`,
    body,
    type: 'application/json',
  });
  const out: Body[] = [
    json('malformed {"a":', '{"a":'),
    json('malformed [', '['),
    json('NUL byte only', '\u0000'),
    json('null', 'null'),
    json('string', '"str"'),
    json('number 1e999', '1e999'),
    json('empty array', '[]'),
    json('20,000 nested arrays', DEEP_ARRAY),
    json('20,000 nested objects', DEEP_OBJECT),
    json('data: 20,000 nested arrays', `{"data":${DEEP_ARRAY}}`),
    json(
      'specs, inputs, items: 20,000 nested arrays',
      `{"specs":${DEEP_ARRAY},"inputs":${DEEP_ARRAY},"items":[{"specs":${DEEP_ARRAY}}]}`,
    ),
    json(
      '[{specs: 20,000 nested objects}]',
      `[{"sku":"FZ-DEEP","title":"deep","specs":${DEEP_OBJECT}}]`,
    ),
    json('number past 2^53 as literal', `{"id":123456789012345678901234567890,"oid":1e400}`),
  ];
  for (const [name, value] of typed)
    out.push(json(`every key ${name}`, JSON.stringify(fill(keys, value))));
  // The integration calls that take a list or a `data` wrapper get the same values one level down.
  out.push(json('[every key NUL string]', JSON.stringify([fill(keys, `x${CONTROLS}`)])));
  out.push(
    json(
      'data: every key 999999999999',
      JSON.stringify({
        data: fill(keys, 999999999999),
        products: [fill(keys, 999999999999)],
        items: [fill(keys, 1e308)],
      }),
    ),
  );
  out.push(
    json(
      'data: every key NUL string',
      JSON.stringify({
        data: fill(keys, `x${CONTROLS}`),
        products: [fill(keys, `x${CONTROLS}`)],
        items: [fill(keys, `x${CONTROLS}`)],
      }),
    ),
  );
  const form = (input: string, pairs: string): Body => ({
    input: `form ${input}`,
    body: pairs,
    type: 'application/x-www-form-urlencoded',
  });
  for (const [name, value] of [
    ['NUL and controls', CONTROLS],
    ['10k chars', LONG],
    ['1e308', '1e308'],
    ['999999999999', '999999999999'],
    ['raw %u0000', null],
  ] as const)
    out.push(
      form(
        name,
        keys
          .map((k) => (value === null ? `${k}=%u0000` : `${k}=${encodeURIComponent(value)}`))
          .join('&'),
      ),
    );
  out.push(form('arrays', keys.map((k) => `${k}=1&${k}=2&${k}[]=3`).join('&')));
  out.push(form('malformed percent', keys.map((k) => `${k}=%E0%A4%A&%zz=1`).join('&')));
  const multipart = (
    input: string,
    fields: Record<string, string>,
    file?: [string, string],
  ): Body => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    if (file) f.append('file', new Blob([file[1]]), file[0]);
    return { input: `multipart ${input}`, body: f };
  };
  out.push(
    multipart('NUL fields, NUL file name', fill(keys, `x${CONTROLS}`) as Record<string, string>, [
      `a${CONTROLS}.pdf`,
      '%PDF-1.4\n%%EOF',
    ]),
  );
  out.push(multipart('999999999999 fields', fill(keys, '999999999999') as Record<string, string>));
  out.push(multipart('data: 20,000 nested arrays', { data: DEEP_ARRAY }));
  out.push(
    multipart('data: every key 1e308', { data: JSON.stringify(fill(keys, 1e308)) }, [
      'x.xlsx',
      'PK\u0003\u0004garbage',
    ]),
  );
  return out;
}

/** The query strings sent to one route and method. */
export function queries(route: Route, method: Method): Array<[string, string]> {
  const names = [...new Set([...route.query, ...GENERIC_QUERY])].slice(0, 18);
  // 10,000 characters go to one name at a time: all of them at once pass Node's 16 KB header limit.
  const out: Array<[string, string]> = QUERY.filter(([input]) => input !== '10k chars').map(
    ([input, make]) => [`every query name ${input}`, names.map(make).join('&')],
  );
  for (const n of names.slice(0, 3)) out.push([`${n}=10k chars`, QUERY[7]![1](n)]);
  // One name at a time, with the values that reach the database as numbers.
  if (method !== 'GET') return out.filter(([input]) => /999999999999|NaN|NUL|repeated/.test(input));
  // Pages render a whole document per request: the names one at a time only for the API.
  if (route.kind === 'page') return out;
  for (const n of names.slice(0, 8)) out.push([`${n}=999999999999`, QUERY[4]![1](n)]);
  return out;
}
