// The order calls against the real server: the legacy sales.get / sales.store / sales.update_no_protect
// calls (search, filters, sorting, paging, archive), one order, customer messages with files, and
// another user's order answering 404.
import { describe, expect, it } from 'vitest';
import { customersForFile } from '../helpers/api-client.ts';
import { exe, pdf } from '../helpers/sample-files.ts';

const { server, api, olga, dmitry } = await customersForFile();

const q = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();
const sales = (token: string, params: Record<string, unknown> = {}, lang = 'en') =>
  api(`/api/app/sales.get?${q(params)}`, { token, tokenInQuery: true, lang });
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe('GET /api/app/sales.get', () => {
  it('pages the user\'s orders, id descending by default, with the spec\'s "Show rows" figures', async () => {
    const r = await sales(olga, { pageSize: '10', pageNumber: '1' });
    expect(r.status).toBe(200);
    expect(r.data.data.totalCount).toBe(5);
    const ids = r.data.data.entities.map((o: any) => o.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(r.data.data.entities[0]).toMatchObject({
      number: expect.any(String),
      status: expect.any(String),
      status_label: expect.any(String),
      total: expect.any(Number),
      items_count: expect.any(Number),
      archived: 0,
    });
    const page2 = await sales(olga, { pageSize: '3', pageNumber: '2' });
    expect(page2.data.data).toMatchObject({ totalCount: 5 });
    expect(page2.data.data.entities.map((o: any) => o.id)).toEqual(ids.slice(3, 5));
  });

  it('labels statuses in the interface language', async () => {
    const ru = await sales(olga, { filter: { status: 'shipped' }, pageSize: '10' }, 'ru');
    expect(ru.data.data.entities[0].status_label).toBe('Отгружен');
    const en = await sales(olga, { filter: { status: 'shipped' }, pageSize: '10' }, 'en');
    expect(en.data.data.entities[0].status_label).toBe('Shipped');
  });

  it('filters by status, organisation, object and date', async () => {
    const all = (await sales(olga)).data.data.entities as any[];
    const withOrg = all.find((o) => o.oid && o.object)!;
    const byStatus = await sales(olga, { filter: { status: 'cancelled' } });
    expect(byStatus.data.data.entities.map((o: any) => o.status)).toEqual(['cancelled']);
    const byOrg = await sales(olga, { filter: { oid: withOrg.oid } });
    expect(byOrg.data.data.entities.length).toBeGreaterThan(0);
    expect(byOrg.data.data.entities.every((o: any) => o.oid === withOrg.oid)).toBe(true);
    const byObject = await sales(olga, { filter: { object: withOrg.object } });
    expect(byObject.data.data.entities.every((o: any) => o.object === withOrg.object)).toBe(true);
    const day = new Date(withOrg.date).toLocaleDateString('en-CA', { timeZone: 'Europe/Samara' });
    const byDate = await sales(olga, { filter: { date: day } });
    expect(byDate.data.data.entities.map((o: any) => o.id)).toContain(withOrg.id);
    expect(
      byDate.data.data.entities.every(
        (o: any) =>
          new Date(o.date).toLocaleDateString('en-CA', { timeZone: 'Europe/Samara' }) === day,
      ),
    ).toBe(true);
    const none = await sales(olga, { filter: { status: 'no-such-status' } });
    expect(none.data.data.totalCount).toBe(0);
  });

  it('searches from 3 characters in numbers, items, SKUs, organisations and objects (any case, Cyrillic too)', async () => {
    expect((await sales(olga, { search: 'grundfos' })).data.data.totalCount).toBe(1);
    expect((await sales(olga, { search: 'ИЖЕВСКИЕ тепловые' })).data.data.totalCount).toBe(2);
    expect((await sales(olga, { search: 'котельная на пушкинской' })).data.data.totalCount).toBe(2);
    expect((await sales(olga, { search: 'HH14-EPDM' })).data.data.totalCount).toBe(1);
    // Shorter than 3 characters: ignored, as the search box does.
    expect((await sales(olga, { search: 'zz' })).data.data.totalCount).toBe(5);
    expect((await sales(olga, { search: 'zzzz' })).data.data.totalCount).toBe(0);
  });

  it('sorts by the columns', async () => {
    const asc = (
      await sales(olga, { sortField: 'total', sortOrder: 'asc' })
    ).data.data.entities.map((o: any) => o.total);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const byNumber = (
      await sales(olga, { sortField: 'number', sortOrder: 'asc' })
    ).data.data.entities.map((o: any) => o.number);
    expect(byNumber).toEqual([...byNumber].sort());
  });

  it('lists the archive with archive=1', async () => {
    const r = await sales(olga, { archive: '1' });
    expect(r.data.data.totalCount).toBe(1);
    expect(r.data.data.entities[0]).toMatchObject({ status: 'completed', archived: 1 });
  });

  it("refuses a malformed filter with the call's message, and a missing session with 401", async () => {
    const bad = await api('/api/app/sales.get?filter=%7Bnope', { token: olga, tokenInQuery: true });
    expect(bad.status).toBe(400);
    expect(bad.data.message).toBe("Can't find orders!");
    expect((await api('/api/app/sales.get')).status).toBe(401);
  });

  it("never shows another user's orders", async () => {
    const mine = (await sales(olga)).data.data.entities.map((o: any) => o.id);
    const his = (await sales(dmitry)).data.data.entities.map((o: any) => o.id);
    expect(his.length).toBe(3);
    expect(his.filter((id: number) => mine.includes(id))).toEqual([]);
  });
});

describe('POST /api/app/sales.store and sales.update_no_protect', () => {
  it("creates an order from the customer's lines (priced later by the manager)", async () => {
    const items = [
      { title: 'Насос циркуляционный Grundfos ALPHA2 25-60', sku: '99411165', quantity: 2 },
      { title: 'Free text line', quantity: 1.5, unit: 'm' },
    ];
    const r = await api('/api/app/sales.store', {
      token: olga,
      tokenInQuery: true,
      body: form({ title: 'API order', comment: 'Please call', items: JSON.stringify(items) }),
    });
    expect(r.status).toBe(201);
    expect(r.data).toMatchObject({ type: 'success', sales_id: expect.any(Number) });
    expect(r.data.data).toMatchObject({
      status: 'new',
      total: 0,
      title: 'API order',
      comment: 'Please call',
      source: 'cabinet',
    });
    expect(
      r.data.data.items.map((i: any) => [i.position, i.title, i.quantity, i.unit, i.price]),
    ).toEqual([
      [1, items[0]!.title, 2, 'pcs', 0],
      [2, 'Free text line', 1.5, 'm', 0],
    ]);
    expect(r.data.data.history.map((h: any) => h.status)).toEqual(['new']);
  });

  it("checks the fields: items required, the organisation must be the user's own", async () => {
    const empty = await api('/api/app/sales.store', {
      token: olga,
      tokenInQuery: true,
      body: form({ items: '[]' }),
    });
    expect(empty.status).toBe(422);
    expect(empty.data.message).toBe("Can't create order!");
    const notJson = await api('/api/app/sales.store', {
      token: olga,
      tokenInQuery: true,
      body: form({ items: 'nope' }),
    });
    expect(notJson.status).toBe(422);
    const foreignOrg = await api('/api/app/sales.store', {
      token: dmitry,
      tokenInQuery: true,
      body: form({ oid: '1', items: JSON.stringify([{ title: 'x', quantity: 1 }]) }),
    });
    expect(foreignOrg.status).toBe(422);
    expect(foreignOrg.data.errors.oid).toBe('The requested Organisation is not found');
  });

  it('returns every order when called without paging', async () => {
    for (let i = 0; i < 9; i++)
      await api('/api/app/sales.store', {
        token: dmitry,
        tokenInQuery: true,
        body: form({ title: `Bulk ${i}`, items: JSON.stringify([{ title: 'Line', quantity: 1 }]) }),
      });
    const all = await sales(dmitry, { sortField: 'id', sortOrder: 'desc' });
    expect(all.data.data.totalCount).toBe(12);
    expect(all.data.data.entities).toHaveLength(12);
    expect((await sales(dmitry, { pageNumber: '1' })).data.data.entities).toHaveLength(10);
  });

  it("moves orders to the archive and back; other users' ids answer 404", async () => {
    const [first] = (await sales(olga, { pageSize: '1', pageNumber: '1' })).data.data.entities;
    const moved = await api('/api/app/sales.update_no_protect?archive=1', {
      token: olga,
      tokenInQuery: true,
      body: form({ id: String(first.id) }),
    });
    expect(moved.status).toBe(200);
    expect(moved.data).toEqual({ type: 'success', ids: [first.id], archive: 1 });
    expect(
      (await sales(olga, { archive: '1' })).data.data.entities.map((o: any) => o.id),
    ).toContain(first.id);
    expect((await sales(olga)).data.data.entities.map((o: any) => o.id)).not.toContain(first.id);
    const back = await api('/api/app/sales.update_no_protect?archive=0', {
      token: olga,
      tokenInQuery: true,
      body: form({ ids: JSON.stringify([first.id]) }),
    });
    expect(back.data.ids).toEqual([first.id]);
    expect((await sales(olga)).data.data.entities.map((o: any) => o.id)).toContain(first.id);

    const foreign = await api('/api/app/sales.update_no_protect?archive=1', {
      token: dmitry,
      tokenInQuery: true,
      body: form({ id: String(first.id) }),
    });
    expect(foreign.status).toBe(404);
    const noFlag = await api('/api/app/sales.update_no_protect', {
      token: olga,
      tokenInQuery: true,
      body: form({ id: String(first.id) }),
    });
    expect(noFlag.status).toBe(400);
    expect(noFlag.data.message).toBe("Can't move orders!");
    const noIds = await api('/api/app/sales.update_no_protect?archive=1', {
      token: olga,
      tokenInQuery: true,
      body: form({ id: 'x' }),
    });
    expect(noIds.status).toBe(422);
  });
});

describe('one order and its conversation', () => {
  async function orderWithDocuments() {
    const list = (await sales(olga, { filter: { status: 'awaiting_payment' } })).data.data.entities;
    return list[0].id as number;
  }

  it("GET /api/v1/orders/{id} gives items, total, history, documents and messages; another user's answers 404", async () => {
    const id = await orderWithDocuments();
    const r = await api(`/api/v1/orders/${id}`, { token: olga });
    expect(r.status).toBe(200);
    const o = r.data.data;
    expect(o.items.length).toBe(3);
    expect(o.total).toBe(o.items.reduce((s: number, i: any) => s + i.sum, 0));
    const discounted = o.items.find((i: any) => i.discount_price !== null);
    expect(discounted.sum).toBe(discounted.discount_price * discounted.quantity);
    expect(o.history.map((h: any) => h.status)).toEqual(['new', 'accepted', 'awaiting_payment']);
    expect(o.documents.map((d: any) => d.kind).sort()).toEqual(['invoice', 'offer']);
    expect(o.messages.map((m: any) => m.author)).toEqual(['customer', 'manager']);
    const doc = await fetch(`${server.url}/files/${o.documents[0].file_id}`, {
      headers: { authorization: `Bearer ${olga}` },
    });
    expect(doc.status).toBe(200);
    expect(doc.headers.get('content-type')).toBe('application/pdf');
    expect(doc.headers.get('content-disposition')).toMatch(/^attachment;/);

    expect((await api(`/api/v1/orders/${id}`, { token: dmitry })).status).toBe(404);
    expect((await api('/api/v1/orders/999999', { token: olga })).status).toBe(404);
    expect(
      (
        await fetch(`${server.url}/files/${o.documents[0].file_id}`, {
          headers: { authorization: `Bearer ${dmitry}` },
        })
      ).status,
    ).toBe(404);
  });

  it('POST /api/v1/orders/{id}/messages stores text and checked files', async () => {
    const id = await orderWithDocuments();
    const text = await api(`/api/v1/orders/${id}/messages`, {
      token: olga,
      json: { message: '  When will it ship?  ' },
    });
    expect(text.status).toBe(201);
    const withFile = new FormData();
    withFile.append('message', '');
    withFile.append('file', new Blob([pdf('spec') as BlobPart]), 'Спецификация.pdf');
    expect(
      (await api(`/api/v1/orders/${id}/messages`, { token: olga, body: withFile })).status,
    ).toBe(201);
    const o = (await api(`/api/v1/orders/${id}`, { token: olga })).data.data;
    const [m1, m2] = o.messages.slice(-2);
    expect(m1).toMatchObject({ author: 'customer', text: 'When will it ship?', file_id: null });
    expect(m2).toMatchObject({ author: 'customer', text: '', file_name: 'Спецификация.pdf' });
    expect(
      (
        await fetch(`${server.url}/files/${m2.file_id}`, {
          headers: { authorization: `Bearer ${olga}` },
        })
      ).status,
    ).toBe(200);

    const empty = await api(`/api/v1/orders/${id}/messages`, {
      token: olga,
      json: { message: '   ' },
    });
    expect(empty.status).toBe(422);
    expect(empty.data.message).toBe("Can't send message!");
    const program = new FormData();
    program.append('file', new Blob([exe() as BlobPart]), 'invoice.pdf');
    expect(
      (await api(`/api/v1/orders/${id}/messages`, { token: olga, body: program })).status,
    ).toBe(422);
    expect(
      (await api(`/api/v1/orders/${id}/messages`, { token: dmitry, json: { message: 'hi' } }))
        .status,
    ).toBe(404);
  });
});
