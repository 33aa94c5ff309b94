// The printable commercial offer and the one-page datasheets of a saved calculation: the right
// figures (items, quantities, prices, VAT, total, customer and object), the datasheet's duty point,
// static SVG curves and explanation, links from the saved calculation page; another user's or an
// unknown calculation or item answers 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithCustomers, type ApiClient } from '../helpers/api-client.ts';
import type { TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

let server: TestServer;
let api: ApiClient;
let olga: string;
let cookies: { olga: string; dmitry: string };
beforeAll(async () => {
  let dmitry: string;
  ({ server, api, olga, dmitry } = await startWithCustomers({ SUPPLIER_NAME: 'LLC Test Supplier', SUPPLIER_DETAILS: 'Samara, Test st. 1; INN 6300000000' }));
  void dmitry;
  cookies = { olga: (await sessionFor(server, 'olga.demidova@demo.example')).cookie, dmitry: (await sessionFor(server, 'dmitry.volkov@demo.example')).cookie };
});
afterAll(async () => {
  await server?.stop();
});

const page = async (path: string, cookie = cookies.olga) => {
  const res = await fetch(new URL(path, server.url), { headers: { Cookie: cookie, 'Accept-Language': 'en' }, redirect: 'manual' });
  return { status: res.status, html: await res.text() };
};
const money = (kop: number) => `${Math.floor(kop / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${String(kop % 100).padStart(2, '0')}`;
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ');

const DUTY = { q: '60', q_unit: 'm3/h', h: '13', h_unit: 'm', h_static: '5', speed_control: '1' };
let station: { id: number; request: string; pumpCid: number; cabinetCid: number };
let pump: { id: number; cid: number; duty: any };
let hx: { id: number; pack: any };

beforeAll(async () => {
  const org = (await api('/api/v1/organisations?pageSize=1', { token: olga })).data.data.entities[0];
  const obj = (await api('/api/v1/objects?pageSize=1', { token: olga })).data.data.entities[0];
  const inputs = { q: '60', h: '40', h_static: '30', speed_control: '1', count: '2', standby: '1' };
  const e = (await api('/api/v1/calculations/station/select', { token: olga, json: inputs })).data.entities[0];
  const s = await api('/api/v1/calculations', { token: olga, json: { kind: 'station', inputs, chosen: [e.cid, e.cabinet.id], oid: org?.id ?? '', object: obj?.id ?? '' } });
  station = { id: s.data.id, request: s.data.request, pumpCid: e.cid, cabinetCid: e.cabinet.id };
  const p = (await api('/api/v1/calculations/pump/select', { token: olga, json: { ...DUTY, limit: 3 } })).data.entities[0];
  pump = { id: (await api('/api/v1/calculations', { token: olga, json: { kind: 'pump', inputs: DUTY, chosen: [p.cid] } })).data.id, cid: p.cid, duty: p.duty };
  const TO1 = { q: '500', hot_t_in: '70', hot_t_out: '30', cold_t_in: '5', cold_t_out: '60' };
  const pack = (await api('/api/v1/calculations/to1/select', { token: olga, json: TO1 })).data.entities[0];
  hx = { id: (await api('/api/v1/calculations/to1/save', { token: olga, json: { inputs: TO1, chosen: [pack.pick] } })).data.id, pack };
});

describe('commercial offer', () => {
  it('lays out supplier, customer, number, items with prices, VAT, total and validity', async () => {
    const c = (await api(`/api/v1/calculations/${station.id}`, { token: olga })).data.data;
    const r = await page(`/e-commerce/design/calculations/${station.id}/offer`);
    expect(r.status).toBe(200);
    const body = text(r.html);
    expect(body).toContain('LLC Test Supplier');
    expect(body).toContain('Samara, Test st. 1; INN 6300000000');
    expect(body).toContain(`Commercial offer No. ${station.request} of `);
    for (const i of c.chosen) {
      expect(body).toContain(i.sku);
      expect(body).toContain(`${i.quantity} pcs ${money(i.price_kop)} ₽ ${money(i.price_kop * i.quantity)} ₽`);
    }
    expect(c.chosen.map((i: any) => i.quantity)).toEqual([3, 1]);
    expect(body).toContain(`Total ${money(c.total_kop)} ₽`);
    expect(body).toContain(`Including VAT 22 % ${money(Math.round((c.total_kop * 22) / 122))} ₽`);
    expect(body).toMatch(/Prices are valid for 30 days, until \d{2}\.\d{2}\.\d{4}\./);
    expect(body).toMatch(/Contact person: [^;]+; olga.demidova@demo.example/);
    if (c.organisation_id) expect(body).not.toContain('No organisation given');
    expect(r.html).toContain('id="doc-print"');
    expect(r.html).toContain('@page');
    // Each line links to its datasheet; the chrome (menus) is not on the printed page.
    expect(r.html).toContain(`/e-commerce/design/calculations/${station.id}/datasheet/${station.cabinetCid}`);
    expect(r.html).not.toContain('class="site-header');
  });

  it('is linked from the saved calculation page, with a datasheet link per item', async () => {
    const r = await page(`/e-commerce/design/calculations/${station.id}/calculation`);
    expect(r.html).toContain(`href="/e-commerce/design/calculations/${station.id}/offer"`);
    expect(r.html).toContain(`href="/e-commerce/design/calculations/${station.id}/datasheet/${station.pumpCid}"`);
    expect(r.html).toContain(`href="/e-commerce/design/calculations/${station.id}/datasheet/${station.cabinetCid}"`);
  });

  it("answers 404 for another user's calculation and nonsense ids", async () => {
    expect((await page(`/e-commerce/design/calculations/${station.id}/offer`, cookies.dmitry)).status).toBe(404);
    expect((await page('/e-commerce/design/calculations/abc/offer')).status).toBe(404);
    expect((await page('/e-commerce/design/calculations/99999999/offer')).status).toBe(404);
  });
});

describe('datasheets', () => {
  it('pump: the duty point, static SVG curves with the duty marked, motor, materials, explanation', async () => {
    const r = await page(`/e-commerce/design/calculations/${pump.id}/datasheet/${pump.cid}`);
    expect(r.status).toBe(200);
    const body = text(r.html);
    const nf = (x: number, d: number) => new Intl.NumberFormat('en', { maximumFractionDigits: d }).format(x);
    expect(body).toContain(`Q ${nf(pump.duty.q_m3h, 2)} m³/h`);
    expect(body).toContain(`H ${nf(pump.duty.h_m, 2)} m`);
    expect(body).toContain(`η ${nf(pump.duty.eta * 100, 1)} %`);
    expect(body).toContain('Motor and electrics');
    expect(body).toContain('Design and materials');
    expect(body).toMatch(/Casing \S/);
    expect(body).toContain('How the figures were obtained');
    expect((r.html.match(/<svg viewBox="0 0 340 180"/g) ?? []).length).toBe(2);
    expect(r.html).toMatch(/<polyline points="[\d., ]+"/);
    expect(r.html).toMatch(/<circle cx="[\d.]+" cy="[\d.]+" r="4"/);
    expect(r.html).not.toMatch(/NaN|Infinity/);
    expect(r.html).not.toContain('<script type="module"');
  });

  it('station: the pump set with its staging chart, and the cabinet with its electrics', async () => {
    const set = text((await page(`/e-commerce/design/calculations/${station.id}/datasheet/${station.pumpCid}`)).html);
    expect(set).toContain('Power P₁ by running pumps');
    expect(set).toMatch(/k = 1/);
    const cab = await page(`/e-commerce/design/calculations/${station.id}/datasheet/${station.cabinetCid}`);
    expect(cab.status).toBe(200);
    expect(text(cab.html)).toMatch(/Main breaker [CD]\d+ A/);
  });

  it('plate heat exchanger: duty, pack, hydraulics, construction and the Q-t profile', async () => {
    const r = await page(`/e-commerce/design/calculations/${hx.id}/datasheet/${hx.pack.cid}`);
    expect(r.status).toBe(200);
    const body = text(r.html);
    expect(body).toContain('Plate pack');
    expect(body).toContain(`Plates ${hx.pack.plates.value}`);
    expect(body).toContain(`DN ${hx.pack.model.port_dn.value}`);
    expect(body).toContain('Temperature profile');
    expect(r.html).not.toMatch(/NaN|Infinity/);
  });

  it('answers 404 for an item not chosen, another user and nonsense', async () => {
    expect((await page(`/e-commerce/design/calculations/${pump.id}/datasheet/${station.cabinetCid}`)).status).toBe(404);
    expect((await page(`/e-commerce/design/calculations/${pump.id}/datasheet/${pump.cid}`, cookies.dmitry)).status).toBe(404);
    expect((await page(`/e-commerce/design/calculations/${pump.id}/datasheet/x`)).status).toBe(404);
  });
});
