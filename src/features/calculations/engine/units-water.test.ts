import { describe, expect, it } from 'vitest';
import { flowFromM3h, flowToM3h, headFromM, headToM, temperatureToC } from '../kit/units.ts';
import { vapourHeadIf97M, vapourHeadM, waterDensity, waterVapourPressure } from './water.ts';
import { saturationAtT, waterProperties } from '#features/properties/water.ts';

describe('units', () => {
  it('converts flow units explicitly (l/s ×3.6; t/h by density)', () => {
    expect(flowToM3h(10, 'l/s')).toEqual({ ok: true, value: 36 });
    expect(flowToM3h(36, 'm3/h')).toEqual({ ok: true, value: 36 });
    const th = flowToM3h(9.7803, 't/h', 978.03);
    expect(th.ok && th.value).toBeCloseTo(10, 10);
    const back = flowFromM3h(36, 'l/s');
    expect(back.ok && back.value).toBeCloseTo(10, 12);
    const mass = flowFromM3h(10, 't/h', 983.43);
    expect(mass.ok && mass.value).toBeCloseTo(9.8343, 10);
  });

  it('converts pressure to head by H = Δp/(ρg), 1 kgf/cm² = 98.0665 kPa', () => {
    const kgf = headToM(1, 'kgf/cm2', 1000);
    expect(kgf.ok && kgf.value).toBeCloseTo(10, 10); // exactly 10 m of water at 1000 kg/m³
    const bar = headToM(1, 'bar', 1000);
    expect(bar.ok && bar.value).toBeCloseTo(10.19716, 5);
    const kpa = headToM(98.0665, 'kPa', 1000);
    expect(kpa.ok && kpa.value).toBeCloseTo(10, 10);
    const mpa = headToM(0.1, 'MPa', 958.59);
    expect(mpa.ok && mpa.value).toBeCloseTo(1e5 / (958.59 * 9.80665), 10);
    const round = headFromM(10, 'bar', 1000);
    expect(round.ok && round.value).toBeCloseTo(0.980665, 10);
  });

  it('refuses unknown units and non-finite values', () => {
    expect(flowToM3h(1, 'gpm')).toEqual({ ok: false, error: 'unit' });
    expect(flowToM3h(1, 'M3/H')).toEqual({ ok: false, error: 'unit' });
    expect(headToM(1, 'psi')).toEqual({ ok: false, error: 'unit' });
    expect(temperatureToC(300, 'K')).toEqual({ ok: false, error: 'unit' });
    expect(flowToM3h(Number.NaN, 'm3/h')).toEqual({ ok: false, error: 'value' });
    expect(headToM(Infinity, 'bar')).toEqual({ ok: false, error: 'value' });
    expect(flowToM3h(1, 't/h', 0)).toEqual({ ok: false, error: 'value' });
    expect(headToM(1, 'bar', -5)).toEqual({ ok: false, error: 'value' });
  });
});

describe('water', () => {
  // IF97 liquid table of calculations.md §2.0 is at 0.6 MPa; the engine takes IF97 at 1 atm (saturated
  // liquid above 100 °C). The compression of 0.5 MPa adds ~0.25 kg/m³ at 150 °C, so the tolerance is
  // 0.3 kg/m³ (0.03 %). (Kell 1975, used before, met the same table within the same tolerance.)
  const table: Array<[number, number]> = [
    [5, 1000.21],
    [10, 999.94],
    [20, 998.43],
    [30, 995.87],
    [40, 992.44],
    [50, 988.26],
    [60, 983.43],
    [70, 978.0],
    [80, 972.03],
    [90, 965.55],
    [100, 958.59],
    [120, 943.31],
    [130, 935.0],
    [150, 917.08],
  ];
  it.each(table)('density at %s °C matches IF97 within 0.3 kg/m³', (t, rho) => {
    expect(Math.abs(waterDensity(t) - rho)).toBeLessThan(0.3);
  });

  // IF97 region 4 saturation pressures (IAPWS-IF97 verification: p_s(300 K) = 3.53658941e-3 MPa).
  it('vapour pressure reproduces IF97 saturation values within 0.05 %', () => {
    expect(waterVapourPressure(300 - 273.15) / 3536.58941 - 1).toBeLessThan(5e-4);
    expect(Math.abs(waterVapourPressure(100) / 101418 - 1)).toBeLessThan(5e-4); // 0.101418 MPa at 100 °C
    expect(Math.abs(waterVapourPressure(20) / 2339.2 - 1)).toBeLessThan(5e-4);
    expect(Math.abs(waterVapourPressure(150) / 476160 - 1)).toBeLessThan(5e-4);
  });

  it('is the IF97 module: ρ at 1 atm below 100 °C, saturated liquid ρ′ above, p_v of region 4', () => {
    expect(waterDensity(20)).toBeCloseTo(waterProperties(20, 0.101325).rho, 9);
    expect(waterDensity(120)).toBeCloseTo(saturationAtT(120).rho_liquid, 9);
    expect(waterVapourPressure(120)).toBeCloseTo(saturationAtT(120).p_sat_mpa * 1e6, 6);
    expect(vapourHeadM(120)).toBeCloseTo(vapourHeadIf97M(120), 9);
    expect(vapourHeadM(120)).toBeCloseTo(21.5, 1);
  });

  it('vapour head is p_v/(ρg) and clamps outside 0–150 °C instead of extrapolating', () => {
    expect(vapourHeadM(100)).toBeCloseTo(101418 / (958.35 * 9.80665), 1);
    expect(waterDensity(400)).toBe(waterDensity(150));
    expect(waterDensity(Number.NaN)).toBe(waterDensity(20));
    expect(Number.isFinite(waterVapourPressure(-50))).toBe(true);
  });
});
