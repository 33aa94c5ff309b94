// Inputs that cannot describe an impossible duty, at the boundary users see (issue 21): an
// over-determined heat exchanger duty that does not balance is refused naming every figure that
// disagrees (select API and page form); loads, flows, pressures and temperatures have physical
// ranges (400 naming the field, in the user's unit); water below 0 °C asks for a glycol mixture;
// a closed flow-meter loop cannot return more than it supplies. Then a hostile sweep: every numeric
// field of every calculator's select API with huge, negative, non-finite, empty and 400-digit
// values answers 400 naming that field or a valid, finite result, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

let server: TestServer;
let api: ApiClient;
let olga: string, sergey: string, olgaCookie: string;
beforeAll(async () => {
  server = await startServer();
  api = apiClient(server);
  const [o, s] = await Promise.all([
    sessionFor(server, 'olga.demidova@demo.example'),
    sessionFor(server, 'sergey.ivanov@demo.example'),
  ]);
  ({ token: olga, cookie: olgaCookie } = o);
  sergey = s.token;
});
afterAll(async () => {
  await server?.stop();
});

type Json = Record<string, string>;
const select = (kind: string, json: Json, lang = 'en') =>
  api(`/api/v1/calculations/${kind}/select`, { token: kind === 'btp' ? sergey : olga, json, lang });
const postPage = (path: string, form: Json, lang = 'en') =>
  fetch(new URL(path, server.url), {
    method: 'POST',
    body: new URLSearchParams(form),
    headers: { Cookie: `${olgaCookie}; lang=${lang}`, Origin: server.url, 'Accept-Language': lang },
    redirect: 'manual',
  });

/** No number in the answer is NaN or infinite (JSON writes them as null), nor an absurd 300-digit figure. */
function sane(x: unknown, path = '$'): string | null {
  if (typeof x === 'number')
    return Number.isFinite(x) && Math.abs(x) < 1e15 ? null : `${path} = ${x}`;
  if (x === null) return null;
  if (Array.isArray(x)) {
    for (const [i, y] of x.entries()) {
      const bad = sane(y, `${path}[${i}]`);
      if (bad) return bad;
    }
    return null;
  }
  if (typeof x === 'object') {
    for (const [k, y] of Object.entries(x as object)) {
      // A figure printed as text (a formula step) must not be 300 digits long either.
      if (typeof y === 'string' && /\d{40}/.test(y)) return `${path}.${k} = ${y.slice(0, 60)}…`;
      const bad = sane(y, `${path}.${k}`);
      if (bad) return bad;
    }
  }
  return null;
}

const TO1 = {
  q: '500',
  q_unit: 'kW',
  hot_t_in: '70',
  hot_t_out: '30',
  cold_t_in: '5',
  cold_t_out: '60',
};
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

describe('an over-determined heat exchanger duty', () => {
  // 5 t/h cooled 70 → 30 °C carries 232 kW; 50 t/h warmed 5 → 60 °C carries 3 193 kW; the load says 500 kW.
  const IMPOSSIBLE = { ...TO1, hot_flow: '5', cold_flow: '50', flow_unit: 't/h' };

  it('that does not balance is refused by the select API naming the load and each flow that disagrees', async () => {
    const r = await select('to1', IMPOSSIBLE);
    expect(r.status).toBe(400);
    expect(r.data.type).toBe('error');
    expect(Object.keys(r.data.errors).sort()).toEqual(['cold_flow', 'hot_flow', 'q']);
    expect(r.data.errors.q).toBe(
      "Heat load: the figures do not balance: the load is 500 kW, but the heating side's flow and temperatures carry 232.13 kW (2 % allowed); leave one of them empty",
    );
    expect(r.data.errors.hot_flow).toBe(
      "Heating side flow: the figures do not balance: the load is 500 kW, but the heating side's flow and temperatures carry 232.13 kW (2 % allowed); leave one of them empty",
    );
    expect(r.data.errors.cold_flow).toMatch(
      /^Heated side flow: the figures do not balance: the load is 500 kW, but the heated side's flow and temperatures carry 319\d(\.\d+)? kW \(2 % allowed\); leave one of them empty$/,
    );
    const ru = await select('to1', IMPOSSIBLE, 'ru');
    expect(ru.data.errors.q).toBe(
      'Тепловая нагрузка: данные не сходятся — задана нагрузка 500 кВт, а расход и температуры греющей стороны дают 232,13 кВт (допустимо 2 %); оставьте пустым одно из значений',
    );
  });

  it('with one side complete is checked against the load too; within 2 % it is accepted', async () => {
    // Only the heated side complete: 10 t/h warmed 5 → 60 °C carry about 639 kW, not 500.
    const cold = await select('to1', { ...TO1, cold_flow: '10' });
    expect(cold.status).toBe(400);
    expect(Object.keys(cold.data.errors).sort()).toEqual(['cold_flow', 'q']);
    expect(cold.data.errors.cold_flow).toMatch(/carry 63\d(\.\d+)? kW \(2 % allowed\)/);
    // 10.73 t/h cooled 70 → 30 °C carry 498 kW: within 2 % of 500, sized on the load.
    const ok = await select('to1', { ...TO1, hot_flow: '10.73' });
    expect(ok.status, JSON.stringify(ok.data.errors)).toBe(200);
    expect(ok.data.duty.q).toEqual({ value: 500, unit: 'kW' });
    // 1 % off on both sides: still one duty.
    expect((await select('to1', { ...TO1, hot_flow: '10.85', cold_flow: '7.75' })).status).toBe(
      200,
    );
    // 3 % off on the heating side: refused.
    expect((await select('to1', { ...TO1, hot_flow: '11.08' })).data.errors).toHaveProperty(
      'hot_flow',
    );
  });

  it('is refused on the page form with every field marked and the typed values kept', async () => {
    const r = await postPage('/e-commerce/design/new-calculation/to/to1', IMPOSSIBLE);
    expect(r.status).toBe(400);
    const html = await r.text();
    expect(html).toContain(
      'Heat load: the figures do not balance: the load is 500 kW, but the heating side&#39;s flow and temperatures carry 232.13 kW',
    );
    for (const f of ['q', 'hot_flow', 'cold_flow'])
      expect(html).toMatch(new RegExp(`<a href="#f-${f}"`));
    expect(html).toMatch(/<input id="f-cold_flow" name="cold_flow" type="text" value="50"/);
    expect(html).not.toContain('Calculation result');
    const ru = await (
      await postPage('/e-commerce/design/new-calculation/to/to1', IMPOSSIBLE, 'ru')
    ).text();
    expect(ru).toContain('данные не сходятся — задана нагрузка 500 кВт');
  });
});

describe('physical ranges', () => {
  it('a load of 1e307 kW or more is 400 on to1, to2 and to3, in the unit the user chose', async () => {
    for (const [kind, json, field] of [
      ['to1', { ...TO1, q: '1e307' }, 'q'],
      ['to3', { ...TO3, q: '1e307' }, 'q'],
      ['to2', { ...TO2, heating_q: '1e308' }, 'heating_q'],
      ['to2', { ...TO2, dhw_q: '1e308' }, 'dhw_q'],
    ] as const) {
      const r = await select(kind, json);
      expect(r.status, `${kind} ${field}`).toBe(400);
      expect(r.data.errors[field], kind).toMatch(/: must be above zero and at most 100000 kW$/);
    }
    const gcal = await select('to1', { ...TO1, q: '90', q_unit: 'Gcal/h' });
    expect(gcal.data.errors.q).toBe('Heat load: must be above zero and at most 85.98 Gcal/h');
    expect((await select('to1', { ...TO1, q: '90', q_unit: 'Gcal/h' }, 'ru')).data.errors.q).toBe(
      'Тепловая нагрузка: должно быть больше нуля и не больше 85,98 Гкал/ч',
    );
    // The limit said is accepted.
    expect((await select('to1', { ...TO1, q: '85.98', q_unit: 'Gcal/h' })).status).not.toBe(500);
  });

  it("flows and pressure drops have their ranges in the user's unit", async () => {
    const flow = await select('to1', {
      q: '500',
      hot_t_in: '70',
      hot_t_out: '30',
      cold_t_in: '5',
      cold_flow: '20000',
      flow_unit: 'm3/h',
    });
    expect(flow.status).toBe(400);
    expect(flow.data.errors.cold_flow).toBe(
      'Heated side flow: must be above zero and at most 10000 m³/h',
    );
    const dp = await select('to3', { ...TO3, water_dp_max: '200', dp_unit: 'm w.c.' });
    expect(dp.data.errors.water_dp_max).toBe(
      'Allowed water-side pressure drop: must be above zero and at most 101.9 m w.c.',
    );
    const margin = await select('to1', { ...TO1, margin: '1e308' });
    expect(margin.data.errors.margin).toBe('Area margin, %: allowed from 0 to 100');
    const outdoor = await select('to2', { ...TO2, t_outdoor: '-1e308' });
    expect(outdoor.data.errors.t_outdoor).toBe(
      'Design outdoor temperature, °C: allowed from -60 to 45',
    );
  });

  it('water below 0 °C is refused and a glycol mixture named, on the heat exchangers and the pump', async () => {
    const hx = await select('to1', { ...TO1, cold_t_in: '-5' });
    expect(hx.status).toBe(400);
    expect(hx.data.errors.cold_t_in).toBe(
      'Heated side inlet, °C: water freezes below 0 °C — choose a glycol solution',
    );
    expect((await select('to1', { ...TO1, cold_t_in: '-5' }, 'ru')).data.errors.cold_t_in).toBe(
      'Нагреваемая среда, вход, °C: вода замерзает ниже 0 °C — выберите раствор гликоля',
    );
    expect((await select('to2', { ...TO2, dhw_t_cold: '-2' })).data.errors.dhw_t_cold).toMatch(
      /water freezes below 0 °C — choose a glycol solution$/,
    );
    expect((await select('to3', { ...TO3, water_t_in: '-1' })).data.errors.water_t_in).toMatch(
      /water freezes below 0 °C/,
    );
    const pump = await select('pump', { q: '60', h: '13', temperature_c: '-10' });
    expect(pump.status).toBe(400);
    expect(pump.data.errors.temperature_c).toMatch(
      /^[^:]+: water freezes below 0 °C; this temperature needs a glycol mixture$/,
    );
    // 0 °C itself is water.
    expect((await select('to1', { ...TO1, cold_t_in: '0' })).status).toBe(200);
    // Above the range: 400 naming the field, not the property equations' failure.
    expect((await select('to1', { ...TO1, hot_t_in: '1e308' })).data.errors.hot_t_in).toBe(
      'Heating side inlet, °C: allowed from 0 to 250',
    );
  });

  it('a closed flow-meter loop cannot return more than it supplies (2 % allowed)', async () => {
    const FLOWS = {
      mode: 'flows',
      t_supply: '95',
      t_return: '70',
      dn_supply: '100',
      dn_return: '100',
    };
    const r = await select('flow-meter', { ...FLOWS, g_supply: '10', g_return: '12' });
    expect(r.status).toBe(400);
    expect(r.data.errors.g_return).toBe(
      'Design flow: return: in a closed system the return flow cannot exceed the supply flow (10 t/h, 2 % allowed)',
    );
    expect(
      (await select('flow-meter', { ...FLOWS, g_supply: '10', g_return: '12' }, 'ru')).data.errors
        .g_return,
    ).toMatch(
      /в закрытой системе расход в обратном трубопроводе не может быть больше, чем в подающем \(10 т\/ч, допустимо 2 %\)$/,
    );
    expect(
      (
        await select('flow-meter', {
          ...FLOWS,
          scheme: 'closed_independent',
          g_supply: '10',
          g_return: '10.5',
        })
      ).data.errors?.g_return,
    ).toMatch(/closed system/);
    // Equal flows, and the same volume at the colder (denser) return, are one loop.
    expect((await select('flow-meter', { ...FLOWS, g_supply: '10', g_return: '10' })).status).toBe(
      200,
    );
    expect(
      (await select('flow-meter', { ...FLOWS, flow_unit: 'm3/h', g_supply: '10', g_return: '10' }))
        .status,
    ).toBe(200);
    // An open system draws water off: the return may be lower, never checked against the supply this way.
    const open = await select('flow-meter', {
      ...FLOWS,
      scheme: 'open',
      t_dhw: '60',
      g_supply: '10',
      g_return: '8',
      g_dhw: '2',
      dn_dhw: '50',
    });
    expect(open.data.errors?.g_return).toBeUndefined();
  });
});

/** Each calculator's select API: a valid base input and its numeric fields. */
const BTP_BASE: Json = {
  heating_scheme: 'independent',
  dhw_scheme: 'two_stage',
  vent_scheme: 'independent',
};
const SWEEP: Array<{ kind: string; base: Json; fields: string[] }> = [
  {
    kind: 'pump',
    base: { q: '60', h: '13', h_static: '5', speed_control: 'on' },
    fields: [
      'q',
      'h',
      'h_static',
      'temperature_c',
      'npsh_available_m',
      'electricity_price',
      'years',
      'discount_rate',
      'limit',
      'hours_100',
      'hours_75',
      'hours_50',
      'hours_25',
    ],
  },
  {
    kind: 'station',
    base: { q: '30', h: '50', h_static: '20' },
    fields: [
      'q',
      'h',
      'h_static',
      'temperature_c',
      'npsh_available_m',
      'electricity_price',
      'years',
      'discount_rate',
      'limit',
      'count',
      'standby',
      'type_use',
      'hours_100',
      'hours_25',
    ],
  },
  // A glycol medium and NPSHa from the suction conditions (issue 21).
  {
    kind: 'pump',
    base: {
      q: '60',
      h: '13',
      h_static: '5',
      medium: 'ethylene_glycol',
      concentration: '30',
      temperature_c: '-5',
      suction_p: '101.325',
      suction_level_m: '2',
    },
    fields: ['concentration', 'temperature_c', 'suction_p', 'suction_level_m', 'suction_loss_m'],
  },
  {
    kind: 'station',
    base: {
      q: '30',
      h: '50',
      h_static: '20',
      medium: 'propylene_glycol',
      concentration: '40',
      temperature_c: '5',
      suction_p: '2',
      suction_p_unit: 'bar',
    },
    fields: ['concentration', 'temperature_c', 'suction_p', 'suction_level_m', 'suction_loss_m'],
  },
  { kind: 'control', base: { p2_kw: '7.5' }, fields: ['p2_kw', 'voltage_v', 'duty', 'standby'] },
  {
    kind: 'to1',
    base: TO1,
    fields: [
      'q',
      'hot_t_in',
      'hot_t_out',
      'cold_t_in',
      'cold_t_out',
      'hot_flow',
      'cold_flow',
      'hot_p',
      'cold_p',
      'hot_dp_max',
      'cold_dp_max',
      'margin',
      'limit',
    ],
  },
  {
    kind: 'to1',
    base: { hot_t_in: '70', hot_t_out: '30', hot_flow: '10.73', cold_t_in: '5', cold_flow: '7.82' },
    fields: ['hot_flow', 'cold_flow', 'hot_t_out'],
  },
  {
    kind: 'to2',
    base: TO2,
    fields: [
      'heating_q',
      'dhw_q',
      'network_supply',
      'network_return',
      'building_supply',
      'building_return',
      't_inside',
      't_outdoor',
      'dhw_t_cold',
      'dhw_t_hot',
      'break_supply',
      'approach',
      'hot_dp_max',
      'cold_dp_max',
      'margin',
    ],
  },
  {
    kind: 'to3',
    base: TO3,
    fields: [
      'steam_p',
      'water_t_in',
      'water_t_out',
      'water_flow',
      'q',
      'condensate_out',
      'condensing_alpha',
      'water_dp_max',
      'margin',
    ],
  },
  {
    kind: 'to3',
    base: { ...TO3, steam_state: 'superheated', steam_t: '200' },
    fields: ['steam_t'],
  },
  { kind: 'to3', base: { ...TO3, steam_state: 'wet', steam_x: '0.9' }, fields: ['steam_x'] },
  { kind: 'to3', base: { ...TO3, steam_state: 'enthalpy', steam_h: '2700' }, fields: ['steam_h'] },
  {
    kind: 'btp',
    base: BTP_BASE,
    fields: [
      'heating_q',
      'dhw_q',
      'vent_q',
      'network_supply',
      'network_return',
      'heating_supply',
      'heating_return',
      'vent_supply',
      'vent_return',
      'dhw_t_cold',
      'dhw_t_hot',
      'dhw_circulation',
      't_inside',
      't_outdoor',
      'p_supply',
      'p_return',
      'building_height',
      'p_allowed',
      'heating_dp',
      'vent_dp',
      'heating_volume',
      'vent_volume',
      'hx_dp_max',
      'margin',
    ],
  },
  {
    kind: 'flow-meter',
    base: { q_heat: '500', t_supply: '95', t_return: '70' },
    fields: [
      'q_heat',
      'q_dhw',
      't_supply',
      't_return',
      'p',
      'min_share',
      'margin',
      'v_min',
      'v_max',
      'dp_available',
      'limit',
      'dn_supply',
    ],
  },
  {
    kind: 'flow-meter',
    base: { scheme: 'closed_independent', q_heat: '500', t_supply: '95', t_return: '70' },
    fields: ['make_up'],
  },
  {
    kind: 'flow-meter',
    base: { scheme: 'open', q_heat: '500', q_dhw: '200', t_supply: '95', t_return: '70' },
    fields: ['t_dhw', 't_cold'],
  },
  {
    kind: 'flow-meter',
    base: { mode: 'flows', t_supply: '95', t_return: '70', g_supply: '10', g_return: '10' },
    fields: ['g_supply', 'gmin_supply', 'g_return', 'gmin_return'],
  },
];
/**
 * The pump engine names two figures by what it computes from them, and the page maps them back onto
 * its fields (select.page.server.ts fieldIdFor): the price in kopecks, the load profile of the four hours fields.
 */
const ALIASES: Record<string, string> = {
  electricity_price: 'electricity_kop_kwh',
  hours_100: 'load_profile',
  hours_75: 'load_profile',
  hours_50: 'load_profile',
  hours_25: 'load_profile',
};
const HOSTILE = ['1e308', '-1e308', '1e307', 'NaN', 'Infinity', '1e999', '', '9'.repeat(400)];

describe('hostile values in every numeric field of every select API', () => {
  for (const { kind, base, fields } of SWEEP) {
    it(`${kind} (${fields.length} fields × ${HOSTILE.length} values): 400 naming the field or a finite result, never 500`, async () => {
      // The base itself is a valid duty (else a 400 below could be about something else).
      const ok = await select(kind, base);
      expect(ok.status, `${kind} base: ${JSON.stringify(ok.data?.errors)}`).toBe(200);
      const failures: string[] = [];
      for (const field of fields) {
        for (const value of HOSTILE) {
          const r = await select(kind, { ...base, [field]: value });
          const label = `${kind} ${field}=${value.length > 20 ? `${value.slice(0, 8)}…(${value.length})` : JSON.stringify(value)}`;
          if (r.status === 400) {
            const named =
              r.data?.errors?.[field] ??
              (kind === 'pump' || kind === 'station'
                ? r.data?.errors?.[ALIASES[field] ?? field]
                : undefined);
            // Leaving a flow empty can leave the duty short of a figure: then the figure missing is named.
            const short =
              value === '' &&
              Object.values(r.data?.errors ?? {}).some((m) =>
                /not enough data|required/.test(String(m)),
              );
            if (typeof named !== 'string' && !short)
              failures.push(
                `${label}: 400 naming ${JSON.stringify(Object.keys(r.data?.errors ?? {}))}`,
              );
            else if (typeof named === 'string' && /^(calc|hx|btp)\w*\./.test(named))
              failures.push(`${label}: untranslated ${named}`);
          } else if (r.status === 200) {
            const bad = sane(r.data);
            if (bad) failures.push(`${label}: 200 with ${bad}`);
          } else failures.push(`${label}: ${r.status} ${JSON.stringify(r.data).slice(0, 200)}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
