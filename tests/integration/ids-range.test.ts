// Ids from outside (route parameters, query, form and JSON bodies) are bounded at the boundary on
// both engines alike: 1..2147483647 (the integer columns). PostgreSQL used to refuse 999999999999
// in a query with "out of range for type integer" (a 500) where SQLite found nothing. A path id out
// of range is the 404 of a missing record; a query id out of range is 400 naming it, a body id 422
// (docs/decisions/0034-one-error-policy.md).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERP_KEY } from '../helpers/backoffice.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const env = {
  INTEGRATION_KEYS: `erp:${sha(ERP_KEY)}:orders+promotions+news+notifications+catalogue+scada+production+reference`,
};

let server: TestServer;
let olga: { token: string; cookie: string };
beforeAll(async () => {
  server = await startServer(env);
  olga = await sessionFor(server, 'olga.demidova@demo.example');
});
afterAll(async () => {
  await server?.stop();
});

const BAD = ['999999999999', '2147483648', '-1', '0', '1e3', '12abc'];

type Who = 'user' | 'key';
interface Probe {
  method?: string;
  who?: Who;
  json?: unknown;
  form?: Record<string, string>;
}
async function hit(path: string, p: Probe = {}) {
  const headers: Record<string, string> = {
    'Accept-Language': 'en',
    Accept: path.startsWith('/api/') ? 'application/json' : 'text/html',
    Origin: server.url,
  };
  if (p.who === 'key') headers.Authorization = `Bearer ${ERP_KEY}`;
  else headers.Cookie = olga.cookie;
  let body: BodyInit | undefined;
  if (p.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(p.json);
  } else if (p.form) body = new URLSearchParams(p.form);
  const res = await fetch(new URL(path, server.url), {
    method: p.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    redirect: 'manual',
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    json: (() => {
      try {
        return JSON.parse(text) as any;
      } catch {
        return null;
      }
    })(),
  };
}

// Path ids: each answers the 404 of a missing record, as another user's id does.
const PATHS: Array<[string, Probe?]> = [
  ['/api/v1/objects/{id}'],
  ['/api/v1/organisations/{id}'],
  ['/api/v1/orders/{id}'],
  ['/api/v1/orders/{id}/messages'],
  ['/api/v1/promotions/{id}'],
  ['/api/v1/productions/{id}'],
  ['/api/v1/productions/realization/{id}'],
  ['/api/v1/calculations/{id}'],
  ['/api/v1/calculations/{id}/order', { method: 'POST', form: {} }],
  ['/api/v1/support/{id}'],
  ['/api/v1/scada/{id}'],
  ['/api/v1/scada/{id}/history'],
  ['/api/v1/scada/{id}/history.csv'],
  ['/api/v1/scada/{id}/audit'],
  ['/api/v1/scada/tags/{id}'],
  ['/api/v1/notifications/{id}/read', { method: 'POST', form: {} }],
  ['/api/integration/orders/{id}', { who: 'key' }],
  ['/api/integration/orders/{id}/status', { who: 'key', json: { status: 'new' } }],
  ['/api/integration/productions/{id}', { who: 'key' }],
  ['/api/integration/productions/{id}/history', { who: 'key', json: { title: 'x' } }],
  ['/api/integration/promotions/{id}', { who: 'key' }],
  ['/api/integration/calculations/{id}/approve', { who: 'key', json: {} }],
  ['/promotions/{id}'],
  ['/productions/{id}'],
  ['/e-commerce/orders/{id}/order'],
  ['/e-commerce/design/calculations/{id}/calculation'],
  [
    '/e-commerce/design/calculations/{id}/calculation?action=place',
    { method: 'POST', form: { oid: '' } },
  ],
  ['/e-commerce/design/calculations/{id}/offer'],
  ['/e-commerce/design/calculations/{id}/datasheet/1'],
  ['/e-commerce/design/calculations/{id}/result.xlsx'],
  ['/user-info/my-objects/{id}/location'],
  ['/tools/scada/{id}'],
  ['/scada/chart/{id}'],
];

describe('ids in the path', () => {
  it.each(PATHS)('%s answers 404 for ids out of range or malformed', async (path, probe) => {
    const got: Record<string, number> = {};
    for (const id of BAD) got[id] = (await hit(path.replace('{id}', id), probe)).status;
    expect(got).toEqual(Object.fromEntries(BAD.map((id) => [id, 404])));
  });
});

describe('ids in the query and the body', () => {
  it('after_id of the integration orders list: 0 starts, out of range is 400 naming it', async () => {
    expect((await hit('/api/integration/orders?after_id=0&limit=1', { who: 'key' })).status).toBe(
      200,
    );
    expect(
      (await hit('/api/integration/orders?after_id=2147483647&limit=1', { who: 'key' })).json.data,
    ).toEqual([]);
    for (const id of ['999999999999', '2147483648', '-1', '1e3', '12abc']) {
      const r = await hit(`/api/integration/orders?after_id=${id}`, { who: 'key' });
      expect([id, r.status]).toEqual([id, 400]);
      expect(r.json.errors).toEqual({
        after_id: 'after_id: a record number, a whole number from 1 to 2147483647',
      });
    }
  });

  it('a notification for user_id out of range is 422 naming user_id', async () => {
    for (const id of [999999999999, 2147483648, -1, 0]) {
      const r = await hit('/api/integration/notifications', {
        who: 'key',
        json: { user_id: id, module: 'sales', title: 'x' },
      });
      expect([id, r.status, Object.keys(r.json.errors ?? {})]).toEqual([id, 422, ['user_id']]);
    }
  });

  it('order and object of the legacy order form: out of range is a field error, never a 500', async () => {
    for (const id of BAD) {
      const r = await hit(`/api/app/sales.store?token=${olga.token}`, {
        form: { oid: id, object: '', items: '[{"title":"x","quantity":1}]' },
      });
      expect([id, r.status < 500, r.status === 201 ? 'created' : 'refused']).toEqual([
        id,
        true,
        'refused',
      ]);
    }
  });

  it('id lists in forms: out of range is 422 naming ids (API) or moves nothing (archive page)', async () => {
    for (const id of ['999999999999', '2147483648', '-1', '0']) {
      const read = await hit('/api/v1/notifications/read', { form: { ids: `[${id}]` } });
      expect([id, read.status]).toEqual([id, 422]);
      const archive = await hit(`/api/app/sales.update_no_protect?archive=1&token=${olga.token}`, {
        form: { ids: id },
      });
      expect([id, archive.status, archive.json.errors]).toEqual([
        id,
        422,
        { ids: expect.any(String) },
      ]);
      const page = await hit('/e-commerce/orders', { form: { ids: id } });
      expect([id, page.status]).toEqual([id, 303]);
      const order = await hit('/api/v1/promotions/order', { form: { ids: id, promotion_id: '1' } });
      expect([id, order.status < 500]).toEqual([id, true]);
    }
  });

  it('list filters by organisation or object out of range find nothing (the documented filter), never a 500', async () => {
    for (const id of BAD) {
      for (const path of [
        `/api/v1/orders?filter=${encodeURIComponent(JSON.stringify({ oid: id }))}`,
        `/api/v1/orders?filter=${encodeURIComponent(JSON.stringify({ object: id }))}`,
        `/api/v1/productions?filter=${encodeURIComponent(JSON.stringify({ oid: id }))}`,
        `/api/v1/scada?filter=${encodeURIComponent(JSON.stringify({ oid: id }))}`,
        `/e-commerce/orders?oid=${id}`,
        `/productions?oid=${id}`,
        `/tools/scada?oid=${id}`,
        `/promotions?before=${id}`,
        `/api/v1/calculations/btp/projects?after=${id}`,
      ]) {
        const r = await hit(path);
        expect([path, r.status < 500]).toEqual([path, true]);
      }
    }
  });
});
