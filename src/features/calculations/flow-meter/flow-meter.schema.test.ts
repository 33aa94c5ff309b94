// The form's units as a refusal names them: the engine's limits (MPa abs., kPa, kW, t/h) turned back
// into the unit and pressure kind the user chose, rounded inwards so the limits shown are true.
import { describe, expect, it } from 'vitest';
import { P_RANGE_MPA } from './engine.ts';
import { flowInputOf, rawInput, shownFigure } from './flow-meter.schema.ts';

const limits = (values: Record<string, string>, field: string, min: number, max: number) => {
  const u = flowInputOf(rawInput({ t_supply: '95', t_return: '70', ...values }), null).units[
    field
  ]!;
  return {
    unit: u.unit,
    kind: u.kind,
    min: shownFigure(u.of(min), 'up'),
    max: shownFigure(u.of(max), 'down'),
  };
};

describe('shownFigure', () => {
  it('rounds a lower limit up and an upper one down to 4 digits, float noise aside', () => {
    expect(shownFigure(0.0010393712, 'up')).toBe(0.00104);
    expect(shownFigure(10393.71, 'down')).toBe(10390);
    expect(shownFigure(10393.71, 'up')).toBe(10400);
    expect(shownFigure(25.000000000000004, 'down')).toBe(25);
    expect(shownFigure(24.999999999999996, 'up')).toBe(25);
    expect(shownFigure(-0.01325, 'up')).toBe(-0.01325);
    expect(shownFigure(-0.013254, 'up')).toBe(-0.01325);
    expect(Object.is(shownFigure(-0), 0)).toBe(true);
    expect(shownFigure(10.00004)).toBe(10);
  });
});

describe('flowInputOf units', () => {
  it('names the pressure range in the unit and kind chosen', () => {
    expect(limits({ p: '40' }, 'p', P_RANGE_MPA.min, P_RANGE_MPA.max)).toEqual({
      unit: 'bar',
      kind: 'gauge',
      min: 0,
      max: 25,
    });
    expect(limits({ p: '40', p_unit: 'MPa' }, 'p', P_RANGE_MPA.min, P_RANGE_MPA.max)).toEqual({
      unit: 'MPa',
      kind: 'gauge',
      min: 0,
      max: 2.5,
    });
    expect(
      limits(
        { p: '40', p_unit: 'kgf/cm2', p_kind: 'absolute' },
        'p',
        P_RANGE_MPA.min,
        P_RANGE_MPA.max,
      ),
    ).toEqual({ unit: 'kgf/cm2', kind: 'absolute', min: 1.034, max: 26.52 });
  });

  it('names loads, pressure drops and flows in theirs', () => {
    expect(limits({ q_unit: 'Gcal/h' }, 'q_heat', 0, 200_000)).toMatchObject({
      unit: 'Gcal/h',
      min: 0,
      max: 171.9,
    });
    expect(limits({ dp_unit: 'bar' }, 'dp_available', 0.1, 1000)).toMatchObject({
      unit: 'bar',
      min: 0.001,
      max: 10,
    });
    expect(limits({ dp_unit: 'm w.c.' }, 'dp_available', 0.1, 1000)).toMatchObject({
      unit: 'm w.c.',
      min: 0.0102,
      max: 101.9,
    });
    // m3/h back from t/h with the density at the pipe's temperature (95 °C supply, 70 °C return).
    expect(limits({ mode: 'flows', flow_unit: 'm3/h' }, 'g_supply', 0.001, 10_000)).toMatchObject({
      unit: 'm3/h',
      min: 0.00104,
      max: 10390,
    });
    expect(
      limits({ mode: 'flows', flow_unit: 'm3/h' }, 'gmin_return', 0.001, 10_000),
    ).toMatchObject({ unit: 'm3/h', min: 0.001023, max: 10220 });
    expect(limits({ mode: 'flows' }, 'g_supply', 0.001, 10_000)).toMatchObject({
      unit: 't/h',
      min: 0.001,
      max: 10000,
    });
  });

  it('turns a flow typed in m3/h into t/h and back to the same figure', () => {
    const { input, units } = flowInputOf(
      rawInput({
        t_supply: '95',
        t_return: '70',
        mode: 'flows',
        flow_unit: 'm3/h',
        g_supply: '10',
        g_return: '10',
      }),
      null,
    );
    expect(input.flows!.supply!.design).toBeCloseTo(9.6217, 4);
    expect(shownFigure(units.g_supply!.of(input.flows!.supply!.design))).toBe(10);
  });
});
