// Glycol solutions on either side of a to1 plate heat exchanger, through the API and the page: the
// medium select (water / ethylene glycol / propylene glycol) with its concentration, a 30 % ethylene
// glycol duty sized larger than water's and explained with the medium and its properties, and every
// bad medium input answered 400 with the field named in the user's language, never a 500.
import { describe, expect, it } from 'vitest';
import { customersForFile } from '../helpers/api-client.ts';
import { sessionFor } from '../helpers/session.ts';
import { glycolProperties } from '../../src/features/calculations/fluids/glycol.ts';

const { server, api, olga } = await customersForFile();
const cookie = (await sessionFor(server, 'olga.demidova@demo.example')).cookie;

const call = (json: Record<string, unknown>, lang = 'en') =>
  api('/api/v1/calculations/to1/select', { token: olga, json, lang });
const post = (form: Record<string, string>, lang = 'en') =>
  fetch(new URL('/e-commerce/design/new-calculation/to/to1', server.url), {
    method: 'POST',
    body: new URLSearchParams(form),
    headers: { Cookie: `${cookie}; lang=${lang}`, Origin: server.url, 'Accept-Language': lang },
    redirect: 'manual',
  });
const TO1 = { q: '500', hot_t_in: '70', hot_t_out: '30', cold_t_in: '5', cold_t_out: '60' };
const EG30 = { ...TO1, cold_medium: 'ethylene_glycol', cold_concentration: '30' };

describe('to1 with a glycol side (API)', () => {
  it('30 % ethylene glycol gives a larger area than water for the same duty; the answer names the medium and its properties', async () => {
    const water = await call(TO1),
      glycol = await call(EG30);
    expect([water.status, glycol.status]).toEqual([200, 200]);
    expect(glycol.data.type).toBe('success');
    const area = (r: typeof water) => r.data.entities[0].area.value as number;
    expect(area(glycol)).toBeGreaterThan(area(water));
    expect(glycol.data.entities[0].u_design.value).toBeLessThan(
      water.data.entities[0].u_design.value,
    );
    expect(glycol.data.duty.cold.medium).toEqual({
      kind: 'ethylene_glycol',
      concentration: { value: 30, unit: '%' },
    });
    expect(water.data.duty.cold.medium).toBeUndefined();
    const cold = glycol.data.explanation.properties.find(
      (p: { stream: string }) => p.stream === 'cold',
    );
    const g = glycolProperties('ethylene_glycol', 30, 32.5);
    expect(cold.medium).toBe('ethylene_glycol');
    expect(cold.rho.value).toBeCloseTo(g.rho, 6);
    expect(cold.cp.value).toBeCloseTo(g.cp / 1000, 9);
    expect(cold.mu.value).toBeCloseTo(g.mu, 12);
    expect(glycol.data.explanation.source.join(' ')).toContain('Melinder');
  });

  it("valid duties whose wall lies outside one medium's properties answer 200 with μ_w at the range end said (review 21 #3)", async () => {
    const heat = await call(
      {
        q: '200',
        hot_t_in: '150',
        hot_t_out: '120',
        cold_t_in: '85',
        cold_t_out: '95',
        cold_medium: 'propylene_glycol',
        cold_concentration: '40',
        hot_dp_max: '100',
        cold_dp_max: '100',
      },
      'ru',
    );
    expect(heat.status, JSON.stringify(heat.data.errors)).toBe(200);
    expect(JSON.stringify(heat.data)).toContain(
      'Вязкость у стенки нагреваемой среды взята при 100 °C',
    );
    const chill = await call(
      {
        q: '50',
        hot_t_in: '5',
        hot_t_out: '2',
        cold_t_in: '-20',
        cold_t_out: '-15',
        cold_medium: 'ethylene_glycol',
        cold_concentration: '40',
        hot_dp_max: '100',
        cold_dp_max: '100',
      },
      'ru',
    );
    expect(chill.status, JSON.stringify(chill.data.errors)).toBe(200);
    expect(JSON.stringify(chill.data)).toContain('Вязкость у стенки греющей среды взята при 0 °C');
  });

  it('a glycol side is checked at its inlet and outlet: EG 30 % 150→50 °C is a 400 naming the inlet (review 21 #4)', async () => {
    const r = await call({
      q: '100',
      hot_t_in: '150',
      hot_t_out: '50',
      cold_t_in: '5',
      cold_t_out: '30',
      hot_medium: 'ethylene_glycol',
      hot_concentration: '30',
    });
    expect(r.status).toBe(400);
    expect(r.data.errors.hot_t_in).toMatch(/outside the range of the glycol solution's properties/);
  });

  it('a volume flow of a glycol side is turned into mass with the solution’s density, not water’s', async () => {
    const r = await call({
      hot_t_in: '70',
      hot_t_out: '30',
      cold_t_in: '5',
      hot_flow: '10',
      cold_flow: '8',
      flow_unit: 'm3/h',
      cold_medium: 'propylene_glycol',
      cold_concentration: '40',
      q: '',
    });
    expect(r.status).toBe(200);
    expect(r.data.duty.cold.m.value).toBeCloseTo(
      (8 * glycolProperties('propylene_glycol', 40, 5).rho) / 3600,
      9,
    );
  });

  it('refuses a concentration out of 20-50 %, a missing or hostile one, an unknown medium, each naming the field', async () => {
    const cases: Array<[Record<string, string>, string, RegExp]> = [
      [
        { cold_medium: 'ethylene_glycol', cold_concentration: '60' },
        'cold_concentration',
        /^Glycol concentration, heated side, % by mass: allowed from 20 to 50$/,
      ],
      [
        { cold_medium: 'ethylene_glycol', cold_concentration: '1e308' },
        'cold_concentration',
        /^Glycol concentration, heated side, % by mass: allowed from 20 to 50$/,
      ],
      [
        { hot_medium: 'propylene_glycol', hot_concentration: '-5' },
        'hot_concentration',
        /^Glycol concentration, heating side, % by mass: allowed from 20 to 50$/,
      ],
      [
        { cold_medium: 'ethylene_glycol' },
        'cold_concentration',
        /^Glycol concentration, heated side, % by mass: required$/i,
      ],
      [
        { cold_medium: 'ethylene_glycol', cold_concentration: 'NaN' },
        'cold_concentration',
        /^Glycol concentration, heated side, % by mass: enter a number$/i,
      ],
      [{ cold_medium: 'brine' }, 'cold_medium', /^Heated side medium: /],
    ];
    for (const [extra, field, text] of cases) {
      const r = await call({ ...TO1, ...extra });
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(r.data.errors), JSON.stringify(extra)).toEqual([field]);
      expect(r.data.errors[field], JSON.stringify(extra)).toMatch(text);
    }
  });

  it('refuses a side colder than its freezing point + 2 K, and water below 0 °C asking for glycol', async () => {
    const frozen = await call({
      q: '100',
      hot_t_in: '12',
      hot_t_out: '7',
      cold_t_in: '-13',
      cold_t_out: '0',
      cold_medium: 'ethylene_glycol',
      cold_concentration: '30',
    });
    expect(frozen.status).toBe(400);
    expect(frozen.data.errors.cold_t_in).toBe(
      'Heated side inlet, °C: the glycol solution freezes — at least -12.5 °C (freezing point by Melinder + 2 K); raise the concentration',
    );
    // At 50 % (the highest offered) raising the concentration is impossible: the other advice, in Russian with a Cyrillic К.
    const at50 = await call(
      {
        ...TO1,
        q: '100',
        hot_t_in: '10',
        hot_t_out: '2',
        cold_t_in: '-40',
        cold_t_out: '-30',
        cold_medium: 'ethylene_glycol',
        cold_concentration: '50',
      },
      'ru',
    );
    expect(at50.status).toBe(400);
    expect(at50.data.errors.cold_t_in).toMatch(
      /^[^:]+: раствор гликоля замерзает — допустимо не ниже -3\d(,\d)? °C \(температура замерзания по Melinder \+ 2 К\); 50 % — наибольшая концентрация, более крепкого раствора нет: выберите другой гликоль или другой теплоноситель$/,
    );
    const ok = await call({
      q: '100',
      hot_t_in: '12',
      hot_t_out: '7',
      cold_t_in: '-5',
      cold_t_out: '0',
      cold_medium: 'ethylene_glycol',
      cold_concentration: '30',
    });
    expect(ok.status).toBe(200);
    const water = await call(
      { q: '100', hot_t_in: '12', hot_t_out: '7', cold_t_in: '-5', cold_t_out: '0' },
      'ru',
    );
    expect(water.status).toBe(400);
    expect(water.data.errors.cold_t_in).toBe(
      'Нагреваемая среда, вход, °C: вода замерзает ниже 0 °C — выберите раствор гликоля',
    );
    const hot = await call({
      ...TO1,
      hot_t_in: '130',
      hot_t_out: '90',
      hot_medium: 'ethylene_glycol',
      hot_concentration: '30',
    });
    expect(hot.status).toBe(400);
    expect(hot.data.errors.hot_t_in).toBe(
      "Heating side inlet, °C: outside the range of the glycol solution's properties (-12.5…100 °C)",
    );
  });
});

describe('to1 page with a glycol side', () => {
  it('offers the medium select in the user’s language and explains the glycol side by name', async () => {
    const form = await (
      await fetch(new URL('/e-commerce/design/new-calculation/to/to1', server.url), {
        headers: { Cookie: `${cookie}; lang=ru`, 'Accept-Language': 'ru' },
      })
    ).text();
    expect(form).toContain('<legend>Теплоносители</legend>');
    expect(form).toContain('<option value="water" selected>Вода</option>');
    expect(form).toContain('<option value="ethylene_glycol">Этиленгликоль</option>');
    expect(form).toContain('<option value="propylene_glycol">Пропиленгликоль</option>');
    const r = await post({ ...EG30 }, 'ru');
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(html).toContain(
      'Свойства теплоносителей (вода — IAPWS-IF97, растворы гликолей — Melinder, 2010)',
    );
    expect(html).toContain('Нагреваемая сторона: этиленгликоль 30 % по массе');
    expect(html).toContain('<option value="ethylene_glycol" selected>Этиленгликоль</option>');
    expect(html).not.toMatch(/calcExplain\.|hx\.(media|fields|page)\./);
  });

  it('answers a bad concentration on the page with 400 and the field linked', async () => {
    const r = await post({ ...TO1, hot_medium: 'propylene_glycol', hot_concentration: '70' });
    expect(r.status).toBe(400);
    expect(await r.text()).toMatch(
      /<a href="#f-hot_concentration"[^>]*>Glycol concentration, heating side, % by mass: allowed from 20 to 50<\/a>/,
    );
  });
});

describe('a saved to1 with a glycol side', () => {
  it('keeps the medium: the saved inputs name it, the result and the datasheet state the solution', async () => {
    const sel = await call(EG30);
    const pack = sel.data.entities[0];
    const saved = await api('/api/v1/calculations/to1/save', {
      token: olga,
      json: { inputs: EG30, chosen: [pack.pick] },
    });
    expect(saved.status).toBe(200);
    const id = saved.data.id as number;
    const c = (await api(`/api/v1/calculations/${id}`, { token: olga })).data.data;
    expect(c.result.duty.cold.medium).toEqual({
      kind: 'ethylene_glycol',
      concentration: { value: 30, unit: '%' },
    });
    const get = (path: string) =>
      fetch(new URL(path, server.url), {
        headers: { Cookie: `${cookie}; lang=en`, 'Accept-Language': 'en' },
      });
    const view = await (await get(`/e-commerce/design/calculations/${id}/calculation`)).text();
    expect(view).toContain('Heated side medium');
    expect(view).toContain('Ethylene glycol');
    expect(view).toContain('ethylene glycol 30 % by mass');
    const sheet = await get(`/e-commerce/design/calculations/${id}/datasheet/${c.chosen[0].cid}`);
    expect(sheet.status).toBe(200);
    const html = await sheet.text();
    expect(html).toContain('ethylene glycol 30 % by mass');
    expect(html).not.toMatch(/NaN|Infinity/);
  });
});
