// The back-office catalogue API against the real server: key and scope, PUT of a JSON array
// (idempotent by sku, per-item results and translated errors, one bad item never breaks the
// others), GET and DELETE by sku, body checks, and the demo catalogue seeded on first start.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffice } from '../helpers/backoffice.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const CATALOGUE_KEY = 'catalogue-test-key-0123456789abcdef';
const ORDERS_KEY = 'orders-only-key-0123456789abcdef';
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

let server: TestServer;
let call: ReturnType<typeof backoffice>;
beforeAll(async () => {
  server = await startServer({
    INTEGRATION_KEYS: `pim:${sha(CATALOGUE_KEY)}:catalogue,erp:${sha(ORDERS_KEY)}:orders`,
  });
  call = backoffice(server);
});
afterAll(async () => {
  await server?.stop();
});

const put = (json: unknown, key: string | null = CATALOGUE_KEY) =>
  call('/api/integration/catalogue/items', { method: 'PUT', json, key });
const item = (sku: string) =>
  call(`/api/integration/catalogue/items/${sku}`, { key: CATALOGUE_KEY });

const pump = (sku: string, over: Record<string, unknown> = {}) => ({
  sku,
  kind: 'pump',
  title: 'Inline pump IL 65-160',
  manufacturer: 'Pump Works',
  model: 'IL 65-160/4',
  price_kop: 9_870_000,
  lead_days: 21,
  picture: 'https://example.com/il65.png',
  documents: [{ title: 'Data sheet', url: 'https://example.com/il65.pdf' }],
  speed_rpm: 1450,
  curve: [
    { q_m3h: 10, h_m: 17, p2_kw: 1.9, npshr_m: 1.2 },
    { q_m3h: 40, h_m: 16.4, p2_kw: 2.8, npshr_m: 1.6 },
    { q_m3h: 70, h_m: 13.9, p2_kw: 3.5, npshr_m: 2.4 },
    { q_m3h: 100, h_m: 8.9, p2_kw: 3.8, npshr_m: 3.9 },
  ],
  motor: { p2_kw: 4, in_a: 8.1, ia_in: 6.8, cos_phi: 0.82, eta: 0.87, voltage_v: 400 },
  dn: 65,
  pn_bar: 16,
  t_max_c: 120,
  ...over,
});

describe('keys and scopes', () => {
  it('refuses a missing key (401) and a key without the catalogue scope (403)', async () => {
    expect((await put([pump('K-1')], null)).status).toBe(401);
    const r = await put([pump('K-1')], ORDERS_KEY);
    expect(r.status).toBe(403);
    expect(
      (await call('/api/integration/catalogue/items/K-1', { method: 'DELETE', key: ORDERS_KEY }))
        .status,
    ).toBe(403);
    expect((await item('K-1')).status).toBe(404); // nothing was written
  });
});

describe('PUT /api/integration/catalogue/items', () => {
  it('writes the good items and answers every bad one with its field and message', async () => {
    const r = await put([
      pump('P-1'),
      pump('P-2', {
        curve: [
          { q_m3h: 10, h_m: 17, p2_kw: 1 },
          { q_m3h: 20, h_m: 18, p2_kw: 1.2 },
          { q_m3h: 30, h_m: 12, p2_kw: 1.4 },
        ],
      }),
      pump('P-3', {
        curve: [
          { q_m3h: 10, h_m: 17, p2_kw: 1 },
          { q_m3h: 20, h_m: 16, p2_kw: 1.2 },
        ],
      }),
      pump('P-4', { motor: { p2_kw: 4 } }),
      {
        sku: 'C-1',
        kind: 'cabinet',
        title: 'Cabinet 2x4 kW direct start',
        price_kop: 8_500_000,
        specs: { pumps: 2, start_method: 'direct' },
      },
      { sku: 'X-1', kind: 'teleporter', title: 'x', price_kop: 1 },
      { kind: 'relay', title: 'no sku', price_kop: 1 },
      { sku: 'Q-1', kind: 'relay', title: 'Negative price', price_kop: -5 },
    ]);
    expect(r.status).toBe(200);
    expect(r.data.type).toBe('warning');
    expect(r.data).toMatchObject({ created: 2, updated: 0, unchanged: 0, invalid: 6 });
    expect(r.data.results.map((x: { status: string }) => x.status)).toEqual([
      'created',
      'invalid',
      'invalid',
      'invalid',
      'created',
      'invalid',
      'invalid',
      'invalid',
    ]);
    expect(r.data.results[1]).toEqual({
      index: 1,
      sku: 'P-2',
      status: 'invalid',
      errors: { curve: 'Curve: head must fall across the operating range' },
    });
    expect(r.data.results[2].errors).toEqual({
      curve: 'Curve: at least 3 points in the operating range',
    });
    expect(r.data.results[3].errors['motor.in_a']).toBe('Required field');
    expect(r.data.results[5].errors).toEqual({ kind: 'Unknown item kind' });
    expect(r.data.results[6]).toMatchObject({ sku: null, errors: { sku: 'Required field' } });
    expect(r.data.results[7].errors).toEqual({ price_kop: 'Value out of the allowed range' });
    const stored = await item('P-1');
    expect(stored.status).toBe(200);
    expect(stored.data.data).toMatchObject({
      sku: 'P-1',
      kind: 'pump',
      price_kop: 9_870_000,
      lead_days: 21,
      demo: false,
      documents: [{ title: 'Data sheet', url: 'https://example.com/il65.pdf' }],
    });
    expect(stored.data.data.specs.curve).toHaveLength(4);
    expect(stored.data.data.specs.motor.in_a).toBe(8.1);
    expect((await item('P-2')).status).toBe(404);
  });

  it('is idempotent by sku: the same call changes nothing, a changed item is updated', async () => {
    const again = await put([pump('P-1')]);
    expect(again.data).toMatchObject({
      type: 'success',
      created: 0,
      updated: 0,
      unchanged: 1,
      invalid: 0,
    });
    const before = (await item('P-1')).data.data.updated_at;
    const changed = await put([pump('P-1', { price_kop: 9_990_000 })]);
    expect(changed.data.results[0].status).toBe('updated');
    const after = (await item('P-1')).data.data;
    expect(after.price_kop).toBe(9_990_000);
    expect(after.updated_at >= before).toBe(true);
  });

  it('answers a body that is not a JSON array with 400, and too many items with 413', async () => {
    const obj = await put({ items: [pump('P-9')] });
    expect(obj.status).toBe(400);
    expect(obj.data.message).toBe('Expected a JSON array of catalogue items');
    const form = await call('/api/integration/catalogue/items', {
      method: 'PUT',
      key: CATALOGUE_KEY,
      data: [pump('P-9')],
    });
    expect(form.status).toBe(400);
    const many = await put(
      Array.from({ length: 501 }, (_, i) => ({
        sku: `R-${i}`,
        kind: 'relay',
        title: 'r',
        price_kop: 1,
      })),
    );
    expect(many.status).toBe(413);
    expect(many.data.message).toBe('At most 500 items per request');
    expect((await item('R-0')).status).toBe(404);
  });

  it("answers in the caller's language", async () => {
    const res = await fetch(`${server.url}/api/integration/catalogue/items`, {
      method: 'PUT',
      headers: {
        Authorization: `Bearer ${CATALOGUE_KEY}`,
        'Content-Type': 'application/json',
        'Accept-Language': 'ru',
      },
      body: JSON.stringify([pump('P-5', { curve: [] })]),
    });
    const data = await res.json();
    expect(data.results[0].errors.curve).toBe(
      'Характеристика: нужно не меньше 3 точек в рабочем диапазоне',
    );
  });
});

describe('GET and DELETE /api/integration/catalogue/items/{sku}', () => {
  it('deletes an item once; unknown or malformed skus answer 404', async () => {
    const del = await call('/api/integration/catalogue/items/C-1', {
      method: 'DELETE',
      key: CATALOGUE_KEY,
    });
    expect(del).toEqual({ status: 200, data: { type: 'success', sku: 'C-1' } });
    expect((await item('C-1')).status).toBe(404);
    const again = await call('/api/integration/catalogue/items/C-1', {
      method: 'DELETE',
      key: CATALOGUE_KEY,
    });
    expect(again.status).toBe(404);
    expect(again.data.message).toBe('Catalogue item not found');
    expect((await item('bad%20sku')).status).toBe(404);
  });

  it('the demo catalogue was seeded on first start and is marked demo', async () => {
    const demo = await item('DEMO-DIL-0001');
    expect(demo.status).toBe(200);
    expect(demo.data.data.demo).toBe(true);
    expect(demo.data.data.specs.curve.length).toBeGreaterThanOrEqual(3);
    expect((await item('DEMO-CAB-2-7_5-SD')).data.data.specs).toMatchObject({
      pumps: 2,
      start_method: 'star_delta',
    });
  });
});
