// Product registry pages as the server renders them: the list (search, folded filters, the spec's
// columns, paging and sorting, no React), the product page with its route dialogs, the spec's empty
// texts (ru verbatim), links to calculation and order, the QR label and the fault report link;
// another customer's product is a 404 page.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffice, ERP_KEY } from '../helpers/backoffice.ts';
import { pdf } from '../helpers/sample-files.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

let server: TestServer;
let call: ReturnType<typeof backoffice>;
let olga: { cookie: string; userId: number };
let dmitry: { cookie: string };
let bare: number;
let full: number;
let orderId: number;

const page = async (path: string, cookie = olga.cookie) => {
  const res = await fetch(`${server.url}${path}`, {
    headers: { cookie, Accept: 'text/html', 'Accept-Language': 'ru' },
    redirect: 'manual',
  });
  return { status: res.status, html: await res.text() };
};

beforeAll(async () => {
  server = await startServer({ INTEGRATION_KEYS: `erp:${sha(ERP_KEY)}:orders+production` });
  call = backoffice(server);
  [olga, dmitry] = await Promise.all([
    sessionFor(server, 'olga.demidova@demo.example'),
    sessionFor(server, 'dmitry.volkov@demo.example'),
  ]);
  const order = (await call('/api/integration/orders?limit=100')).data.data.find(
    (o: any) => o.customer_id === olga.userId && o.items.length > 0,
  );
  orderId = order.id;
  const r = await call('/api/integration/productions', {
    json: {
      order_id: order.id,
      request_id: 77,
      products: [
        { serial: 'PG-1', title: 'Bare unit' },
        { serial: 'PG-2', title: 'Full unit', sku: 'SKU-9' },
      ],
    },
  });
  [bare, full] = r.data.ids;
  await call(`/api/integration/productions/${full}/history`, {
    json: { title: 'Step one', date: '2026-02-01T09:15:00Z' },
  });
  await call(`/api/integration/productions/${full}/history`, {
    json: { title: 'Shipped out', description: 'Truck 5', status: 1, date: '2026-02-03T09:15:00Z' },
  });
  await call(`/api/integration/productions/${full}/documents`, {
    data: { kind: 'passport', name: 'Passport PG-2' },
    files: { file: [pdf(), 'p.pdf'] },
  });
  await call(`/api/integration/productions/${full}/shipments`, {
    data: { numb: 'TN-5', date: '2026-02-04' },
    files: { a: [pdf(), 'waybill.pdf'] },
  });
});
afterAll(async () => {
  await server?.stop();
});

describe('/productions', () => {
  it('lists with the spec columns, folded filters and no React', async () => {
    const { status, html } = await page('/productions?pageSize=100&sortField=serial&sortOrder=asc');
    expect(status).toBe(200);
    for (const c of ['Серийный номер', 'Название', 'Организация', 'Объект', 'Статус', 'Действия'])
      expect(html).toContain(c);
    expect(html).toMatch(/<details class="registry-filters[^"]*"[^>]*>\s*<summary/);
    expect(html).toContain(`href="/productions/${full}"`);
    expect(html).not.toMatch(/astro-island|react/i);
    expect(html.indexOf(`href="/productions/${bare}"`)).toBeLessThan(
      html.indexOf(`href="/productions/${full}"`),
    );
  });

  it('searches title and serial from 3 characters and filters by status', async () => {
    const found = await page('/productions?searchText=PG-2');
    expect(found.html).toContain(`href="/productions/${full}"`);
    expect(found.html).not.toContain(`href="/productions/${bare}"`);
    const byTitle = await page(`/productions?searchText=${encodeURIComponent('Bare unit')}`);
    expect(byTitle.html).toContain(`href="/productions/${bare}"`);
    const ready = await page('/productions?status=1&pageSize=100');
    expect(ready.html).not.toContain(`href="/productions/${bare}"`);
    expect(ready.html).toMatch(/<details class="registry-filters[^"]*" open/);
    const other = await page('/productions?pageSize=100', dmitry.cookie);
    expect(other.html).not.toContain(`href="/productions/${full}"`);
  });
});

describe('/productions/:id', () => {
  it('shows the facts, the links, the timeline with full dates as tooltips and status 1 highlighted', async () => {
    const { status, html } = await page(`/productions/${full}`);
    expect(status).toBe(200);
    expect(html).toContain('PG-2');
    expect(html).toContain('SKU-9');
    expect(html).toContain('Номер расчета');
    expect(html).toContain('href="/e-commerce/design/calculations/77/calculation"');
    expect(html).toContain(`href="/e-commerce/orders/${orderId}/order"`);
    expect(html).toContain('Перейти в расчет');
    expect(html).toContain('Перейти в заказ');
    expect(html).toContain('Отгрузочные документы');
    expect(html).toMatch(
      /<time datetime="2026-02-03T09:15:00.000Z" title="03\.02\.2026 \d\d:15"[^>]*>03\.02\.2026<\/time>/,
    );
    expect(html).toMatch(/class="milestone[^"]*"[^>]*>\s*<time[^>]*>03\.02\.2026/);
    expect(html.indexOf('Shipped out')).toBeLessThan(html.indexOf('Step one'));
    // The fault report is a claim (decision 0043): the button leads to the claim form on the page.
    expect(html).toMatch(/href="#claim-form"[^>]*>Сообщить о неисправности<\/a>/);
    expect(html).toContain('id="claim-form"');
  });

  it('the empty product says so in the spec words, and has no calculation without a request', async () => {
    const created = await call('/api/integration/productions', {
      json: { order_id: orderId, products: [{ serial: 'PG-3', title: 'No request' }] },
    });
    const { html } = await page(`/productions/${created.data.ids[0]}`);
    expect(html).toContain('К сожалению истории движения по данному товару не найдена');
    expect(html).not.toContain('Номер расчета');
    expect(html).not.toContain('Перейти в расчет');
    const docs = await page(`/productions/${created.data.ids[0]}?show=documents`);
    expect(docs.html).toMatch(/<dialog open id="product-documents"/);
    expect(docs.html).toContain('Документы отсутствуют...');
    const ship = await page(`/productions/${created.data.ids[0]}?show=shipments`);
    expect(ship.html).toContain('Документы отсутствуют...');
    expect(ship.html).toContain('Закрыть');
  });

  it('opens the documents and shipments dialogs as routes with working file links', async () => {
    const docs = await page(`/productions/${full}?show=documents`);
    const href = /<a href="(\/productions\/\d+\/files\/[\w-]+)"[^>]*>Passport PG-2<\/a>/.exec(
      docs.html,
    )![1]!;
    const file = await fetch(`${server.url}${href}`, { headers: { cookie: olga.cookie } });
    expect(file.status).toBe(200);
    const ship = await page(`/productions/${full}?show=shipments`);
    expect(ship.html).toMatch(/<dialog open id="product-shipments"/);
    expect(ship.html).toContain('№ TN-5 от 04.02.2026');
    expect(ship.html).toContain('waybill.pdf');
  });

  it("prints a label with the QR code of the product's public passport", async () => {
    const { status, html } = await page(`/productions/${full}/label`);
    expect(status).toBe(200);
    expect(html).toMatch(
      /<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 \d+ \d+" role="img" aria-label="[^"]*PG-2"/,
    );
    // The QR code leads to the public passport (decision 0046), not the signed-in page.
    expect(html).toMatch(/\/passport\/[A-Za-z0-9_-]{24}<\/p>/);
    expect(html).not.toContain(`/productions/${full}</p>`);
  });

  it("another customer's product, its label and its dialogs are 404 pages", async () => {
    for (const p of [
      `/productions/${full}`,
      `/productions/${full}/label`,
      `/productions/${full}?show=documents`,
      '/productions/abc',
    ]) {
      expect((await page(p, dmitry.cookie)).status, p).toBe(404);
    }
  });
});
