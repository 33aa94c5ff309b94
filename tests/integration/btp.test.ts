// Heating-substation projects at the boundary users see: employees only (customers get the 404 page
// and 403 from the API), the free start, the composition form with every validation message, the
// calculated result with its explanations and scheme, the GOST 21.110 specification page and .xlsx,
// the offer, the order; projects are the owner's own (another employee's id is 404).
import ExcelJS from 'exceljs';
import { GOST_HEAD } from '../../src/features/scanner/recognition/sheets.testkit.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

let server: TestServer;
let employee: string, customer: string, other: string;
const BTP = '/e-commerce/design/new-calculation/btp';
beforeAll(async () => {
  server = await startServer();
  employee = (await sessionFor(server, 'sergey.ivanov@demo.example')).cookie;
  other = (await sessionFor(server, 'marina.kotova@demo.example')).cookie;
  customer = (await sessionFor(server, 'olga.demidova@demo.example')).cookie;
});
afterAll(async () => {
  await server?.stop();
});

const headers = (cookie: string, lang: string, extra: Record<string, string> = {}) => ({
  Cookie: `${cookie}; lang=${lang}`,
  'Accept-Language': lang,
  Origin: server.url,
  ...extra,
});
const get = (path: string, cookie = employee, lang = 'en') =>
  fetch(new URL(path, server.url), { headers: headers(cookie, lang), redirect: 'manual' });
const post = (path: string, form: Record<string, string>, cookie = employee, lang = 'en') =>
  fetch(new URL(path, server.url), {
    method: 'POST',
    body: new URLSearchParams(form),
    headers: headers(cookie, lang),
    redirect: 'manual',
  });
const api = (path: string, body: unknown, cookie = employee, method = 'POST', lang = 'en') =>
  fetch(new URL(path, server.url), {
    method,
    body: JSON.stringify(body),
    headers: headers(cookie, lang, { 'Content-Type': 'application/json' }),
  });

async function newProject(cookie = employee, title = 'School 12'): Promise<string> {
  const r = await post(`${BTP}/free`, { title }, cookie);
  expect(r.status).toBe(303);
  const loc = r.headers.get('location')!;
  expect(loc).toMatch(new RegExp(`^${BTP}/\\d+/project$`));
  return loc;
}

describe('substation projects: who may use them', () => {
  it('customers get the 404 page and 403 from the API; employees get the pages', async () => {
    for (const path of [
      BTP,
      `${BTP}/free`,
      `${BTP}/1/project`,
      `${BTP}/1/specification`,
      `${BTP}/1/specification.xlsx`,
    ]) {
      expect((await get(path, customer)).status, path).toBe(404);
    }
    expect((await post(`${BTP}/free`, { title: 'x' }, customer)).status).toBe(404);
    const sel = await api('/api/v1/calculations/btp/select', {}, customer);
    expect(sel.status).toBe(403);
    expect((await sel.json()).message).toBe('Substation projects are for employees only');
    expect(
      (
        await fetch(new URL('/api/v1/calculations/btp/projects', server.url), {
          headers: headers(customer, 'en'),
        })
      ).status,
    ).toBe(403);
    expect((await api('/api/v1/calculations/btp/projects', { title: 'x' }, customer)).status).toBe(
      403,
    );
    expect((await api('/api/v1/calculations/btp/projects/1/order', {}, customer)).status).toBe(403);
    const list = await get(BTP);
    expect(list.status).toBe(200);
    expect(await list.text()).toContain('Packaged heating substation projects');
    expect((await get(`${BTP}/free`)).status).toBe(200);
  });
});

describe('the composition', () => {
  it('answers every validation message on its field (API and page)', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ heating_q: '' }, 'heating_q', 'Heating load: fill in the field'],
      [{ heating_q: 'abc' }, 'heating_q', 'Heating load: enter a number'],
      [{ heating_q: '0' }, 'heating_q', 'Heating load: must be above zero'],
      [
        { heating_scheme: 'steam' },
        'heating_scheme',
        'Heating connection: choose a value from the list',
      ],
      [
        { building_height: '400' },
        'building_height',
        'Building height (static head), m: allowed from 0 to 250',
      ],
      [
        { network_supply: '60', network_return: '70', heating_supply: '55', heating_return: '45' },
        'network_supply',
        'Network supply, °C: the supply must be above the return',
      ],
      [
        { network_supply: '120', heating_supply: '130' },
        'heating_supply',
        'Heating supply, °C: cannot be above the network supply',
      ],
      [
        { network_return: '60' },
        'network_return',
        'Network return, °C: the temperatures cross, at least 68 °C needed (network return above the circuit return)',
      ],
      [{ heating_return: '18' }, 'heating_return', 'Heating return, °C: must be above 20'],
      [
        { p_supply: '3', p_return: '3.5' },
        'p_supply',
        'Network supply pressure (gauge): the supply must be above the return',
      ],
      [
        { dhw_t_hot: '72' },
        'dhw_t_hot',
        'Hot water, °C: must be below the network temperature at the break point (70 °C)',
      ],
      // Too long for any title or figure: named, never cut short in silence.
      [{ title: 'Т'.repeat(201) }, 'title', 'Project title: at most 200 characters'],
      [{ heating_q: '1'.repeat(201) }, 'heating_q', 'Heating load: at most 200 characters'],
    ];
    for (const [body, field, text] of cases) {
      const r = await api('/api/v1/calculations/btp/select', body);
      expect(r.status, field).toBe(400);
      const j = await r.json();
      expect(j.type).toBe('error');
      expect(j.errors[field], JSON.stringify(j.errors)).toBe(text);
    }
    // The page: 400, the error summary linking to the field, the typed value kept; in Russian too.
    const page = await newProject();
    const r = await post(page, { heating_q: 'abc', title: 'School 12' }, employee, 'ru');
    expect(r.status).toBe(400);
    const html = await r.text();
    expect(html).toMatch(/<a href="#f-heating_q"[^>]*>Нагрузка отопления: введите число<\/a>/);
    expect(html).toMatch(/<input id="f-heating_q" name="heating_q" type="text" value="abc"/);
  });

  it('calculates the worked example: exchangers, pumps, valves, vessel, explanations, scheme', async () => {
    const sel = await api('/api/v1/calculations/btp/select', { vent_scheme: 'independent' });
    expect(sel.status).toBe(200);
    const j = await sel.json();
    expect(['success', 'warning']).toContain(j.type);
    expect(j.entities.map((c: { id: string }) => c.id)).toEqual([
      'inlet',
      'heating',
      'vent',
      'dhw',
    ]);
    const heating = j.entities[1];
    expect(heating.exchangers[0].chosen.model.name).toMatch(/^DEMO /);
    expect(heating.pumps.map((p: { role: string }) => p.role)).toEqual(['circulation', 'make_up']);
    expect(heating.valve.kvs).toBeGreaterThanOrEqual(heating.valve.kv);
    expect(heating.valve.authority).toBeGreaterThanOrEqual(0.5);
    expect(heating.vessel.nominal_l).toBeGreaterThanOrEqual(heating.vessel.required_l);
    expect(heating.explanation.formulas.map((f: { id: string }) => f.id)).toContain('authority');
    expect(j.entities[3].exchangers).toHaveLength(2);
    expect(JSON.stringify(j)).not.toMatch(/NaN|Infinity/);

    const page = await newProject();
    const saved = await post(page, {
      title: 'School 12',
      heating_q: '1',
      dhw_q: '0.6',
      q_unit: 'Gcal/h',
    });
    expect(saved.status).toBe(303);
    const html = await (await get(page)).text();
    expect(html).toContain('Calculation result');
    expect(html).toContain('Total load 1,861 kW (1.6 Gcal/h)');
    expect(html).toMatch(
      /<svg viewBox="0 0 \d+ 320" role="img" aria-label="BTP-\d{6}: School 12\. Inlet and metering: inlet node; Heating: independent/,
    );
    expect(html).toContain('Kv = Q·√(ρ/1000/Δp_v) (Q m³/h, Δp bar)');
    expect(html).toContain('<th scope="row">Valve authority</th>');
    expect(html).not.toMatch(/calcBtp\.|calcExplain\./);
    // The engines' own explanations of the exchangers and pumps are one link away (the page stays light).
    expect(html).toMatch(/href="[^"]+\/explanation#hx-heating-0"/);
    expect(html).toMatch(/href="[^"]+\/explanation#pump-heating-1"/);
    const explained = await (await get(page.replace(/project$/, 'explanation'))).text();
    expect(explained).toContain('id="hx-heating-0"');
    expect(explained).toContain('id="pump-dhw-0"');
    expect(explained).toContain('Q = m₁·cp₁·(t₁′ − t₁″) = m₂·cp₂·(t₂″ − t₂′)');
    expect(explained).toContain('H_sys(Q) = H_st + k·Q², k = (H_d − H_st)/Q_d²');
    expect(explained).not.toMatch(/calcBtp\.|calcExplain\./);
    expect((await get(page.replace(/project$/, 'explanation'), other)).status).toBe(404);
    expect(html).toContain('V_n = (V_e + V_wr)·(p_e + 1)/(p_e − p₀)');
    expect(html).toContain('The plate and pump catalogues are demo ranges');
    for (const link of ['scheme', 'specification', 'specification.xlsx', 'offer', 'explanation'])
      expect(html).toContain(`${page.replace(/project$/, link)}"`);
  });

  it("a dependent heating circuit's flows take cp from IF97 (not a fixed 4.19)", async () => {
    // Network 1000 kW over 150/70 °C: cp(110 °C) = 4.2293 kJ/(kg·K), ρ(70 °C) = 978.00 kg/m³ → 10.880 m³/h
    // (4.19 gave 10.982); building 95/70 °C, cp(82.5 °C) = 4.1966 → 35.085 m³/h (4.19 gave 35.141).
    const r = await api('/api/v1/calculations/btp/select', {
      heating_scheme: 'dependent',
      heating_supply: '95',
      heating_return: '70',
      dhw_scheme: 'none',
    });
    expect(r.status).toBe(200);
    const heating = (await r.json()).entities[1];
    expect(heating.primary_m3h).toBeCloseTo(10.8795, 3);
    expect(heating.secondary_m3h).toBeCloseTo(35.0854, 3);
  });
});

describe('outputs and order', () => {
  it('specification page and .xlsx carry the GOST 21.110 columns and the column-number row; offer; order; another employee 404', async () => {
    const page = await newProject(employee, 'Clinic');
    expect((await post(page, { title: 'Clinic', dhw_scheme: 'single', dhw_q: '150' })).status).toBe(
      303,
    );
    const base = page.replace(/\/project$/, '');
    const spec = await (await get(`${base}/specification`, employee, 'ru')).text();
    for (const col of GOST_HEAD) expect(spec).toContain(`<th scope="col">${col}</th>`);
    expect(spec).toContain('<tr class="btp-colnum"><th scope="col">1</th><th scope="col">2</th>');
    expect(spec).toContain('Клапан регулирующий седельный с электроприводом');

    const x = await get(`${base}/specification.xlsx`, employee, 'ru');
    expect(x.status).toBe(200);
    expect(x.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await x.arrayBuffer());
    const ws = book.worksheets[0]!;
    expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual(GOST_HEAD);
    expect((ws.getRow(3).values as unknown[]).slice(1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(ws.getRow(4).getCell(2).value).toBe('Ввод и учёт');
    expect(ws.getRow(5).getCell(1).value).toBe('1.1');

    const offer = await (await get(`${base}/offer`)).text();
    expect(offer).toContain('Commercial offer');
    expect(offer).toMatch(/Lines without a price: \d+/);
    expect((await get(`${base}/scheme`)).status).toBe(200);

    // Another employee: the pages are not found, the API too.
    for (const path of [
      page,
      `${base}/specification`,
      `${base}/specification.xlsx`,
      `${base}/offer`,
      `${base}/scheme`,
    ])
      expect((await get(path, other)).status, path).toBe(404);
    const id = base.split('/').at(-1);
    expect(
      (
        await fetch(new URL(`/api/v1/calculations/btp/projects/${id}`, server.url), {
          headers: headers(other, 'en'),
        })
      ).status,
    ).toBe(404);
    expect((await api(`/api/v1/calculations/btp/projects/${id}/order`, {}, other)).status).toBe(
      404,
    );

    const ordered = await post(page, { action: 'order' });
    expect(ordered.status).toBe(303);
    expect(ordered.headers.get('location')).toMatch(/^\/e-commerce\/orders\/\d+\/order$/);
    const orderHtml = await (await get(ordered.headers.get('location')!)).text();
    expect(orderHtml).toContain('Clinic');
    // The order links back to the project it was placed from.
    expect(orderHtml.replace(/ data-astro-cid-\w+/g, '')).toContain(
      `<a href="${new URL(page, 'http://x').pathname}">Substation project “Clinic”</a>`,
    );
    expect(await (await get(page)).text()).toContain('Open the order');
    expect((await post(page, { action: 'order' })).status).toBe(409);
    expect((await post(page, { heating_q: '900' })).status).toBe(409);
  });

  it('a refused recalculation leaves no result behind: sheets 404, order 409, the page shows what was typed with its error', async () => {
    const page = await newProject(employee, 'Stale check');
    const base = page.replace(/\/project$/, '');
    const id = base.split('/').at(-1);
    expect((await post(page, { title: 'Stale check', heating_q: '800' })).status).toBe(303);
    expect((await get(`${base}/specification`)).status).toBe(200);

    const refused = await post(page, { title: 'Stale check', heating_q: 'abc', dhw_q: '250' });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toMatch(/<a href="#f-heating_q"[^>]*>Heating load: enter a number<\/a>/);
    expect(html).toMatch(/<input id="f-heating_q" name="heating_q" type="text" value="abc"/);
    expect(html).not.toContain('Calculation result');

    // The old result is gone with the inputs it belonged to: as for a project never calculated.
    for (const path of [
      `${base}/specification`,
      `${base}/specification.xlsx`,
      `${base}/offer`,
      `${base}/scheme`,
      `${base}/explanation`,
    ])
      expect((await get(path)).status, path).toBe(404);
    const ordered = await post(page, { action: 'order' });
    expect(ordered.status).toBe(409);
    expect(await ordered.text()).toMatch(
      /role="alert" class="error-text">Calculate the project first</,
    );
    const apiOrder = await api(`/api/v1/calculations/btp/projects/${id}/order`, {});
    expect(apiOrder.status).toBe(409);
    expect((await apiOrder.json()).message).toBe('Calculate the project first');
    const one = (await (await get(`/api/v1/calculations/btp/projects/${id}`)).json()).entity;
    expect([one.status, one.result, one.inputs.heating_q, one.inputs.dhw_q]).toEqual([
      'draft',
      null,
      'abc',
      '250',
    ]);

    // Opened again later, the page still shows the typed values with the error, and no result.
    const again = await get(page);
    expect(again.status).toBe(200);
    const shown = await again.text();
    expect(shown).toContain('— Draft</p>');
    expect(shown).toMatch(/<a href="#f-heating_q"[^>]*>Heating load: enter a number<\/a>/);
    expect(shown).toMatch(/<input id="f-heating_q" name="heating_q" type="text" value="abc"/);
    expect(shown).not.toContain('Calculation result');

    // The same through the API: a calculated project PUT with an engine refusal drops its result too.
    expect(
      (await api(`/api/v1/calculations/btp/projects/${id}`, { heating_q: '800' }, employee, 'PUT'))
        .status,
    ).toBe(200);
    expect((await get(`${base}/specification.xlsx`)).status).toBe(200);
    const bad = await api(
      `/api/v1/calculations/btp/projects/${id}`,
      { dhw_t_hot: '72' },
      employee,
      'PUT',
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.dhw_t_hot).toBe(
      'Hot water, °C: must be below the network temperature at the break point (70 °C)',
    );
    expect((await get(`${base}/specification.xlsx`)).status).toBe(404);
    expect(await (await get(page)).text()).toMatch(
      /<a href="#f-dhw_t_hot"[^>]*>Hot water, °C: must be below the network temperature at the break point \(70 °C\)<\/a>/,
    );
  });

  it('two order requests at once make one order; the other answers 409', async () => {
    const created = await (
      await api('/api/v1/calculations/btp/projects', { title: 'Double submit' })
    ).json();
    expect(
      (
        await api(
          `/api/v1/calculations/btp/projects/${created.id}`,
          { dhw_scheme: 'none' },
          employee,
          'PUT',
        )
      ).status,
    ).toBe(200);
    const both = await Promise.all(
      [0, 1].map(() => api(`/api/v1/calculations/btp/projects/${created.id}/order`, {})),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = both.find((r) => r.status === 409)!;
    expect((await refused.json()).message).toBe('The project is already ordered and cannot change');
    const won = await both.find((r) => r.status === 200)!.json();
    const orders = (await (await get(`/api/app/sales.get?searchText=${created.number}`)).json())
      .data;
    expect(orders.totalCount).toBe(1);
    expect(orders.entities[0].id).toBe(won.sales_id);
    const one = (await (await get(`/api/v1/calculations/btp/projects/${created.id}`)).json())
      .entity;
    expect([one.status, one.order_id]).toEqual(['ordered', won.sales_id]);
    // The page's form posts race the same way.
    const page = `${BTP}/${created.id}/project`;
    const second = await (
      await api('/api/v1/calculations/btp/projects', { title: 'Double click' })
    ).json();
    expect(
      (await api(`/api/v1/calculations/btp/projects/${second.id}`, {}, employee, 'PUT')).status,
    ).toBe(200);
    const clicks = await Promise.all(
      [0, 1, 2].map(() => post(`${BTP}/${second.id}/project`, { action: 'order' })),
    );
    expect(clicks.map((r) => r.status).sort()).toEqual([303, 409, 409]);
    expect(
      (await (await get(`/api/app/sales.get?searchText=${second.number}`)).json()).data.totalCount,
    ).toBe(1);
    expect((await post(page, { heating_q: '900' })).status).toBe(409);
  });

  it('API: create, list with search and key-based paging, get, save, order', async () => {
    const ids: number[] = [];
    for (const title of ['Alpha house', 'Beta house', 'Gamma plant']) {
      const r = await api('/api/v1/calculations/btp/projects', { title });
      expect(r.status).toBe(201);
      ids.push((await r.json()).id);
    }
    const list = async (q: string) =>
      (
        await (
          await fetch(new URL(`/api/v1/calculations/btp/projects?${q}`, server.url), {
            headers: headers(employee, 'en'),
          })
        ).json()
      ).data;
    const p1 = await list('limit=2');
    expect(p1.entities.map((e: { id: number }) => e.id)).toEqual([ids[2], ids[1]]);
    const p2 = await list(`limit=2&after=${p1.next}`);
    expect(p2.entities[0].id).toBe(ids[0]);
    expect((await list('q=house')).entities.map((e: { title: string }) => e.title)).toEqual([
      'Beta house',
      'Alpha house',
    ]);
    expect(
      (await list('limit=50')).entities.every((e: { title: string }) => e.title !== '' || true),
    ).toBe(true);
    const bad = await api(
      `/api/v1/calculations/btp/projects/${ids[0]}`,
      { heating_q: '-5' },
      employee,
      'PUT',
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.heating_q).toBe('Heating load: allowed from 0 to 50000');
    expect((await api(`/api/v1/calculations/btp/projects/${ids[0]}/order`, {})).status).toBe(409);
    const ok = await api(
      `/api/v1/calculations/btp/projects/${ids[0]}`,
      { heating_q: '500', dhw_scheme: 'none' },
      employee,
      'PUT',
    );
    expect(ok.status).toBe(200);
    const one = await (
      await fetch(new URL(`/api/v1/calculations/btp/projects/${ids[0]}`, server.url), {
        headers: headers(employee, 'en'),
      })
    ).json();
    expect(one.entity.status).toBe('calculated');
    expect(one.entity.inputs.heating_q).toBe('500');
    // Organisation and object: the caller's own only (a customer's organisation is a field refused, 422 naming it; decision 0034), ids are digits.
    const olgaOrg = (
      await (
        await fetch(new URL('/api/v1/organisations', server.url), {
          headers: headers(customer, 'en'),
        })
      ).json()
    ).data.entities[0].id;
    const foreign = await api(
      `/api/v1/calculations/btp/projects/${ids[0]}`,
      { oid: String(olgaOrg) },
      employee,
      'PUT',
    );
    expect(foreign.status).toBe(422);
    expect((await foreign.json()).errors.oid).toMatch(/not found/i);
    const malformed = await api(
      `/api/v1/calculations/btp/projects/${ids[0]}`,
      { object: 'x1' },
      employee,
      'PUT',
    );
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).errors.object).toBe('Site: enter a number');
    const page = await post(`${BTP}/${ids[0]}/project`, {
      action: 'place',
      oid: String(olgaOrg),
      object: '',
    });
    expect(page.status).toBe(404);
    expect(await page.text()).toMatch(/role="alert" class="error-text">[^<]*not found/i);
    expect(
      (
        await api(
          `/api/v1/calculations/btp/projects/${ids[0]}`,
          { oid: '', object: '' },
          employee,
          'PUT',
        )
      ).status,
    ).toBe(200);
    const order = await api(`/api/v1/calculations/btp/projects/${ids[0]}/order`, {});
    expect(order.status).toBe(200);
    expect((await order.json()).sales_id).toBeGreaterThan(0);
    expect((await list('status=ordered')).entities.map((e: { id: number }) => e.id)).toContain(
      ids[0],
    );
  });
});
