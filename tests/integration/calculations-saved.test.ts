// Saved calculations through the API: save (server recomputes, keeps the chosen items at catalogue
// prices), list with search, filter and paging, one by id, another user's id 404, the home counter,
// and ordering: a real order with priced items and a notification of module request.
import { describe, expect, it } from 'vitest';
import { customersForFile } from '../helpers/api-client.ts';

const { api, olga, dmitry } = await customersForFile();

const DUTY = { q: '60', q_unit: 'm3/h', h: '13', h_unit: 'm', h_static: '5', speed_control: '1' };
const save = (json: Record<string, unknown>, token = olga, lang = 'en') =>
  api('/api/v1/calculations', { token, json, lang });
let saved: { id: number; request: string };
let chosen: { cid: number; sku: string; price_kop: number };

describe('POST /api/v1/calculations', () => {
  it('saves a pump calculation with the chosen pump and answers its request number', async () => {
    const sel = await api('/api/v1/calculations/pump/select', {
      token: olga,
      json: { ...DUTY, limit: 5 },
    });
    chosen = sel.data.entities[1];
    const r = await save({ kind: 'pump', inputs: DUTY, chosen: [chosen.cid] });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      type: 'success',
      request: expect.stringMatching(/^R-\d{6}$/),
      id: expect.any(Number),
    });
    saved = r.data;
  });

  const bad: Array<[Record<string, unknown>, string, string]> = [
    [{ kind: 'boiler', inputs: DUTY, chosen: [1] }, 'kind', 'Calculation kind: unknown value'],
    [{ kind: 'pump', chosen: [1] }, 'inputs', 'Inputs: required'],
    [{ kind: 'pump', inputs: DUTY }, 'chosen', 'Chosen equipment: required'],
    [
      { kind: 'pump', inputs: DUTY, chosen: ['x'] },
      'chosen',
      'Chosen equipment: outside the allowed range',
    ],
    [
      { kind: 'pump', inputs: DUTY, chosen: [999999] },
      'chosen',
      'Chosen equipment: not in the catalogue',
    ],
    [
      { kind: 'pump', inputs: { ...DUTY, q: 'abc' }, chosen: [1] },
      'q',
      'Flow rate: enter a number',
    ],
    [{ kind: 'pump', inputs: DUTY, chosen: [1], oid: 'x' }, 'oid', 'Organisation: enter a number'],
  ];
  it.each(bad)('answers 400 naming the field: %j', async (json, field, message) => {
    const r = await save(json);
    expect(r.status).toBe(400);
    expect(r.data.type).toBe('error');
    expect(r.data.errors[field]).toBe(message);
  });

  it('answers 400 naming a value longer than its form takes, never 500', async () => {
    const pump = await save({
      kind: 'pump',
      inputs: { ...DUTY, q: '1'.repeat(4001) },
      chosen: [1],
    });
    expect(pump.status).toBe(400);
    expect(pump.data).toMatchObject({
      type: 'error',
      errors: { q: 'Flow rate: at most 4000 characters' },
    });
    const flow = await save(
      {
        kind: 'flow-meter',
        inputs: { t_supply: '9'.repeat(201), t_return: '70', q_heat: '500' },
        chosen: [1],
      },
      olga,
      'ru',
    );
    expect(flow.status).toBe(400);
    expect(flow.data).toMatchObject({
      type: 'error',
      errors: { t_supply: 'Температура в подающем, °C: не более 200 символов' },
    });
  });

  it('refuses another user organisation or object (422 naming the field)', async () => {
    const made = await api('/api/v1/objects', {
      token: dmitry,
      json: { name: 'Boiler house 7', address: 'Tverskaya 1, Moscow', lat: '55.75', lon: '37.61' },
    });
    expect(made.status).toBe(201);
    const r = await save({
      kind: 'pump',
      inputs: DUTY,
      chosen: [chosen.cid],
      object: made.data.data.id,
    });
    expect(r.status).toBe(422);
    expect(r.data.errors.object).toMatch(/not found/i);
    expect((await api('/api/v1/calculations', { token: olga })).data.data.totalCount).toBe(1);
  });

  it('saves a station with its cabinet, quantities from the set', async () => {
    const inputs = {
      q: '60',
      h: '40',
      h_static: '30',
      speed_control: '1',
      count: '2',
      standby: '1',
    };
    const sel = await api('/api/v1/calculations/station/select', { token: olga, json: inputs });
    const e = sel.data.entities[0];
    const r = await save({ kind: 'station', inputs, chosen: [e.cid, e.cabinet.id] });
    expect(r.status).toBe(200);
    const one = (await api(`/api/v1/calculations/${r.data.id}`, { token: olga })).data.data;
    expect(one.chosen.map((c: any) => c.quantity)).toEqual([3, 1]);
    expect(one.total_kop).toBe(e.pumps_price_kop + e.cabinet.price_kop);
  });
});

describe('GET /api/v1/calculations and /{id}', () => {
  it('lists the user calculations with search, kind filter and paging; the home counter counts them', async () => {
    const all = await api('/api/v1/calculations', { token: olga });
    expect(all.status).toBe(200);
    expect(all.data.data.totalCount).toBe(2);
    expect(all.data.data.entities[0].kind).toBe('station'); // newest first
    const pumps = await api(
      `/api/v1/calculations?filter=${encodeURIComponent(JSON.stringify({ kind: 'pump' }))}`,
      { token: olga },
    );
    expect(pumps.data.data.entities.map((c: any) => c.request)).toEqual([saved.request]);
    const found = await api(`/api/v1/calculations?searchText=${encodeURIComponent(chosen.sku)}`, {
      token: olga,
    });
    expect(found.data.data.entities.map((c: any) => c.id)).toContain(saved.id);
    const page2 = await api('/api/v1/calculations?pageSize=1&pageNumber=2', { token: olga });
    expect(page2.data.data.entities.map((c: any) => c.id)).toEqual([saved.id]);
    expect((await api('/api/v1/calculations?filter=[1', { token: olga })).status).toBe(400);
    expect((await api('/api/v1/home', { token: olga })).data.data.request_count).toBe(2);
    expect((await api('/api/v1/home', { token: dmitry })).data.data.request_count).toBe(0);
    expect((await api('/api/v1/calculations', { token: dmitry })).data.data.totalCount).toBe(0);
  });

  it('shows one with inputs, the snapshot of the chosen pump and its price', async () => {
    const r = await api(`/api/v1/calculations/${saved.id}`, { token: olga });
    expect(r.status).toBe(200);
    const c = r.data.data;
    expect(c).toMatchObject({
      id: saved.id,
      request: saved.request,
      kind: 'pump',
      status: 'saved',
      title: 'Pump: 60 m3/h, 13 m',
    });
    expect(c.inputs.q).toBe('60');
    expect(c.chosen).toEqual([
      {
        cid: chosen.cid,
        sku: chosen.sku,
        title: expect.any(String),
        price_kop: chosen.price_kop,
        quantity: 1,
      },
    ]);
    expect(c.result.entities).toHaveLength(1);
    expect(c.result.entities[0].explanation.engine.version).toEqual(expect.any(String));
  });

  it("answers 404 for another user's id and for nonsense ids", async () => {
    expect((await api(`/api/v1/calculations/${saved.id}`, { token: dmitry })).status).toBe(404);
    expect(
      (await api(`/api/v1/calculations/${saved.id}/order`, { token: dmitry, method: 'POST' }))
        .status,
    ).toBe(404);
    expect((await api('/api/v1/calculations/abc', { token: olga })).status).toBe(404);
  });
});

describe('POST /api/v1/calculations/{id}/order', () => {
  it('creates a real order with the chosen items and prices, notifies, and refuses a second order', async () => {
    const r = await api(`/api/v1/calculations/${saved.id}/order`, { token: olga, method: 'POST' });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      type: 'success',
      sales_id: expect.any(Number),
      number: expect.any(String),
    });
    const order = (await api(`/api/v1/orders/${r.data.sales_id}`, { token: olga })).data.data;
    expect(order.items).toHaveLength(1);
    expect(order.items[0]).toMatchObject({
      sku: chosen.sku,
      quantity: 1,
      price: chosen.price_kop,
      sum: chosen.price_kop,
    });
    expect(order.total).toBe(chosen.price_kop);
    expect(order.source).toBe('calculation');
    const c = (await api(`/api/v1/calculations/${saved.id}`, { token: olga })).data.data;
    expect(c).toMatchObject({ status: 'ordered', order_id: r.data.sales_id });
    const notes = await api('/api/v1/notifications?pageSize=5', { token: olga });
    const note = notes.data.data.entities.find((n: any) => n.module === 'request');
    expect(note.title).toBe(`Order ${r.data.number} placed from calculation ${saved.request}`);
    const again = await api(`/api/v1/calculations/${saved.id}/order`, {
      token: olga,
      method: 'POST',
    });
    expect(again.status).toBe(409);
    expect(again.data.message).toBe('This calculation has already been ordered');
  });

  it('orders a calculation once when several requests arrive at the same time: one order, the others 409', async () => {
    const made = await save({ kind: 'pump', inputs: DUTY, chosen: [chosen.cid] });
    expect(made.status).toBe(200);
    const before = (await api('/api/app/sales.get?pageSize=1', { token: olga })).data.data
      .totalCount;
    const all = await Promise.all(
      Array.from({ length: 6 }, () =>
        api(`/api/v1/calculations/${made.data.id}/order`, { token: olga, method: 'POST' }),
      ),
    );
    expect(all.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of all.filter((x) => x.status === 409))
      expect(r.data.message).toBe('This calculation has already been ordered');
    const won = all.find((r) => r.status === 200)!;
    expect((await api('/api/app/sales.get?pageSize=1', { token: olga })).data.data.totalCount).toBe(
      before + 1,
    );
    expect(
      (await api(`/api/v1/calculations/${made.data.id}`, { token: olga })).data.data,
    ).toMatchObject({ status: 'ordered', order_id: won.data.sales_id });
  });
});
