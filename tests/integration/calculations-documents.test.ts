// Documents an engineer can sign (issue 21): the chart and datasheet of a trimmed impeller draw the
// curve the pump runs through its operating point and name D/D₀ and the impeller diameter; results,
// datasheets and chart axes speak the user's units (м³/ч, м, кВт, кВт·ч on the Russian pages).
import { beforeAll, describe, expect, it } from 'vitest';
import { customersForFile } from '../helpers/api-client.ts';
import { sessionFor } from '../helpers/session.ts';

const { server, api, olga } = await customersForFile({
  SUPPLIER_NAME: 'LLC Test Supplier',
  SUPPLIER_DETAILS: 'Samara, Test st. 1; INN 6300000000',
});
const cookie = (await sessionFor(server, 'olga.demidova@demo.example')).cookie;

const page = async (path: string, lang = 'ru', form?: Record<string, string>) => {
  const headers: Record<string, string> = { Cookie: cookie, 'Accept-Language': lang };
  if (form) headers.Origin = server.url;
  const res = await fetch(new URL(path, server.url), {
    method: form ? 'POST' : 'GET',
    headers,
    body: form ? new URLSearchParams(form) : undefined,
    redirect: 'manual',
  });
  return { status: res.status, html: await res.text() };
};
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u202f|\u00a0/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ');
const ruNum = (x: number, d: number) =>
  new Intl.NumberFormat('ru', { maximumFractionDigits: d })
    .format(x)
    .replace(/\u00a0|\u202f/g, ' ');
/** The SVG charts of a datasheet: each polyline as points and each mark (circle) in pixels. */
const svgCharts = (html: string) =>
  [...html.matchAll(/<svg viewBox="0 0 340 180"[\s\S]*?<\/svg>/g)].map((m) => ({
    lines: [...m[0].matchAll(/<polyline points="([^"]+)"/g)].map((l) =>
      l[1]!
        .trim()
        .split(' ')
        .map((p) => p.split(',').map(Number) as [number, number]),
    ),
    marks: [...m[0].matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)"/g)].map(
      (c) => [Number(c[1]), Number(c[2])] as [number, number],
    ),
  }));
/** The polyline's y at pixel x (linear between its points). */
const yAt = (line: Array<[number, number]>, x: number) => {
  const i = line.findIndex((p, k) => k > 0 && p[0] >= x);
  expect(i, `x ${x} outside the drawn curve`).toBeGreaterThan(0);
  const [[x0, y0], [x1, y1]] = [line[i - 1]!, line[i]!];
  return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
};
const BASELINE = 180 - 28; // y pixel of the value 0 (the datasheet axes start at zero)

// Fixed speed, an oversized head: the selection trims impellers of the demo inline pumps to order.
const DUTY = { q: '60', q_unit: 'm3/h', h: '11', h_unit: 'm', h_static: '2', temperature_c: '20' };

describe('a trimmed impeller', () => {
  let trimmed: any;
  let calcId = 0;
  beforeAll(async () => {
    const r = await api('/api/v1/calculations/pump/select', {
      token: olga,
      json: { ...DUTY, limit: 10 },
    });
    expect(r.status).toBe(200);
    trimmed = r.data.entities.find((e: any) => e.duty.trim_ratio !== null);
    expect(trimmed?.duty.trim_ratio, 'a trimmed pump among the candidates').toBeGreaterThan(0);
    expect(trimmed.duty.trim_ratio).toBeLessThan(1);
    const s = await api('/api/v1/calculations', {
      token: olga,
      json: { kind: 'pump', inputs: DUTY, chosen: [trimmed.cid] },
    });
    expect(s.status).toBe(200);
    calcId = s.data.id;
  });

  it('the datasheet draws the trimmed curve through the operating point and the η point on the η curve (0.5 %)', async () => {
    const r = await page(`/e-commerce/design/calculations/${calcId}/datasheet/${trimmed.cid}`);
    expect(r.status).toBe(200);
    const [head, power] = svgCharts(r.html);
    const [hx, hy] = head!.marks[0]!;
    expect(Math.abs(yAt(head!.lines[0]!, hx) - hy) / (BASELINE - hy)).toBeLessThan(0.005);
    const [ex, ey] = power!.marks[0]!;
    expect(Math.abs(yAt(power!.lines[0]!, ex) - ey) / (BASELINE - ey)).toBeLessThan(0.005);
    const body = text(r.html);
    expect(body).toContain(`D/D₀ ${ruNum(trimmed.duty.trim_ratio, 3)}`);
    expect(body).toContain(
      `H(Q) с обточенным колесом, D/D₀ = ${ruNum(trimmed.duty.trim_ratio, 3)}`,
    );
    expect(trimmed.impeller_d_mm).toBeGreaterThan(50);
    expect(body).toContain(`Диаметр рабочего колеса ${ruNum(trimmed.impeller_d_mm, 0)} мм`);
    expect(r.html).not.toMatch(/NaN|Infinity/);
  });

  it('the result card names D/D₀ and the impeller diameter, in Russian units; the chart island draws the trimmed curve', async () => {
    const r = await page('/e-commerce/design/new-calculation/pump', 'ru', DUTY);
    expect(r.status).toBe(200);
    const card = r.html.slice(r.html.indexOf(`id="r-${trimmed.sku}"`));
    const figures = text(card.slice(0, card.indexOf('</dl>')));
    expect(figures).toContain(`D/D₀ ${ruNum(trimmed.duty.trim_ratio, 3)}`);
    expect(figures).toContain(`Диаметр рабочего колеса ${ruNum(trimmed.impeller_d_mm, 0)} мм`);
    expect(figures).toContain(`Q ${ruNum(trimmed.duty.q_m3h, 1)} м³/ч`);
    expect(figures).toMatch(/P₁ [\d ,]+ кВт/);
    expect(figures).toMatch(/[\d ,]+ кВт·ч/);
    expect(figures).not.toMatch(/ (m³\/h|m|kW|kWh)\b/);
    const island = r.html.replace(/&quot;/g, '"');
    expect(island).toContain('колесо обточено до D/D₀');
    expect(island).toContain('Q, м³/ч');
    expect(island).not.toMatch(/Q, m³\/h|P₁, kW|, kWh/);
  });

  it('an untrimmed pump says D/D₀ 1 and draws its curve at speed', async () => {
    const r = await api('/api/v1/calculations/pump/select', {
      token: olga,
      json: { ...DUTY, limit: 10 },
    });
    const plain = r.data.entities.find((e: any) => e.duty.trim_ratio === null);
    expect(plain?.duty).toMatchObject({ trim_ratio: null, speed_ratio: 1 });
  });
});

describe('a glycol duty (review 21 #1, #2)', () => {
  // 50 % ethylene glycol at −20 °C (the pumps' default lowest temperature): the selection corrects the water curves by ANSI/HI 9.6.7.
  const GLYCOL = {
    q: '20',
    q_unit: 'm3/h',
    h: '20',
    h_unit: 'm',
    h_static: '5',
    temperature_c: '-20',
    medium: 'ethylene_glycol',
    concentration: '50',
    suction_p: '2',
    suction_p_unit: 'bar',
    suction_level_m: '1',
  };
  let pump: any;
  let calcId = 0;
  beforeAll(async () => {
    const r = await api('/api/v1/calculations/pump/select', {
      token: olga,
      json: { ...GLYCOL, limit: 20 },
    });
    expect(r.status).toBe(200);
    pump = r.data.entities.find((e: any) =>
      e.explanation.steps.some((s: any) => s.key === 'viscosity.b' && s.value > 1),
    );
    expect(
      pump?.explanation.steps.find((s: any) => s.key === 'viscosity.b')?.value,
      'a candidate with B > 1 (corrected curves)',
    ).toBeGreaterThan(1);
    expect(r.data.duty.medium).toMatchObject({ kind: 'ethylene_glycol', concentration: 50 });
    const s = await api('/api/v1/calculations', {
      token: olga,
      json: { kind: 'pump', inputs: GLYCOL, chosen: [pump.cid] },
    });
    expect(s.status).toBe(200);
    calcId = s.data.id;
  });

  it('the datasheet draws the viscous-corrected H-Q and η curves through the duty point (0.5 %) and names the glycol', async () => {
    const r = await page(`/e-commerce/design/calculations/${calcId}/datasheet/${pump.cid}`);
    expect(r.status).toBe(200);
    const [head, power] = svgCharts(r.html);
    const [hx, hy] = head!.marks[0]!;
    expect(Math.abs(yAt(head!.lines[0]!, hx) - hy) / (BASELINE - hy)).toBeLessThan(0.005);
    const [ex, ey] = power!.marks[0]!;
    expect(Math.abs(yAt(power!.lines[0]!, ex) - ey) / (BASELINE - ey)).toBeLessThan(0.005);
    const body = text(r.html);
    expect(body).toContain('Перекачиваемая среда этиленгликоль 50 % по массе, -20 °C');
  });

  it('the saved page lists the liquid and the suction conditions', async () => {
    const body = text((await page(`/e-commerce/design/calculations/${calcId}/calculation`)).html);
    expect(body).toContain('Перекачиваемая среда Этиленгликоль');
    expect(body).toContain('Концентрация гликоля, % по массе 50');
    expect(body).toContain('Абсолютное давление над уровнем во всасывающей ёмкости 2 бар');
    expect(body).toContain(
      'Уровень жидкости над входом насоса, м (подпор +, высота всасывания −) 1',
    );
  });
});

/** Latin unit symbols a Russian page must not show next to a number. */
const LATIN_UNITS = /\d\s?(m³\/h|m3\/h|kWh|kW|m\/s|mm²|MPa|bar)(?![\wа-я])/;

describe('units in Russian and as the user entered them', () => {
  it('station results: per-pump flow, P₁, energy, the staging table head and the chart axis in Russian units', async () => {
    const r = await page('/e-commerce/design/new-calculation/station', 'ru', {
      q: '30',
      q_unit: 'm3/h',
      h: '50',
      h_unit: 'm',
      h_static: '20',
      count: '2',
      standby: '1',
    });
    expect(r.status).toBe(200);
    const results = r.html.slice(r.html.indexOf('id="results-h"'));
    const body = text(results);
    expect(body).toMatch(/[\d ,]+ м³\/ч/);
    expect(body).toMatch(/P₁ [\d ,]+ кВт/);
    expect(body).toMatch(/[\d ,]+ кВт·ч/);
    expect(body).toContain('Q, м³/ч');
    expect(body).toContain('P₁ k=1, кВт');
    expect(body).not.toMatch(LATIN_UNITS);
    expect(body).not.toMatch(/Q, m³\/h|, kW\b/);
  });

  it('control cabinet: currents in А, powers in кВт, the cable in мм²', async () => {
    const r = await page('/e-commerce/design/new-calculation/control', 'ru', {
      p2_kw: '7.5',
      voltage_v: '400',
      duty: '2',
      standby: '1',
      method: 'direct',
    });
    expect(r.status).toBe(200);
    const body = text(r.html.slice(r.html.indexOf('id="el-h"')));
    expect(body).toMatch(/P₂ 7,5 кВт · Iₙ [\d,]+ А/);
    expect(body).toMatch(/3×[\d,.]+ мм²/);
    expect(body).not.toMatch(/\d A\b|\d kW\b|mm²/);
  });

  it('steam heater: "3 бар изб." as entered, with the absolute pressure the engine used beside it', async () => {
    const TO3 = {
      steam_p: '3',
      p_unit: 'bar',
      p_kind: 'gauge',
      steam_state: 'saturated',
      water_t_in: '70',
      water_t_out: '95',
      q: '500',
      q_unit: 'kW',
      flow_unit: 't/h',
      water_dp_max: '50',
      dp_unit: 'kPa',
      margin: '10',
    };
    const r = await page('/e-commerce/design/new-calculation/to/to3', 'ru', TO3);
    expect(r.status).toBe(200);
    const body = text(r.html);
    expect(body).toMatch(/Давление пара 3 бар изб\. \(0,4013 МПа абс\.\)/);
    const kgf = text(
      (
        await page('/e-commerce/design/new-calculation/to/to3', 'ru', {
          ...TO3,
          steam_p: '4,5',
          p_unit: 'kgf/cm2',
          p_kind: 'absolute',
        })
      ).html,
    );
    expect(kgf).toMatch(/Давление пара 4,5 кгс\/см² абс\. \([\d,]+ МПа абс\.\)/);
    // Saved: the datasheet and the title keep the entered pressure.
    const sel = (await api('/api/v1/calculations/to3/select', { token: olga, json: TO3 })).data;
    const saved = await api('/api/v1/calculations/to3/save', {
      token: olga,
      json: { inputs: TO3, chosen: [sel.entities[0].pick] },
      lang: 'ru',
    });
    expect(saved.status).toBe(200);
    const c = (await api(`/api/v1/calculations/${saved.data.id}`, { token: olga, lang: 'ru' })).data
      .data;
    expect(c.title).toContain('пар 3 бар изб.');
    const sheet = text(
      (await page(`/e-commerce/design/calculations/${saved.data.id}/datasheet/${c.chosen[0].cid}`))
        .html,
    );
    expect(sheet).toMatch(/Давление пара 3 бар изб\. \(0,4013 МПа абс\.\)/);
  });

  it('pump datasheet: materials through the dictionary, grades as written', async () => {
    const r = await api('/api/v1/calculations/pump/select', {
      token: olga,
      json: { ...DUTY, limit: 10 },
    });
    const e = r.data.entities.find((x: any) => /DIL|DIP/.test(x.sku));
    const s = await api('/api/v1/calculations', {
      token: olga,
      json: { kind: 'pump', inputs: DUTY, chosen: [e.cid] },
    });
    const ru = text(
      (await page(`/e-commerce/design/calculations/${s.data.id}/datasheet/${e.cid}`)).html,
    );
    expect(ru).toMatch(/Корпус чугун EN-GJL-250/);
    expect(ru).toMatch(/торцевое уплотнение, углеграфит\/SiC\/EPDM/);
    expect(ru).not.toMatch(/cast iron|stainless steel|mechanical seal/);
    const en = text(
      (await page(`/e-commerce/design/calculations/${s.data.id}/datasheet/${e.cid}`, 'en')).html,
    );
    expect(en).toContain('cast iron EN-GJL-250');
  });
});

/** Latin prose in a formula text (identifiers such as H_sys and the math names aside). */
const MATH_WORDS = new Set([
  'max',
  'min',
  'sin',
  'cos',
  'tan',
  'log',
  'ANSI',
  'NPSH',
  'VDI',
  'Heat',
  'Atlas',
  'IAPWS',
  'LMTD',
  'NTU',
  'LCC',
  'NPSHa',
  'NPSHr',
  'Kvs',
  'DN',
  'PVC',
]);
const prose = (s: string) =>
  (s.replace(/[A-Za-zА-Яа-я₀-₉]*_[\w,′″^]+/g, ' ').match(/[A-Za-z]{3,}/g) ?? []).filter(
    (w) => !MATH_WORDS.has(w),
  );
const unent = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');
/** The formula texts of every explanation on a page. */
const formulaTexts = (html: string) =>
  [...html.replace(/ data-astro-cid-\w+/g, '').matchAll(/<dd><code>([\s\S]*?)<\/code><\/dd>/g)].map(
    (m) => unent(m[1]!),
  );
/** Explanation step rows: symbol → printed value (a number in the page's locale). */
const stepsBySymbol = (html: string) => {
  const out = new Map<string, number>();
  for (const m of html
    .replace(/ data-astro-cid-\w+/g, '')
    .matchAll(/<tr><th scope="row">[^<]*<\/th><td><var>([^<]*)<\/var><\/td><td>([^<]*)<\/td>/g)) {
    const sym = unent(m[1]!);
    // ru groups digits with a no-break space, and the unit follows one: the number is the leading digits.
    const lead = /^[−-]?[\d\u00a0\u202f ]+(?:,\d+)?(?:E[−-]?\d+)?/.exec(m[2]!)?.[0] ?? '';
    const num = Number(
      lead
        .replace(/[\s\u00a0\u202f]/g, '')
        .replace(',', '.')
        .replace(/−/g, '-'),
    );
    if (!out.has(sym)) out.set(sym, num);
  }
  return out;
};

describe('explanations print the formula used, every factor, in the user language', () => {
  const TO1 = {
    q: '500',
    q_unit: 'kW',
    hot_t_in: '70',
    hot_t_out: '30',
    cold_t_in: '5',
    cold_t_out: '60',
    flow_unit: 't/h',
    p_unit: 'bar',
    p_kind: 'gauge',
    hot_dp_max: '50',
    cold_dp_max: '50',
    dp_unit: 'kPa',
    margin: '10',
  };

  it('plate heat exchanger: Nu recomputed from the printed factors (calibration, μ/μ_w, Martin f, Re, Pr, φ) equals the printed Nu', async () => {
    const r = await page('/e-commerce/design/new-calculation/to/to1', 'ru', TO1);
    expect(r.status).toBe(200);
    const first = r.html.slice(r.html.indexOf('<details class="calc-explain"'));
    const s = stepsBySymbol(first.slice(0, first.indexOf('</details>')));
    const phi = s.get('φ')!;
    expect(phi).toBeGreaterThan(0);
    for (const side of ['₁', '₂']) {
      const [c, pr, mr, fM, re, nu] = ['c_Nu', 'Pr', '(μ/μ_w)', 'f_M', 'Re', 'Nu'].map((k) =>
        s.get(`${k}${side}`),
      );
      expect(
        [c, pr, mr, fM, re, nu].every((x) => Number.isFinite(x) && x! > 0),
        `printed factors of side ${side}: ${[c, pr, mr, fM, re, nu]}`,
      ).toBe(true);
      const recomputed =
        c! *
        0.122 *
        pr! ** (1 / 3) *
        mr! ** (1 / 6) *
        (fM! * re! * re! * Math.sin((2 * phi * Math.PI) / 180)) ** 0.374;
      expect(Math.abs(recomputed / nu! - 1)).toBeLessThan(5e-4);
    }
    expect(s.get('c_Nu₁')).toBe(0.97);
    expect(formulaTexts(r.html).join('\n')).toContain(
      'Nu = c_Nu·0,122·Pr^(1/3)·(μ/μ_w)^(1/6)·[f_M·Re²·sin 2φ]^0,374',
    );
  });

  it('no Latin-only formula sentence and no internal file on the Russian pump, station, control, heat exchanger and BTP pages', async () => {
    const pages = [
      await page('/e-commerce/design/new-calculation/pump', 'ru', DUTY),
      await page('/e-commerce/design/new-calculation/pump', 'ru', { ...DUTY, speed_control: '1' }),
      await page('/e-commerce/design/new-calculation/station', 'ru', {
        q: '30',
        q_unit: 'm3/h',
        h: '50',
        h_unit: 'm',
        h_static: '20',
        count: '2',
        standby: '1',
      }),
      await page('/e-commerce/design/new-calculation/control', 'ru', {
        p2_kw: '7.5',
        voltage_v: '400',
        duty: '2',
        standby: '1',
        method: 'star_delta',
      }),
      await page('/e-commerce/design/new-calculation/to/to1', 'ru', TO1),
      await page('/e-commerce/design/new-calculation/to/to3', 'ru', {
        steam_p: '3',
        p_unit: 'bar',
        p_kind: 'gauge',
        steam_state: 'saturated',
        water_t_in: '70',
        water_t_out: '95',
        q: '500',
        q_unit: 'kW',
        flow_unit: 't/h',
        water_dp_max: '50',
        dp_unit: 'kPa',
        margin: '10',
      }),
    ];
    let formulas = 0;
    for (const p of pages) {
      expect(p.status).toBe(200);
      expect(p.html).not.toContain('calculations.md');
      const texts = formulaTexts(p.html);
      formulas += texts.length;
      expect(texts.filter((x) => prose(x).length)).toEqual([]);
    }
    expect(formulas).toBeGreaterThan(20);
  });
});

describe('smaller: one colour code for hot and cold', () => {
  it('the heat exchanger datasheet draws the hot stream red and the cold one blue, as the result page does', async () => {
    const TO1 = { q: '500', hot_t_in: '70', hot_t_out: '30', cold_t_in: '5', cold_t_out: '60' };
    const sel = (await api('/api/v1/calculations/to1/select', { token: olga, json: TO1 })).data;
    const saved = await api('/api/v1/calculations/to1/save', {
      token: olga,
      json: { inputs: TO1, chosen: [sel.entities[0].pick] },
    });
    expect(saved.status).toBe(200);
    const c = (await api(`/api/v1/calculations/${saved.data.id}`, { token: olga })).data.data;
    const sheet = (
      await page(`/e-commerce/design/calculations/${saved.data.id}/datasheet/${c.chosen[0].cid}`)
    ).html.replace(/ data-astro-cid-\w+/g, '');
    const result = (await page('/e-commerce/design/new-calculation/to/to1', 'ru', TO1)).html;
    // The result page: hot red (#c62828), cold blue (#1565c0) by class; the datasheet the same by tone.
    const css = result.replace(/\[data-astro-cid-\w+\]/g, '');
    expect(css).toContain('polyline.hot{stroke:#c62828}');
    expect(css).toMatch(/polyline\.cold\{stroke:#1565c0/);
    expect(sheet).toMatch(/<polyline points="[^"]+" stroke="#c62828" data-tone="hot"/);
    expect(sheet).toMatch(/<polyline points="[^"]+" stroke="#1565c0" data-tone="cold"/);
  });
});

describe('a commercial offer without the supplier details is refused in production', () => {
  it('names what is missing of name, INN, address and contacts', async () => {
    const { missingSupplierParts } =
      await import('../../src/features/calculations/saved/offer.server.ts');
    const full = {
      name: 'LLC Example Engineering',
      details:
        '443000 Samara, Example st. 1; INN 6300000000 / KPP 630001001; +7 846 000-00-00; sales@example.ru',
    };
    expect(missingSupplierParts(full)).toEqual([]);
    expect(missingSupplierParts(undefined)).toEqual(['name', 'inn', 'address', 'contacts']);
    expect(
      missingSupplierParts({
        name: 'ООО «Пример»',
        details:
          '443000 Самара, ул. Примерная, 1; ИНН 6300000000 / КПП 630001001; +7 846 000-00-00',
      }),
    ).toEqual([]);
    expect(
      missingSupplierParts({ name: 'ООО «Пример»', details: 'КПП 630001001; info@example.ru' }),
    ).toEqual(['inn', 'address']);
    expect(
      missingSupplierParts({
        name: 'LLC Test Supplier',
        details: 'Samara, Test st. 1; INN 6300000000',
      }),
    ).toEqual(['contacts']);
    expect(missingSupplierParts({ name: '  ', details: 'sales@example.ru' })).toEqual([
      'name',
      'inn',
      'address',
    ]);
    expect(
      missingSupplierParts({
        name: 'X',
        details: 'Samara, Test st. 1; ИНН 63000000; +7 846 000-00-00',
      }),
    ).toEqual(['inn']); // 8 digits is no INN
    expect(
      missingSupplierParts({ name: 'X', details: 'INN 6300000000; +7 846 000-00-00' }),
    ).toEqual(['address']);
    expect(missingSupplierParts({ name: 'X', details: `${'9'.repeat(400)}; NaN; -1e308` })).toEqual(
      ['inn', 'address', 'contacts'],
    );
  });

  it('production: 503 naming the missing parts; with the full details the offer prints', async () => {
    const { startServer } = await import('../helpers/server.ts');
    const { apiClient } = await import('../helpers/api-client.ts');
    const base = { NODE_ENV: 'production', PUBLIC_URL: 'http://cabinet.test', DEMO: '1' };
    for (const [env, refused] of [
      [
        { ...base, SUPPLIER_NAME: 'LLC Test Supplier', SUPPLIER_DETAILS: 'Samara, Test st. 1' },
        true,
      ],
      [
        {
          ...base,
          SUPPLIER_NAME: 'LLC Test Supplier',
          SUPPLIER_DETAILS: '443000 Samara, Test st. 1; INN 6300000000; +7 846 000-00-00',
        },
        false,
      ],
    ] as const) {
      const prod = await startServer(env);
      try {
        const s = await sessionFor(prod, 'olga.demidova@demo.example');
        const call = apiClient(prod);
        const e = (await call('/api/v1/calculations/pump/select', { token: s.token, json: DUTY }))
          .data.entities[0];
        const saved = await call('/api/v1/calculations', {
          token: s.token,
          json: { kind: 'pump', inputs: DUTY, chosen: [e.cid] },
        });
        expect(saved.status).toBe(200);
        const res = await fetch(
          new URL(`/e-commerce/design/calculations/${saved.data.id}/offer`, prod.url),
          { headers: { Cookie: s.cookie, 'Accept-Language': 'ru' } },
        );
        const body = text(await res.text());
        if (refused) {
          expect(res.status).toBe(503);
          expect(body).toContain('Коммерческое предложение не выдаётся');
          expect(body).toContain(
            'В реквизитах поставщика не хватает: ИНН, контактов (телефон или e-mail).',
          );
          const pdf = await fetch(
            new URL(`/e-commerce/design/calculations/${saved.data.id}/offer.pdf`, prod.url),
            { headers: { Cookie: s.cookie, 'Accept-Language': 'ru' } },
          );
          expect(pdf.status).toBe(503); // no PDF of a refused offer either
          expect(pdf.headers.get('content-type')).not.toBe('application/pdf');
        } else {
          expect(res.status).toBe(200);
          expect(body).toContain('LLC Test Supplier');
          expect(body).toContain('INN 6300000000');
        }
      } finally {
        await prod.stop();
      }
    }
  });
});

describe('data sources in the user language', () => {
  it('the Russian pump and heat exchanger pages name their sources in Russian, no internal path', async () => {
    const pump = text((await page('/e-commerce/design/new-calculation/pump', 'ru', DUTY)).html);
    expect(pump).toMatch(
      /Источники данных: каталог: DEMO-[\w-]+ \(демо\); аппроксимация характеристики: (полином [23]-й степени|монотонный кубический сплайн \(PCHIP\)); вода: IAPWS-IF97 \(плотность при 0,101325 МПа/,
    );
    expect(pump).not.toMatch(/curve fit|water: |catalogue:/);
    const to1 = text(
      (
        await page('/e-commerce/design/new-calculation/to/to1', 'ru', {
          q: '500',
          hot_t_in: '70',
          hot_t_out: '30',
          cold_t_in: '5',
          cold_t_out: '60',
        })
      ).html,
    );
    expect(to1).toContain('Мартин (1996), VDI Heat Atlas: теплоотдача и трение в каналах пластин');
    expect(to1).not.toMatch(/plate channel heat transfer|src\/features/);
  });
});

describe('PDF downloads of the offer and the datasheet', () => {
  it('prints the same A4 pages to PDF for the owner; another user or a nonsense id is 404', async () => {
    const { execFileSync } = await import('node:child_process');
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const e = (
      await api('/api/v1/calculations/pump/select', { token: olga, json: { ...DUTY, limit: 3 } })
    ).data.entities[0];
    const s = await api('/api/v1/calculations', {
      token: olga,
      json: { kind: 'pump', inputs: DUTY, chosen: [e.cid] },
    });
    const c = (await api(`/api/v1/calculations/${s.data.id}`, { token: olga })).data.data;
    const pdfText = (buf: ArrayBuffer) => {
      const file = `${mkdtempSync(`${tmpdir()}/pdf-`)}/d.pdf`;
      writeFileSync(file, Buffer.from(buf));
      const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())![1]);
      return {
        pages,
        text: execFileSync('pdftotext', ['-layout', file, '-']).toString().replace(/\s+/g, ' '),
      };
    };
    const get = (path: string, who = cookie) =>
      fetch(new URL(path, server.url), { headers: { Cookie: who, 'Accept-Language': 'ru' } });

    const offer = await get(`/e-commerce/design/calculations/${s.data.id}/offer.pdf`);
    expect(offer.status).toBe(200);
    expect(offer.headers.get('content-type')).toBe('application/pdf');
    expect(offer.headers.get('content-disposition')).toBe(
      `attachment; filename="offer-${s.data.id}.pdf"`,
    );
    const o = pdfText(await offer.arrayBuffer());
    expect(o.text).toContain('Коммерческое предложение');
    expect(o.text).toContain(c.request);
    expect(o.text).toContain('LLC Test Supplier');
    expect(o.text).not.toContain('Скачать PDF'); // the toolbar is not on paper

    const sheet = await get(`/e-commerce/design/calculations/${s.data.id}/datasheet/${e.cid}.pdf`);
    expect(sheet.status).toBe(200);
    const d = pdfText(await sheet.arrayBuffer());
    expect(d.pages).toBe(1); // one A4 page, as the browser prints it
    expect(d.text).toContain('Технический лист');
    expect(d.text).toMatch(/м³\/ч/);

    // The page links its PDF.
    expect(
      (await page(`/e-commerce/design/calculations/${s.data.id}/datasheet/${e.cid}`)).html,
    ).toContain(`href="/e-commerce/design/calculations/${s.data.id}/datasheet/${e.cid}.pdf"`);
    // Another user's calculation, an item not chosen and nonsense ids: 404, no PDF.
    const dmitry = (await sessionFor(server, 'dmitry.volkov@demo.example')).cookie;
    expect(
      (await get(`/e-commerce/design/calculations/${s.data.id}/offer.pdf`, dmitry)).status,
    ).toBe(404);
    expect(
      (await get(`/e-commerce/design/calculations/${s.data.id}/datasheet/99999999.pdf`)).status,
    ).toBe(404);
    expect((await get('/e-commerce/design/calculations/abc/offer.pdf')).status).toBe(404);
    expect((await get('/e-commerce/design/calculations/1e308/offer.pdf')).status).toBe(404);
    const bad = await get('/e-commerce/design/calculations/abc/offer.pdf');
    expect(bad.headers.get('content-type')).toMatch(/^text\/html/);

    // A forged Host header does not move where the server reads the page from: a catcher on another
    // port gets no request, and the PDF is still the portal's own offer.
    const { createServer, request } = await import('node:http');
    let caught = 0;
    const catcher = createServer((_q, res) => {
      caught++;
      res.end('<html><body>not the portal</body></html>');
    });
    await new Promise<void>((ok) => catcher.listen(0, '127.0.0.1', ok));
    const forged = `127.0.0.1:${(catcher.address() as { port: number }).port}`;
    const viaForgedHost = await new Promise<Buffer>((ok, fail) => {
      const u = new URL(`/e-commerce/design/calculations/${s.data.id}/offer.pdf`, server.url);
      const req = request(
        {
          host: u.hostname,
          port: u.port,
          path: u.pathname,
          headers: { Host: forged, Cookie: cookie, 'Accept-Language': 'ru' },
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (b: Buffer) => parts.push(b));
          res.on('end', () => ok(Buffer.concat(parts)));
        },
      );
      req.on('error', fail);
      req.end();
    });
    catcher.close();
    expect(caught).toBe(0);
    const forgedPdf = pdfText(
      viaForgedHost.buffer.slice(
        viaForgedHost.byteOffset,
        viaForgedHost.byteOffset + viaForgedHost.byteLength,
      ) as ArrayBuffer,
    );
    expect(forgedPdf.text).toContain('Коммерческое предложение');
  }, 60_000);
});
