// After-sales of the product registry (issue 25) through its APIs and pages: serial search folds
// separators, another user's product answers the one 404 in the user's language, and the warranty the
// back office sets (term, basis, start) shows its status on the list, the product and the page.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { backoffice, ERP_KEY } from '../helpers/backoffice.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

let server: TestServer;
let api: ApiClient;
let call: ReturnType<typeof backoffice>;
let olga: { token: string; userId: number; cookie: string };
let dmitry: { token: string; userId: number; cookie: string };
let orderId: number;

beforeAll(async () => {
  server = await startServer({
    INTEGRATION_KEYS: `erp:${sha(ERP_KEY)}:orders+production+notifications`,
  });
  api = apiClient(server);
  call = backoffice(server);
  [olga, dmitry] = await Promise.all([
    sessionFor(server, 'olga.demidova@demo.example'),
    sessionFor(server, 'dmitry.volkov@demo.example'),
  ]);
  const orders = await call('/api/integration/orders?limit=100');
  orderId = orders.data.data.find((o: any) => o.customer_id === olga.userId).id;
});
afterAll(async () => {
  await server?.stop();
});

async function create(serial: string): Promise<number> {
  const r = await call('/api/integration/productions', {
    json: { order_id: orderId, products: [{ serial, title: `Pump ${serial}` }] },
  });
  expect(r.status).toBe(201);
  return r.data.ids[0];
}

const serialsFound = async (search: string) =>
  (
    await api(
      `/api/v1/productions?search=${encodeURIComponent(search)}&searchFields=title;serial`,
      { token: olga.token },
    )
  ).data.data.map((p: any) => p.serial);

/** YYYY-MM-DD of today shifted by whole days (UTC is close enough a day away from midnight). */
const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const dotted = (d: string) => d.split('-').reverse().join('.');

describe('smaller registry fixes', () => {
  it('serial search folds separators: spaces, dashes, slashes and dots find the same serial', async () => {
    await create('AUD-PHE-0007');
    await create('AUD-PHE-0070');
    for (const q of [
      'AUD PHE 0007',
      'aud-phe-0007',
      'AUD/PHE.0007',
      'aud  phe   0007',
      'AUD-PHE 0007',
    ])
      expect(await serialsFound(q), q).toEqual(['AUD-PHE-0007']);
    expect((await serialsFound('AUD PHE 00')).sort()).toEqual(['AUD-PHE-0007', 'AUD-PHE-0070']);
    // Title words still match as typed; LIKE's own wildcards are plain characters.
    expect(await serialsFound('Pump AUD-PHE-0070')).toEqual(['AUD-PHE-0070']);
    expect(await serialsFound('AUD%0007')).toEqual([]);
    expect(await serialsFound('AUD_PHE_0007')).toEqual(['AUD-PHE-0007']);
  });

  it("another customer's product answers 404 with the message in the user's language, never an empty name", async () => {
    const id = await create('AUD-PHE-0404');
    for (const [lang, message] of [
      ['ru', 'Изделие не найдено'],
      ['en', 'Product not found'],
      ['de', 'Produkt nicht gefunden'],
    ] as const) {
      for (const path of [`/api/v1/productions/${id}`, `/api/v1/productions/realization/${id}`]) {
        const r = await api(path, { token: dmitry.token, lang });
        expect(r.status, `${lang} ${path}`).toBe(404);
        expect(r.data).toEqual({ message });
      }
      // Unknown and past the integer range answer alike.
      for (const other of ['999999', '99999999999', '9223372036854775808']) {
        const r = await api(`/api/v1/productions/${other}`, { token: olga.token, lang });
        expect(r.status).toBe(404);
        expect(r.data.message).toBe(message);
      }
    }
    const back = await call('/api/integration/productions/999999/warranty', {
      json: { months: 12, basis: 'shipment' },
    });
    expect(back.status).toBe(404);
    expect(back.data.message).toBe('Product not found');
  });
});

describe('warranty', () => {
  it('refuses a bad term, basis or start with a message per field', async () => {
    const id = await create('W-0001');
    const w = (json: unknown) => call(`/api/integration/productions/${id}/warranty`, { json });
    const r = await w({ months: 0, basis: 'delivery', start: '2026-02-30' });
    expect(r.status).toBe(422);
    expect(r.data.errors).toEqual({
      months: 'Warranty term: a whole number of months from 1 to 240',
      basis: 'Warranty start: shipment or commissioning',
      start: 'A date as YYYY-MM-DD',
    });
    for (const months of [241, 1.5, '12', 1e308, -1])
      expect((await w({ months, basis: 'shipment' })).data.errors).toEqual({
        months: 'Warranty term: a whole number of months from 1 to 240',
      });
    const malformed = await fetch(
      new URL(`/api/integration/productions/${id}/warranty`, server.url),
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${ERP_KEY}`, 'Content-Type': 'application/json' },
        body: '{"months": 12,',
      },
    );
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toEqual(expect.any(String));
    expect(
      (await call('/api/integration/productions/99999999999/warranty', { json: {} })).status,
    ).toBe(404);
  });

  it('not set, then from the first shipment, active until the day before the term ends, then expired', async () => {
    const id = await create('W-0002');
    const one = async () =>
      (await api(`/api/v1/productions/${id}`, { token: olga.token })).data.data.warranty;
    expect(await one()).toEqual({
      status: 'none',
      until: null,
      start: null,
      months: null,
      basis: null,
    });
    // Basis shipment, nothing shipped yet: still not set.
    const set = await call(`/api/integration/productions/${id}/warranty`, {
      json: { months: 12, basis: 'shipment' },
    });
    expect(set.status).toBe(200);
    expect(set.data.warranty).toMatchObject({ status: 'none', until: null, months: 12 });
    const shipped = dayFromNow(-30);
    await call(`/api/integration/productions/${id}/shipments`, {
      json: { numb: 'OT-1', date: shipped },
    });
    const [y, m, d] = shipped.split('-').map(Number) as [number, number, number];
    const end = new Date(Date.UTC(y + 1, m - 1, d - 1)).toISOString().slice(0, 10);
    expect(await one()).toEqual({
      status: 'active',
      until: end,
      start: null,
      months: 12,
      basis: 'shipment',
    });
    // A later shipment does not move the start.
    await call(`/api/integration/productions/${id}/shipments`, {
      json: { numb: 'OT-2', date: dayFromNow(-1) },
    });
    expect((await one()).until).toBe(end);
    // Commissioning long ago with a short term: expired.
    await call(`/api/integration/productions/${id}/warranty`, {
      json: { months: 6, basis: 'commissioning', start: '2024-01-31' },
    });
    expect(await one()).toEqual({
      status: 'expired',
      until: '2024-07-30',
      start: '2024-01-31',
      months: 6,
      basis: 'commissioning',
    });
    // Commissioning without a day: not set until the back office names it.
    await call(`/api/integration/productions/${id}/warranty`, {
      json: { months: 24, basis: 'commissioning', start: null },
    });
    expect((await one()).status).toBe('none');
  });

  it('the list and the product page show the status in the spec words', async () => {
    const active = await create('W-0003');
    const expired = await create('W-0004');
    const none = await create('W-0005');
    const start = dayFromNow(-10);
    await call(`/api/integration/productions/${active}/warranty`, {
      json: { months: 18, basis: 'commissioning', start },
    });
    await call(`/api/integration/productions/${expired}/warranty`, {
      json: { months: 12, basis: 'shipment', start: '2020-03-01' },
    });
    const until = (await api(`/api/v1/productions/${active}`, { token: olga.token })).data.data
      .warranty.until;
    const list = await api('/api/v1/productions?search=W-000&searchFields=serial&limit=100', {
      token: olga.token,
    });
    const bySerial = Object.fromEntries(list.data.data.map((p: any) => [p.serial, p.warranty]));
    expect(bySerial['W-0003']).toMatchObject({ status: 'active', until });
    expect(bySerial['W-0004']).toMatchObject({ status: 'expired', until: '2021-02-28' });
    expect(bySerial['W-0005']).toMatchObject({ status: 'none', until: null });

    const page = async (path: string) => {
      const r = await fetch(new URL(path, server.url), {
        headers: { Cookie: olga.cookie, Accept: 'text/html' },
      });
      expect(r.status).toBe(200);
      return r.text();
    };
    const listHtml = await page('/productions?searchText=W-000&pageSize=10');
    expect(listHtml).toContain('<th');
    expect(listHtml).toContain('Гарантия');
    expect(listHtml).toContain(`действует до ${dotted(until)}`);
    expect(listHtml).toContain('>истекла<');
    expect(listHtml).toContain('>не указана<');
    const activeHtml = await page(`/productions/${active}`);
    expect(activeHtml).toContain(`действует до ${dotted(until)}`);
    expect(activeHtml).toContain('18 мес. с ввода в эксплуатацию');
    expect(await page(`/productions/${expired}`)).toContain('>истекла<');
    expect(await page(`/productions/${none}`)).toContain('>не указана<');
  });
});
