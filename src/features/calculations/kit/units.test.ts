// The one unit table: the factors the forms and engines used before it (bit for bit), symbols in the
// user's language, and conversions that refuse what they cannot convert.
import { describe, expect, it } from 'vitest';
import { dictionaries } from '#lib/i18n/index.ts';
import { lookup } from '#lib/i18n/translate.ts';
import {
  absoluteMpa,
  ATM_MPA,
  DP_KPA,
  enteredPressure,
  flowToM3h,
  fromAbsoluteMpa,
  G,
  headFromM,
  headToM,
  LOAD_KW,
  PRESSURE_BAR,
  PRESSURE_MPA,
  unitKey,
  unitOf,
  unitSlug,
  unitText,
  withUnit,
} from './units.ts';

const ru = (k: string) => lookup(dictionaries.ru, k) ?? k;
const ja = (k: string) => lookup(dictionaries.ja, k) ?? k;

describe('conversions', () => {
  it('keeps the factors every form used, bit for bit', () => {
    expect(LOAD_KW).toEqual({ kW: 1, MW: 1000, 'Gcal/h': 1163 });
    expect(PRESSURE_MPA).toEqual({ bar: 0.1, 'kgf/cm2': 0.0980665, MPa: 1 });
    expect(PRESSURE_BAR).toEqual({ bar: 1, 'kgf/cm2': 0.980665, MPa: 10 });
    expect(DP_KPA).toEqual({ kPa: 1, 'm w.c.': 9.80665, bar: 100 });
    expect(G).toBe(9.80665);
  });

  it('says gauge and absolute apart: 3 bar gauge is 0.401325 MPa absolute and back', () => {
    expect(absoluteMpa(3, 'bar', 'gauge')).toBeCloseTo(0.3 + ATM_MPA, 12);
    expect(absoluteMpa(3, 'bar', 'absolute')).toBeCloseTo(0.3, 12);
    expect(fromAbsoluteMpa(absoluteMpa(3, 'kgf/cm2', 'gauge'), 'kgf/cm2', 'gauge')).toBeCloseTo(
      3,
      12,
    );
  });

  it('refuses an unknown unit and a hostile value instead of guessing', () => {
    expect(flowToM3h(1, 'gal/min')).toEqual({ ok: false, error: 'unit' });
    expect(flowToM3h(Number.NaN, 'm3/h')).toEqual({ ok: false, error: 'value' });
    expect(headToM(Number.POSITIVE_INFINITY, 'bar')).toEqual({ ok: false, error: 'value' });
    expect(headToM(1, 'bar', -1)).toEqual({ ok: false, error: 'value' });
    expect(headToM(1e308, 'm')).toEqual({ ok: true, value: 1e308 });
    const h = headFromM(10, 'kPa', 1000);
    expect(h.ok && h.value).toBeCloseTo(98.0665, 10);
  });
});

describe('symbols', () => {
  it('prints every unit once, in Russian, and a dimensionless value bare', () => {
    expect(unitOf('m3/h', ru)).toBe('м³/ч');
    expect(unitOf('kWh', ru)).toBe('кВт·ч');
    expect(unitOf('t/h', ru)).toBe('т/ч');
    expect(unitOf('m w.c.', ru)).toBe('м вод. ст.');
    expect(unitOf('1', ru)).toBe('');
    expect(unitKey('')).toBeNull();
    expect(unitOf('furlong', ru)).toBe('furlong');
    expect(withUnit('3', 'bar', ru)).toBe('3 бар');
  });

  it('counts plates and kopecks as the plate pages always did', () => {
    expect(unitText('pcs', ja)).toBe(lookup(dictionaries.ja, 'hx.unit.pcs'));
    expect(unitText('pcs', ja)).not.toBe(unitOf('pcs', ja));
    expect(unitText('kopecks', ru)).toBe('коп.');
    expect(unitText('°C', ru)).toBe('°C');
  });

  it('names the option keys of the forms and the pressure as typed', () => {
    expect(['Gcal/h', 'm w.c.', 'kgf/cm2', 'm3/h'].map(unitSlug)).toEqual([
      'Gcal_h',
      'm_w_c',
      'kgf_cm2',
      'm3_h',
    ]);
    expect(enteredPressure({ steam_p: '3', p_unit: 'bar', p_kind: 'gauge' }, ru, 'ru-RU')).toBe(
      `3 бар ${ru('hx.page.gaugeShort')}`,
    );
    expect(enteredPressure({ steam_p: 'abc' }, ru, 'ru-RU')).toBeNull();
    expect(enteredPressure({ steam_p: '3', p_unit: 'psi' }, ru, 'ru-RU')).toBeNull();
  });
});
