// The heat exchanger forms' readers in process: what a person types, in the unit they chose, becomes
// the engine's input in SI, and each figure outside its physical range is refused naming its field
// with the range (never passed on to the engine as NaN or a 300-digit figure).
import { describe, expect, it } from 'vitest';
import {
  formField,
  modeOf,
  rawInput,
  RANGES,
  to1InputOf,
  to1RateInputOf,
  to2InputOf,
  to3InputOf,
} from './hx.schema.ts';

const keys = (issues: Array<{ field: string; key: string }>) =>
  Object.fromEntries(issues.map((i) => [i.field, i.key]));

describe('to1', () => {
  const base = { hot_t_in: '95', hot_t_out: '70', cold_t_in: '60', cold_t_out: '80' };

  it('reads a load in MW, flows in t/h and defaults the rest', () => {
    const { input, issues } = to1InputOf(
      rawInput({ ...base, q: '1.5', q_unit: 'MW', hot_flow: '36', flow_unit: 't/h' }),
    );
    expect(issues).toEqual([]);
    expect(input.duty.q).toBe(1500);
    expect(input.duty.hot).toEqual({ t_in: 95, t_out: 70, m: 10, p: 0.6 });
    expect(input.duty.cold).toEqual({ t_in: 60, t_out: 80, p: 0.6 });
    expect(input.dpMax).toEqual({ hot: 50, cold: 50 });
    expect(input.marginMin).toBe(10);
    expect(input.fouling).toEqual({ hot: 0, cold: 0 });
    expect(input.limit).toBe(5);
  });

  it('turns m3/h into mass with the density at the inlet, kg/s as it is', () => {
    const m3h = to1InputOf(rawInput({ ...base, hot_flow: '36', flow_unit: 'm3/h' }));
    // Water at 95 °C is about 961.9 kg/m³: 36 m³/h is 9.62 kg/s.
    expect(m3h.input.duty.hot.m).toBeCloseTo(9.619, 2);
    const kgs = to1InputOf(rawInput({ ...base, cold_flow: '12.5', flow_unit: 'kg/s' }));
    expect(kgs.input.duty.cold.m).toBe(12.5);
  });

  it('clamps the number of offers and keeps margin and fouling in range', () => {
    expect(to1InputOf(rawInput({ ...base, limit: '40' })).input.limit).toBe(10);
    expect(to1InputOf(rawInput({ ...base, limit: '0' })).input.limit).toBe(1);
    const ok = to1InputOf(
      rawInput({ ...base, margin: '25', hot_fouling: '0.0002', cold_fouling: '0.0001' }),
    );
    expect(ok.input.marginMin).toBe(25);
    expect(ok.input.fouling).toEqual({ hot: 0.0002, cold: 0.0001 });
  });

  it('refuses each field outside its range, naming it', () => {
    const { issues } = to1InputOf(
      rawInput({
        hot_t_in: '-5',
        cold_t_in: '300',
        q: '1e9',
        hot_flow: '20000',
        margin: '150',
        hot_fouling: '0.01',
        hot_dp_max: '5000',
      }),
    );
    expect(keys(issues)).toMatchObject({
      hot_t_in: 'below_freezing_water',
      cold_t_in: 'range',
      hot_t_out: 'required',
      hot_flow: expect.any(String),
      margin: 'range',
      hot_fouling: 'range',
      hot_dp_max: expect.any(String),
      q: expect.any(String),
    });
    expect(issues.find((i) => i.field === 'cold_t_in')?.params).toMatchObject({
      min: expect.anything(),
      max: expect.anything(),
    });
  });

  it('asks for the inlet temperatures and a number where text was typed', () => {
    const { issues } = to1InputOf(rawInput({ hot_t_out: '70', cold_t_in: 'abc' }));
    expect(keys(issues)).toMatchObject({ hot_t_in: 'required', cold_t_in: 'number' });
  });

  it('reads the mode, select unless rate is asked for', () => {
    expect(modeOf(rawInput({ mode: 'rate' }))).toBe('rate');
    expect(modeOf(rawInput({ mode: 'x' }))).toBe('select');
    expect(modeOf(rawInput({}))).toBe('select');
  });
});

describe('to1 rating', () => {
  const models = ['P-10', 'P-20'];
  const base = {
    mode: 'rate',
    model: 'P-10',
    plates: '31',
    hot_t_in: '95',
    cold_t_in: '60',
    hot_flow: '36',
    cold_flow: '18',
    flow_unit: 't/h',
  };

  it('reads a pack, both inlets and flows, and names typed outlets as ignored', () => {
    const r = to1RateInputOf(
      rawInput({ ...base, hot_passes: '2', q: '500', hot_t_out: '70', cold_t_out: ' ' }),
      models,
    );
    expect(r.issues).toEqual([]);
    expect(r.model).toBe('P-10');
    expect(r.input).toMatchObject({
      plates: 31,
      passes: { hot: 2, cold: 1 },
      hot: { t_in: 95, m: 10, p: 0.6 },
      cold: { t_in: 60, m: 5, p: 0.6 },
      q_required: 500,
    });
    expect(r.dpMax).toEqual({ hot: 50, cold: 50 });
    expect(r.ignored).toEqual(['hot_t_out']);
  });

  it('asks for a model of the catalogue, the plates and both flows', () => {
    expect(keys(to1RateInputOf(rawInput({ mode: 'rate' }), models).issues)).toMatchObject({
      model: 'required',
      plates: 'required',
      hot_flow: 'required',
      cold_flow: 'required',
    });
    expect(keys(to1RateInputOf(rawInput({ ...base, model: 'Z-99' }), models).issues)).toMatchObject(
      { model: 'unit' },
    );
  });
});

describe('to2', () => {
  const base = {
    heating_q: '500',
    dhw_q: '200',
    network_supply: '130',
    network_return: '70',
    building_supply: '95',
    building_return: '70',
    t_outdoor: '-25',
  };

  it('reads both loads and the charts, with the usual defaults', () => {
    const { input, limits, issues } = to2InputOf(rawInput(base));
    expect(issues).toEqual([]);
    expect(input.heating).toMatchObject({
      q_max: 500,
      network: { supply: 130, return: 70 },
      building: { supply: 95, return: 70 },
      t_inside: 20,
      t_outdoor_design: -25,
    });
    expect(input.dhw).toEqual({ q_max: 200, t_cold: 5, t_hot: 60 });
    expect(input.break_supply).toBeUndefined();
    expect(limits).toEqual({
      dpMax: { hot: 50, cold: 50 },
      marginMin: 10,
      fouling: { hot: 0, cold: 0 },
    });
  });

  it('takes a break point and an approach when given', () => {
    const { input, issues } = to2InputOf(
      rawInput({ ...base, break_supply: '70', approach: '5', t_inside: '18' }),
    );
    expect(issues).toEqual([]);
    expect(input).toMatchObject({ break_supply: 70, approach: 5 });
    expect(input.heating.t_inside).toBe(18);
  });

  it('refuses the outdoor, indoor and approach figures outside their ranges', () => {
    const { issues } = to2InputOf(
      rawInput({ ...base, t_outdoor: '-80', t_inside: '60', approach: '500', dhw_q: '0' }),
    );
    expect(keys(issues)).toMatchObject({
      t_outdoor: 'range',
      t_inside: 'range',
      approach: 'range',
      dhw_q: expect.any(String),
    });
    expect(RANGES.outdoor_c.min).toBe(-60);
  });
});

describe('to3', () => {
  const base = { steam_p: '6', water_t_in: '70', water_t_out: '95', q: '800' };

  it('reads saturated steam in gauge bar as MPa', () => {
    const { input, issues } = to3InputOf(rawInput(base));
    expect(issues).toEqual([]);
    expect(input.steam).toEqual({
      p: expect.closeTo(0.6, 12),
      gauge: true,
      state: { kind: 'saturated' },
    });
    expect(input.water).toEqual({ t_in: 70, t_out: 95 });
    expect(input.q).toBe(800);
    expect(input.dpMax).toBe(50);
  });

  it('reads superheated, wet and enthalpy states, absolute MPa', () => {
    const sup = to3InputOf(
      rawInput({
        ...base,
        steam_p: '1',
        p_unit: 'MPa',
        p_kind: 'absolute',
        steam_state: 'superheated',
        steam_t: '250',
      }),
    );
    expect(sup.issues).toEqual([]);
    expect(sup.input.steam).toEqual({
      p: 1,
      gauge: false,
      state: { kind: 'superheated', t: 250 },
    });
    expect(
      to3InputOf(rawInput({ ...base, steam_state: 'wet', steam_x: '0.9' })).input.steam.state,
    ).toEqual({ kind: 'wet', x: 0.9 });
    expect(
      to3InputOf(rawInput({ ...base, steam_state: 'enthalpy', steam_h: '2700' })).input.steam.state,
    ).toEqual({ kind: 'enthalpy', h: 2700 });
  });

  it('takes a water flow instead of a load, a condensate outlet and a condensing coefficient', () => {
    const { input, issues } = to3InputOf(
      rawInput({
        steam_p: '6',
        water_t_in: '70',
        water_t_out: '95',
        water_flow: '36',
        flow_unit: 't/h',
        condensate_out: '80',
        condensing_alpha: '8000',
      }),
    );
    expect(issues).toEqual([]);
    expect(input.water.m).toBe(10);
    expect(input).toMatchObject({ condensate_out: 80, condensing_alpha: 8000 });
    expect(input.q).toBeUndefined();
  });

  it('asks for a load or a flow, and refuses a steam temperature or coefficient out of range', () => {
    expect(
      keys(to3InputOf(rawInput({ steam_p: '6', water_t_in: '70', water_t_out: '95' })).issues),
    ).toEqual({ q: 'required' });
    expect(
      keys(
        to3InputOf(
          rawInput({ ...base, steam_state: 'superheated', steam_t: '900', condensing_alpha: '-1' }),
        ).issues,
      ),
    ).toMatchObject({ steam_t: 'range', condensing_alpha: 'positive' });
  });
});

it('maps engine fields to form fields', () => {
  expect(formField('hot.m', 'to1')).toBe('hot_flow');
  expect(formField('dp_max', 'to3')).toBe('water_dp_max');
  expect(formField('steam.fouling', 'to3')).toBe('hot_fouling');
  expect(formField('heating.network.return', 'to2')).toBe('heating_network_return');
});
