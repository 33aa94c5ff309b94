// The selection API against the real server and the demo catalogue: pump, booster station and
// control cabinet answers in the { type, entities, error, warning } shape, units, every field
// message in the user's language, empty results that say why, and the pump cache following the
// catalogue (a deleted pump is no longer offered).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { backoffice } from '../helpers/backoffice.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

const KEY = 'calc-catalogue-key-0123456789abcdef';
let server: TestServer;
let api: ApiClient;
let token: string;
beforeAll(async () => {
  server = await startServer({
    INTEGRATION_KEYS: `pim:${createHash('sha256').update(KEY).digest('hex')}:catalogue`,
  });
  api = apiClient(server);
  token = (await sessionFor(server, 'olga.demidova@demo.example')).token;
});
afterAll(async () => {
  await server?.stop();
});

const pump = (json: Record<string, unknown>, lang = 'en') =>
  api('/api/v1/calculations/pump/select', { token, json, lang });
const station = (json: Record<string, unknown>, lang = 'en') =>
  api('/api/v1/calculations/station/select', { token, json, lang });
const control = (json: Record<string, unknown>, lang = 'en') =>
  api('/api/v1/calculations/control/select', { token, json, lang });
const DUTY = { q: 60, q_unit: 'm3/h', h: 13, h_unit: 'm', h_static: 5, temperature_c: 20 };

describe('POST /api/v1/calculations/pump/select', () => {
  it('needs a session', async () => {
    expect((await api('/api/v1/calculations/pump/select', { json: DUTY })).status).toBe(401);
  });

  it('ranks suitable pumps with the contract fields, best score first', async () => {
    const r = await pump({ ...DUTY, speed_control: true, npsh_available_m: 6 });
    expect(r.status).toBe(200);
    expect(r.data.type).toBe('success');
    expect(r.data.error).toBeNull();
    const [e] = r.data.entities;
    expect(e).toMatchObject({
      cid: expect.any(Number),
      sku: expect.any(String),
      title: expect.any(String),
      manufacturer: expect.any(String),
      model: expect.any(String),
      price: expect.any(Number),
    });
    for (const k of ['q_m3h', 'h_m', 'eta', 'p1_kw', 'p2_kw', 'speed_ratio'])
      expect(e.duty[k]).toEqual(expect.any(Number));
    expect(e.duty.q_m3h).toBeCloseTo(60, 0);
    expect(e.duty.h_m).toBeCloseTo(13, 0);
    expect(e.duty.speed_ratio).toBeLessThanOrEqual(1);
    expect(e.bep_ratio).toEqual(expect.any(Number));
    expect(e.annual_kwh).toBeGreaterThan(0);
    expect(e.reasons.length).toBe(e.reason_texts.length);
    expect(e.explanation.engine.version).toBe(r.data.engine.version);
    const scores = r.data.entities.map((x: { score: number }) => x.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // the cid is the catalogue item of that sku
    const item = await backoffice(server)(`/api/integration/catalogue/items/${e.sku}`, {
      key: KEY,
    });
    expect(item.status).toBe(200);
  });

  it('converts units: 16.667 l/s and 1.2748 bar are the same duty', async () => {
    const r = await pump({
      q: 16.667,
      q_unit: 'l/s',
      h: 1.2748,
      h_unit: 'bar',
      h_static: 0.4903,
      temperature_c: 20,
    });
    expect(r.status).toBe(200);
    expect(r.data.duty.q_m3h).toBeCloseTo(60, 1);
    expect(r.data.duty.h_m).toBeCloseTo(13, 1);
  });

  it('nothing suitable for lack of NPSHa says NPSH, not head (issue 21)', async () => {
    const r = await pump({ ...DUTY, temperature_c: 90, npsh_available_m: 0.6 }, 'ru');
    expect(r.status).toBe(200);
    expect(r.data.type).toBe('empty');
    expect(r.data.misses[0].reason).toBe('npsh');
    expect(r.data.warning).toMatch(
      /^Подходящего оборудования нет: располагаемый NPSH 0[,.]6 м меньше требуемого с запасом/,
    );
  });

  it('sorts by another key on request (P₁: right-sized pumps first, decision 0030)', async () => {
    type E = { duty: { p1_kw: number }; warnings: string[]; warning_texts: string[] };
    const r = await pump({ ...DUTY, sort: 'p1', limit: 10 });
    const flagged = (x: E) =>
      x.warnings.includes('speed_deep') || x.warnings.includes('motor_oversized');
    const right = r.data.entities.filter((x: E) => !flagged(x)).map((x: E) => x.duty.p1_kw);
    const rest = r.data.entities.filter(flagged).map((x: E) => x.duty.p1_kw);
    expect(right.length).toBeGreaterThan(1);
    expect(r.data.entities.map((x: E) => x.duty.p1_kw)).toEqual([...right, ...rest]);
    expect(right).toEqual([...right].sort((a, b) => a - b));
    expect(rest).toEqual([...rest].sort((a, b) => a - b));
    // With speed control the pumps run below 0.6 of their speed come last, and say why.
    const vs = await pump({ ...DUTY, speed_control: true, sort: 'p1', limit: 200 }, 'ru');
    const deep = vs.data.entities.filter((x: E) => x.warnings.includes('speed_deep'));
    expect(deep.length).toBeGreaterThan(0);
    expect(vs.data.entities[0].warnings).not.toContain('speed_deep');
    expect(deep[0].warning_texts).toContain(
      'частота вращения ниже 0,6 от номинальной: насос завышен',
    );
  });

  const bad: Array<[Record<string, unknown>, string, string]> = [
    [{ ...DUTY, q: 'abc' }, 'q', 'Flow rate: enter a number'],
    [{ ...DUTY, q: undefined }, 'q', 'Flow rate: required'],
    [{ ...DUTY, q: -5 }, 'q', 'Flow rate: must be greater than zero'],
    [{ ...DUTY, q_unit: 'gal/min' }, 'q_unit', 'Flow unit: unknown value'],
    [{ ...DUTY, h: undefined }, 'h', 'Head: required'],
    [{ ...DUTY, h_unit: 'psi' }, 'h_unit', 'Head unit: unknown value'],
    [{ ...DUTY, h_static: 13 }, 'h_static', 'Static head: must be below the duty head'],
    [{ ...DUTY, h_static: -1 }, 'h_static', 'Static head: must be greater than zero'],
    [
      { ...DUTY, temperature_c: 300 },
      'temperature_c',
      'Medium temperature: outside the allowed range',
    ],
    [
      { ...DUTY, npsh_available_m: -2 },
      'npsh_available_m',
      'NPSH available: outside the allowed range',
    ],
    [{ ...DUTY, load_profile: 'x' }, 'load_profile', 'Load profile: outside the allowed range'],
    [
      { ...DUTY, load_profile: [{ flow_ratio: 2, hours: 100 }] },
      'load_profile',
      'Load profile: outside the allowed range',
    ],
    [
      { ...DUTY, electricity_price: -1 },
      'electricity_kop_kwh',
      'Electricity price: outside the allowed range',
    ],
    [{ ...DUTY, sort: 'colour' }, 'sort', 'Sort: unknown value'],
    [{ ...DUTY, limit: 0 }, 'limit', 'Number of results: outside the allowed range'],
    // A value longer than the form takes is named like any other (it answered 500 from the shape check).
    [{ ...DUTY, q: '1'.repeat(4001) }, 'q', 'Flow rate: at most 4000 characters'],
    [{ ...DUTY, sort: 'x'.repeat(5000) }, 'sort', 'Sort: at most 4000 characters'],
  ];
  it.each(bad)('answers 400 naming the field: %j', async (json, field, message) => {
    const r = await pump(json);
    expect(r.status).toBe(400);
    expect(r.data.type).toBe('error');
    expect(r.data.errors[field]).toBe(message);
    expect(r.data.error).toBe(Object.values(r.data.errors)[0]);
  });

  it('names the field in the user language', async () => {
    const r = await pump({ ...DUTY, q: 'abc' }, 'ru');
    expect(r.status).toBe(400);
    expect(r.data.errors.q).toBe('Расход: введите число');
    const de = await pump({ ...DUTY, h: undefined }, 'de');
    expect(de.data.errors.h).toBe('Förderhöhe: Pflichtfeld');
  });

  it('answers empty with the nearest misses and why', async () => {
    const r = await pump({ q: 60, q_unit: 'm3/h', h: 400, h_unit: 'm', h_static: 0 });
    expect(r.status).toBe(200);
    expect(r.data.type).toBe('empty');
    expect(r.data.entities).toEqual([]);
    expect(r.data.misses.length).toBeGreaterThan(0);
    expect(r.data.misses.length).toBeLessThanOrEqual(3);
    const head = r.data.misses.find((m: { reason: string }) => m.reason === 'head_low');
    expect(head.text).toMatch(/^at 60 m³\/h the best reaches [\d.]+ m of the 400 m asked$/);
    expect(r.data.warning).toBe(`Nothing suitable: ${r.data.misses[0].text}`);
  });

  it('follows the catalogue: a deleted pump is no longer offered', async () => {
    const first = (await pump({ ...DUTY, limit: 3 })).data.entities[0].sku as string;
    const del = await backoffice(server)(`/api/integration/catalogue/items/${first}`, {
      method: 'DELETE',
      key: KEY,
    });
    expect(del.status).toBeLessThan(300);
    const again = await pump({ ...DUTY, limit: 200 });
    expect(again.data.entities.map((e: { sku: string }) => e.sku)).not.toContain(first);
  });
});

describe('POST /api/v1/calculations/station/select', () => {
  it('offers booster sets with staging, manifold and a catalogue cabinet', async () => {
    const r = await station({
      q: 60,
      q_unit: 'm3/h',
      h: 40,
      h_unit: 'm',
      h_static: 30,
      speed_control: true,
      count: 2,
      standby: 1,
    });
    expect(r.status).toBe(200);
    expect(r.data.type).toBe('success');
    const [e] = r.data.entities;
    expect(e).toMatchObject({
      cid: expect.any(Number),
      duty_count: 2,
      standby_count: 1,
      start_method: 'vfd',
    });
    expect(e.station.manifold.dn).toEqual(expect.any(Number));
    expect(e.station.staging.length).toBeGreaterThan(0);
    expect(e.electrics.main_breaker.rating_a).toBeGreaterThan(0);
    expect(e.cabinet.pumps).toBeGreaterThanOrEqual(3);
    expect(e.cabinet.start_method).toBe('vfd');
    // With speed control sets are ranked by life-cycle cost with the right-size penalties (decision 0030).
    const keys = r.data.entities.map((x: { rank_lcc_kop: number }) => x.rank_lcc_kop);
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
    const lcc = r.data.entities.map((x: { lcc_kop: number }) => x.lcc_kop);
    expect(e.lcc_kop).toBeLessThanOrEqual(1.1 * Math.min(...lcc));
    const fixed = await station({
      q: 60,
      q_unit: 'm3/h',
      h: 40,
      h_unit: 'm',
      h_static: 30,
      count: 2,
      standby: 1,
    });
    const kwh = fixed.data.entities.map(
      (x: { station: { annual_kwh: number } }) => x.station.annual_kwh,
    );
    expect(kwh).toEqual([...kwh].sort((a, b) => a - b));
  });

  it('answers 400 for a bad count or standby, naming the field', async () => {
    const r = await station({ ...DUTY, count: 9 });
    expect(r.status).toBe(400);
    expect(r.data.errors.count).toBe('Duty pumps: outside the allowed range');
    const s = await station({ ...DUTY, standby: 5 }, 'ru');
    expect(s.data.errors.standby).toBe('Резервные насосы: вне допустимого диапазона');
  });
});

describe('POST /api/v1/calculations/control/select', () => {
  it('sizes the electrics for one motor by P2 and picks catalogue cabinets', async () => {
    const r = await control({
      p2_kw: 7.5,
      duty: 2,
      standby: 1,
      method: 'star_delta',
      voltage_v: 400,
      ats: true,
    });
    expect(r.status).toBe(200);
    expect(r.data.type).toBe('success');
    expect(r.data.electrics.main_breaker.rating_a).toBeGreaterThan(0);
    expect(r.data.electrics.components.map((c: { kind: string }) => c.kind)).toEqual(
      expect.arrayContaining(['ats', 'contactor_star']),
    );
    for (const c of r.data.entities)
      expect(c).toMatchObject({ cid: expect.any(Number), start_method: 'star_delta', ats: true });
    expect(
      r.data.entities.every(
        (c: { pumps: number; p2_kw_max: number }) => c.pumps >= 3 && c.p2_kw_max >= 7.5,
      ),
    ).toBe(true);
  });

  it('carries pumps over from a pump result', async () => {
    const p = (await pump({ ...DUTY, limit: 1 })).data.entities[0];
    const r = await control({ pumps: [p.sku, p.sku], method: 'vfd' });
    expect(r.status).toBe(200);
    expect(r.data.duty.pumps).toBe(2);
    expect(r.data.electrics.motors).toHaveLength(2);
  });

  const bad: Array<[Record<string, unknown>, string, string]> = [
    [{}, 'p2_kw', 'Motor power P2: required'],
    [{ p2_kw: 'x' }, 'p2_kw', 'Motor power P2: enter a number'],
    [{ p2_kw: 5000 }, 'p2_kw', 'Motor power P2: outside the allowed range'],
    [{ p2_kw: 4, voltage_v: 12 }, 'voltage_v', 'Voltage: outside the allowed range'],
    [{ p2_kw: 4, method: 'magic' }, 'method', 'Start method: unknown value'],
    [{ p2_kw: 4, control_mode: 'psychic' }, 'control_mode', 'Control mode: unknown value'],
    [{ p2_kw: 4, duty: 0 }, 'duty', 'Duty pumps: outside the allowed range'],
    [{ pumps: ['NO-SUCH-PUMP'] }, 'pumps', 'Pumps: not in the catalogue'],
  ];
  it.each(bad)('answers 400 naming the field: %j', async (json, field, message) => {
    const r = await control(json);
    expect(r.status).toBe(400);
    expect(r.data.errors[field]).toBe(message);
  });
});
