// The back-office integration API against the real server: API keys and scopes, order status,
// documents, manager messages and priced items (each notifying the customer, live over the
// WebSocket), promotions with product rows and pictures, news and notifications.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../helpers/api-client.ts';
import { backoffice, integrationEnv, NEWS_KEY } from '../helpers/backoffice.ts';
import { exe, pdf, png } from '../helpers/sample-files.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { connect } from '../helpers/support.ts';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let call: ReturnType<typeof backoffice>;
let olga: { token: string; cookie: string; userId: number };
/** Olga's new (not yet accepted) demo order, which the back office works on below. */
let target: { id: number; number: string };
beforeAll(async () => {
  server = await startServer(integrationEnv);
  api = apiClient(server);
  call = backoffice(server);
  olga = await sessionFor(server, 'olga.demidova@demo.example');
  target = (
    await api('/api/app/sales.get?pageSize=1&filter=%7B%22status%22%3A%22new%22%7D', {
      token: olga.token,
    })
  ).data.data.entities[0];
});
afterAll(async () => {
  await server?.stop();
});

const targetOrder = async () => target;
const order = async (id: number) =>
  (await api(`/api/v1/orders/${id}`, { token: olga.token })).data.data;
const notifications = async () =>
  (await api('/api/v1/notifications?pageSize=100', { token: olga.token })).data.data;

describe('keys and scopes', () => {
  it('refuses a missing or wrong key (401) and a key without the scope (403)', async () => {
    const { id } = await targetOrder();
    const body = { json: { status: 'accepted' } };
    expect(
      (await call(`/api/integration/orders/${id}/status`, { ...body, key: null })).status,
    ).toBe(401);
    const wrong = await call(`/api/integration/orders/${id}/status`, { ...body, key: 'not-a-key' });
    expect(wrong.status).toBe(401);
    expect(wrong.data.message).toBe('Invalid or missing API key');
    const scoped = await call(`/api/integration/orders/${id}/status`, { ...body, key: NEWS_KEY });
    expect(scoped.status).toBe(403);
    expect(scoped.data.message).toBe('This API key has no access to orders');
    for (const path of ['/api/integration/promotions', '/api/integration/notifications'])
      expect((await call(path, { json: {}, key: NEWS_KEY })).status).toBe(403);
    expect((await call('/api/integration/orders', { key: NEWS_KEY })).status).toBe(403);
    // A session is not a key.
    expect((await call('/api/integration/orders', { key: olga.token })).status).toBe(401);
    expect((await order(id)).status).toBe('new');
  });

  it('accepts the key as X-Api-Key too', async () => {
    const res = await fetch(`${server.url}/api/integration/orders?limit=1`, {
      headers: { 'x-api-key': 'erp-test-key-0123456789abcdef' },
    });
    expect(res.status).toBe(200);
  });
});

describe('orders', () => {
  it("GET /api/integration/orders pages every customer's orders in id order with their lines", async () => {
    const first = await call('/api/integration/orders?limit=4');
    expect(first.status).toBe(200);
    expect(first.data.data).toHaveLength(4);
    expect(first.data.data[0]).toMatchObject({
      customer_email: expect.stringMatching(/@demo\.example$/),
      items: expect.any(Array),
    });
    const next = await call(
      `/api/integration/orders?after_id=${first.data.meta.next_after_id}&limit=100`,
    );
    expect(next.data.data[0].id).toBeGreaterThan(first.data.data[3].id);
    expect(next.data.meta.next_after_id).toBeNull();
    const one = await call(`/api/integration/orders/${target.id}`);
    expect(one.data.data).toMatchObject({
      id: target.id,
      customer_id: olga.userId,
      items: expect.any(Array),
      history: expect.any(Array),
      documents: [],
      messages: [],
    });
    expect((await call('/api/integration/orders/999999')).status).toBe(404);
    const shipped = await call('/api/integration/orders?status=shipped');
    expect(shipped.data.data.every((o: any) => o.status === 'shipped')).toBe(true);
    expect((await call('/api/integration/orders?status=lost')).status).toBe(400);
  });

  it('sets a status with a comment: history, number, and a live notification to the customer', async () => {
    const { id } = await targetOrder();
    const live = connect(server, olga.cookie);
    await live.next((m) => m.type === 'ready');
    const r = await call(`/api/integration/orders/${id}/status`, {
      json: { status: 'accepted', comment: 'Accepted by the sales desk', number: 'ERP-7731' },
    });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({
      type: 'success',
      changed: true,
      order: { id, number: 'ERP-7731', status: 'accepted' },
    });
    const event = await live.next((m) => m.type === 'notification.created');
    expect(event.data).toMatchObject({
      module: 'sales',
      url: `/e-commerce/orders/${id}/order`,
      title: 'Заказ № ERP-7731: Принят',
      unread: expect.any(Number),
    });
    live.ws.close();
    const o = await order(id);
    expect(o.status).toBe('accepted');
    expect(o.history.at(-1)).toMatchObject({
      status: 'accepted',
      comment: 'Accepted by the sales desk',
    });
    const n = (await notifications()).entities[0];
    expect(n).toMatchObject({
      module: 'sales',
      status: 1,
      pid: id,
      text: 'Accepted by the sales desk',
      icon: 'status',
    });
    // The same status again without a comment changes nothing and tells no one.
    const again = await call(`/api/integration/orders/${id}/status`, {
      json: { status: 'accepted' },
    });
    expect(again.data.changed).toBe(false);
    expect((await notifications()).entities[0].id).toBe(n.id);
    expect(
      (await api('/api/app/sales.get?search=erp-7731', { token: olga.token })).data.data.totalCount,
    ).toBe(1);
  });

  it('validates the status call', async () => {
    const { id } = await targetOrder();
    const bad = await call(`/api/integration/orders/${id}/status`, { json: { status: 'lost' } });
    expect(bad.status).toBe(422);
    // valibot's own message (the back-office API names the allowed values, untranslated).
    expect(bad.data.errors.status).toBe(
      'Invalid type: Expected ("new" | "accepted" | "awaiting_payment" | "in_production" | "shipped" | "completed" | "cancelled") but received "lost"',
    );
    expect(
      (await call('/api/integration/orders/999999/status', { json: { status: 'accepted' } }))
        .status,
    ).toBe(404);
    const xml = await fetch(`${server.url}/api/integration/orders/${id}/status`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer erp-test-key-0123456789abcdef',
        'content-type': 'application/xml',
      },
      body: '<status/>',
    });
    expect(xml.status).toBe(400);
  });

  it('adds documents (sniffed uploads) that the customer can download', async () => {
    const { id } = await targetOrder();
    const r = await call(`/api/integration/orders/${id}/documents`, {
      data: { kind: 'invoice', title: 'Invoice', number: '1501', date: '2026-11-20' },
      files: { file: [pdf('invoice'), 'invoice-1501.pdf'] },
    });
    expect(r.status).toBe(201);
    const doc = (await order(id)).documents.at(-1);
    expect(doc).toMatchObject({
      kind: 'invoice',
      title: 'Invoice',
      number: '1501',
      date: '2026-11-20',
      file_name: 'invoice-1501.pdf',
      file_id: r.data.file_id,
    });
    const file = await fetch(`${server.url}/files/${doc.file_id}`, {
      headers: { authorization: `Bearer ${olga.token}` },
    });
    expect(file.status).toBe(200);
    expect((await notifications()).entities[0]).toMatchObject({
      icon: 'document',
      text: 'Invoice',
    });

    const back = await fetch(`${server.url}/api/integration/orders/${id}/files/${doc.file_id}`, {
      headers: { authorization: 'Bearer erp-test-key-0123456789abcdef' },
    });
    expect(back.status).toBe(200);
    expect(new TextDecoder().decode(await back.arrayBuffer())).toContain('invoice');
    expect(
      (
        await fetch(`${server.url}/api/integration/orders/${id + 1}/files/${doc.file_id}`, {
          headers: { authorization: 'Bearer erp-test-key-0123456789abcdef' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await fetch(`${server.url}/api/integration/orders/${id}/files/${doc.file_id}`, {
          headers: { authorization: `Bearer ${NEWS_KEY}` },
        })
      ).status,
    ).toBe(403);
    // A file id that is no file id (NUL, a path, 500 characters) is not found, never a 500 (PostgreSQL refuses NUL in text).
    for (const bad of ['%00', `${doc.file_id}%00`, '..%2F..%2Fetc', 'x'.repeat(500)]) {
      const res = await fetch(`${server.url}/api/integration/orders/${id}/files/${bad}`, {
        headers: { authorization: 'Bearer erp-test-key-0123456789abcdef' },
      });
      expect(res.status, bad).toBe(404);
    }

    const program = await call(`/api/integration/orders/${id}/documents`, {
      data: { kind: 'invoice', title: 'x' },
      files: { file: [exe(), 'x.pdf'] },
    });
    expect(program.status).toBe(422);
    expect(
      (
        await call(`/api/integration/orders/${id}/documents`, {
          data: { kind: 'invoice', title: 'x' },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call(`/api/integration/orders/${id}/documents`, {
          data: { kind: 'memo', title: 'x' },
          files: { file: [pdf(), 'x.pdf'] },
        })
      ).status,
    ).toBe(422);
  });

  it('posts manager messages and priced items', async () => {
    const { id } = await targetOrder();
    const m = await call(`/api/integration/orders/${id}/messages`, {
      json: { text: 'Prices are in the invoice.', manager: 'Сергей Иванов' },
    });
    expect(m.status).toBe(201);
    expect((await order(id)).messages.at(-1)).toMatchObject({
      author: 'manager',
      manager_name: 'Сергей Иванов',
      text: 'Prices are in the invoice.',
    });
    expect((await notifications()).entities[0]).toMatchObject({
      icon: 'message',
      text: 'Prices are in the invoice.',
    });
    expect(
      (await call(`/api/integration/orders/${id}/messages`, { json: { text: '' } })).status,
    ).toBe(422);

    const items = [
      {
        title: 'Насос циркуляционный Grundfos MAGNA3 40-120 F',
        sku: '97924266',
        quantity: 2,
        price: 18950000,
        discount_price: 17500000,
      },
      { title: 'Доставка', unit: 'усл', quantity: 1, price: 250000 },
    ];
    const priced = await call(`/api/integration/orders/${id}/items`, {
      method: 'PUT',
      json: { items },
    });
    expect(priced.data).toEqual({ type: 'success', total: 2 * 17500000 + 250000 });
    const o = await order(id);
    expect(o.total).toBe(35250000);
    expect(o.items.map((i: any) => [i.position, i.unit, i.sum])).toEqual([
      [1, 'pcs', 35000000],
      [2, 'усл', 250000],
    ]);
    expect(
      (
        await call(`/api/integration/orders/${id}/items`, {
          method: 'PUT',
          json: { items: [{ title: 'x', quantity: 1, price: 1.5 }] },
        })
      ).status,
    ).toBe(422);
  });
});

describe('promotions, news and notifications', () => {
  it('creates a promotion with product rows and pictures; its text is sanitised', async () => {
    const data = {
      title: 'Winter deal',
      description: 'Heat exchangers at a discount',
      full: '<p onclick="x()">Great <script>alert(1)</script><a href="javascript:alert(1)">deal</a> <a href="https://example.com">here</a></p><img src=x onerror=alert(1)>',
      date_start: '2026-01-01',
      date_end: '2099-12-31',
      products: [
        { title: 'Pump A', sku: 'A-1', price: 1000000, discount_price: 900000, count: 5 },
        { title: 'Pump B', price: 2000000, discount_price: 1500000, count: 2 },
      ],
    };
    const r = await call('/api/integration/promotions', {
      data,
      files: { image: [png(), 'banner.png'], product_image_1: [png(), 'b.png'] },
    });
    expect(r.status).toBe(201);
    const p = r.data.data;
    expect(p.full).toBe(
      '<p>Great <a>deal</a> <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">here</a></p>',
    );
    expect(p.image_id).toMatch(/^[\w-]{21}$/);
    expect(p.products.map((x: any) => [x.position, x.title, x.unit, x.preview === null])).toEqual([
      [1, 'Pump A', 'pcs', true],
      [2, 'Pump B', 'pcs', false],
    ]);
    const seen = (
      await api(`/api/v1/promotions/${r.data.id}?include=detail`, { token: olga.token })
    ).data.data;
    expect(seen).toMatchObject({ title: 'Winter deal', active: true });
    expect(seen.detail).toHaveLength(2);

    const [a, b] = p.products;
    const edit = await call(`/api/integration/promotions/${r.data.id}`, {
      method: 'PATCH',
      json: {
        title: 'Winter deal 2',
        products: [
          { ...a, count: 7 },
          { title: 'Pump C', price: 500000, discount_price: 400000, count: 1 },
        ],
      },
    });
    expect(edit.status).toBe(200);
    expect(edit.data.data.title).toBe('Winter deal 2');
    expect(edit.data.data.products.map((x: any) => [x.id === a.id, x.title, x.count])).toEqual([
      [true, 'Pump A', 7],
      [false, 'Pump C', 1],
    ]);
    expect(edit.data.data.products.some((x: any) => x.id === b.id)).toBe(false);

    expect(
      (
        await call(`/api/integration/promotions/${r.data.id}`, {
          method: 'PATCH',
          json: { products: [{ id: 1, title: 'x', price: 1, discount_price: 1, count: 1 }] },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call(`/api/integration/promotions/${r.data.id}`, {
          method: 'PATCH',
          json: { date_end: '2025-01-01' },
        })
      ).status,
    ).toBe(422);
    expect(
      (await call('/api/integration/promotions/99999', { method: 'PATCH', json: { title: 'x' } }))
        .status,
    ).toBe(404);
    expect(
      (await call('/api/integration/promotions', { json: { ...data, date_start: '2026-13-01' } }))
        .status,
    ).toBe(422);
    expect(
      (await call('/api/integration/promotions', { data, files: { image: [exe(), 'x.png'] } }))
        .status,
    ).toBe(422);
    const hidden = await call(`/api/integration/promotions/${r.data.id}`, {
      method: 'PATCH',
      json: { published: false },
    });
    expect(hidden.data.data.published).toBe(0);
    expect((await api(`/api/v1/promotions/${r.data.id}`, { token: olga.token })).status).toBe(404);
  });

  it('publishes news (a news-only key may) that the home dashboard shows first', async () => {
    const r = await call('/api/integration/news', {
      key: NEWS_KEY,
      data: { title: 'Новый склад', url: 'https://example.com/a', description: 'Open' },
      files: { image: [png(), 'n.png'] },
    });
    expect(r.status).toBe(201);
    const home = (await api('/api/v1/home', { token: olga.token })).data.data;
    expect(home.news[0]).toMatchObject({
      id: r.data.id,
      title: 'Новый склад',
      url: 'https://example.com/a',
      description: 'Open',
      preview: expect.stringMatching(/^\/media\//),
    });
    expect(
      (
        await call('/api/integration/news', {
          key: NEWS_KEY,
          json: { title: 'x', url: 'javascript:alert(1)' },
        })
      ).status,
    ).toBe(422);
  });

  it('sends a notification to one customer by e-mail or id', async () => {
    const r = await call('/api/integration/notifications', {
      json: {
        email: 'Olga.Demidova@demo.example',
        module: 'task',
        title: 'Check your details',
        text: 'Please confirm the delivery address.',
        url: '/user-info/my-objects',
      },
    });
    expect(r.status).toBe(201);
    expect((await notifications()).entities[0]).toMatchObject({
      id: r.data.id,
      module: 'task',
      title: 'Check your details',
      url: '/user-info/my-objects',
      status: 1,
    });
    expect(
      (
        await call('/api/integration/notifications', {
          json: { user_id: olga.userId, module: 'chat', title: 'Hi' },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call('/api/integration/notifications', {
          json: { email: 'nobody@demo.example', module: 'task', title: 'x' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('/api/integration/notifications', { json: { module: 'task', title: 'x' } }))
        .status,
    ).toBe(422);
    expect(
      (
        await call('/api/integration/notifications', {
          json: { user_id: olga.userId, module: 'mail', title: 'x' },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call('/api/integration/notifications', {
          json: { user_id: olga.userId, module: 'task', title: 'x', url: '//evil.example' },
        })
      ).status,
    ).toBe(422);
  });
});
