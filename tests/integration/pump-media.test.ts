// The pumped medium, the suction side and the P₁ convention at the boundary users see (issue 21):
// pumps and booster sets take ethylene / propylene glycol 20-50 % by mass (density scales P₂, the
// viscosity correction of ANSI/HI 9.6.7 is explained), a concentration or temperature outside the
// solution's range is a 400 naming the field; NPSHa can be computed from the suction conditions; P₁
// is given at the operating point on the pump and the station results, and said so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

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
type Step = { key: string; value: number; unit: string; formula?: string };
type Entity = {
  sku: string;
  duty: { q_m3h: number; h_m: number; p1_kw: number; p2_kw: number };
  explanation: { steps: Step[]; formulas: Array<{ id: string }>; source: string[] };
  warnings: string[];
  p1_at: { basis: string; q_m3h: number; h_m: number; text: string };
};
const select = (kind: string, json: Json, lang = 'en') =>
  api(`/api/v1/calculations/${kind}/select`, { token: olga, json, lang });
const page = async (path: string, form: Json, lang = 'en') => {
  const r = await fetch(new URL(path, server.url), {
    method: 'POST',
    body: new URLSearchParams(form),
    headers: { Cookie: `${cookie}; lang=${lang}`, Origin: server.url, 'Accept-Language': lang },
    redirect: 'manual',
  });
  return { status: r.status, html: await r.text() };
};
const DUTY = { q: '60', q_unit: 'm3/h', h: '13', h_unit: 'm', h_static: '5', limit: '200' };
const EG30 = { medium: 'ethylene_glycol', concentration: '30' };

describe('glycol media on pumps and booster sets', () => {
  it('30 % ethylene glycol at −10 °C answers 200 with a higher P₂ than water at +10 °C for the same pump and duty', async () => {
    const [water, glycol] = await Promise.all([
      select('pump', { ...DUTY, temperature_c: '10' }),
      select('pump', { ...DUTY, ...EG30, temperature_c: '-10' }),
    ]);
    expect(water.status).toBe(200);
    expect(glycol.status).toBe(200);
    expect(glycol.data.type).toBe('success');
    const w = new Map((water.data.entities as Entity[]).map((e) => [e.sku, e]));
    const common = (glycol.data.entities as Entity[]).filter((e) => w.has(e.sku));
    expect(common.length).toBeGreaterThan(0);
    for (const g of common) expect(g.duty.p2_kw, g.sku).toBeGreaterThan(w.get(g.sku)!.duty.p2_kw);
    // The solution's density (Melinder) and its viscosity with the ANSI/HI 9.6.7 verdict are steps.
    expect(glycol.data.duty.rho_kg_m3).toBeGreaterThan(1040);
    const e = common[0]!;
    const keys = e.explanation.steps.map((s) => s.key);
    expect(keys).toEqual(expect.arrayContaining(['rho', 'viscosity.nu', 'viscosity.b']));
    const b = e.explanation.steps.find((s) => s.key === 'viscosity.b')!;
    expect(b.formula).toBe(b.value > 1 ? 'viscosity_b' : 'viscosity_none');
    if (b.value > 1)
      expect(keys).toEqual(
        expect.arrayContaining(['viscosity.c_q', 'viscosity.c_h', 'viscosity.c_eta']),
      );
    expect(e.explanation.source.join(' ')).toMatch(/ANSI\/HI 9\.6\.7/);
    expect(e.explanation.source.join(' ')).toMatch(/IAPWS-IF97/);
    expect(glycol.data.explanation.formulas.map((f: { id: string }) => f.id)).toContain(
      'vapour_pressure_glycol',
    );
  });

  it('a 60 % solution is a 400 naming the concentration and its range', async () => {
    const r = await select('pump', {
      ...DUTY,
      medium: 'ethylene_glycol',
      concentration: '60',
      temperature_c: '-10',
    });
    expect(r.status).toBe(400);
    expect(r.data.errors.concentration).toBe(
      'Glycol concentration, % by mass: allowed from 20 to 50 %',
    );
    const ru = await select(
      'station',
      { ...DUTY, medium: 'propylene_glycol', concentration: '60' },
      'ru',
    );
    expect(ru.status).toBe(400);
    expect(ru.data.errors.concentration).toBe(
      'Концентрация гликоля, % по массе: допустимо от 20 до 50 %',
    );
  });

  it('below the solution freezing point + 2 K is a 400 naming the temperature and the limit; water below 0 °C stays refused', async () => {
    const r = await select('pump', { ...DUTY, ...EG30, temperature_c: '-20' });
    expect(r.status).toBe(400);
    expect(r.data.errors.temperature_c).toMatch(
      /^Medium temperature: the glycol solution freezes — not below -1[0-9](\.\d)? °C \(freezing point by Melinder \+ 2 K\); raise the concentration$/,
    );
    // At 50 % no stronger solution exists: the other advice; a Cyrillic К in Russian (review 21 #9, #13).
    const at50 = await select(
      'pump',
      { ...DUTY, medium: 'ethylene_glycol', concentration: '50', temperature_c: '-40' },
      'ru',
    );
    expect(at50.status).toBe(400);
    expect(at50.data.errors.temperature_c).toMatch(
      /^[^:]+: раствор гликоля замерзает — допустимо не ниже -3\d(,\d)? °C \(температура замерзания по Melinder \+ 2 К\); 50 % — наибольшая концентрация, более крепкого раствора нет: выберите другой гликоль или другой теплоноситель$/,
    );
    const at30 = await select('pump', { ...DUTY, ...EG30, temperature_c: '-20' }, 'ru');
    expect(at30.data.errors.temperature_c).toMatch(
      /\(температура замерзания по Melinder \+ 2 К\); увеличьте концентрацию$/,
    );
    const w = await select('pump', { ...DUTY, temperature_c: '-10' });
    expect(w.status).toBe(400);
    expect(w.data.errors.temperature_c).toMatch(/water freezes below 0 °C/);
    expect(
      (await select('pump', { ...DUTY, medium: 'brine', concentration: '30' })).data.errors.medium,
    ).toBe('Pumped liquid: unknown value');
    expect(
      (await select('pump', { ...DUTY, medium: 'ethylene_glycol' })).data.errors.concentration,
    ).toMatch(/required|fill/i);
  });

  it("below the pumps' lowest liquid temperature (−20 °C unless the catalogue says) nothing is offered and the text names that limit (review 21 #6)", async () => {
    const r = await select(
      'pump',
      { ...DUTY, medium: 'ethylene_glycol', concentration: '50', temperature_c: '-30' },
      'ru',
    );
    expect(r.status).toBe(200);
    expect(r.data.type).toBe('empty');
    expect(r.data.misses[0].reason).toBe('temperature_low');
    expect(r.data.warning).toMatch(
      /^Подходящего оборудования нет: температура среды [-−]30 °C ниже допустимой для насоса [-−]20 °C/,
    );
    const st = await select(
      'station',
      { ...DUTY, medium: 'ethylene_glycol', concentration: '50', temperature_c: '-30' },
      'ru',
    );
    expect(st.status).toBe(200);
    expect(st.data.warning).toMatch(/температура среды ниже допустимой для насоса/);
  });

  it('hostile concentrations are a 400 naming the field, never a 500', async () => {
    for (const c of ['1e308', '-1e308', 'NaN', 'Infinity', '-5', '1e999', '9'.repeat(400)]) {
      const r = await select('pump', {
        ...DUTY,
        medium: 'propylene_glycol',
        concentration: c,
        temperature_c: '5',
      });
      expect(r.status, c).toBe(400);
      expect(r.data.errors.concentration, c).toMatch(
        /^Glycol concentration, % by mass: (enter a number|allowed from 20 to 50 %|at most \d+ characters)$/,
      );
    }
  });

  it('a booster set pumps glycol too: 200, higher P₁ than water, the viscosity verdict in its explanation', async () => {
    const set = { ...DUTY, count: '2', standby: '1' };
    const [w, g] = await Promise.all([
      select('station', { ...set, temperature_c: '10' }),
      select('station', { ...set, ...EG30, temperature_c: '-10' }),
    ]);
    expect(g.status).toBe(200);
    type S = { sku: string; station: { duty_p1_kw: number; explanation: { steps: Step[] } } };
    const ws = new Map((w.data.entities as S[]).map((e) => [e.sku, e]));
    const both = (g.data.entities as S[]).filter((e) => ws.has(e.sku));
    expect(both.length).toBeGreaterThan(0);
    for (const e of both)
      expect(e.station.duty_p1_kw, e.sku).toBeGreaterThan(ws.get(e.sku)!.station.duty_p1_kw);
    expect(both[0]!.station.explanation.steps.some((s) => s.key === 'viscosity.b')).toBe(true);
  });

  it('the pump page form offers the medium and the concentration and answers a glycol duty', async () => {
    const r = await page(
      '/e-commerce/design/new-calculation/pump',
      { ...DUTY, ...EG30, temperature_c: '-10' },
      'ru',
    );
    expect(r.status).toBe(200);
    expect(r.html).toContain('name="medium"');
    expect(r.html).toMatch(/<option value="ethylene_glycol" selected/);
    expect(r.html).toContain('Концентрация гликоля, % по массе');
    expect(r.html).toContain('class="calc-results"');
    const bad = await page(
      '/e-commerce/design/new-calculation/pump',
      { ...DUTY, medium: 'ethylene_glycol', concentration: '60' },
      'ru',
    );
    expect(bad.html).toContain('Концентрация гликоля, % по массе: допустимо от 20 до 50 %');
  });
});

describe('NPSHa from the suction conditions', () => {
  const SUCTION = {
    suction_p: '101.325',
    suction_p_unit: 'kPa',
    suction_level_m: '2',
    suction_loss_m: '0.5',
  };
  it('computes NPSHa = (p_abs − p_v)/(ρg) + z − h_L as a step (11.61 m for 1 atm, +2 m, 0.5 m at 20 °C)', async () => {
    const r = await select('pump', { ...DUTY, ...SUCTION, temperature_c: '20' });
    expect(r.status).toBe(200);
    const e = r.data.entities[0] as Entity;
    const step = e.explanation.steps.find((s) => s.key === 'npsh.available')!;
    expect(step.value).toBeCloseTo(11.6119, 3);
    expect(step.formula).toBe('npsh_available');
    expect(e.explanation.steps.find((s) => s.key === 'suction.p_v')!.value).toBeCloseTo(2.339, 3);
  });

  it('at 80 °C the suction conditions replace the hot-water warning; with them empty it stays', async () => {
    const [given, empty] = await Promise.all([
      select('pump', {
        ...DUTY,
        suction_p: '3',
        suction_p_unit: 'bar',
        suction_level_m: '1',
        temperature_c: '80',
      }),
      select('pump', { ...DUTY, temperature_c: '80' }),
    ]);
    expect(given.status).toBe(200);
    for (const e of given.data.entities as Entity[])
      expect(e.warnings).not.toContain('npsh_not_given');
    expect(
      (given.data.entities[0] as Entity).explanation.steps.find((s) => s.key === 'npsh.available')!
        .value,
    ).toBeCloseTo((3e5 - 47414.7) / (971.803 * 9.80665) + 1, 2);
    expect((empty.data.entities[0] as Entity).warnings).toContain('npsh_not_given');
  });

  it('refuses, naming the field: a boiling inlet, out-of-range and hostile values, NPSHa given twice, a level without the pressure', async () => {
    const boil = await select('pump', {
      ...DUTY,
      suction_p: '101.325',
      suction_level_m: '-5',
      temperature_c: '95',
    });
    expect(boil.status).toBe(400);
    expect(boil.data.errors.suction_p).toMatch(
      /^Absolute pressure on the suction tank surface: with these suction conditions NPSHa = -\d+(\.\d+)? m — the liquid boils at the pump inlet; raise the pressure or the level$/,
    );
    for (const v of ['1e308', '-1e308', 'NaN', '-5', '0', '1e999'])
      expect((await select('pump', { ...DUTY, suction_p: v })).data.errors.suction_p, v).toMatch(
        /^Absolute pressure on the suction tank surface: (enter a number|allowed from 0 to 2500 kPa)$/,
      );
    expect((await select('pump', { ...DUTY, suction_p: '3', suction_p_unit: 'bar' })).status).toBe(
      200,
    );
    // The bound is said in the unit the user chose, with the unit in the user's language.
    expect(
      (await select('pump', { ...DUTY, suction_p: '30', suction_p_unit: 'bar' })).data.errors
        .suction_p,
    ).toBe('Absolute pressure on the suction tank surface: allowed from 0 to 25 bar');
    expect(
      (await select('pump', { ...DUTY, suction_p: '3000', suction_p_unit: 'kPa' }, 'ru')).data
        .errors.suction_p,
    ).toBe('Абсолютное давление над уровнем во всасывающей ёмкости: допустимо от 0 до 2500 кПа');
    expect(
      (await select('pump', { ...DUTY, suction_p: '100', suction_level_m: '200' }, 'ru')).data
        .errors.suction_level_m,
    ).toMatch(/: допустимо от -10 до 100 м$/);
    expect(
      (await select('pump', { ...DUTY, suction_p: '100', suction_level_m: '1e308' })).data.errors
        .suction_level_m,
    ).toBe(
      'Liquid level above the pump inlet, m (flooded +, suction lift −): allowed from -10 to 100 m',
    );
    expect(
      (await select('pump', { ...DUTY, suction_p: '100', suction_loss_m: '-1' })).data.errors
        .suction_loss_m,
    ).toMatch(/allowed from 0 to 50 m$/);
    expect(
      (await select('pump', { ...DUTY, suction_p: '100', suction_p_unit: 'psi' })).data.errors
        .suction_p_unit,
    ).toBe('Suction pressure unit: unknown value');
    expect(
      (await select('pump', { ...DUTY, suction_p: '100', npsh_available_m: '5' })).data.errors
        .npsh_available_m,
    ).toBe('NPSH available: give either NPSHa or the suction conditions, not both');
    const level = await select('station', { ...DUTY, suction_level_m: '2' });
    expect(level.status).toBe(400);
    expect(level.data.errors.suction_p).toBe(
      'Absolute pressure on the suction tank surface: required',
    );
  });
});

describe('P₁ at the operating point on the pump and the station results', () => {
  it('pump: P₁ is given at the duty it reports (the operating point), and said so', async () => {
    const r = await select('pump', DUTY);
    const e = r.data.entities[0] as Entity;
    expect(e.p1_at).toMatchObject({
      basis: 'operating_point',
      q_m3h: e.duty.q_m3h,
      h_m: e.duty.h_m,
    });
    expect(e.p1_at.text).toMatch(/^P₁ at the operating point: \d+(\.\d)? m³\/h, \d+(\.\d)? m$/);
    const html = (await page('/e-commerce/design/new-calculation/pump', DUTY, 'ru')).html;
    expect(html).toMatch(/P₁ — в рабочей точке: \d+(,\d)? м³\/ч, \d+(,\d)? м/);
  });

  it('station at fixed speed: P₁ at the operating point of the running pumps (more flow than Q_d), not at the design flow', async () => {
    const r = await select('station', {
      ...DUTY,
      h: '40',
      h_static: '30',
      count: '2',
      standby: '1',
      type_use: '4',
    });
    expect(r.status).toBe(200);
    type S = {
      p1_at: Entity['p1_at'];
      station: {
        duty_p1_kw: number;
        duty_q_m3h: number;
        duty_h_m: number;
        staging: Array<{ q_m3h: number; p1_kw_by_k: Array<number | null>; best_k: number | null }>;
        explanation: { steps: Step[] };
      };
    };
    const e = r.data.entities[0] as S;
    expect(e.p1_at).toMatchObject({
      basis: 'operating_point',
      q_m3h: e.station.duty_q_m3h,
      h_m: e.station.duty_h_m,
    });
    expect(e.station.duty_q_m3h).toBeGreaterThan(60); // the fixed-speed curve meets the system curve beyond Q_d
    const design = e.station.staging.at(-1)!;
    expect(design.q_m3h).toBeCloseTo(60, 6);
    expect(e.station.duty_p1_kw).not.toBeCloseTo(design.p1_kw_by_k[design.best_k! - 1]!, 3); // no longer the design-flow figure
    const steps = new Map(e.station.explanation.steps.map((s) => [s.key, s.value]));
    expect(steps.get('duty.p1_total')).toBeCloseTo(e.station.duty_p1_kw, 9);
    expect(steps.get('duty.q')).toBeCloseTo(e.station.duty_q_m3h, 9);
    const html = (
      await page(
        '/e-commerce/design/new-calculation/station',
        { ...DUTY, h: '40', h_static: '30', count: '2', standby: '1', type_use: '4' },
        'ru',
      )
    ).html;
    expect(html).toMatch(/P₁ — в рабочей точке: \d+(,\d)? м³\/ч, \d+(,\d)? м/);
  });

  it('station with speed control: the operating point is the duty it holds (Q_d, H_set)', async () => {
    const r = await select('station', {
      ...DUTY,
      h: '40',
      h_static: '30',
      count: '2',
      standby: '1',
      speed_control: 'on',
    });
    const e = r.data.entities[0] as {
      p1_at: Entity['p1_at'];
      station: { duty_q_m3h: number; duty_h_m: number };
    };
    expect(e.station.duty_q_m3h).toBeCloseTo(60, 6);
    expect(e.station.duty_h_m).toBeCloseTo(40, 6);
    expect(e.p1_at.text).toBe('P₁ at the operating point: 60 m³/h, 40 m');
  });
});
