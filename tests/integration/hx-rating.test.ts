// Heat exchangers beyond selection (issue 21, "Going beyond the peers"), at the boundary users see:
// a fouling factor per side (m²·K/W, 0..0.001) enters 1/U_d = 1/α₁ + δ/λ + 1/α₂ + R_f1 + R_f2 and is
// printed as a step; "rate a given pack" (model, plates, passes with the inlets and flows) answers
// the achieved duty, outlets, pressure drops and the duty margin, explained, on the select API and
// on the page form. Every refusal names its field in the user's language; hostile figures answer 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';
import { DEMO_PLATES } from '../../src/features/calculations/phe/catalogue.demo.ts';
import { ratePack } from '../../src/features/calculations/phe/rating.ts';

let server: TestServer;
let api: ApiClient;
let olga: string, cookie: string;
beforeAll(async () => {
  server = await startServer();
  api = apiClient(server);
  ({ token: olga, cookie } = await sessionFor(server, 'olga.demidova@demo.example'));
});
afterAll(async () => {
  await server?.stop();
});

type Json = Record<string, string>;
const select = (json: Json, lang = 'en') =>
  api('/api/v1/calculations/to1/select', { token: olga, json, lang });
const postPage = (form: Json, lang = 'en') =>
  fetch(new URL('/e-commerce/design/new-calculation/to/to1', server.url), {
    method: 'POST',
    body: new URLSearchParams(form),
    headers: { Cookie: `${cookie}; lang=${lang}`, Origin: server.url, 'Accept-Language': lang },
    redirect: 'manual',
  });

const TO1 = {
  q: '500',
  q_unit: 'kW',
  hot_t_in: '70',
  hot_t_out: '30',
  cold_t_in: '5',
  cold_t_out: '60',
};
const HOSTILE = ['1e308', '-1e308', '1e999', 'NaN', 'Infinity', '-0.0001', 'abc', '9'.repeat(39)];

describe('fouling factor', () => {
  it('enters U_d as 1/U_d = 1/U + R_f1 + R_f2, prints both as steps, and needs more plates', async () => {
    const clean = await select(TO1);
    const fouled = await select({ ...TO1, hot_fouling: '0.0001', cold_fouling: '0.00005' });
    expect([clean.status, fouled.status]).toEqual([200, 200]);
    const a = clean.data.entities[0],
      b = fouled.data.entities[0];
    expect(1 / b.u_design.value).toBeCloseTo(1 / b.u_clean.value + 1.5e-4, 9);
    expect(1 / a.u_design.value).toBeCloseTo(1 / a.u_clean.value, 12);
    expect(b.area.value).toBeGreaterThan(a.area.value);
    expect(b.margin.value).toBeGreaterThanOrEqual(10);
    const steps = Object.fromEntries(b.explanation.steps.map((s: { key: string }) => [s.key, s]));
    expect(steps['fouling.hot']).toMatchObject({ value: 1e-4, unit: 'm2 K/W' });
    expect(steps['fouling.cold']).toMatchObject({ value: 5e-5, unit: 'm2 K/W' });
    expect(b.explanation.formulas).toContainEqual({
      id: 'u_design',
      text: '1/U_d = 1/U + R_f1 + R_f2',
    });
    expect(b.explanation.formulas).toContainEqual({
      id: 'u_clean',
      text: '1/U = 1/α₁ + δ/λ_w + 1/α₂',
    });
  });

  it('empty is clean (0); outside 0..0.001 m²·K/W or not a number is 400 naming the side', async () => {
    expect(
      (await select({ ...TO1, hot_fouling: '', cold_fouling: '' })).data.entities[0].u_design,
    ).toEqual((await select(TO1)).data.entities[0].u_design);
    const r = await select({ ...TO1, hot_fouling: '0.002' });
    expect(r.status).toBe(400);
    expect(r.data.errors).toEqual({
      hot_fouling: 'Fouling, heating side, m²·K/W: allowed from 0 to 0.001',
    });
    expect((await select({ ...TO1, cold_fouling: '-0.0001' }, 'ru')).data.errors).toEqual({
      cold_fouling: 'Загрязнение, нагреваемая сторона, м²·К/Вт: допустимо от 0 до 0,001',
    });
    expect((await select({ ...TO1, cold_fouling: 'abc' })).data.errors).toEqual({
      cold_fouling: 'Fouling, heated side, m²·K/W: enter a number',
    });
    for (const bad of HOSTILE) {
      const h = await select({ ...TO1, hot_fouling: bad });
      expect([bad, h.status, Object.keys(h.data.errors ?? {})]).toEqual([
        bad,
        400,
        ['hot_fouling'],
      ]);
    }
    // The upper bound itself is a valid (heavy) fouling.
    expect((await select({ ...TO1, hot_fouling: '0.001' })).status).toBe(200);
  });

  it('two-stage DHW and condensation take it too: steps, formula and the field named when out of range', async () => {
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
    const to2 = await api('/api/v1/calculations/to2/select', {
      token: olga,
      json: { ...TO2, hot_fouling: '0.0001' },
      lang: 'en',
    });
    expect(to2.status).toBe(200);
    const c = to2.data.entities[0].candidates[0];
    expect(1 / c.u_design.value).toBeCloseTo(1 / c.u_clean.value + 1e-4, 9);
    const to3 = await api('/api/v1/calculations/to3/select', {
      token: olga,
      json: { ...TO3, hot_fouling: '0.00005', cold_fouling: '0.0001' },
      lang: 'en',
    });
    expect(to3.status).toBe(200);
    expect(to3.data.explanation.inputs).toEqual(
      expect.arrayContaining([
        { key: 'fouling.steam', value: 5e-5, unit: 'm2 K/W' },
        { key: 'fouling.water', value: 1e-4, unit: 'm2 K/W' },
      ]),
    );
    expect(to3.data.explanation.formulas).toContainEqual({
      id: 'u_zone',
      text: '1/U_zone = 1/α_steam + δ/λ_w + 1/α_water + R_f,steam + R_f,water',
    });
    const cleanArea = (
      await api('/api/v1/calculations/to3/select', { token: olga, json: TO3, lang: 'en' })
    ).data.entities[0].area_required.value;
    expect(to3.data.entities[0].area_required.value).toBeGreaterThan(cleanArea);
    for (const [kind, json] of [
      ['to2', TO2],
      ['to3', TO3],
    ] as const) {
      for (const bad of HOSTILE) {
        const r = await api(`/api/v1/calculations/${kind}/select`, {
          token: olga,
          json: { ...json, cold_fouling: bad },
          lang: 'en',
        });
        expect([kind, bad, r.status, Object.keys(r.data.errors ?? {})]).toEqual([
          kind,
          bad,
          400,
          ['cold_fouling'],
        ]);
      }
    }
  });

  it('the page form takes it and prints R_f in the explanation; a bad one is shown on its field', async () => {
    const ok = await postPage({ ...TO1, hot_fouling: '0.0001', cold_fouling: '0' });
    expect(ok.status).toBe(200);
    const html = await ok.text();
    expect(html).toContain('R_f1');
    expect(html).toContain('1/U_d = 1/U + R_f1 + R_f2');
    const bad = await postPage({ ...TO1, hot_fouling: '1e308' }, 'ru');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(
      'Загрязнение, греющая сторона, м²·К/Вт: допустимо от 0 до 0,001',
    );
  });
});

describe('rating a given pack', () => {
  /** The pack the selection picks for the §3.3 duty, with its flows in kg/s. */
  async function chosenPack() {
    const s = (await select(TO1)).data;
    const c = s.entities[0];
    return {
      model: c.model.id as string,
      plates: String(c.plates.value),
      hot_passes: String(c.passes.hot.value),
      cold_passes: String(c.passes.cold.value),
      hot_flow: String(s.duty.hot.m.value),
      cold_flow: String(s.duty.cold.m.value),
      flow_unit: 'kg/s',
    };
  }
  const INLETS = { mode: 'rate', hot_t_in: '70', cold_t_in: '5' };

  it('a required load below 0.1 kW is a 400 naming the load, for rating and selection (1e-300 kW gave a 5.6e+304 % margin; review 21 #10)', async () => {
    const pack = await chosenPack();
    for (const q of ['1e-300', '0.05', '1e-320']) {
      const r = await select({ ...INLETS, ...pack, q, q_unit: 'kW' }, 'ru');
      expect(r.status, q).toBe(400);
      expect(r.data.errors.q, q).toMatch(/: не менее 0,1 кВт$/);
      const s = await select({ ...TO1, q }, 'ru');
      expect(s.status, q).toBe(400);
      expect(s.data.errors.q, q).toMatch(/: не менее 0,1 кВт$/);
    }
    expect((await select({ ...INLETS, ...pack, q: '0.1', q_unit: 'kW' })).status).toBe(200);
  });

  it('answers the duty, outlets, pressure drops and duty margin the engine computes, explained', async () => {
    const pack = await chosenPack();
    const r = await select({ ...INLETS, ...pack, q: '500' });
    expect(r.status).toBe(200);
    expect(r.data.type).toBe('success');
    expect(r.data.entities).toHaveLength(1);
    const model = DEMO_PLATES.find((m) => m.id === pack.model)!;
    const engine = ratePack(model, {
      plates: Number(pack.plates),
      passes: { hot: Number(pack.hot_passes), cold: Number(pack.cold_passes) },
      hot: { t_in: 70, m: Number(pack.hot_flow), p: 0.6 },
      cold: { t_in: 5, m: Number(pack.cold_flow), p: 0.6 },
      q_required: 500,
    });
    // A selection with a 10 % area margin, rated with its own flows, carries more than the 500 kW asked.
    expect(r.data.duty.q.value).toBeCloseTo(engine.duty.q.value, 9);
    expect(r.data.duty.q.value).toBeGreaterThan(500);
    expect(r.data.duty.hot.t_out.value).toBeLessThan(30);
    expect(r.data.duty.cold.t_out.value).toBeGreaterThan(60);
    expect(r.data.rating.duty_margin.value).toBeCloseTo((r.data.duty.q.value / 500 - 1) * 100, 9);
    expect(r.data.rating.q_required).toEqual({ value: 500, unit: 'kW' });
    expect(r.data.rating.effectiveness.value).toBeCloseTo(engine.effectiveness.value, 12);
    const e = r.data.entities[0];
    expect(e.model.id).toBe(pack.model);
    expect(e.hot.dp).toEqual(engine.pack.hot.dp);
    expect(e.cold.dp.unit).toBe('kPa');
    expect(e.pick).toMatch(/^\d+:1$/);
    const keys = r.data.explanation.steps.map((s: { key: string }) => s.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'effectiveness',
        'hot.t_out',
        'cold.t_out',
        'u_clean',
        'u_design',
        'duty_margin',
      ]),
    );
    expect(r.data.explanation.formulas).toContainEqual({
      id: 'duty_margin',
      text: 'margin_Q = Q/Q_req − 1',
    });
    expect(r.data.warnings.map((w: { code: string }) => w.code)).not.toContain('rating_short');
  });

  it('rates a pack with a glycol side: the solution carries less than water through the same pack, and its freezing range is said', async () => {
    const pack = await chosenPack();
    const water = await select({ ...INLETS, ...pack });
    const glycol = await select({
      ...INLETS,
      ...pack,
      cold_medium: 'ethylene_glycol',
      cold_concentration: '30',
    });
    expect([water.status, glycol.status]).toEqual([200, 200]);
    expect(glycol.data.duty.q.value).toBeLessThan(water.data.duty.q.value);
    const frozen = await select({
      ...INLETS,
      ...pack,
      cold_t_in: '-30',
      cold_medium: 'ethylene_glycol',
      cold_concentration: '30',
    });
    expect(frozen.status).toBe(400);
    expect(frozen.data.errors).toEqual({
      cold_t_in: expect.stringMatching(
        /^Heated side inlet, °C: the glycol solution freezes — at least -1\d[.,]\d+ °C/,
      ),
    });
    // Below every gasket's range (EPDM to -25 °C) on a 50 % propylene glycol side (freezing point about -34 °C): the low limit, on the cold side.
    const cold = await select({
      ...INLETS,
      ...pack,
      cold_t_in: '-30',
      cold_medium: 'propylene_glycol',
      cold_concentration: '50',
    });
    expect(cold.data.errors).toEqual({
      cold_t_in: expect.stringMatching(
        /^Heated side inlet, °C: below the gasket limit of -\d+ °C$/,
      ),
    });
    // Water below 0 °C is refused before the engine; a glycol side at -5 °C is rated.
    expect((await select({ ...INLETS, ...pack, cold_t_in: '-5' })).data.errors).toEqual({
      cold_t_in: 'Heated side inlet, °C: water freezes below 0 °C — choose a glycol solution',
    });
    expect(
      (
        await select({
          ...INLETS,
          ...pack,
          cold_t_in: '-5',
          cold_medium: 'ethylene_glycol',
          cold_concentration: '30',
        })
      ).status,
    ).toBe(200);
  });

  it('says a duty short of the load, a pressure drop over its limit and outlets it did not use', async () => {
    const pack = await chosenPack();
    const fewer = String(DEMO_PLATES.find((m) => m.id === pack.model)!.frame.minPlates);
    const r = await select({
      ...INLETS,
      ...pack,
      plates: fewer,
      hot_passes: '1',
      cold_passes: '1',
      q: '500',
      hot_dp_max: '0.5',
      hot_t_out: '30',
    });
    expect(r.status).toBe(200);
    expect(r.data.rating.duty_margin.value).toBeLessThan(0);
    const texts = Object.fromEntries(
      r.data.warnings.map((w: { code: string; text: string }) => [w.code, w.text]),
    );
    expect(texts.rating_short).toMatch(
      /^The pack transfers [\d.]+ kW, [\d.]+ % short of the required 500 kW$/,
    );
    expect(texts.rating_dp_hot).toMatch(
      /^Heating side pressure drop [\d.]+ kPa exceeds the allowed 0\.5 kPa$/,
    );
    expect(texts.rating_outlets_ignored).toBe(
      'When rating a pack the outlet temperatures are calculated; the values typed were not used: Heating side outlet, °C',
    );
    // Figures to 3 significant digits (review 21 #14: "64,8352 кПа" → "64,8 кПа").
    const ru = await select(
      {
        ...INLETS,
        ...pack,
        plates: fewer,
        hot_passes: '1',
        cold_passes: '1',
        q: '500',
        hot_dp_max: '0.5',
      },
      'ru',
    );
    const ruTexts = Object.fromEntries(
      ru.data.warnings.map((w: { code: string; text: string }) => [w.code, w.text]),
    );
    const dp = /^Потери давления греющей стороны ([\d ,]+) кПа больше допустимых 0,5 кПа$/.exec(
      ruTexts.rating_dp_hot,
    )![1]!;
    expect(dp.replace(/\D/g, '').replace(/^0+/, '').length, dp).toBeLessThanOrEqual(
      Math.max(3, dp.split(',')[0]!.replace(/\D/g, '').length),
    );
    const short = /^Пакет передаёт ([\d ,]+) кВт — меньше требуемых 500 кВт на ([\d ,]+) %$/.exec(
      ruTexts.rating_short,
    )!;
    expect(short[2]!.replace(/\D/g, '').replace(/^0+/, '').length, short[2]).toBeLessThanOrEqual(3);
    // Fouling lowers what the same pack carries.
    const fouled = await select({ ...INLETS, ...pack, hot_fouling: '0.0002' });
    expect(fouled.data.duty.q.value).toBeLessThan(
      (await select({ ...INLETS, ...pack })).data.duty.q.value,
    );
    expect(fouled.data.rating.duty_margin).toBeNull();
  });

  it('refuses a missing or unknown model, plate count, passes and flows naming each field', async () => {
    const pack = await chosenPack();
    const errors = async (json: Json, lang = 'en') => {
      const r = await select(json, lang);
      expect(r.status).toBe(400);
      return r.data.errors;
    };
    expect(await errors({ ...INLETS })).toEqual({
      model: 'Plate model: required',
      plates: 'Number of plates: required',
      hot_flow: 'Heating side flow: required',
      cold_flow: 'Heated side flow: required',
    });
    expect(await errors({ ...INLETS, ...pack, model: 'nope' })).toEqual({
      model: 'Plate model: unknown value',
    });
    const frame = DEMO_PLATES.find((m) => m.id === pack.model)!.frame;
    for (const plates of ['1e308', '2', '10.5', String(frame.maxPlates + 1)]) {
      expect(await errors({ ...INLETS, ...pack, plates })).toEqual({
        plates: `Number of plates: the frame takes from ${frame.minPlates} to ${frame.maxPlates} plates`,
      });
    }
    expect(await errors({ ...INLETS, ...pack, plates: 'NaN' })).toEqual({
      plates: 'Number of plates: enter a number',
    });
    expect(Object.keys(await errors({ ...INLETS, ...pack, hot_passes: '1e308' }))).toEqual([
      'hot_passes',
    ]);
    expect(Object.keys(await errors({ ...INLETS, ...pack, cold_passes: '-1' }))).toEqual([
      'cold_passes',
    ]);
    expect((await errors({ ...INLETS, ...pack, hot_flow: '-1' }, 'ru')).hot_flow).toBe(
      'Расход греющей среды: должно быть больше нуля',
    );
    expect(Object.keys(await errors({ ...INLETS, ...pack, q: '1e308' }))).toEqual(['q']);
    expect(
      Object.keys(await errors({ ...INLETS, ...pack, hot_t_in: '4', cold_t_in: '5' })),
    ).toEqual(['hot_t_in']);
    expect(await errors({ ...TO1, mode: 'guess' })).toEqual({
      mode: 'Calculation mode: unknown value',
    });
    for (const bad of HOSTILE) {
      for (const field of ['plates', 'hot_passes', 'hot_flow', 'cold_fouling']) {
        const r = await select({ ...INLETS, ...pack, [field]: bad });
        expect([field, bad, r.status, Object.keys(r.data.errors ?? {})]).toEqual([
          field,
          bad,
          400,
          [field],
        ]);
      }
    }
  });

  it('a rated pack is saved like a selected one, at its pack price', async () => {
    const pack = await chosenPack();
    const inputs = { ...INLETS, ...pack, q: '500' };
    const sel = (await select(inputs)).data.entities[0];
    const r = await api('/api/v1/calculations/to1/save', {
      token: olga,
      json: { inputs, chosen: [sel.pick] },
    });
    expect(r.status).toBe(200);
    const c = (await api(`/api/v1/calculations/${r.data.id}`, { token: olga })).data.data;
    expect(c).toMatchObject({ kind: 'to1', total_kop: sel.price_kop });
    expect(c.result.entities).toHaveLength(1);
    expect(c.result.entities[0]).toMatchObject({ plates: sel.plates, passes: sel.passes });
    expect(c.result.rating.duty_margin.value).toBeCloseTo(
      (c.result.duty.q.value / 500 - 1) * 100,
      9,
    );
    // The title states what the pack achieves (outlets computed, not typed).
    expect(c.title).toMatch(/^Heat exchanger: [\d.]+ kW, 70 °C → [\d.]+ °C \/ 5 °C → [\d.]+ °C$/);
  });

  it('works on the page form without JavaScript: the rated pack, its duty margin and explanation', async () => {
    const pack = await chosenPack();
    const r = await postPage({ ...INLETS, ...pack, q: '500' }, 'ru');
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(html).toContain('Проверка заданного пакета');
    expect(html).toContain('Передаваемая мощность');
    expect(html).toContain('Запас по мощности');
    expect(html).toContain('margin_Q = Q/Q_req − 1');
    // Mode and pack come back selected in the form.
    expect(html).toMatch(/<option value="rate" selected/);
    expect(html).toMatch(new RegExp(`<option value="${pack.model}" selected`));
    // The rated pack shows no area margin (0 by construction, neither a figure nor a step), and no comparison of one pack.
    expect(html).not.toContain('Запас поверхности');
    expect(html).not.toContain('compare-h-hx');
    const bad = await postPage({ ...INLETS, ...pack, plates: '' }, 'ru');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Число пластин: обязательное поле');
  });
});
