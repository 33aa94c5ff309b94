// The heat exchanger selection API (to1 standard, to2 two-stage DHW, to3 condensation) against the
// real server: the { type, entities, error, warning } shape, the user's units (Gcal/h, m3/h, bar
// gauge or absolute, m w.c.), and every kind of bad input answered 400 with the field named in the
// user's language, never a NaN, Infinity or a 500.
import { describe, expect, it } from 'vitest';
import { customersForFile } from '../helpers/api-client.ts';
import { waterProperties } from '../../src/features/properties/water.ts';

const { api, olga } = await customersForFile();

const call = (kind: string, json: Record<string, unknown>, lang = 'en') =>
  api(`/api/v1/calculations/${kind}/select`, { token: olga, json, lang });
const TO1 = { q: 500, hot_t_in: 70, hot_t_out: 30, cold_t_in: 5, cold_t_out: 60 };
const TO2 = {
  heating_q: 1000,
  dhw_q: 400,
  network_supply: 150,
  network_return: 70,
  building_supply: 95,
  building_return: 70,
  t_outdoor: -28,
};
const TO3 = { steam_p: 3, p_unit: 'bar', p_kind: 'gauge', water_t_in: 70, water_t_out: 95, q: 500 };

/** No number in the answer is NaN or infinite (JSON turns them into null, so look for nulls among numbers too). */
function allFinite(x: unknown): boolean {
  if (typeof x === 'number') return Number.isFinite(x);
  if (Array.isArray(x)) return x.every(allFinite);
  if (x && typeof x === 'object') return Object.values(x).every(allFinite);
  return true;
}

describe('POST /api/v1/calculations/to1/select', () => {
  it('needs a session', async () => {
    expect((await api('/api/v1/calculations/to1/select', { json: TO1 })).status).toBe(401);
  });

  it('ranks plate exchangers by price and explains the duty', async () => {
    const r = await call('to1', TO1);
    expect(r.status).toBe(200);
    expect(r.data.type).toBe('success');
    expect(r.data.error).toBeNull();
    expect(r.data.entities.length).toBeGreaterThan(0);
    const prices = r.data.entities.map((e: any) => e.price.value);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(r.data.entities.map((e: any) => e.rank)).toEqual(
      r.data.entities.map((_: unknown, i: number) => i + 1),
    );
    const [e] = r.data.entities;
    expect(e.margin.value).toBeGreaterThanOrEqual(10);
    expect(e.hot.dp.value).toBeLessThanOrEqual(50);
    expect(e.cold.dp.unit).toBe('kPa');
    expect(r.data.duty.q).toEqual({ value: 500, unit: 'kW' });
    expect(r.data.explanation.formulas.length).toBeGreaterThan(0);
    expect(r.data.warnings).toContainEqual(
      expect.objectContaining({
        code: 'demo_catalogue',
        text: expect.stringMatching(/demo range/),
      }),
    );
    expect(
      r.data.rejected.every((x: any) => typeof x.text === 'string' && !x.text.startsWith('hx.')),
    ).toBe(true);
    expect(allFinite(r.data)).toBe(true);
  });

  it('takes Gcal/h, m3/h and pressure drops in m w.c.', async () => {
    const kw = await call('to1', { ...TO1, q: 0.43, q_unit: 'Gcal/h' });
    expect(kw.data.duty.q.value).toBeCloseTo(0.43 * 1163, 6);
    // 10 m3/h of water at 5 °C (0.6 MPa, the default) is 10·ρ kg/h; the cold outlet follows from the balance.
    const rho = waterProperties(5, 0.6).rho;
    const flow = await call('to1', {
      q: 500,
      hot_t_in: 70,
      hot_t_out: 30,
      cold_t_in: 5,
      cold_flow: 10,
      flow_unit: 'm3/h',
    });
    expect(flow.status).toBe(200);
    expect(flow.data.duty.cold.m.value).toBeCloseTo((10 * rho) / 3600, 6);
    expect(flow.data.duty.cold.t_out.value).toBeCloseTo(5 + 500 / ((10 * rho) / 3600) / 4.19, 0);
    // 1 m w.c. (9.8 kPa) is tighter than any pack's drop: nothing fits, and the answer says why.
    const tight = await call('to1', {
      ...TO1,
      hot_dp_max: 0.1,
      cold_dp_max: 0.1,
      dp_unit: 'm w.c.',
    });
    expect(tight.status).toBe(200);
    expect(tight.data.type).toBe('empty');
    expect(tight.data.warning).toMatch(/^No plate heat exchanger fits: /);
  });

  it("names the field of every impossible input, in the user's language", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { ...TO1, hot_t_in: 30, hot_t_out: 20, cold_t_in: 50, cold_t_out: 60 },
        'hot_t_in',
        'Heating side inlet, °C: the heating side (30 °C) must be hotter than the heated side (50 °C)',
      ],
      [
        { ...TO1, cold_t_in: 40, cold_t_out: 75 },
        'hot_t_out',
        'Heating side outlet, °C: the temperatures cross; heat cannot pass from the colder stream to the hotter one',
      ],
      [
        { ...TO1, hot_t_out: 80 },
        'hot_t_out',
        'Heating side outlet, °C: the heating side must cool down, below its inlet 70 °C',
      ],
      [
        { ...TO1, cold_t_out: 3 },
        'cold_t_out',
        'Heated side outlet, °C: the heated side must warm up, above its inlet 5 °C',
      ],
      [
        { hot_t_in: 70, hot_t_out: 30, cold_t_in: 5 },
        'q',
        'Heat load: not enough data; give the load or the flow of the side whose temperature is missing',
      ],
      [
        { ...TO1, hot_t_in: 190, hot_p: 1, p_unit: 'bar', p_kind: 'absolute' },
        'hot_t_in',
        'Heating side inlet, °C: at 110 °C and 0.1 MPa (absolute) the water boils; raise the pressure or lower the temperature',
      ],
      [
        { ...TO1, hot_p: -2, p_unit: 'bar', p_kind: 'gauge' },
        'hot_p',
        'Heating side pressure: the absolute pressure must be greater than zero',
      ],
      [
        { ...TO1, hot_p: 2000, p_unit: 'bar', p_kind: 'absolute' },
        'hot_p',
        'Heating side pressure: outside the range of the water property equations (0.000001 to 100 MPa)',
      ],
      [{ ...TO1, q: 'a lot' }, 'q', 'Heat load: enter a number'],
      [{ ...TO1, q: 'Infinity' }, 'q', 'Heat load: enter a number'],
      [{ ...TO1, q_unit: 'hp' }, 'q_unit', 'Load unit: unknown value'],
      [{ ...TO1, margin: 150 }, 'margin', 'Area margin, %: allowed from 0 to 100'],
      [
        { ...TO1, hot_dp_max: 0 },
        'hot_dp_max',
        'Allowed pressure drop, heating side: must be greater than zero',
      ],
      [{ q: 500, cold_t_in: 5, cold_t_out: 60 }, 'hot_t_in', 'Heating side inlet, °C: required'],
      [
        { hot_t_in: 70, hot_t_out: 30, hot_flow: 5, cold_t_in: 5, cold_t_out: 60, cold_flow: 10 },
        'cold_flow',
        expect.stringMatching(
          /^Heated side flow: the sides do not balance: the heating side gives 23\d(\.\d+)? kW, the heated side takes 6\d\d(\.\d+)? kW \(2 % allowed\)$/,
        ) as unknown as string,
      ],
    ];
    for (const [json, field, text] of cases) {
      const r = await call('to1', json);
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.data.type).toBe('error');
      expect(r.data.errors[field], JSON.stringify(json)).toEqual(text);
      expect(r.data.error).toEqual(r.data.errors[field]);
      expect(allFinite(r.data)).toBe(true);
    }
    const ru = await call('to1', { ...TO1, hot_t_out: 80 }, 'ru');
    expect(ru.data.errors.hot_t_out).toBe(
      'Греющая среда, выход, °C: греющая среда должна остывать — ниже входа 70 °C',
    );
  });
});

describe('POST /api/v1/calculations/to2/select', () => {
  it('designs the two-stage scheme and selects a heater for each stage', async () => {
    const r = await call('to2', TO2);
    expect(r.status).toBe(200);
    expect(r.data.type).toBe('success');
    expect(r.data.design.scheme).toBe('two_stage_mixed');
    expect(r.data.entities.map((e: any) => e.stage)).toEqual([1, 2]);
    for (const e of r.data.entities) expect(e.candidates.length).toBeGreaterThan(0);
    expect(r.data.warnings.map((w: any) => w.code)).toEqual(
      expect.arrayContaining(['normative_unverified', 'demo_catalogue']),
    );
    expect(allFinite(r.data)).toBe(true);
  });

  it('refuses charts that cannot be', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { ...TO2, network_supply: 70, network_return: 150 },
        'network_supply',
        'Network supply, °C: the supply must be hotter than the return',
      ],
      [
        { ...TO2, building_supply: 160 },
        'building_supply',
        'Building heating supply, °C: cannot exceed the network supply',
      ],
      [
        { ...TO2, t_outdoor: 25 },
        't_outdoor',
        'Design outdoor temperature, °C: must be below the indoor temperature',
      ],
      [
        { ...TO2, dhw_t_hot: 3 },
        'dhw_t_hot',
        'Hot water, °C: must be above the cold water temperature',
      ],
      [{ ...TO2, dhw_q: -5 }, 'dhw_q', 'Peak hot water load: must be greater than zero'],
      [{ ...TO2, heating_q: undefined }, 'heating_q', 'Design heating load: required'],
      [
        { ...TO2, approach: 40 },
        'approach',
        'Stage I approach, K: the network return at the break point (42.38 °C) does not heat the cold water, so stage I has no load',
      ],
      [
        { ...TO2, approach: -30 },
        'approach',
        'Stage I approach, K: stage I already heats the water to 60 °C, so stage II has no load; reduce the approach',
      ],
    ];
    for (const [json, field, text] of cases) {
      const r = await call('to2', json);
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.data.errors[field], JSON.stringify(json)).toBe(text);
    }
  });
});

describe('POST /api/v1/calculations/to3/select', () => {
  it('condenses saturated steam given as gauge bar and ranks the packs', async () => {
    const r = await call('to3', TO3);
    expect(r.status).toBe(200);
    expect(r.data.type).toBe('success');
    expect(r.data.design.steam.p_abs.value).toBeCloseTo(0.3 + 0.101325, 6);
    const abs = await call('to3', { ...TO3, p_kind: 'absolute' });
    expect(abs.data.design.steam.p_abs.value).toBeCloseTo(0.3, 6);
    expect(abs.data.design.steam.t_sat.value).toBeLessThan(r.data.design.steam.t_sat.value);
    const kgf = await call('to3', { ...TO3, p_unit: 'kgf/cm2' });
    expect(kgf.data.design.steam.p_abs.value).toBeCloseTo(3 * 0.0980665 + 0.101325, 6);
    expect(r.data.warnings.map((w: any) => w.code)).toContain('condensing_alpha_constant');
    const wet = await call('to3', { ...TO3, steam_state: 'wet', steam_x: 0.9 });
    expect(wet.data.warnings).toContainEqual(
      expect.objectContaining({
        code: 'wet_steam',
        text: 'The steam is wet: dryness fraction 0.9',
      }),
    );
    expect(allFinite(r.data) && allFinite(wet.data)).toBe(true);
  });

  it('refuses steam that is not steam and pressures out of range', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { ...TO3, steam_state: 'superheated', steam_t: 120 },
        'steam_t',
        'Superheated steam temperature, °C: superheated steam must be hotter than the saturation temperature 143.73 °C at this pressure',
      ],
      [
        { ...TO3, steam_state: 'enthalpy', steam_h: 300 },
        'steam_h',
        'Steam enthalpy, kJ/kg: this is water, not steam; the enthalpy must exceed 605.24 kJ/kg (saturated water at this pressure)',
      ],
      [
        { ...TO3, steam_state: 'wet', steam_x: 1.5 },
        'steam_x',
        'Dryness fraction: the dryness fraction must be above 0 and at most 1',
      ],
      [
        { ...TO3, steam_p: 300 },
        'steam_p',
        'Steam pressure: outside the range of the water property equations (0.001 to 16.5 MPa)',
      ],
      [
        { ...TO3, condensate_out: 160 },
        'condensate_out',
        'Condensate outlet, °C: the condensate cannot be hotter than the saturation temperature 143.73 °C',
      ],
      [
        { ...TO3, water_t_out: 150 },
        'water_t_out',
        'Water outlet, °C: the temperatures cross; heat cannot pass from the colder stream to the hotter one',
      ],
      [{ ...TO3, steam_state: 'ice' }, 'steam_state', 'Steam state: unknown value'],
      [
        { ...TO3, steam_state: 'superheated', steam_t: 200, water_t_out: 150 },
        'water_t_out',
        'Water outlet, °C: no counter-flow exchanger can reach these temperatures; no temperature difference is left at one end',
      ],
      [{ ...TO3, q: undefined }, 'q', 'Heat load: required'],
    ];
    for (const [json, field, text] of cases) {
      const r = await call('to3', json);
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.data.errors[field], JSON.stringify(json)).toBe(text);
      expect(allFinite(r.data)).toBe(true);
    }
  });
});
