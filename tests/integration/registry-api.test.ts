// Product registry through its APIs: the back office creates products for an order's lines, adds
// history, status, documents and shipment documents (scope production); the customer reads them
// through /api/v1/productions (search, filter pairs, paging, sorting), only their own or granted ones
// (another customer gets 404), gets notified and hears live events; files only for readers.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { backoffice, ERP_KEY, NEWS_KEY } from '../helpers/backoffice.ts';
import { png, pdf } from '../helpers/sample-files.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { connect } from '../helpers/ws.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const env = {
  INTEGRATION_KEYS: `erp:${sha(ERP_KEY)}:orders+production,newsroom:${sha(NEWS_KEY)}:news`,
};

let server: TestServer;
let api: ApiClient;
let call: ReturnType<typeof backoffice>;
let olga: { token: string; userId: number; cookie: string };
let dmitry: { token: string; userId: number; cookie: string };
let orderId: number;
let itemId: number;

beforeAll(async () => {
  server = await startServer(env);
  api = apiClient(server);
  call = backoffice(server);
  [olga, dmitry] = await Promise.all([
    sessionFor(server, 'olga.demidova@demo.example'),
    sessionFor(server, 'dmitry.volkov@demo.example'),
  ]);
  const orders = await call('/api/integration/orders?limit=100');
  const order = orders.data.data.find(
    (o: any) => o.customer_id === olga.userId && o.items.length > 0,
  );
  orderId = order.id;
  itemId = order.items[0].id;
});
afterAll(async () => {
  await server?.stop();
});

const create = (serial: string, extra: Record<string, unknown> = {}) =>
  call('/api/integration/productions', {
    json: { order_id: orderId, products: [{ serial, order_item_id: itemId, ...extra }] },
  });

describe('integration API (scope production)', () => {
  it('refuses a missing key (401) and a key without the scope (403)', async () => {
    expect((await call('/api/integration/productions', { key: null, json: {} })).status).toBe(401);
    const r = await call('/api/integration/productions', { key: NEWS_KEY, json: {} });
    expect(r.status).toBe(403);
    expect(r.data.message).toBe('This API key has no access to production');
  });

  it('validates the creation with a message per field', async () => {
    const r = await call('/api/integration/productions', { json: { order_id: 0, products: [] } });
    expect(r.status).toBe(422);
    expect(r.data.errors.products).toBe('From 1 to 500 products');
    const bad = await call('/api/integration/productions', {
      json: { order_id: 999999, products: [{ serial: 'A B' }] },
    });
    expect(bad.data.errors['products.0.serial']).toBe('Serial: Latin letters, digits, _ . / -');
    const noOrder = await call('/api/integration/productions', {
      json: { order_id: 999999, products: [{ serial: 'X-1' }] },
    });
    expect(noOrder.data.errors.order_id).toBe('No such order');
    const status = await create('X-2', { status: 7 });
    expect(status.data.errors['products.0.status']).toBe('Status: 0 or 1');
    const foreign = await create('X-3', { order_item_id: 999999 });
    expect(foreign.data.errors['products.0.order_item_id']).toBe(
      'The line is not part of this order',
    );
    const picture = await create('X-4', { picture_file_id: 'aaaaaaaaaaaaaaaaaaaaa' });
    expect(picture.data.errors['products.0.picture_file_id']).toBe(
      'The picture must be PNG, JPEG or WebP',
    );
  });

  it('creates a product from an order line, notifies the owner once and refuses a taken serial', async () => {
    const latest = async () =>
      (
        await api(
          '/api/v1/notifications?pageSize=1&sortField=id&sortOrder=desc&filter=' +
            encodeURIComponent('{"module":"sales"}'),
          { token: olga.token },
        )
      ).data.data;
    const before = (await latest()).totalCount;
    const r = await create('T-1000');
    expect(r.status).toBe(201);
    const id = r.data.ids[0];
    const one = await api(`/api/v1/productions/${id}`, { token: olga.token });
    expect(one.status).toBe(200);
    expect(one.data.data).toMatchObject({
      id,
      serial: 'T-1000',
      status: 0,
      has_realization: true,
      sales_id: orderId,
      has_request: false,
      has_history: false,
      history: [],
      files: [],
    });
    expect(one.data.data.title.length).toBeGreaterThan(0);
    const after = await latest();
    expect(after.totalCount).toBe(before + 1);
    expect(after.entities[0]).toMatchObject({ module: 'sales', url: `/productions/${id}` });
    // In the customer's own language (the demo customers have none: Russian).
    expect(after.entities[0].title).toBe(
      `По заказу № ${(await call('/api/integration/orders/' + orderId)).data.data.number} в производство запущено изделий: 1`,
    );
    const again = await create('T-1000');
    expect(again.status).toBe(422);
    expect(again.data.errors.products).toBe('A serial number is taken or repeated');
  });

  it('adds history, status, documents and shipments; the owner hears each change live', async () => {
    const id = (await create('T-2000')).data.ids[0];
    const live = connect(server, olga.cookie);
    expect(await live.subscribe(`user:${olga.userId}`)).toBe('subscribed');
    const h = await call(`/api/integration/productions/${id}/history`, {
      json: { title: 'Assembly', description: 'Frame welded', date: '2026-01-05T10:30:00Z' },
    });
    expect(h.status).toBe(201);
    await live.next(
      (m) => m.type === 'production.changed' && m.data.id === id && m.data.part === 'history',
    );
    expect(
      (await call(`/api/integration/productions/${id}/history`, { json: { title: '' } })).data
        .errors.title,
    ).toBe('Text is missing or too long');
    expect(
      (
        await call(`/api/integration/productions/${id}/history`, {
          json: { title: 'x', date: 'soon' },
        })
      ).data.errors.date,
    ).toBe('A time in ISO 8601');
    const s = await call(`/api/integration/productions/${id}/status`, { json: { status: 1 } });
    expect(s.data).toEqual({ type: 'success', changed: true, status: 1 });
    expect(
      (await call(`/api/integration/productions/${id}/status`, { json: { status: 1 } })).data
        .changed,
    ).toBe(false);
    await live.next((m) => m.type === 'production.changed' && m.data.part === 'status');
    const doc = await call(`/api/integration/productions/${id}/documents`, {
      data: { kind: 'passport', name: 'Passport' },
      files: { file: [pdf('passport'), 'passport.pdf'] },
    });
    expect(doc.status).toBe(201);
    expect(
      (
        await call(`/api/integration/productions/${id}/documents`, {
          data: { kind: 'poster' },
          files: { file: [pdf(), 'a.pdf'] },
        })
      ).data.errors.kind,
    ).toBe('Kind: passport, manual, certificate or drawing');
    expect(
      (await call(`/api/integration/productions/${id}/documents`, { json: { kind: 'manual' } }))
        .data.errors.file,
    ).toBe('Attach the file in the file field');
    // By reference to a file already stored (the passport just uploaded).
    const ref = await call(`/api/integration/productions/${id}/documents`, {
      json: { kind: 'manual', name: 'Manual', file_id: doc.data.file_id },
    });
    expect(ref.status).toBe(201);
    expect(
      (
        await call(`/api/integration/productions/${id}/documents`, {
          json: { kind: 'manual', file_id: 'bbbbbbbbbbbbbbbbbbbbb' },
        })
      ).data.errors.file_id,
    ).toBe('No such file');
    const ship = await call(`/api/integration/productions/${id}/shipments`, {
      data: {
        numb: 'W-77',
        date: '2026-01-10',
        attach: [{ file_id: doc.data.file_id, name: 'passport.pdf' }],
      },
      files: { waybill: [pdf('waybill'), 'waybill.pdf'] },
    });
    expect(ship.status).toBe(201);
    expect(ship.data.attach).toHaveLength(2);
    expect(
      (
        await call(`/api/integration/productions/${id}/shipments`, {
          json: { numb: 'W', date: '10.01.2026' },
        })
      ).data.errors.date,
    ).toBe('A date as YYYY-MM-DD');
    await live.next((m) => m.type === 'production.changed' && m.data.part === 'shipments');
    live.ws.close();

    const one = (await api(`/api/v1/productions/${id}`, { token: olga.token })).data.data;
    expect(one.status).toBe(1);
    expect(one.has_history).toBe(true);
    expect(one.history[0]).toMatchObject({
      title: 'Assembly',
      description: 'Frame welded',
      status: 0,
      date: '05.01.2026',
    });
    expect(one.history[0].date_full).toMatch(/^05\.01\.2026 \d\d:30$/);
    expect(one.files.map((f: any) => f.name)).toEqual(['Passport', 'Manual']);
    const shipments = await api(`/api/v1/productions/realization/${id}`, { token: olga.token });
    expect(shipments.status).toBe(200);
    expect(shipments.data.data[0]).toMatchObject({ numb: 'W-77', date: '2026-01-10' });
    expect(shipments.data.data[0].attach.map((a: any) => a.name)).toEqual([
      'passport.pdf',
      'waybill.pdf',
    ]);

    // Documents: to readers only, downloaded (never rendered inline), not cached.
    const file = await fetch(`${server.url}${one.files[0].file}`, {
      headers: { cookie: olga.cookie },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="passport.pdf"/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(
      (await fetch(`${server.url}${one.files[0].file}`, { headers: { cookie: dmitry.cookie } }))
        .status,
    ).toBe(404);
    // A file of another product through this product's address: 404 too.
    const other = (await create('T-2001')).data.ids[0];
    expect(
      (
        await fetch(`${server.url}/productions/${other}/files/${doc.data.file_id}`, {
          headers: { cookie: olga.cookie },
        })
      ).status,
    ).toBe(404);
  });

  it('a picture given by reference shows inline', async () => {
    const up = await call(`/api/integration/orders/${orderId}/documents`, {
      data: { kind: 'offer', title: 'Photo' },
      files: { file: [png(), 'photo.png'] },
    });
    expect(up.status).toBe(201);
    const id = (await create('T-3000', { picture_file_id: up.data.file_id })).data.ids[0];
    const one = (await api(`/api/v1/productions/${id}`, { token: olga.token })).data.data;
    const res = await fetch(`${server.url}${one.preview}`, { headers: { cookie: olga.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^inline/);
  });
});

describe('GET /api/v1/productions', () => {
  it('lists own products with meta.pagination.total, searches title;serial, filters by pairs, pages and sorts', async () => {
    const all = await api('/api/v1/productions?limit=100&orderBy=serial&sortedBy=asc', {
      token: olga.token,
    });
    expect(all.status).toBe(200);
    const total = all.data.meta.pagination.total;
    expect(total).toBe(all.data.data.length);
    const serials = all.data.data.map((p: any) => p.serial);
    expect(serials).toEqual([...serials].sort());
    expect(serials).toContain('T-1000');
    const found = await api('/api/v1/productions?search=T-100&searchFields=title;serial', {
      token: olga.token,
    });
    expect(found.data.data.map((p: any) => p.serial)).toEqual(['T-1000']);
    const short = await api('/api/v1/productions?search=T-&searchFields=title;serial', {
      token: olga.token,
    });
    expect(short.data.meta.pagination.total).toBe(total);
    const ready = await api('/api/v1/productions?search=status:1&searchJoin=and&limit=100', {
      token: olga.token,
    });
    expect(ready.data.data.length).toBeGreaterThan(0);
    expect(ready.data.data.every((p: any) => p.status === 1)).toBe(true);
    const inProduction = await api('/api/v1/productions?search=status:0&limit=100', {
      token: olga.token,
    });
    expect(ready.data.meta.pagination.total + inProduction.data.meta.pagination.total).toBe(total);
    const oid = all.data.data.find((p: any) => p.oid)?.oid;
    if (oid) {
      const byOrg = await api(
        `/api/v1/productions?search=status:1;oid:${oid}&searchJoin=and&limit=100`,
        { token: olga.token },
      );
      expect(byOrg.data.data.every((p: any) => p.oid === oid && p.status === 1)).toBe(true);
    }
    const page2 = await api('/api/v1/productions?limit=2&page=2&orderBy=serial&sortedBy=asc', {
      token: olga.token,
    });
    expect(page2.data.data.map((p: any) => p.serial)).toEqual(serials.slice(2, 4));
    const last = Math.ceil(total / 2);
    const lastPage = await api(
      `/api/v1/productions?limit=2&page=${last}&orderBy=serial&sortedBy=asc`,
      { token: olga.token },
    );
    expect(lastPage.data.data.map((p: any) => p.serial)).toEqual(
      serials.slice((last - 1) * 2, last * 2),
    );
    expect(all.data.data[0]).toEqual({
      id: expect.any(Number),
      serial: expect.any(String),
      title: expect.any(String),
      oid: expect.anything(),
      oid_name: expect.anything(),
      object_name: expect.anything(),
      status: expect.any(Number),
      warranty: { status: 'none', until: null, start: null, months: null, basis: null },
    });
  });

  it('answers 400 with the call message for a bad query', async () => {
    for (const q of [
      'searchFields=password',
      'searchJoin=or',
      'orderBy=password',
      'search=owner:1',
    ]) {
      const r = await api(`/api/v1/productions?${q}`, { token: olga.token });
      expect(r.status, q).toBe(400);
      expect(r.data.message).toBe("Can't get products!");
    }
  });

  it('another customer sees none of them and gets 404 for the product and its shipments, until granted', async () => {
    const id = (await create('T-4000')).data.ids[0];
    const list = await api('/api/v1/productions?search=T-4000&searchFields=serial', {
      token: dmitry.token,
    });
    expect(list.data.meta.pagination.total).toBe(0);
    expect((await api(`/api/v1/productions/${id}`, { token: dmitry.token })).status).toBe(404);
    const ship = await api(`/api/v1/productions/realization/${id}`, { token: dmitry.token });
    expect(ship.status).toBe(404);
    expect((await api('/api/v1/productions/999999', { token: olga.token })).status).toBe(404);
    expect((await api('/api/v1/productions', {})).status).toBe(401);

    const g = await call(`/api/integration/productions/${id}/grants`, {
      json: { emails: ['dmitry.volkov@demo.example'] },
    });
    expect(g.data).toEqual({ type: 'success', changed: 1 });
    expect((await api(`/api/v1/productions/${id}`, { token: dmitry.token })).status).toBe(200);
    expect(
      (await api('/api/v1/productions?search=T-4000&searchFields=serial', { token: dmitry.token }))
        .data.meta.pagination.total,
    ).toBe(1);
    const shown = await call(`/api/integration/productions/${id}`);
    expect(shown.data.data).toMatchObject({
      id,
      serial: 'T-4000',
      customer_id: olga.userId,
      shipments: [],
    });
    expect(shown.data.data.readers).toEqual(
      expect.arrayContaining([
        { email: 'olga.demidova@demo.example', kind: 'owner' },
        { email: 'dmitry.volkov@demo.example', kind: 'grant' },
      ]),
    );
    expect((await call('/api/integration/productions/999999')).status).toBe(404);
    expect(
      (
        await call(`/api/integration/productions/${id}/grants`, {
          json: { emails: ['nobody@demo.example'] },
        })
      ).status,
    ).toBe(422);
    await call(`/api/integration/productions/${id}/grants`, {
      json: { emails: ['dmitry.volkov@demo.example'], revoke: true },
    });
    expect((await api(`/api/v1/productions/${id}`, { token: dmitry.token })).status).toBe(404);
    // The owner's access is not a grant: it cannot be revoked.
    await call(`/api/integration/productions/${id}/grants`, {
      json: { emails: ['olga.demidova@demo.example'], revoke: true },
    });
    expect((await api(`/api/v1/productions/${id}`, { token: olga.token })).status).toBe(200);
  });

  it('demo data: products in both statuses with history, documents and shipments', async () => {
    const all = (
      await api('/api/v1/productions?limit=100&orderBy=id&sortedBy=asc', { token: dmitry.token })
    ).data.data;
    const demo = all.filter((p: any) => p.serial.startsWith('SN-'));
    expect(new Set(demo.map((p: any) => p.status))).toEqual(new Set([0, 1]));
    const ready = demo.find((p: any) => p.status === 1);
    const one = (await api(`/api/v1/productions/${ready.id}`, { token: dmitry.token })).data.data;
    expect(one.history.length).toBeGreaterThan(1);
    expect(one.files.length).toBeGreaterThan(0);
    expect(
      (await api(`/api/v1/productions/realization/${ready.id}`, { token: dmitry.token })).data.data
        .length,
    ).toBe(1);
  });
});
