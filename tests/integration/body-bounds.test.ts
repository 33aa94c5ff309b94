// Bodies and paths bounded at the boundary, on both engines alike: JSON nested deeper than 32 levels
// is refused with 400 naming the body before anything walks it (20,000 levels overflowed the stack:
// a 500); a NUL in one catalogue item no longer fails the whole batch on PostgreSQL (control
// characters are stripped as in every other body); a malformed percent sequence in a path is the
// 404 of a missing record, never a URIError 500.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERP_KEY } from '../helpers/backoffice.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const env = { INTEGRATION_KEYS: `erp:${sha(ERP_KEY)}:orders+catalogue+production` };
const TOO_DEEP = 'The request body is nested too deeply: JSON may have at most 32 levels';

let server: TestServer;
let olga: { token: string; cookie: string };
beforeAll(async () => {
  server = await startServer(env);
  olga = await sessionFor(server, 'olga.demidova@demo.example');
});
afterAll(async () => {
  await server?.stop();
});

async function send(
  path: string,
  o: { method?: string; body?: string; key?: boolean; lang?: string } = {},
) {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': o.lang ?? 'en',
    Origin: server.url,
  };
  if (o.key) headers.Authorization = `Bearer ${ERP_KEY}`;
  else headers.Cookie = olga.cookie;
  if (o.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(new URL(path, server.url), {
    method: o.method ?? (o.body === undefined ? 'GET' : 'POST'),
    headers,
    body: o.body,
    redirect: 'manual',
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, json, text };
}
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const item = (sku: string, extra: Record<string, unknown> = {}) => ({
  sku,
  kind: 'other',
  title: `Item ${sku}`,
  price_kop: 100,
  ...extra,
});

describe('JSON depth', () => {
  it('a catalogue batch with specs nested 20,000 deep is 400 naming the body; 32 levels are taken', async () => {
    const body = `[${JSON.stringify(item('DEEP-1')).replace(/}$/, `,"specs":{"a":${nested(20_000)}}}`)}]`;
    const r = await send('/api/integration/catalogue/items', { method: 'PUT', key: true, body });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ message: TOO_DEEP, errors: { body: TOO_DEEP } });
    // [ item { specs { a: 29 arrays } } ] is 32 levels: accepted.
    const ok = `[${JSON.stringify(item('DEEP-2')).replace(/}$/, `,"specs":{"a":${nested(29)}}}`)}]`;
    const fine = await send('/api/integration/catalogue/items', {
      method: 'PUT',
      key: true,
      body: ok,
    });
    expect(fine.status).toBe(200);
    expect(fine.json.created).toBe(1);
  });

  it('every JSON reader refuses it the same way, and the server lives on', async () => {
    const deep = `{"name":"x","a":${nested(20_000)}}`;
    const integration = await send('/api/integration/productions', { key: true, body: deep });
    expect(integration.status).toBe(400);
    expect(integration.json.errors).toEqual({ body: TOO_DEEP });
    const api = await send('/api/v1/organisations', { body: deep });
    expect(api.status).toBe(400);
    expect(api.json.message).toBe(TOO_DEEP);
    const ru = await send('/api/v1/objects', { body: deep, lang: 'ru' });
    expect(ru.json.message).toBe(
      'Тело запроса вложено слишком глубоко: JSON допускает не больше 32 уровней',
    );
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

describe('control characters in a catalogue batch', () => {
  it('a NUL in one title is stripped; every item of the batch is answered on its own and written', async () => {
    const r = await send('/api/integration/catalogue/items', {
      method: 'PUT',
      key: true,
      body: JSON.stringify([
        item('NUL-1', { title: 'Pump\u0000 house' }),
        item('NUL-2'),
        { sku: 'NUL-3', kind: 'other' },
      ]),
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ created: 2, invalid: 1 });
    expect(r.json.results.map((x: any) => [x.sku, x.status])).toEqual([
      ['NUL-1', 'created'],
      ['NUL-2', 'created'],
      ['NUL-3', 'invalid'],
    ]);
    const one = await send('/api/integration/catalogue/items/NUL-1', { key: true });
    expect(one.json.data.title).toBe('Pump house');
  });
});

describe('malformed percent sequences', () => {
  it.each(['%u0000', '%E0%A4%A', '%', 'A%'])(
    'a catalogue sku %s is not found (404), for GET and DELETE',
    async (sku) => {
      for (const method of ['GET', 'DELETE']) {
        const r = await send(`/api/integration/catalogue/items/${sku}`, { method, key: true });
        expect([method, r.status, r.json?.message]).toEqual([
          method,
          404,
          'Catalogue item not found',
        ]);
      }
      expect(
        (await send(`/api/integration/catalogue/items/${sku}`, { key: true, lang: 'ru' })).json
          .message,
      ).toBe('Позиция каталога не найдена');
    },
  );

  it.each([
    '/promotions/%u0000',
    '/promotions/%E0%A4%A',
    '/%u0000',
    '/api/v1/promotions/%u0000',
    '/api/v1/orders/%E0%A4%A',
    '/productions/%',
  ])('%s answers 404 as page or API', async (path) => {
    const r = await send(path);
    expect(r.status).toBe(404);
  });

  it.each([
    '/api/v1/promotions?searchText=%E0%A4%A',
    '/promotions?before=%u0000',
    '/api/integration/orders?after_id=%',
  ])('%s in a query is never a 500', async (path) => {
    const r = await send(path, { key: path.startsWith('/api/integration') });
    expect(r.status).toBeLessThan(500);
  });
});
