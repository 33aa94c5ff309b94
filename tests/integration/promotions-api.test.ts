// The promotion calls against the real server: the list, one promotion with its products, and
// ordering from a promotion (discount prices, remaining counts, validity, races for the last items).
import { describe, expect, it } from 'vitest';
import { customersForFile } from '../helpers/api-client.ts';

const { server, api, olga, dmitry } = await customersForFile();

const promotions = async () =>
  (await api('/api/v1/promotions?orderBy=id&sortedBy=desc', { token: olga })).data.data as any[];
const detail = async (id: number) =>
  (await api(`/api/v1/promotions/${id}?include=detail`, { token: olga })).data.data;
const order = (token: string, fields: Record<string, string>) =>
  api('/api/v1/promotions/order', { token, body: new URLSearchParams(fields) });

describe('GET /api/v1/promotions', () => {
  it("lists published promotions by id, newest first, with the spec's fields", async () => {
    const r = await api('/api/v1/promotions?orderBy=id&sortedBy=desc', { token: olga });
    expect(r.status).toBe(200);
    const ids = r.data.data.map((p: any) => p.id);
    expect(ids).toHaveLength(3);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(r.data.meta.pagination.total).toBe(3);
    const p = r.data.data[0];
    expect(p).toMatchObject({
      title: expect.any(String),
      description: expect.any(String),
      date_start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      active: expect.any(Boolean),
    });
    expect(p.preview.full_webp).toMatch(/^\/media\/[\w-]{21}$/);
    const image = await fetch(`${server.url}${p.preview.full_webp}`, {
      headers: { authorization: `Bearer ${olga}` },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(r.data.data.filter((x: any) => !x.active)).toHaveLength(1);
    const asc = await api('/api/v1/promotions?orderBy=id&sortedBy=asc', { token: olga });
    expect(asc.data.data.map((x: any) => x.id)).toEqual([...ids].reverse());
    const paged = await api('/api/v1/promotions?limit=2&page=2', { token: olga });
    expect(paged.data.data).toHaveLength(1);
    expect(paged.data.meta.pagination).toMatchObject({
      total: 3,
      per_page: 2,
      current_page: 2,
      total_pages: 2,
    });
  });

  it('refuses an unknown order field with "Can\'t find promotions!" and anonymous calls with 401', async () => {
    const r = await api('/api/v1/promotions?orderBy=title', { token: olga });
    expect(r.status).toBe(400);
    expect(r.data.message).toBe("Can't find promotions!");
    expect((await api('/api/v1/promotions')).status).toBe(401);
    expect(
      (await fetch(`${server.url}${(await promotions())[0].preview.url}`, { redirect: 'manual' }))
        .status,
    ).toBe(302);
  });
});

describe('GET /api/v1/promotions/{id}', () => {
  it('gives the full text and, with include=detail, the product rows', async () => {
    const [newest] = await promotions();
    const plain = (await api(`/api/v1/promotions/${newest.id}`, { token: olga })).data.data;
    expect(plain.full).toContain('<p>');
    expect(plain.detail).toBeUndefined();
    const d = await detail(newest.id);
    expect(d.detail.length).toBeGreaterThan(0);
    expect(Object.keys(d.detail[0]).sort()).toEqual([
      'count',
      'discount_price',
      'id',
      'position',
      'preview',
      'price',
      'sku',
      'title',
      'unit',
    ]);
    expect(d.detail.every((r: any) => r.discount_price < r.price)).toBe(true);
  });

  it('answers 404 "Can\'t find promotion!" for an unknown id', async () => {
    const r = await api('/api/v1/promotions/999', { token: olga });
    expect(r.status).toBe(404);
    expect(r.data.message).toBe("Can't find promotion!");
  });
});

describe('POST /api/v1/promotions/order', () => {
  it('creates an order at the discount prices and decrements the remaining counts', async () => {
    const active = (await promotions()).find((p) => p.active)!;
    const [a, b] = (await detail(active.id)).detail;
    const r = await order(olga, {
      ids: `${a.id},${b.id}`,
      [`qty_${a.id}`]: '2',
      oid: '1',
      object: '1',
      comment: 'Promo order',
    });
    expect(r.status).toBe(201);
    expect(r.data).toEqual({ type: 'success', sales_id: expect.any(Number) });
    const o = (await api(`/api/v1/orders/${r.data.sales_id}`, { token: olga })).data.data;
    expect(o).toMatchObject({
      status: 'new',
      source: 'promotion',
      promotion_id: active.id,
      oid: 1,
      object: 1,
      comment: 'Promo order',
      title: active.title,
    });
    expect(
      o.items.map((i: any) => [i.title, i.quantity, i.price, i.discount_price, i.sum]),
    ).toEqual([
      [a.title, 2, a.price, a.discount_price, 2 * a.discount_price],
      [b.title, 1, b.price, b.discount_price, b.discount_price],
    ]);
    expect(o.total).toBe(2 * a.discount_price + b.discount_price);
    const after = (await detail(active.id)).detail;
    expect(after.find((x: any) => x.id === a.id).count).toBe(a.count - 2);
    expect(after.find((x: any) => x.id === b.id).count).toBe(b.count - 1);
    // The order is the user's own: another user does not see it.
    expect((await api(`/api/v1/orders/${r.data.sales_id}`, { token: dmitry })).status).toBe(404);
  });

  it('accepts ids as a JSON array and quantities as counts JSON', async () => {
    const active = (await promotions()).find((p) => p.active)!;
    const [a] = (await detail(active.id)).detail;
    const r = await order(dmitry, {
      ids: JSON.stringify([a.id]),
      counts: JSON.stringify({ [a.id]: 1 }),
    });
    expect(r.status).toBe(201);
  });

  it('refuses more than remains, leaving the counts alone', async () => {
    const active = (await promotions()).find((p) => p.active)!;
    const [a, b] = (await detail(active.id)).detail;
    const r = await order(olga, { ids: `${a.id},${b.id}`, [`qty_${b.id}`]: String(b.count + 1) });
    expect(r.status).toBe(409);
    expect(r.data.message).toBe("Can't create promo order!");
    expect(r.data.errors[`qty_${b.id}`]).toBe('Not enough items left in the promotion');
    const after = (await detail(active.id)).detail;
    expect(after.find((x: any) => x.id === a.id).count).toBe(a.count);
  });

  it('lets exactly one of two simultaneous orders take the last item', async () => {
    const active = (await promotions()).find((p) => p.active)!;
    const rows = (await detail(active.id)).detail;
    const last = rows.at(-1);
    await order(olga, { ids: String(last.id), [`qty_${last.id}`]: String(last.count - 1) });
    const results = await Promise.all([
      order(olga, { ids: String(last.id) }),
      order(dmitry, { ids: String(last.id) }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await detail(active.id)).detail.at(-1).count).toBe(0);
  });

  it('refuses ended promotions, mixed promotions, empty choices and foreign organisations', async () => {
    const all = await promotions();
    const ended = all.find((p) => !p.active)!;
    const [old] = (await detail(ended.id)).detail;
    const expired = await order(olga, { ids: String(old.id) });
    expect(expired.status).toBe(409);
    expect(expired.data.errors.ids).toBe('The promotion is not valid today');
    const [x, y] = all.filter((p) => p.active);
    const mixed = await order(olga, {
      ids: `${(await detail(x.id)).detail[0].id},${(await detail(y.id)).detail[0].id}`,
    });
    expect(mixed.status).toBe(422);
    expect((await order(olga, { ids: '' })).status).toBe(422);
    expect((await order(olga, { ids: 'abc' })).status).toBe(422);
    expect((await order(olga, { ids: '99999' })).status).toBe(404);
    const [a] = (await detail(x.id)).detail;
    const foreign = await order(dmitry, { ids: String(a.id), oid: '1' });
    expect(foreign.status).toBe(422);
    expect(foreign.data.errors.oid).toBe('The requested Organisation is not found');
    expect((await order(olga, { ids: String(a.id), [`qty_${a.id}`]: '0' })).status).toBe(422);
  });
});
