// The printable commercial offer and the one-page datasheets of a saved calculation: the right
// figures (items, quantities, prices, VAT, total, customer and object), the datasheet's duty point,
// static SVG curves and explanation, links from the saved calculation page; another user's or an
// unknown calculation or item answers 404.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ru from '../../i18n/ru.json' with { type: 'json' };
import { startWithCustomers, type ApiClient } from '../helpers/api-client.ts';
import type { TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

let server: TestServer;
let api: ApiClient;
let olga: string;
let cookies: { olga: string; dmitry: string };
beforeAll(async () => {
  let dmitry: string;
  ({ server, api, olga, dmitry } = await startWithCustomers({
    SUPPLIER_NAME: 'LLC Test Supplier',
    SUPPLIER_DETAILS: 'Samara, Test st. 1; INN 6300000000',
  }));
  void dmitry;
  cookies = {
    olga: (await sessionFor(server, 'olga.demidova@demo.example')).cookie,
    dmitry: (await sessionFor(server, 'dmitry.volkov@demo.example')).cookie,
  };
});
afterAll(async () => {
  await server?.stop();
});

const page = async (path: string, cookie = cookies.olga, lang = 'en') => {
  const res = await fetch(new URL(path, server.url), {
    headers: { Cookie: cookie, 'Accept-Language': lang },
    redirect: 'manual',
  });
  return { status: res.status, html: await res.text() };
};
const ruPage = (path: string) => page(path, cookies.olga, 'ru');
const workbook = async (id: number, lang: string) => {
  const res = await fetch(
    new URL(`/e-commerce/design/calculations/${id}/result.xlsx`, server.url),
    { headers: { Cookie: cookies.olga, 'Accept-Language': lang } },
  );
  expect(res.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  return book;
};
/** The rows of a sheet from its head row (row 2) on, as arrays of cell values (column A first). */
const rowsOf = (ws: ExcelJS.Worksheet) =>
  ws.getRows(2, ws.rowCount - 1)!.map((r) => (r.values as unknown[]).slice(1));
/** The datasheet's explanation table: one text per row. */
const explainRows = (html: string) =>
  [
    ...(/<section class="doc-explain"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '').matchAll(
      /<tr>([\s\S]*?)<\/tr>/g,
    ),
  ]
    .slice(1)
    .map((m) => text(m[1]!).trim());
const RAW_KEY =
  /\b(hot|cold|system|duty|motor|energy|geometry|fouling|speed|trim|npsh|bep)\.[a-z_]+/;
const ruTerm = (engine: 'pump' | 'phe', key: string): string =>
  (ru as any).calcExplain[engine].term[key.replace(/\./g, '_')];
const money = (kop: number) =>
  `${Math.floor(kop / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${String(kop % 100).padStart(2, '0')}`;
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ');

const DUTY = { q: '60', q_unit: 'm3/h', h: '13', h_unit: 'm', h_static: '5', speed_control: '1' };
let station: { id: number; request: string; pumpCid: number; cabinetCid: number };
let pump: { id: number; cid: number; duty: any };
let hx: { id: number; pack: any };
let setOnly: { id: number; e: any };

beforeAll(async () => {
  const org = (await api('/api/v1/organisations?pageSize=1', { token: olga })).data.data
    .entities[0];
  const obj = (await api('/api/v1/objects?pageSize=1', { token: olga })).data.data.entities[0];
  const inputs = { q: '60', h: '40', h_static: '30', speed_control: '1', count: '2', standby: '1' };
  const e = (await api('/api/v1/calculations/station/select', { token: olga, json: inputs })).data
    .entities[0];
  const s = await api('/api/v1/calculations', {
    token: olga,
    json: {
      kind: 'station',
      inputs,
      chosen: [e.cid, e.cabinet.id],
      oid: org?.id ?? '',
      object: obj?.id ?? '',
    },
  });
  station = { id: s.data.id, request: s.data.request, pumpCid: e.cid, cabinetCid: e.cabinet.id };
  const p = (
    await api('/api/v1/calculations/pump/select', { token: olga, json: { ...DUTY, limit: 3 } })
  ).data.entities[0];
  pump = {
    id: (
      await api('/api/v1/calculations', {
        token: olga,
        json: { kind: 'pump', inputs: DUTY, chosen: [p.cid] },
      })
    ).data.id,
    cid: p.cid,
    duty: p.duty,
  };
  const TO1 = { q: '500', hot_t_in: '70', hot_t_out: '30', cold_t_in: '5', cold_t_out: '60' };
  const pack = (await api('/api/v1/calculations/to1/select', { token: olga, json: TO1 })).data
    .entities[0];
  hx = {
    id: (
      await api('/api/v1/calculations/to1/save', {
        token: olga,
        json: { inputs: TO1, chosen: [pack.pick] },
      })
    ).data.id,
    pack,
  };
  // A booster set saved without its cabinet.
  const so = (
    await api('/api/v1/calculations', {
      token: olga,
      json: { kind: 'station', inputs, chosen: [e.cid] },
    })
  ).data;
  setOnly = { id: so.id, e };
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
      expect(body).toContain(
        `${i.quantity} pcs ${money(i.price_kop)} ₽ ${money(i.price_kop * i.quantity)} ₽`,
      );
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
    expect(r.html).toContain(
      `/e-commerce/design/calculations/${station.id}/datasheet/${station.cabinetCid}`,
    );
    expect(r.html).not.toContain('class="site-header');
  });

  it('is linked from the saved calculation page, with a datasheet link per item', async () => {
    const r = await page(`/e-commerce/design/calculations/${station.id}/calculation`);
    expect(r.html).toContain(`href="/e-commerce/design/calculations/${station.id}/offer"`);
    expect(r.html).toContain(
      `href="/e-commerce/design/calculations/${station.id}/datasheet/${station.pumpCid}"`,
    );
    expect(r.html).toContain(
      `href="/e-commerce/design/calculations/${station.id}/datasheet/${station.cabinetCid}"`,
    );
  });

  it("answers 404 for another user's calculation and nonsense ids", async () => {
    expect(
      (await page(`/e-commerce/design/calculations/${station.id}/offer`, cookies.dmitry)).status,
    ).toBe(404);
    expect((await page('/e-commerce/design/calculations/abc/offer')).status).toBe(404);
    expect((await page('/e-commerce/design/calculations/99999999/offer')).status).toBe(404);
  });
});

describe('datasheets', () => {
  it('pump: the duty point, static SVG curves with the duty marked, motor, materials, explanation', async () => {
    const r = await page(`/e-commerce/design/calculations/${pump.id}/datasheet/${pump.cid}`);
    expect(r.status).toBe(200);
    const body = text(r.html);
    const nf = (x: number, d: number) =>
      new Intl.NumberFormat('en', { maximumFractionDigits: d }).format(x);
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
    const set = text(
      (await page(`/e-commerce/design/calculations/${station.id}/datasheet/${station.pumpCid}`))
        .html,
    );
    expect(set).toContain('Power P₁ by running pumps');
    expect(set).toMatch(/k = 1/);
    const cab = await page(
      `/e-commerce/design/calculations/${station.id}/datasheet/${station.cabinetCid}`,
    );
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
    expect(
      (await page(`/e-commerce/design/calculations/${pump.id}/datasheet/${station.cabinetCid}`))
        .status,
    ).toBe(404);
    expect(
      (
        await page(
          `/e-commerce/design/calculations/${pump.id}/datasheet/${pump.cid}`,
          cookies.dmitry,
        )
      ).status,
    ).toBe(404);
    expect((await page(`/e-commerce/design/calculations/${pump.id}/datasheet/x`)).status).toBe(404);
  });
});

describe('named explanations and units in the user language (ru)', () => {
  it('pump datasheet: every engine step named, with its symbol and Russian unit; money in roubles', async () => {
    const c = (await api(`/api/v1/calculations/${pump.id}`, { token: olga })).data.data;
    // How the pump ranked among the candidates (rank.*) is the selection page's, not the item's sheet.
    const written = c.result.entities[0].explanation.steps.filter((x: any) =>
      Number.isFinite(x.value),
    );
    expect(written.some((x: any) => x.key.startsWith('rank.'))).toBe(true);
    const steps = written.filter((x: any) => !x.key.startsWith('rank.'));
    const r = await ruPage(`/e-commerce/design/calculations/${pump.id}/datasheet/${pump.cid}`);
    expect(r.status).toBe(200);
    const rows = explainRows(r.html);
    // Every other step the engine wrote, in its order, none cut off.
    expect(rows).toHaveLength(steps.length);
    expect(rows.some((x) => x.startsWith(ruTerm('pump', 'rank.score')))).toBe(false);
    steps.forEach((x: any, i: number) =>
      expect(
        rows[i]!.startsWith(
          ruTerm('pump', x.key.replace(/^(motor|energy\.point)\d+\./, '$1N.'))
            .replace(/\{n\}/g, '')
            .split(' ')[0]!,
        ),
      ).toBe(true),
    );
    expect(rows.join('\n')).not.toMatch(RAW_KEY);
    const nf = new Intl.NumberFormat('ru', { maximumSignificantDigits: 5 });
    const k = steps.find((x: any) => x.key === 'system.k');
    const kRow = rows.find((x) => x.startsWith(`${ruTerm('pump', 'system.k')} k `))!;
    expect(
      kRow.startsWith(
        `${ruTerm('pump', 'system.k')} k ${nf.format(k.value)} м/(м³/ч)² ${ru.calcExplain.pump.formula.system_curve}`.replace(
          /\s+/g,
          ' ',
        ),
      ),
    ).toBe(true);
    expect(kRow).toContain('H_sys(Q) = H_st + k·Q²');
    const lcc = steps.find((x: any) => x.unit === 'kop');
    expect(
      rows.some((x) => x.includes(`${nf.format(lcc.value / 100)} ₽`.replace(/\s+/g, ' '))),
    ).toBe(true);
    // The figure blocks in Russian units too.
    const body = text(r.html);
    expect(body).toContain(
      `Q ${new Intl.NumberFormat('ru', { maximumFractionDigits: 2 }).format(pump.duty.q_m3h)} м³/ч`.replace(
        /\s+/g,
        ' ',
      ),
    );
    expect(body).toMatch(/P₁ [\d ,]+ кВт/);
    expect(body).toMatch(/мин⁻¹/);
    expect(body).not.toMatch(/ (m³\/h|kW|kWh|min⁻¹|bar)\b/);
  });

  it('to1 datasheet: the PHE steps to the area, U, margin and pressure drops, named, in Russian units', async () => {
    const c = (await api(`/api/v1/calculations/${hx.id}`, { token: olga })).data.data;
    const steps = c.result.entities[0].explanation.steps.filter((x: any) =>
      Number.isFinite(x.value),
    );
    const r = await ruPage(`/e-commerce/design/calculations/${hx.id}/datasheet/${hx.pack.cid}`);
    expect(r.status).toBe(200);
    const rows = explainRows(r.html);
    expect(rows).toHaveLength(steps.length);
    expect(steps.length).toBeGreaterThan(18);
    const all = rows.join('\n');
    expect(all).not.toMatch(RAW_KEY);
    expect(all).not.toMatch(/W\/\(m2 K\)|m\/s|kPa/);
    for (const key of ['area', 'u_design', 'margin', 'hot.re'])
      expect(all).toContain(ruTerm('phe', key));
    expect(rows.find((x) => x.startsWith(ruTerm('phe', 'u_design')))).toMatch(/ Вт\/\(м²·К\)/);
    expect(rows.find((x) => x.startsWith(ruTerm('phe', 'area')))).toMatch(/ м²/);
    const dp = steps.find((x: any) => /^hot\.dp/.test(x.key));
    expect(rows.find((x) => x.startsWith(ruTerm('phe', dp.key)))).toMatch(/ кПа/);
  });

  it('the saved page and the .xlsx name the inputs as the form does, with Russian units', async () => {
    const view = await ruPage(`/e-commerce/design/calculations/${pump.id}/calculation`);
    const inputs = text(
      /<section aria-labelledby="inputs-h">[\s\S]*?<\/section>/.exec(view.html)![0],
    );
    expect(inputs).toContain('Расход 60 м³/ч');
    expect(inputs).toContain('Напор 13 м');
    expect(inputs).toContain('Статический напор 5 м');
    expect(inputs).toContain(`${ru.calcPumps.page.speedControl} да`);
    expect(inputs).not.toMatch(/q_unit|h_static|speed_control/);
    const hxView = text(
      /<section aria-labelledby="inputs-h">[\s\S]*?<\/section>/.exec(
        (await ruPage(`/e-commerce/design/calculations/${hx.id}/calculation`)).html,
      )![0],
    );
    expect(hxView).toContain('Тепловая нагрузка 500 кВт');
    expect(hxView).toContain('Греющая среда, вход, °C 70');
    expect(hxView).not.toMatch(/hot_t_in|cold_t_out/);
    const book = await workbook(pump.id, 'ru');
    const result = rowsOf(book.worksheets[1]!);
    expect(result[0]!.slice(2, 6)).toEqual(['Q, м³/ч', 'H, м', 'η', 'P1, кВт']);
    expect(rowsOf(book.worksheets[2]!)).toContainEqual(['Расход', '60 м³/ч']);
  });

  it('station .xlsx: a set chosen without its cabinet is priced by its pumps alone, as on the offer sheet', async () => {
    const book = await workbook(setOnly.id, 'en');
    const offer = rowsOf(book.worksheets[0]!);
    const result = rowsOf(book.worksheets[1]!);
    expect(result).toHaveLength(2); // head and the set
    expect(result[1]![0]).toBe(setOnly.e.sku);
    expect(result[1]![9]).toBe(setOnly.e.pumps_price_kop / 100);
    expect(result[1]![8]).toBe('');
    expect(offer.at(-1)![4]).toBe(setOnly.e.pumps_price_kop / 100);
    // With the cabinet chosen, the cabinet has its own row and the rows add up to the offer's total.
    const both = await workbook(station.id, 'en');
    const rows = rowsOf(both.worksheets[1]!).slice(1);
    expect(rows.map((x) => x[0])).toEqual([expect.any(String), expect.any(String)]);
    expect(rows[1]![8]).toBe(rows[1]![0]);
    const c = (await api(`/api/v1/calculations/${station.id}`, { token: olga })).data.data;
    expect(rows.reduce((s, x) => s + Number(x[9]), 0)).toBeCloseTo(c.total_kop / 100, 2);
  });
});
