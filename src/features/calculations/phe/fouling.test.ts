// A fouling factor enters the design coefficient as 1/U_d = 1/U + R_f1 + R_f2 (U the clean
// 1/U = 1/α₁ + δ/λ_w + 1/α₂), so the area a duty needs grows by exactly U_d⁻¹/U⁻¹ = 1 + U·(R_f1 + R_f2):
// on one pack (same channels, same α) and on the selection, whose first pack covers the fouled area.
import { describe, expect, it } from 'vitest';
import { DEMO_PLATES } from './catalogue.demo.ts';
import { dutyContext, evaluatePack, ntuFor } from './evaluate.ts';
import { resolveDuty } from './duty.ts';
import { EXAMPLE_PLATE } from './fixtures.test-helpers.ts';
import { designCondensation } from './condensation.ts';
import { designDhw, selectDhwHeaters } from './dhw.ts';
import { ratePack } from './rating.ts';
import { selectPlates } from './select.ts';

const DUTY = { q: 500, hot: { t_in: 70, t_out: 30 }, cold: { t_in: 5, t_out: 60 } };

describe('fouling factor', () => {
  it('raises the required area of one pack by 1 + U·ΣR_f, and prints R_f and U_d as steps', () => {
    const ctx = dutyContext(resolveDuty(DUTY), true);
    const ntu = ntuFor(ctx, 1, 1)!;
    const clean = evaluatePack(EXAMPLE_PLATE, ctx, 33, 1, 1, ntu, {
      fouling: { hot: 0, cold: 0 },
      wallCorrection: true,
    })!;
    const fouled = evaluatePack(EXAMPLE_PLATE, ctx, 33, 1, 1, ntu, {
      fouling: { hot: 1e-4, cold: 5e-5 },
      wallCorrection: true,
    })!;
    expect(fouled.uClean).toBe(clean.uClean);
    expect(1 / fouled.uDesign).toBeCloseTo(1 / clean.uClean + 1.5e-4, 12);
    const required = (p: typeof clean) => p.area / (1 + p.margin);
    const ratio = required(fouled) / required(clean);
    expect(ratio).toBeCloseTo(1 + clean.uClean * 1.5e-4, 10);
    // Not a rounding artefact: with U about 4 200 W/(m² K) the area grows by more than half.
    expect(clean.uClean).toBeGreaterThan(4000);
    expect(ratio).toBeGreaterThan(1.6);
  });
  it('selection: the first fouled pack is larger and its area covers NTU·C₁/U_d', () => {
    const base = { duty: DUTY, dpMax: { hot: 50, cold: 50 }, marginMin: 10 };
    const clean = selectPlates(base, DEMO_PLATES).candidates[0]!;
    const fouled = selectPlates({ ...base, fouling: { hot: 5e-5, cold: 5e-5 } }, DEMO_PLATES)
      .candidates[0]!;
    expect(fouled.area.value).toBeGreaterThan(clean.area.value);
    expect(fouled.u_design.value).toBeCloseTo(1 / (1 / fouled.u_clean.value + 1e-4), 6);
    const steps = Object.fromEntries(fouled.explanation.steps.map((s) => [s.key, s]));
    expect(steps['fouling.hot']).toMatchObject({ value: 5e-5, unit: 'm2 K/W' });
    expect(steps['fouling.cold']).toMatchObject({ value: 5e-5, unit: 'm2 K/W' });
    expect(steps['u_design']!.formula).toBe('u_design');
    expect(fouled.explanation.formulas.find((f) => f.id === 'u_design')!.text).toBe(
      '1/U_d = 1/U + R_f1 + R_f2',
    );
    expect(fouled.margin.value).toBeGreaterThanOrEqual(10);
  });
  it('rating: a fouled pack carries less, and a required duty gives the duty margin Q/Q_req − 1', () => {
    const flows = { hot: { t_in: 70, m: 2.9916 }, cold: { t_in: 5, m: 2.1757 } };
    const clean = ratePack(EXAMPLE_PLATE, {
      plates: 33,
      passes: { hot: 1, cold: 1 },
      ...flows,
      q_required: 400,
    });
    const fouled = ratePack(EXAMPLE_PLATE, {
      plates: 33,
      passes: { hot: 1, cold: 1 },
      ...flows,
      fouling: { hot: 1e-4, cold: 1e-4 },
      q_required: 400,
    });
    expect(fouled.duty.q.value).toBeLessThan(clean.duty.q.value);
    expect(clean.duty_margin!.value).toBeCloseTo((clean.duty.q.value / 400 - 1) * 100, 10);
    expect(fouled.explanation.steps.find((s) => s.key === 'duty_margin')).toMatchObject({
      unit: '%',
      formula: 'duty_margin',
    });
    expect(
      ratePack(EXAMPLE_PLATE, { plates: 33, passes: { hot: 1, cold: 1 }, ...flows }).duty_margin,
    ).toBeUndefined();
    for (const bad of [-1e-5, 0.0011, Number.NaN, 1e308]) {
      expect(() =>
        ratePack(EXAMPLE_PLATE, {
          plates: 33,
          passes: { hot: 1, cold: 1 },
          ...flows,
          fouling: { hot: 0, cold: bad },
        }),
      ).toThrow(/cold\.fouling: range/);
    }
    expect(() =>
      ratePack(EXAMPLE_PLATE, {
        plates: 33,
        passes: { hot: 1, cold: 1 },
        ...flows,
        q_required: -5,
      }),
    ).toThrow(/q_required: positive/);
  });
  it('condensation: every zone has 1/U_zone = 1/U_clean + R_f,steam + R_f,water, said as inputs and a formula', () => {
    const base = {
      steam: { p: 0.3, gauge: true, state: { kind: 'saturated' as const } },
      water: { t_in: 70, t_out: 95 },
      q: 500,
      marginMin: 10,
      dpMax: 50,
    };
    const clean = designCondensation(base, DEMO_PLATES);
    const fouled = designCondensation(
      { ...base, fouling: { steam: 5e-5, water: 1e-4 } },
      DEMO_PLATES,
    );
    const a = clean.candidates[0]!,
      b = fouled.candidates[0]!;
    const model = DEMO_PLATES.find((m) => m.id === b.model.id)!;
    const wall = model.geometry.thickness / model.wallConductivity;
    for (const z of b.zones)
      expect(1 / z.u.value).toBeCloseTo(
        1 / z.alpha_steam.value + wall + 1 / z.alpha_water.value + 1.5e-4,
        10,
      );
    for (const z of a.zones)
      expect(1 / z.u.value).toBeCloseTo(
        1 / z.alpha_steam.value + wall + 1 / z.alpha_water.value,
        10,
      );
    expect(b.area_required.value).toBeGreaterThan(a.area_required.value);
    expect(fouled.explanation.inputs).toEqual(
      expect.arrayContaining([
        { key: 'fouling.steam', value: 5e-5, unit: 'm2 K/W' },
        { key: 'fouling.water', value: 1e-4, unit: 'm2 K/W' },
      ]),
    );
    expect(fouled.explanation.formulas.map((f) => f.id)).toContain('u_zone');
    expect(() =>
      designCondensation({ ...base, fouling: { steam: 0.002, water: 0 } }, DEMO_PLATES),
    ).toThrow(/steam\.fouling: range/);
  });
  it('two-stage DHW: both stages are selected with the fouling given', () => {
    const design = designDhw({
      heating: {
        q_max: 1000,
        network: { supply: 150, return: 70 },
        building: { supply: 95, return: 70 },
        t_inside: 20,
        t_outdoor_design: -28,
      },
      dhw: { q_max: 400, t_cold: 5, t_hot: 60 },
    });
    const limits = { dpMax: { hot: 50, cold: 50 }, marginMin: 10 };
    const fouled = selectDhwHeaters(
      design,
      { ...limits, fouling: { hot: 1e-4, cold: 0 } },
      DEMO_PLATES,
    );
    for (const s of fouled) {
      const c = s.candidates[0]!;
      expect(1 / c.u_design.value).toBeCloseTo(1 / c.u_clean.value + 1e-4, 9);
    }
  });
});
