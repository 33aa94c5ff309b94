// The one error policy (docs/decisions/0034-one-error-policy.md) walked over a representative call of
// each area on one server: malformed JSON is 400, a refused field 422 (400 for a calculation or
// property input and a malformed query parameter), an id past the integer range and another user's
// record 404 (422 naming the field when the record is a reference inside a write's body), and every
// error answers JSON { message, errors? } with `errors` keyed by field.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { enableScada } from './scada-helpers.ts';
import { ERP_KEY } from '../helpers/backoffice.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const PAST = '99999999999';

let server: TestServer;
let api: ApiClient;
let olga: string;
let dmitry: string;
/** Records of Dmitry's that Olga must not reach. */
const his = { object: 0, order: 0, support: 0 };

beforeAll(async () => {
  server = await startServer({ INTEGRATION_KEYS: `erp:${sha(ERP_KEY)}:orders+notifications` });
  api = apiClient(server);
  await enableScada(server, 'olga.demidova@demo.example');
  const [a, b] = await Promise.all([
    sessionFor(server, 'olga.demidova@demo.example'),
    sessionFor(server, 'dmitry.volkov@demo.example'),
  ]);
  olga = a.token;
  dmitry = b.token;
  const object = await api('/api/v1/objects', {
    token: dmitry,
    json: { name: 'Boiler house 9', address: 'Tverskaya 1, Moscow', lat: '55.75', lon: '37.61' },
  });
  const order = await api('/api/app/sales.store', {
    token: dmitry,
    tokenInQuery: true,
    body: form({ title: 'His order', items: JSON.stringify([{ title: 'Line', quantity: 1 }]) }),
  });
  const support = await api('/api/v1/support', { token: dmitry, json: { title: 'His request' } });
  his.object = object.data.data.id;
  his.order = order.data.sales_id;
  his.support = support.data.id;
});
afterAll(async () => {
  await server?.stop();
});

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, val] of Object.entries(fields)) f.append(k, val);
  return f;
}

/** Sends a body that is not JSON under a JSON content type. */
const malformed = (path: string, token = olga, headers: Record<string, string> = {}) =>
  api(path, {
    token,
    body: '{"broken',
    headers: { 'Content-Type': 'application/json', ...headers },
  });

type Answer = Awaited<ReturnType<ApiClient>>;

/** The one shape: JSON, the expected status, a message, and `errors` (when named) keyed by those fields. */
function expectError(r: Answer, status: number, fields: string[] = []) {
  expect(r.status, JSON.stringify(r.data)).toBe(status);
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  expect(typeof r.data.message).toBe('string');
  expect(r.data.message.length).toBeGreaterThan(0);
  if (r.data.errors !== undefined) {
    expect(typeof r.data.errors).toBe('object');
    for (const text of Object.values(r.data.errors)) expect(typeof text).toBe('string');
  }
  for (const field of fields)
    expect(Object.keys(r.data.errors ?? {}), JSON.stringify(r.data)).toContain(field);
}

describe('one error policy, one server', () => {
  it("set up Dmitry's records", () => {
    expect(his.object).toBeGreaterThan(0);
    expect(his.order).toBeGreaterThan(0);
    expect(his.support).toBeGreaterThan(0);
  });

  it('organisations and objects: 400 malformed, 422 with the catalogue message, 404 past the range and for another user', async () => {
    expectError(await malformed('/api/v1/organisations'), 400);
    const org = await api('/api/v1/organisations', { token: olga, json: { inn: '12', post: '' } });
    expectError(org, 422, ['inn']);
    expect(org.data.message).toBe("Can't save Organisations!");
    expectError(await api(`/api/v1/organisations/${PAST}`, { token: olga }), 404);
    expectError(await malformed('/api/v1/objects'), 400);
    expectError(await api('/api/v1/objects', { token: olga, json: { name: '' } }), 422, ['name']);
    expectError(await api(`/api/v1/objects/${PAST}`, { token: olga }), 404);
    expectError(await api(`/api/v1/objects/${his.object}`, { token: olga }), 404);
    expectError(await api('/api/v1/objects?filter=[1]', { token: olga }), 400, ['filter']);
    expectError(await api('/api/v1/objects/map?bbox=x', { token: olga }), 400, ['bbox']);
  });

  it('orders: 400 malformed, 422 for an empty message or body ids, 404 past the range and for another user', async () => {
    expectError(await malformed(`/api/v1/orders/${his.order}/messages`), 400);
    expectError(await api(`/api/v1/orders/${PAST}`, { token: olga }), 404);
    expectError(await api(`/api/v1/orders/${his.order}`, { token: olga }), 404);
    expectError(
      await api(`/api/v1/orders/${his.order}/messages`, { token: olga, json: { message: 'hi' } }),
      404,
    );
    expectError(
      await api('/api/app/sales.update_no_protect?archive=1', {
        token: olga,
        tokenInQuery: true,
        body: form({ ids: PAST }),
      }),
      422,
      ['ids'],
    );
    expectError(
      await api('/api/app/sales.update_no_protect?archive=2', {
        token: olga,
        tokenInQuery: true,
        body: form({ ids: '1' }),
      }),
      400,
      ['archive'],
    );
  });

  it('support: 400 malformed, 422 naming the field, 404 past the range and for another user', async () => {
    expectError(await malformed('/api/v1/support'), 400);
    expectError(await api('/api/v1/support', { token: olga, json: { title: '' } }), 422, ['title']);
    expectError(await api(`/api/v1/support/${PAST}`, { token: olga }), 404);
    expectError(await api(`/api/v1/support/${his.support}`, { token: olga }), 404);
    expectError(
      await api('/api/v1/support/message', {
        token: olga,
        json: { support_id: his.support, message: 'hi' },
      }),
      404,
      ['support_id'],
    );
  });

  it('notifications and profile: 422 for a body field, with the spec extras kept', async () => {
    expectError(await malformed('/api/v1/notifications/read'), 400);
    expectError(
      await api('/api/v1/notifications/read', { token: olga, json: { ids: `[${PAST}]` } }),
      422,
      ['ids'],
    );
    expectError(
      await api(`/api/v1/notifications/${PAST}/read`, { token: olga, method: 'POST', json: {} }),
      404,
    );
    expectError(await malformed('/api/v1/profile/password'), 400);
    const pw = await api('/api/v1/profile/password', {
      token: olga,
      json: { oldPassword: 'wrong-Pass1', newPassword: 'Secret2027', verifyPassword: 'Secret2027' },
    });
    expectError(pw, 422, ['oldPassword']);
    expect(pw.data.ok).toBe(false);
  });

  it("calculations and properties: 400 naming the field; another user's object in a save is 422 naming it", async () => {
    expectError(await malformed('/api/v1/calculations/pump/select'), 400);
    const sel = await api('/api/v1/calculations/pump/select', {
      token: olga,
      json: { q: '-5', h: '40' },
    });
    expectError(sel, 400, ['q']);
    expect(sel.data).toMatchObject({ type: 'error', entities: [] });
    expectError(await api(`/api/v1/calculations/${PAST}`, { token: olga }), 404);
    const save = await api('/api/v1/calculations', {
      token: olga,
      json: { kind: 'pump', inputs: { q: '60', h: '40' }, chosen: [1], object: his.object },
    });
    expectError(save, 422, ['object']);
    expectError(await api('/api/v1/properties/water?t_c=5000&p_mpa=1', { token: olga }), 400, [
      't_c',
    ]);
    expectError(await api('/api/v1/flow-meter/cities?limit=abc', { token: olga }), 400);
  });

  it('dispatching, registry, scanner, suggestions: the same shape', async () => {
    expectError(await malformed('/api/v1/scada/action'), 400);
    expectError(await api('/api/v1/scada/action', { token: olga, json: { value: '1' } }), 422, [
      'tag_id',
    ]);
    expectError(await api(`/api/v1/scada/${PAST}`, { token: olga }), 404);
    expectError(await api(`/api/v1/productions/${PAST}`, { token: olga }), 404);
    expectError(await api('/api/v1/productions?orderBy=nope', { token: olga }), 400, ['filter']);
    const scan = await api('/api/app/scan.status?uniqid=nope', { token: olga, tokenInQuery: true });
    expectError(scan, 404);
    expect(scan.data).toMatchObject({ type: 'error', error: scan.data.message });
    expectError(await api('/api/v1/suggest/geolocate?lat=100&lon=10', { token: olga }), 400, [
      'lat',
    ]);
  });

  it('the integration API: 400 malformed, 422 naming the field, 404 past the range', async () => {
    const key = { Authorization: `Bearer ${ERP_KEY}` };
    expectError(
      await api('/api/integration/notifications', {
        body: '{"broken',
        headers: { ...key, 'Content-Type': 'application/json' },
      }),
      400,
    );
    expectError(
      await api('/api/integration/notifications', {
        json: { user_id: PAST, module: 'sales', title: 'x' },
        headers: key,
      }),
      422,
      ['user_id'],
    );
    expectError(await api(`/api/integration/orders/${PAST}`, { headers: key }), 404);
  });

  it('unknown API paths and anonymous calls answer the same shape, in the asked language', async () => {
    expectError(await api('/api/v1/nothing-here', { token: olga }), 404);
    const anon = await api('/api/v1/objects', { lang: 'de' });
    expectError(anon, 401);
    expect(anon.data.message).not.toBe((await api('/api/v1/objects', { lang: 'en' })).data.message);
  });
});
