// What a person sees of the explanations and of the station's type of use, against the real server:
// every explanation row is named in the page's language with its symbol and unit (no raw engine key
// such as `system.k`), formulas are named, the heat exchanger pages use the same component; the
// station form offers the type of use (default 1), the page and the API answer with its rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

let server: TestServer;
let api: ApiClient;
let cookie: string;
let token: string;
beforeAll(async () => {
  server = await startServer();
  api = apiClient(server);
  const s = await sessionFor(server, 'olga.demidova@demo.example');
  cookie = s.cookie;
  token = s.token;
});
afterAll(async () => {
  await server?.stop();
});

const page = async (path: string, form?: Record<string, string>, lang = 'en') => {
  const headers: Record<string, string> = {
    Cookie: `${cookie}; lang=${lang}`,
    'Accept-Language': lang,
  };
  let body: URLSearchParams | undefined;
  if (form) {
    body = new URLSearchParams(form);
    headers.Origin = server.url;
  }
  const res = await fetch(new URL(path, server.url), {
    method: form ? 'POST' : 'GET',
    headers,
    body,
    redirect: 'manual',
  });
  return { status: res.status, html: await res.text() };
};
const station = (json: Record<string, unknown>, lang = 'en') =>
  api('/api/v1/calculations/station/select', { token, json, lang });
const DUTY = { q: '60', q_unit: 'm3/h', h: '13', h_unit: 'm', h_static: '5', temperature_c: '20' };
const explanations = (html: string) =>
  html.match(/<details class="calc-explain[^"]*"[^>]*>[\s\S]*?<\/details>/g) ?? [];
/** A raw engine key in a table header cell or a code element: `system.k`, `duty.p1`, `hot.velocity`, `motor1.in`. */
const RAW_KEY = /<(th|code)[^>]*>\s*[a-z_]+[0-9]*\.[a-z_0-9.]+\s*<\/\1>/;

describe('explanations in the user language', () => {
  it('pump page (en): named rows with symbols and units, named formulas, no raw key', async () => {
    const r = await page('/e-commerce/design/new-calculation/pump', {
      ...DUTY,
      speed_control: '1',
      sort: 'score',
    });
    expect(r.status).toBe(200);
    const all = explanations(r.html);
    expect(all.length).toBeGreaterThan(1);
    const e = all[0]!;
    expect(e).toContain('Where these figures come from');
    expect(e).toMatch(
      /<th scope="row"[^>]*>System curve coefficient<\/th><td[^>]*><var[^>]*>k<\/var><\/td><td[^>]*>[\d.,]+\u00a0m\/\(m³\/h\)²<\/td><td[^>]*>System curve<\/td>/,
    );
    expect(e).toContain('>Speed ratio</th>');
    expect(e).toContain('>Load point 1: input power</th>');
    expect(e).toContain('H_sys(Q) = H_st + k·Q²');
    expect(e).toMatch(/<dt[^>]*>Speed for the duty point<\/dt>/);
    expect(e).toMatch(
      />Electricity price<\/th><td[^>]*><var[^>]*>c_e<\/var><\/td><td[^>]*>8\u00a0₽\/kWh</,
    ); // 800 kopecks shown as 8 ₽
    for (const x of all) expect(x).not.toMatch(RAW_KEY);
  });

  it('pump page (ru): the same rows in Russian', async () => {
    const r = await page(
      '/e-commerce/design/new-calculation/pump',
      { ...DUTY, speed_control: '1', sort: 'score' },
      'ru',
    );
    const e = explanations(r.html)[0]!;
    expect(e).toContain('Откуда эти числа');
    expect(e).toContain('>Коэффициент характеристики сети</th>');
    expect(e).toContain('м/(м³/ч)²');
    expect(e).toContain('>Потребляемая электрическая мощность</th>');
    expect(e).toMatch(/<dt[^>]*>Частота вращения для расчётной точки<\/dt>/);
    expect(e).not.toMatch(RAW_KEY);
  });

  it('control page: motor rows are numbered words', async () => {
    const r = await page('/e-commerce/design/new-calculation/control', {
      p2_kw: '7.5',
      voltage_v: '400',
      duty: '2',
      standby: '1',
      method: 'star_delta',
    });
    expect(r.status).toBe(200);
    const e = explanations(r.html)[0]!;
    expect(e).toContain('>Motor 1: rated current</th>');
    expect(e).toContain('>Motor 1: starting current</th>');
    expect(e).toContain('>Main breaker rating</th>');
    expect(e).not.toMatch(RAW_KEY);
  });

  it('heat exchanger page: the same component, properties by stream, PHE warnings in words', async () => {
    const r = await page('/e-commerce/design/new-calculation/to/to1', {
      q: '500',
      q_unit: 'kW',
      hot_t_in: '70',
      hot_t_out: '30',
      cold_t_in: '5',
      cold_t_out: '60',
    });
    expect(r.status).toBe(200);
    const e = explanations(r.html)[0]!;
    expect(e).toContain('How the numbers were obtained');
    expect(e).toContain('Water properties (IAPWS-IF97)');
    expect(e).toMatch(/<th scope="row"[^>]*>Heating side<\/th>/);
    expect(e).toMatch(/>Heating side: channel velocity<\/th><td[^>]*><var[^>]*>w₁<\/var>/);
    expect(e).toContain('>Log mean temperature difference</th>');
    expect(e).toContain('The plate catalogue is a demo range');
    expect(e).not.toMatch(RAW_KEY);
  });
});

describe('station type of use', () => {
  const STATION = '/e-commerce/design/new-calculation/station';
  it('the form offers the four types, 1 chosen by default, with its rule', async () => {
    const r = await page(STATION);
    expect(r.status).toBe(200);
    expect(r.html).toContain('<label for="f-type_use">Type of use</label>');
    for (const n of [1, 2, 3, 4]) expect(r.html).toContain(`<option value="${n}"`);
    expect(r.html).toMatch(
      /<option value="1" selected[^>]*>1 — Water supply \(pressure boosting\)<\/option>/,
    );
    expect(r.html).toContain('At least one standby pump (SP 30.13330.2020)');
  });

  it('a posted fire-fighting set runs at fixed speed with a transfer switch, in words', async () => {
    const r = await page(STATION, {
      q: '60',
      q_unit: 'm3/h',
      h: '40',
      h_unit: 'm',
      h_static: '30',
      speed_control: '1',
      count: '2',
      standby: '1',
      type_use: '3',
    });
    expect(r.status).toBe(200);
    expect(r.html).toMatch(/<option value="3" selected/);
    expect(r.html).toContain('Type of use: 3 — Fire fighting.');
    expect(r.html).toContain('Fire pumps run at fixed speed: speed control is not applied');
    expect(r.html).toContain('with a transfer switch for two feeders');
    expect(r.html).not.toContain('Frequency converter ·');
    expect(r.html).toMatch(
      /href="\/e-commerce\/design\/new-calculation\/control\?[^"]*&amp;ats=1"/,
    );
    for (const x of explanations(r.html)) {
      expect(x).toContain('>Type of use</th>');
      expect(x).toContain('>Minimum standby pumps for this type of use</th>');
      expect(x).toContain('SP 10.13130.2020');
      expect(x).not.toMatch(RAW_KEY);
    }
  });

  it('API: type_use defaults to 1, changes the rule, and an unknown type is refused on its field', async () => {
    const json = {
      q: 60,
      q_unit: 'm3/h',
      h: 40,
      h_unit: 'm',
      h_static: 30,
      speed_control: true,
      count: 2,
      standby: 0,
    };
    const one = await station(json);
    expect(one.status).toBe(200);
    expect(one.data.type_use).toBe(1);
    expect(one.data.entities[0].type_use).toBe(1);
    expect(one.data.entities[0].standby_count).toBe(1);
    expect(one.data.entities[0].warnings).toContain('standby_raised');
    expect(one.data.entities[0].start_method).toBe('vfd');
    const fire = await station({ ...json, type_use: 3 });
    expect(fire.status).toBe(200);
    expect(fire.data.type_use).toBe(3);
    for (const e of fire.data.entities) {
      expect(e.start_method).not.toBe('vfd');
      expect(e.ats).toBe(true);
      expect(e.electrics.components.map((c: { kind: string }) => c.kind)).toContain('ats');
    }
    const prices = fire.data.entities.map((e: { pumps_price_kop: number }) => e.pumps_price_kop);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    const loop = await station({ ...json, type_use: 2, temperature_c: 80 }, 'ru');
    expect(loop.status).toBe(200);
    expect(loop.data.entities[0].warning_texts).toEqual(
      expect.arrayContaining([
        'Замкнутый контур: статический напор принят равным нулю, введённое значение не учитывается',
        'Горячая вода: задайте располагаемый кавитационный запас NPSHa, чтобы проверить насосы на кавитацию',
      ]),
    );
    for (const [bad, lang, text] of [
      [9, 'en', 'Type of use: outside the allowed range'],
      ['x', 'ru', 'Тип применения: вне допустимого диапазона'],
    ] as const) {
      const r = await station({ ...json, type_use: bad }, lang);
      expect(r.status).toBe(400);
      expect(r.data.type).toBe('error');
      expect(r.data.errors.type_use).toBe(text);
    }
  });
});
