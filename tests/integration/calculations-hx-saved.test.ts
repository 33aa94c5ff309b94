// Heat exchanger calculations saved like pumps (issue 13 on the framework of issue 12): the select
// answers tag each pack with its catalogue id and save pick; to1, to2 (one pack per stage) and to3
// are saved through POST /api/v1/calculations/{kind}/save and the generic call, listed and filtered
// by kind, shown with their explanations, exported to .xlsx and ordered at the stored pack prices.
// The same without JavaScript: the result page's save forms (to2: a radio button per stage).
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { customersForFile } from '../helpers/api-client.ts';
import { sessionFor } from '../helpers/session.ts';

const { server, api, olga, dmitry } = await customersForFile();
const olgaCookie = (await sessionFor(server, 'olga.demidova@demo.example')).cookie;

const TO1 = {
  q: '500',
  q_unit: 'kW',
  hot_t_in: '70',
  hot_t_out: '30',
  cold_t_in: '5',
  cold_t_out: '60',
};
const TO2 = {
  heating_q: '1000',
  dhw_q: '400',
  network_supply: '150',
  network_return: '70',
  building_supply: '95',
  building_return: '70',
  t_outdoor: '-28',
};
const TO3 = {
  steam_p: '3',
  p_unit: 'bar',
  p_kind: 'gauge',
  water_t_in: '70',
  water_t_out: '95',
  q: '500',
};
const filter = (f: Record<string, string>) =>
  `/api/v1/calculations?filter=${encodeURIComponent(JSON.stringify(f))}`;
const page = async (path: string, form?: Record<string, string>) => {
  const headers: Record<string, string> = { Cookie: olgaCookie, 'Accept-Language': 'en' };
  if (form) headers.Origin = server.url;
  const res = await fetch(new URL(path, server.url), {
    method: form ? 'POST' : 'GET',
    headers,
    body: form ? new URLSearchParams(form) : undefined,
    redirect: 'manual',
  });
  return { status: res.status, html: await res.text(), location: res.headers.get('location') };
};
const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#34;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'");

const ids: Record<string, number> = {};
let to1Pack: any;

describe('select answers carry what saving needs', () => {
  it('to1: every pack has cid, sku, price_kop and its pick "cid:rank"', async () => {
    const r = await api('/api/v1/calculations/to1/select', { token: olga, json: TO1 });
    expect(r.status).toBe(200);
    const packs = r.data.entities;
    expect(packs.length).toBeGreaterThan(1);
    packs.forEach((p: any, i: number) => {
      expect(p).toMatchObject({
        cid: expect.any(Number),
        sku: `DEMO-PHE-${p.model.id}`,
        price_kop: Math.round(p.price.value),
      });
      expect(p.pick).toBe(`${p.cid}:${i + 1}`);
    });
    to1Pack = packs[1];
  });

  it('to2: picks count stage I packs, then stage II, the answer keeps its stages', async () => {
    const r = await api('/api/v1/calculations/to2/select', { token: olga, json: TO2 });
    expect(r.status).toBe(200);
    const [s1, s2] = r.data.entities;
    expect([s1.stage, s2.stage]).toEqual([1, 2]);
    expect(s2.candidates[0].pick).toBe(`${s2.candidates[0].cid}:${s1.candidates.length + 1}`);
  });
});

describe('saving heat exchangers', () => {
  it('saves a to1 pack through /to1/save with its pack price; the title states the duty', async () => {
    const r = await api('/api/v1/calculations/to1/save', {
      token: olga,
      json: { inputs: TO1, chosen: [to1Pack.pick] },
    });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      type: 'success',
      request: expect.stringMatching(/^R-\d{6}$/),
      id: expect.any(Number),
    });
    ids.to1 = r.data.id;
    const c = (await api(`/api/v1/calculations/${ids.to1}`, { token: olga })).data.data;
    expect(c).toMatchObject({
      kind: 'to1',
      status: 'saved',
      total_kop: to1Pack.price_kop,
      title: 'Heat exchanger: 500 kW, 70 °C → 30 °C / 5 °C → 60 °C',
    });
    expect(c.chosen).toEqual([
      {
        cid: to1Pack.cid,
        sku: to1Pack.sku,
        title: to1Pack.model.name,
        price_kop: to1Pack.price_kop,
        quantity: 1,
      },
    ]);
    // The snapshot keeps exactly the chosen pack (its rank and plates), with its explanation.
    expect(c.result.entities).toHaveLength(1);
    expect(c.result.entities[0]).toMatchObject({
      rank: to1Pack.rank,
      plates: to1Pack.plates,
      passes: to1Pack.passes,
    });
    expect(c.result.entities[0].explanation.steps.length).toBeGreaterThan(5);
  });

  it('saves a to2 pair (one pack per stage) through the generic call', async () => {
    const sel = (await api('/api/v1/calculations/to2/select', { token: olga, json: TO2 })).data;
    const [a, b] = [sel.entities[0].candidates[0], sel.entities[1].candidates[0]];
    const r = await api('/api/v1/calculations', {
      token: olga,
      json: { kind: 'to2', inputs: TO2, chosen: [a.pick, b.pick] },
    });
    expect(r.status).toBe(200);
    ids.to2 = r.data.id;
    const c = (await api(`/api/v1/calculations/${ids.to2}`, { token: olga })).data.data;
    expect(c.chosen.map((i: any) => [i.title, i.price_kop])).toEqual([
      [`${a.model.name} (1)`, a.price_kop],
      [`${b.model.name} (2)`, b.price_kop],
    ]);
    expect(c.total_kop).toBe(a.price_kop + b.price_kop);
    expect(c.result.entities.map((e: any) => e.stage)).toEqual([1, 2]);
    expect(c.title).toMatch(/^Hot water, two-stage mixed: \d/);
  });

  it('saves a to3 pack through /to3/save', async () => {
    const sel = (await api('/api/v1/calculations/to3/select', { token: olga, json: TO3 })).data;
    const p = sel.entities[0];
    const r = await api('/api/v1/calculations/to3/save', {
      token: olga,
      json: { inputs: TO3, chosen: [p.pick] },
    });
    expect(r.status).toBe(200);
    ids.to3 = r.data.id;
    const c = (await api(`/api/v1/calculations/${ids.to3}`, { token: olga })).data.data;
    expect(c).toMatchObject({ kind: 'to3', total_kop: p.price_kop });
    expect(c.title).toMatch(/^Steam heater: 500 kW, steam 3 bar gauge,/); // as entered, not 0.4013 MPa abs
  });

  const bad: Array<[string, Record<string, unknown>, string, string, number]> = [
    [
      'to1',
      { inputs: { ...TO1, hot_t_out: '80' }, chosen: ['1'] },
      'hot_t_out',
      'Heating side outlet, °C: the heating side must cool down, below its inlet 70 °C',
      400,
    ],
    [
      'to1',
      { inputs: TO1, chosen: ['1:x'] },
      'chosen',
      'Chosen equipment: outside the allowed range',
      400,
    ],
    [
      'to1',
      { inputs: TO1, chosen: ['999999:1'] },
      'chosen',
      'Chosen equipment: not in the catalogue',
      400,
    ],
    ['to3', { inputs: TO3 }, 'chosen', 'Chosen equipment: required', 400],
  ];
  it.each(bad)('%s: answers %j naming the field', async (kind, json, field, message, status) => {
    const r = await api(`/api/v1/calculations/${kind}/save`, { token: olga, json });
    expect(r.status).toBe(status);
    expect(r.data.type).toBe('error');
    expect(r.data.errors[field]).toBe(message);
  });

  it('refuses a value longer than 200 characters as a field error on select and on save, never 500', async () => {
    const long = '7'.repeat(201);
    const sel = await api('/api/v1/calculations/to1/select', {
      token: olga,
      json: { ...TO1, hot_t_in: long },
    });
    expect(sel.status).toBe(400);
    expect(sel.data).toMatchObject({
      type: 'error',
      entities: [],
      error: 'Heating side inlet, °C: at most 200 characters',
    });
    expect(sel.data.errors).toEqual({ hot_t_in: 'Heating side inlet, °C: at most 200 characters' });
    // A unit field alike, in the user's language.
    const ru = await api('/api/v1/calculations/to1/select', {
      token: olga,
      json: { ...TO1, q_unit: `k${'W'.repeat(200)}` },
      lang: 'ru',
    });
    expect(ru.status).toBe(400);
    expect(ru.data.errors).toEqual({ q_unit: 'Единица нагрузки: не более 200 символов' });
    // Exactly 200 characters is still read (and refused as what it is: not a number).
    const at = await api('/api/v1/calculations/to1/select', {
      token: olga,
      json: { ...TO1, hot_t_in: 'x'.repeat(200) },
    });
    expect(at.status).toBe(400);
    expect(at.data.errors.hot_t_in).toBe('Heating side inlet, °C: enter a number');
    for (const [url, json] of [
      [
        '/api/v1/calculations/to1/save',
        { inputs: { ...TO1, hot_t_in: long }, chosen: [to1Pack.pick] },
      ],
      [
        '/api/v1/calculations',
        { kind: 'to3', inputs: { ...TO3, steam_p: long }, chosen: [to1Pack.pick] },
      ],
    ] as const) {
      const r = await api(url, { token: olga, json });
      expect(r.status).toBe(400);
      expect(r.data.type).toBe('error');
      expect(r.data.errors).toEqual(
        url.endsWith('save')
          ? { hot_t_in: 'Heating side inlet, °C: at most 200 characters' }
          : { steam_p: 'Steam pressure: at most 200 characters' },
      );
    }
  });

  it('refuses a pick whose position holds another model (the pack must be the one shown)', async () => {
    const r = await api('/api/v1/calculations/to1/save', {
      token: olga,
      json: { inputs: TO1, chosen: [`${to1Pack.cid + 100000}:2`] },
    });
    expect(r.status).toBe(400);
    expect(r.data.errors.chosen).toBe('Chosen equipment: not in the catalogue');
  });

  it('answers an unregistered but listed kind like an unknown one', async () => {
    const r = await api('/api/v1/calculations', {
      token: olga,
      json: { kind: 'boiler', inputs: TO1, chosen: [1] },
    });
    expect(r.status).toBe(400);
    expect(r.data.errors.kind).toBe('Calculation kind: unknown value');
  });
});

describe('list, view, xlsx, order', () => {
  it('filters the list by each heat exchanger kind; another user sees none', async () => {
    for (const k of ['to1', 'to2', 'to3']) {
      const r = await api(filter({ kind: k }), { token: olga });
      expect(r.data.data.entities.map((c: any) => c.id)).toEqual([ids[k]]);
    }
    expect((await api(filter({ kind: 'to1' }), { token: dmitry })).data.data.totalCount).toBe(0);
    const listPage = await page(
      `/e-commerce/design/calculations?filter=${encodeURIComponent(JSON.stringify({ kind: 'to2' }))}`,
    );
    expect(listPage.status).toBe(200);
    expect(listPage.html).toContain('Heat exchangers: two-stage scheme');
    expect(listPage.html).toContain(`/e-commerce/design/calculations/${ids.to2}/calculation`);
    expect(listPage.html).not.toContain(`/e-commerce/design/calculations/${ids.to1}/calculation`);
  });

  it('shows the saved to2 with both stages, their explanations and the edit link to its form', async () => {
    const view = await page(`/e-commerce/design/calculations/${ids.to2}/calculation`);
    expect(view.status).toBe(200);
    expect(view.html).toContain('Stage 1');
    expect(view.html).toContain('Stage 2');
    expect(view.html).toContain('LMTD = (Δt_a − Δt_b)/ln(Δt_a/Δt_b)'); // the explanation's formulas
    expect(unescape(view.html)).toMatch(
      /href="\/e-commerce\/design\/new-calculation\/to\/to2\?heating_q=1000&/,
    );
    expect(view.html).not.toContain('name="chosen_1"');
    expect((await api(`/api/v1/calculations/${ids.to2}`, { token: dmitry })).status).toBe(404);
  });

  it('links a datasheet per chosen pack: each to2 stage with its own duty, to3 with its zones', async () => {
    const view = await page(`/e-commerce/design/calculations/${ids.to2}/calculation`);
    const links = [
      ...new Set(
        [
          ...view.html.matchAll(
            /href="(\/e-commerce\/design\/calculations\/\d+\/datasheet\/[^"]+)"/g,
          ),
        ].map((m) => unescape(m[1]!)),
      ),
    ];
    expect(links).toHaveLength(2);
    const sheets = await Promise.all(links.map((l) => page(l)));
    sheets.forEach((sh, i) => {
      expect(sh.status).toBe(200);
      expect(sh.html).toContain(`Stage ${i + 1}`);
      expect(sh.html).toContain('Temperature profile');
      expect(sh.html).not.toMatch(/NaN|Infinity/);
    });
    const c3 = (await api(`/api/v1/calculations/${ids.to3}`, { token: olga })).data.data;
    const to3 = await page(
      `/e-commerce/design/calculations/${ids.to3}/datasheet/${c3.chosen[0].cid}`,
    );
    expect(to3.status).toBe(200);
    expect(to3.html).toContain('Condensing');
    expect(to3.html).toContain('Saturation temperature');
    expect(to3.html).not.toMatch(/NaN|Infinity/);
  });

  it('offers only the registered kinds in the list filter', async () => {
    const list = await page('/e-commerce/design/calculations');
    for (const k of ['pump', 'station', 'control', 'to1', 'to2', 'to3'])
      expect(list.html).toContain(encodeURIComponent(JSON.stringify({ kind: k })));
    expect(list.html).not.toContain(encodeURIComponent(JSON.stringify({ kind: 'boiler' })));
  });

  it('exports a to1 with its pack figures as numbers', async () => {
    const res = await fetch(
      new URL(`/e-commerce/design/calculations/${ids.to1}/result.xlsx`, server.url),
      { headers: { Cookie: olgaCookie, 'Accept-Language': 'en' } },
    );
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const result = book.worksheets[1]!;
    expect(result.getRow(2).getCell(4).value).toBe('Plates');
    expect(result.getRow(3).getCell(2).value).toBe(to1Pack.sku);
    expect(result.getRow(3).getCell(4).value).toBe(to1Pack.plates.value);
    expect(result.getRow(3).getCell(14).value).toBe(to1Pack.price_kop / 100);
    const offer = book.worksheets[0]!;
    expect(offer.getRow(3).getCell(4).value).toBe(to1Pack.price_kop / 100);
  });

  it('orders the to2 pair: one order line per stage at the stored prices', async () => {
    const c = (await api(`/api/v1/calculations/${ids.to2}`, { token: olga })).data.data;
    const r = await api(`/api/v1/calculations/${ids.to2}/order`, { token: olga, method: 'POST' });
    expect(r.status).toBe(200);
    const order = (await api(`/api/v1/orders/${r.data.sales_id}`, { token: olga })).data.data;
    expect(order.items.map((i: any) => [i.sku, i.quantity, i.price])).toEqual(
      c.chosen.map((i: any) => [i.sku, 1, i.price_kop]),
    );
    expect(order.total).toBe(c.total_kop);
  });
});

describe('without JavaScript', () => {
  it('saves a to1 pack from the result page form', async () => {
    const res = await page('/e-commerce/design/new-calculation/to/to1', TO1);
    expect(res.status).toBe(200);
    const forms = [
      ...res.html.matchAll(
        /<form method="post" action="\/e-commerce\/design\/calculations"[^]*?<\/form>/g,
      ),
    ].map((m) => m[0]);
    expect(forms.length).toBeGreaterThan(1);
    const field = (f: string, name: string) =>
      unescape(f.match(new RegExp(`name="${name}" value="([^"]*)"`))![1]!);
    const second = forms[1]!;
    expect(field(second, 'chosen')).toMatch(/^\d+:2$/);
    const saved = await page('/e-commerce/design/calculations', {
      kind: field(second, 'kind'),
      inputs: field(second, 'inputs'),
      chosen: field(second, 'chosen'),
    });
    expect(saved.status).toBe(303);
    const c = (
      await api(`/api/v1/calculations/${saved.location!.match(/\d+/)![0]}`, { token: olga })
    ).data.data;
    expect(c.result.entities[0].rank).toBe(2);
  });

  it('saves a to2 pair from the radio buttons of both stages', async () => {
    const res = await page('/e-commerce/design/new-calculation/to/to2', TO2);
    const form = res.html.match(
      /<form method="post" action="\/e-commerce\/design\/calculations" class="calc-save hx-stage-save"[^]*?<\/form>/,
    )![0];
    const radios = (name: string) =>
      [...form.matchAll(new RegExp(`name="${name}" value="([^"]+)"`, 'g'))].map((m) => m[1]!);
    const [s1, s2] = [radios('chosen_1'), radios('chosen_2')];
    expect(s1.length).toBeGreaterThan(0);
    expect(s2.length).toBeGreaterThan(0);
    const inputs = unescape(form.match(/name="inputs" value="([^"]*)"/)![1]!);
    const saved = await page('/e-commerce/design/calculations', {
      kind: 'to2',
      inputs,
      chosen_2: s2.at(-1)!,
      chosen_1: s1[0]!,
    });
    expect(saved.status).toBe(303);
    const c = (
      await api(`/api/v1/calculations/${saved.location!.match(/\d+/)![0]}`, { token: olga })
    ).data.data;
    expect(c.result.entities.map((e: any) => e.stage)).toEqual([1, 2]);
  });
});
