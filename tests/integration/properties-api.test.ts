// The water and steam properties API and the /tools/water page against the real server: answers in
// the documented shape and units, 400 naming the field in the user's language, sign-in required.
import { describe, expect, it } from 'vitest';
import { saturationAtP, waterProperties } from '../../src/features/properties/water.ts';
import { customersForFile } from '../helpers/api-client.ts';
import { sessionFor } from '../helpers/session.ts';

const { server, api, olga } = await customersForFile();
const cookie = (await sessionFor(server, 'olga.demidova@demo.example')).cookie;

describe('GET /api/v1/properties/water', () => {
  it('answers liquid water in region 1 with the documented fields and units', async () => {
    const r = await api('/api/v1/properties/water?t_c=20&p_mpa=0.6', { token: olga });
    expect(r.status).toBe(200);
    expect(Object.keys(r.data).sort()).toEqual([
      'cp',
      'cv',
      'h',
      'lambda',
      'mu',
      'pr',
      'region',
      'rho',
      's',
      'v',
      'w',
    ]);
    expect(r.data.region).toBe(1);
    expect(r.data.rho).toBeCloseTo(998.43, 2);
    expect(r.data.cp).toBeCloseTo(4.1832, 4);
    expect(r.data.mu).toBeCloseTo(1.0014e-3, 7);
    expect(r.data.lambda).toBeCloseTo(0.5983, 4);
    expect(r.data.pr).toBeCloseTo(7.0, 2);
    expect(r.data.v).toBeCloseTo(1 / r.data.rho, 12);
  });
  it('answers superheated steam in region 2, and accepts a decimal comma', async () => {
    const r = await api('/api/v1/properties/water?t_c=200&p_mpa=0,5', { token: olga });
    expect(r.status).toBe(200);
    expect(r.data.region).toBe(2);
    expect(r.data.h).toBeCloseTo(waterProperties(200, 0.5).h, 9);
    expect(r.data.h).toBeGreaterThan(2800);
  });
  it("400 names the missing, non-numeric or out-of-range field in the user's language", async () => {
    const missing = await api('/api/v1/properties/water?t_c=20', { token: olga });
    expect(missing.status).toBe(400);
    expect(missing.data).toEqual({
      message: 'Check the input',
      errors: { p_mpa: 'Pressure (absolute), MPa: enter a value' },
    });
    const text = await api('/api/v1/properties/water?t_c=warm&p_mpa=1', { token: olga });
    expect(text.data.errors).toEqual({ t_c: 'Temperature, °C: enter a number' });
    const cold = await api('/api/v1/properties/water?t_c=-10&p_mpa=1', { token: olga });
    expect(cold.status).toBe(400);
    expect(cold.data.errors).toEqual({ t_c: 'Temperature, °C: allowed from 0 to 800 °C' });
    const high = await api('/api/v1/properties/water?t_c=20&p_mpa=150', { token: olga });
    expect(high.data.errors).toEqual({
      p_mpa: 'Pressure (absolute), MPa: allowed from 0.000001 to 100 MPa',
    });
    const critical = await api('/api/v1/properties/water?t_c=380&p_mpa=25', { token: olga });
    expect(critical.status).toBe(400);
    expect(critical.data.errors.p_mpa).toMatch(
      /^Pressure \(absolute\), MPa: states near the critical point \(IF97 region 3\) are not supported; at this temperature the pressure may not exceed 2\d\.\d+ MPa$/,
    );
    const infinite = await api('/api/v1/properties/water?t_c=Infinity&p_mpa=1', { token: olga });
    expect(infinite.data.errors).toEqual({ t_c: 'Temperature, °C: enter a number' });
    const ru = await api('/api/v1/properties/water?t_c=-10&p_mpa=1', { token: olga, lang: 'ru' });
    expect(ru.data).toEqual({
      message: 'Проверьте введённые данные',
      errors: { t_c: 'Температура, °C: допустимо от 0 до 800 °C' },
    });
    // Unit symbols are translated too.
    const ruHigh = await api('/api/v1/properties/water?t_c=20&p_mpa=150', {
      token: olga,
      lang: 'ru',
    });
    expect(ruHigh.data.errors).toEqual({
      p_mpa: 'Давление (абсолютное), МПа: допустимо от 0,000001 до 100 МПа',
    });
  });
  it('refuses anonymous calls', async () => {
    expect((await api('/api/v1/properties/water?t_c=20&p_mpa=0.6')).status).toBe(401);
  });
});

describe('GET /api/v1/properties/saturation', () => {
  it('by pressure and by temperature', async () => {
    const byP = await api('/api/v1/properties/saturation?p_mpa=1', { token: olga });
    expect(byP.status).toBe(200);
    expect(Object.keys(byP.data).sort()).toEqual([
      'h_liquid',
      'h_vapour',
      'p_sat_mpa',
      'r',
      'rho_liquid',
      'rho_vapour',
      't_sat_c',
    ]);
    expect(byP.data.t_sat_c).toBeCloseTo(179.89, 2);
    expect(byP.data.r).toBeCloseTo(2014.44, 2);
    const byT = await api('/api/v1/properties/saturation?t_c=179.886', { token: olga });
    expect(byT.data.p_sat_mpa).toBeCloseTo(1, 4);
    expect(byT.data.h_vapour).toBeCloseTo(saturationAtP(1).h_vapour, 1);
  });
  it('400 when both, neither or an out-of-range value is given', async () => {
    const both = await api('/api/v1/properties/saturation?t_c=100&p_mpa=0.1', { token: olga });
    expect(both.status).toBe(400);
    expect(both.data.errors).toEqual({
      t_c: 'Temperature, °C: give either the temperature or the pressure',
      p_mpa: 'Pressure (absolute), MPa: give either the temperature or the pressure',
    });
    expect((await api('/api/v1/properties/saturation', { token: olga })).status).toBe(400);
    const hot = await api('/api/v1/properties/saturation?t_c=360', { token: olga });
    expect(hot.data.errors).toEqual({ t_c: 'Temperature, °C: allowed from 0 to 350 °C' });
    const high = await api('/api/v1/properties/saturation?p_mpa=20', { token: olga });
    expect(high.data.errors).toEqual({
      p_mpa: 'Pressure (absolute), MPa: allowed from 0.000611212677 to 16.529164253 MPa',
    });
  });
});

/** A result value with that text (elements carry Astro's scoped-style attribute). */
const hasCell = (html: string, text: string) =>
  expect(
    new RegExp(`<span class="num"[^>]*>${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</span>`).test(
      html,
    ),
    `value ${text}`,
  ).toBe(true);

describe('/tools/water page (no JavaScript needed)', () => {
  const page = async (query: string, lang = 'en') => {
    const res = await fetch(`${server.url}/tools/water${query}`, {
      headers: { Cookie: cookie, 'Accept-Language': lang },
      redirect: 'manual',
    });
    return { status: res.status, html: await res.text() };
  };
  it('shows the forms and the explanation of the formulation', async () => {
    const { status, html } = await page('');
    expect(status).toBe(200);
    expect(html.includes('<h1>Water and steam properties</h1>'), 'title').toBe(true);
    expect(html.includes('IAPWS-IF97'), 'explanation').toBe(true);
    expect(html.includes('<table'), 'no results yet').toBe(false);
  });
  it('computes a state point with a gauge pressure unit', async () => {
    const { html } = await page('?t_c=20&p=5&p_unit=bar_g');
    const w = waterProperties(20, 0.6 + 0.001325);
    const fmt = new Intl.NumberFormat('en', { maximumSignificantDigits: 6 });
    hasCell(html, fmt.format(w.rho));
    hasCell(html, fmt.format(0.601325));
    expect(html.includes('1 (liquid water)'), 'region').toBe(true);
  });
  it('computes the saturation line and shows field errors in place', async () => {
    const sat = await page('?s_t_c=&s_p=1&s_p_unit=mpa_a');
    hasCell(
      sat.html,
      new Intl.NumberFormat('en', { maximumSignificantDigits: 6 }).format(saturationAtP(1).t_sat_c),
    );
    const bad = await page('?t_c=-5&p=1&p_unit=mpa_a');
    expect(bad.html.includes('aria-invalid="true"'), 'aria-invalid').toBe(true);
    expect(bad.html.includes('Temperature, °C: allowed from 0 to 800 °C'), 'range message').toBe(
      true,
    );
    expect(bad.html.includes('<table'), 'no results on error').toBe(false);
  });
  it('anonymous visitors are sent to sign in', async () => {
    const res = await fetch(`${server.url}/tools/water`, { redirect: 'manual' });
    expect([302, 303]).toContain(res.status);
  });
});
