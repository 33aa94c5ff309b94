// The flow meter against the real server: the reference lists as { type, entity } (bounded, searched,
// paged by key), the back-office reference calls (scope reference: 401 without a key, 403 with a key
// of another scope; PUT idempotent by code, GET, DELETE, parents checked), the selection API in the
// user's units with every validation message asserted (a range in the unit the user chose) and no
// NaN anywhere, the location checked as a chain (organisation in the city in the region), and the
// page (one form: the pickers' GET keeps every typed value; POST result, field errors).
import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { customersForFile } from '../helpers/api-client.ts';
import { backoffice } from '../helpers/backoffice.ts';
import { sessionFor } from '../helpers/session.ts';

const REF_KEY = 'reference-test-key-0123456789abcdef';
const ORDERS_KEY = 'orders-only-key-0123456789abcdef';
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

const { server, api, olga } = await customersForFile({
  INTEGRATION_KEYS: `nsi:${sha(REF_KEY)}:reference,erp:${sha(ORDERS_KEY)}:orders`,
});
const call = backoffice(server);

const select = (json: Record<string, unknown>, lang = 'en') =>
  api('/api/v1/calculations/flow-meter/select', { token: olga, json, lang });
const BASE = {
  q_heat: 1,
  q_unit: 'Gcal/h',
  t_supply: 95,
  t_return: 70,
  dn_supply: 100,
  dn_return: 100,
};

function allFinite(x: unknown): boolean {
  if (typeof x === 'number') return Number.isFinite(x);
  if (Array.isArray(x)) return x.every(allFinite);
  if (x && typeof x === 'object') return Object.values(x).every(allFinite);
  return true;
}

describe('GET /api/v1/flow-meter/*', () => {
  it('needs a session', async () => {
    expect((await api('/api/v1/flow-meter/regions')).status).toBe(401);
  });

  it('lists the demo regions, cities of a region and organisations of a city as entity', async () => {
    const r = await api('/api/v1/flow-meter/regions', { token: olga });
    expect(r.status).toBe(200);
    expect(r.data.type).toBe('success');
    expect(r.data.entity).toContainEqual({
      code: '18',
      name: 'Удмуртская Республика (демо)',
      demo: true,
    });
    const names = r.data.entity.map((x: any) => x.name);
    expect(names).toEqual([...names].sort());
    const cities = await api('/api/v1/flow-meter/cities?region=18', { token: olga });
    expect(cities.data.entity.map((x: any) => x.code).sort()).toEqual(['izhevsk', 'sarapul']);
    const orgs = await api('/api/v1/flow-meter/organisations?city=izhevsk', { token: olga });
    expect(orgs.data.type).toBe('success');
    const org = orgs.data.entity.find((x: any) => x.code === 'izh-energo');
    expect(org.requirements).toMatchObject({
      meter_types: ['electromagnetic'],
      max_error_pct: 1,
      remote_interfaces: ['GSM'],
      register_required: true,
    });
  });

  it('is bounded: search, limit and key-based paging', async () => {
    const found = await api(`/api/v1/flow-meter/regions?q=${encodeURIComponent('самар')}`, {
      token: olga,
    });
    expect(found.data.entity.map((x: any) => x.code)).toEqual(['63']);
    const first = await api('/api/v1/flow-meter/regions?limit=1', { token: olga });
    expect(first.data.entity).toHaveLength(1);
    const next = await api(
      `/api/v1/flow-meter/regions?limit=1&after=${first.data.entity[0].code}`,
      { token: olga },
    );
    expect(next.data.entity).toHaveLength(1);
    expect(next.data.entity[0].name > first.data.entity[0].name).toBe(true);
  });

  it('names a bad query in the user language', async () => {
    const big = await api('/api/v1/flow-meter/regions?limit=1000', { token: olga });
    expect(big.status).toBe(400);
    expect(big.data).toMatchObject({ type: 'error', error: 'limit: a whole number from 1 to 100' });
    const none = await api('/api/v1/flow-meter/cities', { token: olga });
    expect(none.status).toBe(400);
    expect(none.data.error).toBe('Give the region (region)');
    const ru = await api('/api/v1/flow-meter/organisations', { token: olga, lang: 'ru' });
    expect(ru.data.error).toBe('Укажите город (city)');
    const unknown = await api('/api/v1/flow-meter/cities?region=99', { token: olga });
    expect(unknown.status).toBe(404);
    expect(unknown.data.error).toBe('The region is not found');
    expect(
      (await api('/api/v1/flow-meter/organisations?city=nowhere', { token: olga })).data.error,
    ).toBe('The city is not found');
  });
});

describe('/api/integration/reference (scope reference)', () => {
  const put = (path: string, json: unknown, key: string | null = REF_KEY) =>
    call(`/api/integration/reference/${path}`, { method: 'PUT', json, key });

  it('refuses a missing key (401) and a key of another scope (403)', async () => {
    expect((await put('regions/77', { name: 'Москва' }, null)).status).toBe(401);
    const r = await put('regions/77', { name: 'Москва' }, ORDERS_KEY);
    expect(r.status).toBe(403);
    expect((await call('/api/integration/reference/regions/18', { key: ORDERS_KEY })).status).toBe(
      403,
    );
    expect(
      (await call('/api/integration/reference/regions/18', { method: 'DELETE', key: ORDERS_KEY }))
        .status,
    ).toBe(403);
    expect((await call('/api/integration/reference/regions/77', { key: REF_KEY })).status).toBe(
      404,
    );
  });

  it('creates, updates, reads and deletes a region, city and organisation', async () => {
    expect((await put('regions/77', { name: 'Москва' })).data).toMatchObject({
      type: 'success',
      status: 'created',
      data: { code: '77', name: 'Москва', demo: false },
    });
    expect((await put('regions/77', { name: 'г. Москва' })).data.status).toBe('updated');
    expect((await put('cities/moscow', { region: '77', name: 'Москва' })).data.status).toBe(
      'created',
    );
    const org = await put('organisations/mosteplo', {
      city: 'moscow',
      name: 'Теплосеть',
      inn: '7700000000',
      requirements: {
        meter_types: ['ultrasonic'],
        max_error_pct: 2,
        remote_interfaces: ['Ethernet'],
      },
    });
    expect(org.status).toBe(200);
    expect(org.data.data.requirements).toEqual({
      meter_types: ['ultrasonic'],
      meter_models: [],
      max_error_pct: 2,
      straight_up_dn: null,
      straight_down_dn: null,
      archive_hourly_days: null,
      archive_daily_days: null,
      remote_interfaces: ['Ethernet'],
      register_required: false,
    });
    const got = await call('/api/integration/reference/organisations/mosteplo', { key: REF_KEY });
    expect(got.data.data).toMatchObject({ code: 'mosteplo', city: 'moscow', inn: '7700000000' });
    const listed = await api('/api/v1/flow-meter/organisations?city=moscow', { token: olga });
    expect(listed.data.entity.map((x: any) => x.code)).toEqual(['mosteplo']);
    // A region with cities (a city with organisations) is in use.
    const busy = await call('/api/integration/reference/regions/77', {
      method: 'DELETE',
      key: REF_KEY,
    });
    expect(busy.status).toBe(409);
    expect(busy.data.message).toBe('The region still has cities: delete them first');
    expect(
      (await call('/api/integration/reference/cities/moscow', { method: 'DELETE', key: REF_KEY }))
        .status,
    ).toBe(409);
    expect(
      (
        await call('/api/integration/reference/organisations/mosteplo', {
          method: 'DELETE',
          key: REF_KEY,
        })
      ).status,
    ).toBe(200);
    expect(
      (await call('/api/integration/reference/cities/moscow', { method: 'DELETE', key: REF_KEY }))
        .status,
    ).toBe(200);
    expect(
      (await call('/api/integration/reference/regions/77', { method: 'DELETE', key: REF_KEY }))
        .data,
    ).toEqual({ type: 'success', code: '77' });
    expect(
      (await call('/api/integration/reference/regions/77', { method: 'DELETE', key: REF_KEY }))
        .status,
    ).toBe(404);
  });

  it('validates the body with a message per field; unknown kinds and codes are 404', async () => {
    const bad = await put('organisations/x1', {
      city: 'nowhere',
      name: '',
      inn: '12',
      requirements: { meter_types: ['laser'], max_error_pct: 50 },
    });
    expect(bad.status).toBe(422);
    expect(bad.data.errors).toMatchObject({
      name: 'Enter the name',
      inn: 'INN: 10 or 12 digits',
      'requirements.meter_types.0': 'Meter type: electromagnetic, ultrasonic, vortex or mechanical',
      'requirements.max_error_pct': 'Value out of range',
    });
    const orphan = await put('organisations/x1', { city: 'nowhere', name: 'X' });
    expect(orphan.status).toBe(422);
    expect(orphan.data.errors).toEqual({ city: 'The city is not found' });
    expect((await put('cities/x1', { region: '99', name: 'X' })).data.errors).toEqual({
      region: 'The region is not found',
    });
    expect((await put('planets/x1', { name: 'X' })).status).toBe(404);
    expect((await put('regions/bad%20code', { name: 'X' })).status).toBe(404);
  });

  it('a code with % is 404 in the error format, never 500 (the parameter comes decoded)', async () => {
    const notFound = { message: 'The reference entry is not found' };
    for (const code of ['50%25off', '%25', '%25E0%25A4%25A']) {
      for (const method of ['GET', 'DELETE']) {
        const r = await call(`/api/integration/reference/regions/${code}`, {
          method,
          key: REF_KEY,
        });
        expect([method, code, r.status]).toEqual([method, code, 404]);
        expect(r.data).toEqual(notFound);
      }
      const p = await put(`cities/${code}`, { region: '18', name: 'X' });
      expect([code, p.status]).toEqual([code, 404]);
      expect(p.data).toMatchObject(notFound);
    }
  });
});

describe('POST /api/v1/calculations/flow-meter/select', () => {
  it('needs a session', async () => {
    expect((await api('/api/v1/calculations/flow-meter/select', { json: BASE })).status).toBe(401);
  });

  it('names a value longer than 200 characters as a field error, never a 500', async () => {
    const r = await select({ ...BASE, t_supply: '9'.repeat(201) });
    expect(r.status).toBe(400);
    expect(r.data.type).toBe('error');
    expect(Object.keys(r.data.errors)).toEqual(['t_supply']);
    expect(r.data.errors.t_supply).toMatch(/: at most 200 characters$/);
  });

  it('answers the ranked unit variants with flows, composition and explanation', async () => {
    const r = await select(BASE);
    expect(r.status).toBe(200);
    expect(r.data.type).toBe('success');
    expect(r.data.error).toBeNull();
    const supply = r.data.pipes.find((p: any) => p.pipe === 'supply');
    expect(supply.g_design.value).toBeCloseTo(39.9, 1); // 1 Gcal/h at 95/70 °C
    const best = r.data.entities[0];
    expect(best.rank).toBe(1);
    expect(best.cid).toEqual(expect.any(Number));
    expect(best.meters.find((m: any) => m.pipe === 'supply').dn).toBe(65);
    expect(best.items.every((x: any) => typeof x.cid === 'number')).toBe(true);
    expect(best.items.map((x: any) => x.role)).toEqual([
      'meter',
      'meter',
      'sensor_pair',
      'pressure_transmitter',
      'calculator',
    ]);
    expect(best.explanation.steps.length).toBeGreaterThan(10);
    expect(r.data.warnings.map((w: any) => w.code)).toContain('demo_catalogue');
    expect(r.data.rejected).toContainEqual(
      expect.objectContaining({
        series: 'DEMO-VX',
        reason: 'range',
        text: expect.stringMatching(/below Qmin/),
      }),
    );
    expect(allFinite(r.data)).toBe(true);
  });

  it('checks the chosen organisation requirements and ranks by them', async () => {
    const r = await select(
      { ...BASE, region: '18', city: 'izhevsk', organisation: 'izh-energo' },
      'ru',
    );
    expect(r.data.organisation.code).toBe('izh-energo');
    const best = r.data.entities[0];
    expect(best.series).toBe('DEMO-EM');
    expect(best.unmet).toBe(0);
    expect(best.requirements.find((x: any) => x.code === 'remote_reading').text).toMatch(/GSM/);
    const us = r.data.entities.find((e: any) => e.series === 'DEMO-US');
    expect(us.requirements.find((x: any) => x.code === 'meter_type')).toMatchObject({
      met: false,
      text: expect.stringMatching(/не допускается/),
    });
    const unknown = await select({ ...BASE, organisation: 'nobody' });
    expect(unknown.status).toBe(400);
    expect(unknown.data.errors).toEqual({
      organisation:
        'Heat supply organisation: this heat supply organisation is not in the reference list',
    });
  });

  it('takes flows in m3/h and the open scheme', async () => {
    const r = await select({
      scheme: 'open',
      mode: 'flows',
      flow_unit: 'm3/h',
      t_supply: 95,
      t_return: 70,
      t_dhw: 60,
      g_supply: 20,
      g_return: 16,
      g_dhw: 4,
      gmin_dhw: 0.5,
    });
    expect(r.status).toBe(200);
    expect(r.data.pipes.map((p: any) => p.pipe)).toEqual(['supply', 'return', 'dhw']);
    const dhw = r.data.pipes.find((p: any) => p.pipe === 'dhw');
    expect(dhw.q_design.value).toBeCloseTo(4, 6);
    expect(dhw.q_min.value).toBeCloseTo(0.5, 6);
    expect(r.data.entities[0].channels.flow).toBe(3);
  });

  it('names every bad field in the user language, never NaN', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { ...BASE, t_return: 95 },
        't_return',
        'Return temperature, °C: must be below the supply temperature (95 °C)',
      ],
      [{ ...BASE, q_heat: 'abc' }, 'q_heat', 'Heating and ventilation load: enter a number'],
      [{ ...BASE, q_heat: '' }, 'q_heat', 'Heating and ventilation load: required'],
      [
        { ...BASE, q_heat: 0 },
        'q_heat',
        'Heating and ventilation load: the load must be above zero',
      ],
      [{ ...BASE, t_supply: 250 }, 't_supply', 'Supply temperature, °C: must be between 1 and 180'],
      [
        { ...BASE, t_supply: 170 },
        't_supply',
        'Supply temperature, °C: at 170 °C and 0.7013 MPa (abs.) water boils; raise the pressure or lower the temperature',
      ],
      [
        { ...BASE, scheme: 'open' },
        'q_dhw',
        'DHW load (max.): an open system draws hot water from the network; enter the DHW load',
      ],
      [
        { ...BASE, scheme: 'open', q_dhw: 100, t_dhw: 4 },
        't_dhw',
        'DHW temperature, °C: must be between 20 and 90',
      ],
      [
        { ...BASE, dn_supply: 60 },
        'dn_supply',
        'Pipe DN: supply: choose a DN from the series 15, 20, 25, 32, 40, 50, 65, 80, 100, 125, 150, 200, 250, 300, 350, 400',
      ],
      [{ ...BASE, q_unit: 'hp' }, 'q_unit', 'Load unit: choose a value from the list'],
      [{ ...BASE, scheme: 'mixed' }, 'scheme', 'System scheme: choose a value from the list'],
      [{ ...BASE, v_min: 6 }, 'v_min', 'Lowest velocity, m/s: must be between 0 and 5'],
      [
        { ...BASE, v_min: 4, v_max: 3 },
        'v_min',
        'Lowest velocity, m/s: must be below the highest velocity (3 m/s)',
      ],
      [{ ...BASE, margin: 120 }, 'margin', 'Highest load, % of Qmax: must be between 50 and 100'],
      [{ ...BASE, p: 40 }, 'p', 'Network pressure: must be between 0 and 25 bar (gauge)'],
      [
        { ...BASE, mode: 'flows', g_supply: 10, gmin_supply: 20, g_return: 10 },
        'gmin_supply',
        'Minimum flow: supply: cannot exceed the design flow (10 t/h)',
      ],
      [{ ...BASE, mode: 'flows', g_return: 10 }, 'g_supply', 'Design flow: supply: required'],
      [
        { ...BASE, dp_available: -1 },
        'dp_available',
        'Allowed pressure loss per metering point: must be between 0.1 and 1000 kPa',
      ],
    ];
    for (const [json, field, text] of cases) {
      const r = await select(json);
      expect(r.status, field).toBe(400);
      expect(r.data.type).toBe('error');
      expect(r.data.errors[field], JSON.stringify(r.data.errors)).toBe(text);
      expect(allFinite(r.data)).toBe(true);
    }
    const ru = await select({ ...BASE, t_return: 95 }, 'ru');
    expect(ru.data.error).toBe(
      'Температура в обратном, °C: должна быть ниже температуры подачи (95 °C)',
    );
  });

  it("says a range in the unit (and pressure kind) the user chose for the field, not in the engine's", async () => {
    const FLOWS = { mode: 'flows', flow_unit: 'm3/h', t_supply: 95, t_return: 70, g_return: 10 };
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [
        { ...BASE, p: 25.5 },
        'p',
        'Network pressure: must be between 0 and 25 bar (gauge)',
        'Давление в сети: допустимо от 0 до 25 бар (изб.)',
      ],
      [
        { ...BASE, p: -1, p_unit: 'MPa' },
        'p',
        'Network pressure: must be between 0 and 2.5 MPa (gauge)',
        'Давление в сети: допустимо от 0 до 2,5 МПа (изб.)',
      ],
      [
        { ...BASE, p: 0.5, p_unit: 'kgf/cm2', p_kind: 'absolute' },
        'p',
        'Network pressure: must be between 1.034 and 26.52 kgf/cm² (abs.)',
        'Давление в сети: допустимо от 1,034 до 26,52 кгс/см² (абс.)',
      ],
      // 10 000 t/h at 95 °C (ρ 962 kg/m³) is 10 393 m³/h: the limit is rounded inwards.
      [
        { ...FLOWS, g_supply: 20000 },
        'g_supply',
        'Design flow: supply: must be between 0.00104 and 10390 m³/h',
        'Расчётный расход: подающий: допустимо от 0,00104 до 10390 м³/ч',
      ],
      [
        { ...FLOWS, g_supply: 10, gmin_supply: 12 },
        'gmin_supply',
        'Minimum flow: supply: cannot exceed the design flow (10 m³/h)',
        'Минимальный расход: подающий: не может быть больше расчётного расхода (10 м³/ч)',
      ],
      [
        { ...BASE, dp_available: 20, dp_unit: 'bar' },
        'dp_available',
        'Allowed pressure loss per metering point: must be between 0.001 and 10 bar',
        'Допустимые потери давления на узле: допустимо от 0,001 до 10 бар',
      ],
      [
        { ...BASE, dp_available: 0.005, dp_unit: 'm w.c.' },
        'dp_available',
        'Allowed pressure loss per metering point: must be between 0.0102 and 101.9 m w.c.',
        'Допустимые потери давления на узле: допустимо от 0,0102 до 101,9 м вод. ст.',
      ],
      [
        { ...BASE, q_heat: 200 },
        'q_heat',
        'Heating and ventilation load: must be between 0 and 171.9 Gcal/h',
        'Нагрузка отопления и вентиляции: допустимо от 0 до 171,9 Гкал/ч',
      ],
    ];
    for (const [json, field, en, ru] of cases) {
      const r = await select(json);
      expect(r.status, field).toBe(400);
      expect(r.data.errors[field], JSON.stringify(r.data.errors)).toBe(en);
      expect((await select(json, 'ru')).data.errors[field]).toBe(ru);
    }
    // The limits said are accepted: 0 and 25 bar (gauge), 10 bar of pressure drop.
    for (const p of [0, 25]) expect((await select({ ...BASE, p })).status, `p ${p}`).toBe(200);
    expect((await select({ ...BASE, dp_available: 10, dp_unit: 'bar' })).status).toBe(200);
  });

  it("checks the organisation against the city and the city against the region: 400 with the page's texts", async () => {
    const cases: Array<[Record<string, unknown>, number, string, string, string]> = [
      [
        { region: '18', city: 'sarapul', organisation: 'izh-energo' },
        400,
        'organisation',
        'Heat supply organisation: this organisation does not serve the chosen city',
        'Теплоснабжающая организация: эта организация не работает в выбранном городе',
      ],
      [
        { city: 'sarapul', organisation: 'izh-energo' },
        400,
        'organisation',
        'Heat supply organisation: this organisation does not serve the chosen city',
        'Теплоснабжающая организация: эта организация не работает в выбранном городе',
      ],
      [
        { region: '63', organisation: 'izh-energo' },
        400,
        'organisation',
        'Heat supply organisation: this organisation does not serve the chosen region',
        'Теплоснабжающая организация: эта организация не работает в выбранном регионе',
      ],
      [
        { region: '63', city: 'izhevsk', organisation: 'izh-energo' },
        400,
        'city',
        'City: this city is not in the chosen region',
        'Город: этот город не относится к выбранному региону',
      ],
      [
        { region: '18', city: 'nowhere' },
        400,
        'city',
        'City: this city is not in the reference list',
        'Город: такого города нет в справочнике',
      ],
      [
        { region: '99' },
        400,
        'region',
        'Region: this region is not in the reference list',
        'Регион: такого региона нет в справочнике',
      ],
    ];
    for (const [place, status, field, en, ru] of cases) {
      const r = await select({ ...BASE, ...place });
      expect(r.status, JSON.stringify(place)).toBe(status);
      expect(r.data).toMatchObject({ type: 'error', entities: [], error: en });
      expect(r.data.errors).toEqual({ [field]: en });
      expect((await select({ ...BASE, ...place }, 'ru')).data.errors).toEqual({ [field]: ru });
    }
    // The chain as the pickers build it answers.
    expect(
      (await select({ ...BASE, region: '18', city: 'sarapul', organisation: 'sarapul-teplo' })).data
        .organisation.code,
    ).toBe('sarapul-teplo');
    expect((await select({ ...BASE, region: '63', organisation: 'samara-ts' })).status).toBe(200);
    // Saving reruns the selection: the same refusal.
    const save = await api('/api/v1/calculations/flow-meter/save', {
      token: olga,
      json: {
        inputs: { ...BASE, region: '18', city: 'sarapul', organisation: 'izh-energo' },
        chosen: [1],
      },
    });
    expect(save.status).toBe(400);
    expect(save.data.errors).toEqual({
      organisation: 'Heat supply organisation: this organisation does not serve the chosen city',
    });
  });

  it('a flow above every meter is an empty answer that says why', async () => {
    const r = await select({
      mode: 'flows',
      t_supply: 95,
      t_return: 70,
      g_supply: 5000,
      g_return: 5000,
    });
    expect(r.status).toBe(200);
    expect(r.data.type).toBe('empty');
    expect(r.data.entities).toEqual([]);
    expect(r.data.warning).toMatch(
      /^No metering unit fits: DEMO-EM: supply: .* exceeds 90 % of Qmax even of the largest size \(DN200, 1100 m³\/h\)$/,
    );
  });
});

describe('the page', () => {
  it('renders the pickers and the worked example without JavaScript, and a POST answers below the form', async () => {
    const { cookie } = await sessionFor(server, 'olga.demidova@demo.example');
    const page = (path: string, init: RequestInit = {}) =>
      fetch(`${server.url}${path}`, {
        ...init,
        headers: { Cookie: cookie, 'Accept-Language': 'en', ...(init.headers ?? {}) },
      });
    const get = await page('/e-commerce/design/new-calculation/flow-meter?region=18&city=izhevsk');
    expect(get.status).toBe(200);
    const html = await get.text();
    expect(html).toContain('<option value="izhevsk" selected');
    expect(html).toContain('Ижевская энергетическая компания (демо)');
    expect(html).toMatch(/name="q_heat"[^>]*value="1"/);
    const form = new URLSearchParams({
      ...Object.fromEntries(Object.entries(BASE).map(([k, x]) => [k, String(x)])),
      region: '18',
      city: 'izhevsk',
      organisation: 'izh-teplo',
    });
    const post = await page('/e-commerce/design/new-calculation/flow-meter', {
      method: 'POST',
      body: form,
      headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(post.status).toBe(200);
    const out = await post.text();
    expect(out).toContain('Selection results');
    expect(out).toContain('Metering unit DEMO-EM (electromagnetic), DN65 / DN65');
    expect(out).toContain('reducers DN100 → DN65 → DN100');
    expect(out).toContain('Organisation requirements');
    expect(out).toContain('name="kind" value="flow-meter"');
    const bad = await page('/e-commerce/design/new-calculation/flow-meter', {
      method: 'POST',
      body: new URLSearchParams({ t_supply: '70', t_return: '95', q_heat: '1' }),
      headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain('href="#f-t_return"');
    expect(badHtml).toContain('must be below the supply temperature (70 °C)');
    // An organisation of another city: the API's 400 and text, on the organisation picker.
    const other = await page('/e-commerce/design/new-calculation/flow-meter', {
      method: 'POST',
      body: new URLSearchParams({
        ...Object.fromEntries(Object.entries(BASE).map(([k, x]) => [k, String(x)])),
        region: '18',
        city: 'sarapul',
        organisation: 'izh-energo',
      }),
      headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(other.status).toBe(400);
    const otherHtml = await other.text();
    expect(otherHtml).toMatch(
      /<a href="#f-organisation"[^>]*>Heat supply organisation: this organisation does not serve the chosen city<\/a>/,
    );
    expect(otherHtml).toContain(
      '<small id="f-organisation-error" class="error-text">Heat supply organisation: this organisation does not serve the chosen city</small>',
    );
  });

  it('the pickers and the fields are one form: choosing a city brings back every value typed so far', async () => {
    const { cookie } = await sessionFor(server, 'olga.demidova@demo.example');
    const typed = {
      scheme: 'open',
      mode: 'loads',
      q_heat: '2,5',
      q_dhw: '0.4',
      q_unit: 'MW',
      t_supply: '130',
      t_return: '70',
      t_dhw: '65',
      t_cold: '5',
      p: '8',
      p_unit: 'kgf/cm2',
      p_kind: 'gauge',
      dn_supply: '150',
      margin: '85',
      dp_available: '40',
      dp_unit: 'kPa',
    };
    // What the browser sends for "Show" after the city was changed from Izhevsk to Sarapul.
    const query = new URLSearchParams({ region: '18', city: 'sarapul', ...typed });
    const html = await (
      await fetch(`${server.url}/e-commerce/design/new-calculation/flow-meter?${query}`, {
        headers: { Cookie: cookie, 'Accept-Language': 'en' },
      })
    ).text();
    for (const [name, value] of Object.entries(typed)) {
      if (['scheme', 'mode', 'q_unit', 'p_unit', 'p_kind', 'dp_unit'].includes(name))
        expect(html, name).toMatch(
          new RegExp(
            `<select id="f-${name}" name="${name}"[^>]*>(?:(?!</select>).)*<option value="${value}" selected`,
            's',
          ),
        );
      else expect(html, name).toMatch(new RegExp(`<input[^>]*name="${name}"[^>]*value="${value}"`));
    }
    expect(html).toContain('<option value="sarapul" selected');
    expect(html).toContain('Сарапульские тепловые сети (демо)');
    // The pickers, their "Show" (a GET of the whole form) and the fields are inside the one form.
    const form = /<form method="post" class="fm-form" id="fm-form">(.*?)<\/form>/s.exec(html)![1]!;
    for (const name of ['region', 'city', 'organisation', 'q_heat', 't_supply', 'p'])
      expect(form, name).toContain(`name="${name}"`);
    expect(form).toMatch(
      /<button type="submit" class="secondary" formmethod="get" formnovalidate>Show<\/button>/,
    );
    expect(html.match(/name="(region|city|organisation)"/g)).toEqual([
      'name="region"',
      'name="city"',
      'name="organisation"',
    ]);
    expect(html).not.toContain('<form method="get"');
    // A link naming only the place still opens on the worked example.
    const link = await (
      await fetch(
        `${server.url}/e-commerce/design/new-calculation/flow-meter?region=18&city=sarapul`,
        { headers: { Cookie: cookie, 'Accept-Language': 'en' } },
      )
    ).text();
    expect(link).toMatch(/name="q_heat"[^>]*value="1"/);
  });
});

/** The catalogue id of the first meter line linked from the saved page's offer table. */
const c0 = (html: string) => /\/datasheet\/(\d+)/.exec(html)![1];

describe('save, view, xlsx, order', () => {
  const INPUTS = {
    q_heat: '1',
    q_unit: 'Gcal/h',
    t_supply: '95',
    t_return: '70',
    dn_supply: '100',
    dn_return: '100',
    region: '18',
    city: 'izhevsk',
    organisation: 'izh-teplo',
  };
  let id = 0;
  let unit: any;

  it('saves a whole unit (meters, sensor pair, transmitters, calculator) from the chosen variant', async () => {
    unit = (await select(INPUTS)).data.entities[0];
    const r = await api('/api/v1/calculations/flow-meter/save', {
      token: olga,
      json: { inputs: INPUTS, chosen: [unit.cid] },
    });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      type: 'success',
      request: expect.stringMatching(/^R-\d{6}$/),
      id: expect.any(Number),
    });
    id = r.data.id;
    const c = (await api(`/api/v1/calculations/${id}`, { token: olga })).data.data;
    expect(c).toMatchObject({
      kind: 'flow-meter',
      status: 'saved',
      total_kop: unit.price_kop,
      title: 'Metering unit: 1 Gcal/h, 95/70 °C, Closed, dependent',
    });
    // Supply and return carry the same meter: one line of two.
    const meter = unit.items.find((x: any) => x.role === 'meter');
    expect(c.chosen).toContainEqual({
      cid: meter.cid,
      sku: meter.sku,
      title: meter.title,
      price_kop: meter.price_kop,
      quantity: 2,
    });
    expect(c.chosen.find((x: any) => x.sku.startsWith('DEMO-PT-')).quantity).toBe(2);
    expect(c.result.entities).toHaveLength(1);
    expect(c.result.organisation.code).toBe('izh-teplo');
  });

  it('refuses a cid that is not a unit of the answer, and bad inputs by field', async () => {
    const r = await api('/api/v1/calculations/flow-meter/save', {
      token: olga,
      json: { inputs: INPUTS, chosen: [999999] },
    });
    expect(r.status).toBe(400);
    expect(r.data.errors.chosen).toBe('Chosen equipment: not in the catalogue');
    const bad = await api('/api/v1/calculations/flow-meter/save', {
      token: olga,
      json: { inputs: { ...INPUTS, t_return: '99' }, chosen: [unit.cid] },
    });
    expect(bad.status).toBe(400);
    expect(bad.data.errors.t_return).toBe(
      'Return temperature, °C: must be below the supply temperature (95 °C)',
    );
  });

  it('lists by kind, shows the saved unit, exports numbers and orders at the stored prices; another user gets 404', async () => {
    const list = await api(
      `/api/v1/calculations?filter=${encodeURIComponent(JSON.stringify({ kind: 'flow-meter' }))}`,
      { token: olga },
    );
    expect(list.data.data.entities.map((c: any) => c.id)).toContain(id);
    const { cookie } = await sessionFor(server, 'olga.demidova@demo.example');
    const view = await fetch(`${server.url}/e-commerce/design/calculations/${id}/calculation`, {
      headers: { Cookie: cookie, 'Accept-Language': 'en' },
    });
    expect(view.status).toBe(200);
    const html = await view.text();
    expect(html).toContain('Metering unit DEMO-EM');
    expect(html).toContain('Organisation requirements');
    expect(html).not.toContain('name="kind" value="flow-meter"');
    const meterLine = c0(html);
    const sheet0 = await fetch(
      `${server.url}/e-commerce/design/calculations/${id}/datasheet/${meterLine}`,
      { headers: { Cookie: cookie, 'Accept-Language': 'en' } },
    );
    expect(sheet0.status).toBe(200);
    const sheetHtml = await sheet0.text();
    expect(sheetHtml).toContain('supply: DN65');
    expect(sheetHtml).toContain('upstream 325 mm (5 DN), downstream 195 mm (3 DN)');
    const offer = await fetch(`${server.url}/e-commerce/design/calculations/${id}/offer`, {
      headers: { Cookie: cookie, 'Accept-Language': 'en' },
    });
    expect(offer.status).toBe(200);
    expect(await offer.text()).toContain('DEMO-HC-');
    const xlsx = await fetch(`${server.url}/e-commerce/design/calculations/${id}/result.xlsx`, {
      headers: { Cookie: cookie, 'Accept-Language': 'en' },
    });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheet = book.worksheets[1]!;
    const meterRow = sheet.getRows(1, sheet.rowCount)!.find((r) => r.getCell(6).value === 65)!;
    expect(meterRow.getCell(9).value).toBe(120);
    expect(typeof meterRow.getCell(12).value).toBe('number');
    const c = (await api(`/api/v1/calculations/${id}`, { token: olga })).data.data;
    const { dmitry } = { dmitry: (await sessionFor(server, 'dmitry.volkov@demo.example')).token };
    expect((await api(`/api/v1/calculations/${id}`, { token: dmitry })).status).toBe(404);
    expect(
      (await api(`/api/v1/calculations/${id}/order`, { token: dmitry, method: 'POST' })).status,
    ).toBe(404);
    const r = await api(`/api/v1/calculations/${id}/order`, { token: olga, method: 'POST' });
    expect(r.status).toBe(200);
    const order = (await api(`/api/v1/orders/${r.data.sales_id}`, { token: olga })).data.data;
    expect(order.items.map((i: any) => [i.sku, i.quantity, i.price])).toEqual(
      c.chosen.map((i: any) => [i.sku, i.quantity, i.price_kop]),
    );
    expect(order.total).toBe(c.total_kop);
  });
});

describe('nothing suitable names the pipe DN that works (issue 21)', () => {
  // 1 Gcal/h at 95/70 °C is 41.5 m³/h in the supply pipe: the smallest electromagnetic and ultrasonic
  // meters that hold it are DN65; a DN40 pipe cannot take them. The answer used to name the largest
  // meter of the series ("needs DN200, larger than the pipe DN40").
  it('a DN40 pipe: each series names DN65, the smallest meter that works but for the pipe, never DN200', async () => {
    const r = await select({ ...BASE, dn_supply: 40, dn_return: 40 });
    expect(r.status).toBe(200);
    expect(r.data.type).toBe('empty');
    const pipeDn = r.data.rejected.filter((x: { reason: string }) => x.reason === 'pipe_dn');
    expect(
      pipeDn.map((x: { series: string; params: { dn: number } }) => [x.series, x.params.dn]),
    ).toEqual([
      ['DEMO-EM', 65],
      ['DEMO-US', 65],
    ]);
    expect(r.data.warning).toMatch(/DEMO-EM: supply[^:]*: needs DN65, larger than the pipe DN40/);
    expect(r.data.warning).not.toContain('DN200');
    const ru = await select({ ...BASE, dn_supply: 40, dn_return: 40 }, 'ru');
    expect(ru.data.warning).toMatch(/нужен DN65, больше трубопровода DN40/);
  });

  it('a meter larger than the pipe that fails anyway is refused for its own reason, not the pipe', async () => {
    const r = await select({ ...BASE, dn_supply: 40, dn_return: 40 });
    const vx = r.data.rejected.find((x: { series: string }) => x.series === 'DEMO-VX');
    expect(vx.reason).not.toBe('pipe_dn');
  });
});
