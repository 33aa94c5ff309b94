// The heat exchanger pages without JavaScript: the form with a worked example, a posted form answered
// on the same page with ranked packs, the explanation (properties, formulas) and warnings, bad input
// answered 400 with the error summary linking to the field, in the user's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { startServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startServer();
  cookie = (await sessionFor(server, 'olga.demidova@demo.example')).cookie;
});
afterAll(async () => {
  await server?.stop();
});

const page = (path: string, lang = 'en') =>
  fetch(new URL(path, server.url), {
    headers: { Cookie: `${cookie}; lang=${lang}`, 'Accept-Language': lang },
    redirect: 'manual',
  });
const post = (path: string, form: Record<string, string>, lang = 'en') =>
  fetch(new URL(path, server.url), {
    method: 'POST',
    body: new URLSearchParams(form),
    headers: { Cookie: `${cookie}; lang=${lang}`, Origin: server.url, 'Accept-Language': lang },
    redirect: 'manual',
  });

describe('heat exchanger pages', () => {
  it('show the form with a worked example, units and gauge or absolute said explicitly', async () => {
    for (const kind of ['to1', 'to2', 'to3']) {
      const r = await page(`/e-commerce/design/new-calculation/to/${kind}`);
      expect(r.status, kind).toBe(200);
      const html = await r.text();
      expect(html).toContain('<form method="post" class="hx-form"');
      expect(html).not.toMatch(/hx\.(page|fields|units)\./);
    }
    const html = await (await page('/e-commerce/design/new-calculation/to/to1')).text();
    expect(html).toMatch(/<input id="f-hot_t_in" name="hot_t_in" type="text" value="70"/);
    expect(html).toContain('<option value="Gcal/h">Gcal/h</option>');
    expect(html).toContain('<option value="gauge" selected>gauge</option>');
    expect(html).toContain('<option value="absolute">absolute</option>');
  });

  it('answer a posted to1 form with ranked packs and the explanation of every number', async () => {
    const r = await post('/e-commerce/design/new-calculation/to/to1', {
      q: '500',
      q_unit: 'kW',
      hot_t_in: '70',
      hot_t_out: '30',
      cold_t_in: '5',
      cold_t_out: '60',
    });
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(html).toContain('Calculation result');
    expect(html).toMatch(
      /<li class="hx-item"[^>]*>\s*<article[^>]*>\s*<header[^>]*><strong[^>]*>1\. DEMO/,
    );
    expect(html).toContain('How the numbers were obtained');
    expect(html).toContain('Water properties (IAPWS-IF97)');
    expect(html).toContain('Q = m₁·cp₁·(t₁′ − t₁″) = m₂·cp₂·(t₂″ − t₂′)');
    expect(html).toContain('The plate catalogue is a demo range');
    expect(html).toContain('500 kW (0.4299 Gcal/h)');
    // The Q-t profile is server-drawn SVG whose text states the end temperatures.
    expect(html).toMatch(
      /<svg viewBox="0 0 320 180" role="img" aria-label="Temperature profile\. Heating side: 30 °C → 70 °C; Heated side: 5 °C → 60 °C"/,
    );
  });

  it('answer to2 with both stages and to3 with the steam state and zones', async () => {
    const two = await (
      await post('/e-commerce/design/new-calculation/to/to2', {
        heating_q: '1000',
        dhw_q: '400',
        network_supply: '150',
        network_return: '70',
        building_supply: '95',
        building_return: '70',
        t_outdoor: '-28',
      })
    ).text();
    expect(two).toContain('two-stage mixed');
    expect(two).toContain('Stage 1');
    expect(two).toContain('Stage 2');
    expect(two).toContain('not yet checked against the current standards');
    const three = await (
      await post('/e-commerce/design/new-calculation/to/to3', {
        steam_p: '3',
        p_unit: 'bar',
        p_kind: 'gauge',
        water_t_in: '70',
        water_t_out: '95',
        q: '500',
      })
    ).text();
    expect(three).toContain('Steam pressure (absolute)');
    expect(three).toContain('0.4013 MPa');
    expect(three).toContain('Condensing');
    expect(three).toMatch(
      /aria-label="Temperature profile\. Heating side: [\d.]+ °C → [\d.]+ °C; Heated side: 70 °C → 95 °C"/,
    );
  });

  it('answer bad input with 400, the message linked to its field and the typed values kept', async () => {
    const r = await post('/e-commerce/design/new-calculation/to/to1', {
      q: '500',
      hot_t_in: '30',
      hot_t_out: '20',
      cold_t_in: '50',
      cold_t_out: '60',
    });
    expect(r.status).toBe(400);
    const html = await r.text();
    expect(html).toMatch(
      /<a href="#f-hot_t_in"[^>]*>Heating side inlet, °C: the heating side \(30 °C\) must be hotter than the heated side \(50 °C\)<\/a>/,
    );
    expect(html).toMatch(
      /<input id="f-hot_t_in" name="hot_t_in" type="text" value="30"[^>]*aria-invalid="true"/,
    );
    expect(html).not.toContain('Calculation result');
    const ru = await post(
      '/e-commerce/design/new-calculation/to/to3',
      {
        steam_p: '3',
        steam_state: 'superheated',
        steam_t: '120',
        water_t_in: '70',
        water_t_out: '95',
        q: '500',
      },
      'ru',
    );
    expect(ru.status).toBe(400);
    // Unit symbols of the answer are in the user's language too.
    const ruOk = await (
      await post(
        '/e-commerce/design/new-calculation/to/to1',
        { q: '500', hot_t_in: '70', hot_t_out: '30', cold_t_in: '5', cold_t_out: '60' },
        'ru',
      )
    ).text();
    expect(ruOk).toContain('500 кВт (0,4299 Гкал/ч)');
    expect(ruOk).toMatch(/\d кПа</);
    expect(await ru.text()).toContain(
      'Температура перегретого пара, °C: перегретый пар должен быть горячее температуры насыщения 143,73 °C при этом давлении',
    );
  });
});

describe('a value longer than any figure', () => {
  it('is named on the page as on the API (400, the field and its limit), never a 500', async () => {
    const r = await post('/e-commerce/design/new-calculation/to/to1', {
      q: '500',
      q_unit: 'kW',
      hot_t_in: '7'.repeat(201),
      hot_t_out: '30',
      cold_t_in: '5',
      cold_t_out: '60',
    });
    expect(r.status).toBe(400);
    expect(await r.text()).toContain('Heating side inlet, °C: at most 200 characters');
  });
});
