// Condensation design: zone split and driving forces, condensate flow, the selection per model, and
// steam that is not steam refused with the field named.
import { describe, expect, it } from 'vitest';
import { saturationAtP, waterProperties } from '#features/properties/water.ts';
import { DEMO_PLATES } from './catalogue.demo.ts';
import { designCondensation, type CondensationInput } from './condensation.ts';
import { PheInputError } from './explain.ts';

const base: CondensationInput = {
  steam: { p: 0.3, state: { kind: 'saturated' } },
  condensate_out: 80,
  water: { t_in: 70, t_out: 95 },
  q: 1000,
  marginMin: 10,
  dpMax: 50,
};

describe('condensation exchanger', () => {
  it('saturated steam at 0.3 MPa: condensing and subcooling zones, each with its own LMTD, and the condensate flow', () => {
    const r = designCondensation(base, DEMO_PLATES);
    const sat = saturationAtP(0.3);
    expect(r.steam.t_sat.value).toBeCloseTo(133.53, 2);
    expect(r.zones.map((z) => z.name)).toEqual(['subcooling', 'condensing']);
    const hc = waterProperties(80, 0.3).h;
    const D = 1000 / (sat.h_vapour - hc);
    expect(r.steam_flow.value).toBeCloseTo(D, 9);
    expect(r.condensate_flow).toEqual({ value: D * 3.6, unit: 't/h' });
    const [sc, c] = r.zones;
    expect(sc!.q.value).toBeCloseTo(D * (sat.h_liquid - hc), 6);
    expect(c!.q.value).toBeCloseTo(D * sat.r, 6);
    expect(sc!.q.value + c!.q.value).toBeCloseTo(1000, 6);
    // Water temperatures chain through the zones: 70 → t_a → 95.
    expect(sc!.water.t_out.value).toBeCloseTo(c!.water.t_in.value, 9);
    expect(c!.water.t_out.value).toBeCloseTo(95, 6);
    // Condensing zone: constant steam temperature, LMTD from the two water ends.
    const ta = c!.water.t_in.value;
    const expected = (133.53 - ta - (133.53 - 95)) / Math.log((133.53 - ta) / (133.53 - 95));
    expect(c!.lmtd.value).toBeCloseTo(expected, 1);
    expect(r.candidates.length).toBeGreaterThan(0);
    for (const k of r.candidates) {
      expect(k.margin.value).toBeGreaterThanOrEqual(10);
      expect(k.water_dp.value).toBeLessThanOrEqual(50);
      const sum = k.zones.reduce((s, z) => s + z.area.value, 0);
      expect(k.area_required.value).toBeCloseTo(sum, 9);
      expect(k.zones.find((z) => z.name === 'condensing')!.alpha_steam.value).toBe(5000);
    }
  });
  it('superheated steam (gauge pressure) adds a desuperheating zone at the water outlet end', () => {
    const r = designCondensation(
      { ...base, steam: { p: 0.5, gauge: true, state: { kind: 'superheated', t: 200 } } },
      DEMO_PLATES,
    );
    expect(r.steam.p_abs.value).toBeCloseTo(0.601325, 9);
    expect(r.zones.map((z) => z.name)).toEqual(['subcooling', 'condensing', 'desuperheating']);
    const ds = r.zones[2]!;
    expect(ds.steam.t_in.value).toBe(200);
    expect(ds.steam.t_out.value).toBeCloseTo(r.steam.t_sat.value, 9);
    expect(ds.water.t_out.value).toBeCloseTo(95, 6);
  });
  it('wet steam and steam given by enthalpy (IF97 backward equation decides the state)', () => {
    const wet = designCondensation(
      { ...base, steam: { p: 0.3, state: { kind: 'wet', x: 0.9 } } },
      DEMO_PLATES,
    );
    expect(wet.steam.dryness.value).toBe(0.9);
    expect(wet.explanation.warnings.map((w) => w.code)).toContain('wet_steam');
    const h = saturationAtP(0.3).h_liquid + 0.9 * saturationAtP(0.3).r;
    const byH = designCondensation(
      { ...base, steam: { p: 0.3, state: { kind: 'enthalpy', h } } },
      DEMO_PLATES,
    );
    expect(byH.steam.dryness.value).toBeCloseTo(0.9, 9);
    expect(byH.steam_flow.value).toBeCloseTo(wet.steam_flow.value, 9);
    const sup = designCondensation(
      { ...base, steam: { p: 0.3, state: { kind: 'enthalpy', h: waterProperties(180, 0.3).h } } },
      DEMO_PLATES,
    );
    expect(sup.steam.t_in.value).toBeCloseTo(180, 6);
    expect(sup.zones.map((z) => z.name)).toContain('desuperheating');
  });
  it('no subcooling when the condensate leaves saturated', () => {
    const r = designCondensation({ ...base, condensate_out: undefined }, DEMO_PLATES);
    expect(r.zones.map((z) => z.name)).toEqual(['condensing']);
  });
  it('steam that is not steam, and impossible temperatures, are refused with the field named', () => {
    const bad = (patch: Partial<CondensationInput>, field: string, code: string) => {
      try {
        designCondensation({ ...base, ...patch }, DEMO_PLATES);
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(PheInputError);
        expect([(e as PheInputError).field, (e as PheInputError).code]).toEqual([field, code]);
      }
    };
    bad(
      { steam: { p: 0.3, state: { kind: 'superheated', t: 120 } } },
      'steam.t',
      'not_superheated',
    );
    bad({ steam: { p: 0.3, state: { kind: 'enthalpy', h: 400 } } }, 'steam.h', 'not_steam');
    bad({ steam: { p: 0.3, state: { kind: 'wet', x: 1.5 } } }, 'steam.x', 'quality_range');
    bad({ steam: { p: 30, state: { kind: 'saturated' } } }, 'steam.p', 'property_range');
    bad({ steam: { p: Number.NaN, state: { kind: 'saturated' } } }, 'steam.p', 'number');
    bad({ condensate_out: 140 }, 'condensate_out', 'above_saturation');
    bad({ condensate_out: 60 }, 'condensate_out', 'temperature_cross');
    bad({ water: { t_in: 70, t_out: 140 } }, 'water.t_out', 'temperature_cross');
    // Water leaving above saturation: the small desuperheating duty cannot lift it past t_s.
    bad(
      {
        steam: { p: 0.3, state: { kind: 'superheated', t: 200 } },
        water: { t_in: 70, t_out: 150 },
      },
      'water.t_out',
      'impossible_approach',
    );
  });
});
