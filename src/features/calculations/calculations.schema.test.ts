// The pump, station and control cabinet forms' readers in process: text typed into the form or sent
// as JSON becomes the engine's input; what the engine cannot see (a missing figure, a broken load
// profile, a suction level without the tank pressure, a cabinet outside its range) is named by field.
import { describe, expect, it } from 'vitest';
import {
  controlInputOf,
  MAX_FIELD,
  pumpInputOf,
  rawInput,
  stationInputOf,
} from './calculations.schema.ts';

const keys = (issues: Array<{ field: string; key: string }>) =>
  Object.fromEntries(issues.map((i) => [i.field, i.key]));

describe('pumpInputOf', () => {
  it('reads a duty with its units, the energy inputs and the load profile hours', () => {
    const { input, issues } = pumpInputOf(
      rawInput({
        q: '25',
        q_unit: 'l/s',
        h: ' 32 ',
        h_unit: 'kPa',
        h_static: '10',
        temperature_c: '60',
        speed_control: 'on',
        npsh_available_m: '4',
        electricity_price: '7.5',
        years: '10',
        discount_rate: '8',
        sort: 'lcc',
        limit: '3',
        hours_100: '1000',
        hours_50: '3000',
        ignored: 'x',
        count: 2,
      }),
    );
    expect(issues).toEqual([]);
    expect(input).toMatchObject({
      q: 25,
      q_unit: 'l/s',
      h: 32,
      h_unit: 'kPa',
      h_static: 10,
      temperature_c: 60,
      speed_control: true,
      npsh_available_m: 4,
      electricity_kop_kwh: 750,
      years: 10,
      discount_rate: 8,
      sort: 'lcc',
      limit: 3,
    });
    expect(input.load_profile).toEqual([
      { flow_ratio: 1, hours: 1000 },
      { flow_ratio: 0.75, hours: 0 },
      { flow_ratio: 0.5, hours: 3000 },
      { flow_ratio: 0.25, hours: 0 },
    ]);
    expect(input.medium).toBeUndefined();
    expect(input.suction).toBeUndefined();
  });

  it('defaults units and reads a JSON load profile', () => {
    const { input, issues } = pumpInputOf(
      rawInput({
        q: '10',
        h: '20',
        speed_control: 'no',
        load_profile: '[{"flow_ratio":1,"hours":2000},{"flow_ratio":"0.5","hours":"x"}]',
      }),
    );
    expect(issues).toEqual([]);
    expect(input.q_unit).toBe('m3/h');
    expect(input.h_unit).toBe('m');
    expect(input.speed_control).toBe(false);
    expect(input.npsh_available_m).toBeNull();
    expect(input.load_profile?.[0]).toEqual({ flow_ratio: 1, hours: 2000 });
    expect(input.load_profile?.[1]?.flow_ratio).toBe(0.5);
    expect(input.load_profile?.[1]?.hours).toBeNaN();
  });

  it('names missing figures, a broken profile and water below freezing', () => {
    const { input, issues } = pumpInputOf(
      rawInput({ temperature_c: '-5', load_profile: '{"not":"an array"' }),
    );
    expect(keys(issues)).toEqual({
      q: 'required',
      h: 'required',
      temperature_c: 'below_freezing',
      load_profile: 'range',
    });
    expect(input.q).toBeNaN();
    expect(pumpInputOf(rawInput({ q: '1', h: '1', load_profile: '[1,2]' })).issues).toEqual([
      { field: 'load_profile', key: 'range' },
    ]);
  });

  it('reads a glycol solution with its concentration, below 0 °C allowed', () => {
    const { input, issues } = pumpInputOf(
      rawInput({
        q: '10',
        h: '20',
        temperature_c: '-10',
        medium: 'propylene_glycol',
        concentration: '40',
      }),
    );
    expect(issues).toEqual([]);
    expect(input.medium).toMatchObject({ kind: 'propylene_glycol' });
  });

  it('reads suction conditions from the tank pressure, and asks for it when a level comes alone', () => {
    const ok = pumpInputOf(
      rawInput({ q: '1', h: '1', suction_p: '101', suction_level_m: '-2', suction_loss_m: '0.5' }),
    );
    expect(ok.input.suction).toEqual({ p: 101, p_unit: 'kPa', level_m: -2, loss_m: 0.5 });
    expect(keys(pumpInputOf(rawInput({ q: '1', h: '1', suction_level_m: '2' })).issues)).toEqual({
      suction_p: 'required',
    });
  });

  it('refuses a field longer than it takes before anything else said of it', () => {
    const { issues } = pumpInputOf(rawInput({ q: '1'.repeat(MAX_FIELD + 1), h: '1' }));
    expect(issues[0]).toMatchObject({ field: 'q', key: 'too_long' });
  });
});

describe('stationInputOf', () => {
  it('adds the pump count, standby and type of use to the pump input', () => {
    const { input, issues } = stationInputOf(
      rawInput({ q: '50', h: '40', count: '3', standby: '1', type_use: '2' }),
    );
    expect(issues).toEqual([]);
    expect(input).toMatchObject({ q: 50, h: 40, count: 3, standby: 1, type_use: 2 });
    const bare = stationInputOf(rawInput({ q: '50', h: '40' })).input;
    expect(bare.count).toBeUndefined();
    expect(bare.standby).toBeUndefined();
  });
});

describe('controlInputOf', () => {
  it('reads pumps from a JSON list or a comma list, with the defaults', () => {
    const json = controlInputOf(rawInput({ pumps: '["A-1"," B-2 "]' }));
    expect(json.issues).toEqual([]);
    expect(json.input).toMatchObject({
      skus: ['A-1', 'B-2'],
      p2_kw: undefined,
      voltage_v: 400,
      duty: 1,
      standby: 0,
      method: 'direct',
      control_mode: 'pressure',
    });
    expect(controlInputOf(rawInput({ pumps: 'A-1, B-2' })).input.skus).toEqual(['A-1', 'B-2']);
  });

  it('reads one motor by its power with the options chosen', () => {
    const { input, issues } = controlInputOf(
      rawInput({
        p2_kw: '15',
        voltage_v: '690',
        duty: '2',
        standby: '1',
        method: 'vfd',
        control_mode: 'level',
        ats: 'on',
        dry_run: 'true',
      }),
    );
    expect(issues).toEqual([]);
    expect(input).toMatchObject({
      p2_kw: 15,
      voltage_v: 690,
      duty: 2,
      standby: 1,
      method: 'vfd',
      control_mode: 'level',
      ats: true,
      dry_run: true,
    });
  });

  it('names each figure outside its range', () => {
    expect(keys(controlInputOf(rawInput({})).issues)).toEqual({ p2_kw: 'required' });
    expect(
      keys(
        controlInputOf(
          rawInput({
            p2_kw: '2000',
            voltage_v: '500',
            duty: '7',
            standby: '1.5',
            method: 'steam',
            control_mode: 'magic',
          }),
        ).issues,
      ),
    ).toMatchObject({
      p2_kw: 'range',
      voltage_v: 'range',
      duty: 'range',
      standby: 'range',
      method: 'unit',
      control_mode: 'unit',
    });
    expect(
      keys(controlInputOf(rawInput({ p2_kw: 'abc', voltage_v: 'x', duty: 'y' })).issues),
    ).toMatchObject({ p2_kw: 'number', voltage_v: 'number', duty: 'number' });
    for (const pumps of ['[1,2]', '["a","b","c","d","e","f","g"]', '[" "]', '[broken'])
      expect(keys(controlInputOf(rawInput({ pumps })).issues)).toEqual({ pumps: 'range' });
  });
});
