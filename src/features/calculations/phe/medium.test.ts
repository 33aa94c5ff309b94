// Glycol sides in the PHE engine: the same duty with 30 % ethylene glycol needs more area than with
// water (lower cp, λ; higher μ), the explanation names the medium and its properties, and the
// coldest end of a side must stay liquid (water above 0 °C, glycol above its freezing point + margin).
import { describe, expect, it } from 'vitest';
import { glycolProperties } from '#features/calculations/fluids/glycol.ts';
import { DEMO_PLATES } from './catalogue.demo.ts';
import { resolveDuty, type DutyInput } from './duty.ts';
import { PheInputError } from './explain.ts';
import type { Medium } from './fluid.ts';
import { ratePack } from './rating.ts';
import { selectPlates, type SelectInput } from './select.ts';

const EG30: Medium = { kind: 'ethylene_glycol', concentration: 30 };
const base: SelectInput = {
  duty: { q: 500, hot: { t_in: 70, t_out: 30 }, cold: { t_in: 5, t_out: 60 } },
  dpMax: { hot: 50, cold: 50 },
  marginMin: 10,
};
const withCold = (medium: Medium): SelectInput => ({
  ...base,
  duty: { ...base.duty, cold: { ...base.duty.cold, medium } },
});

const refuse = (run: () => unknown, field: string, code: string) => {
  try {
    run();
    expect.unreachable();
  } catch (e) {
    expect(e).toBeInstanceOf(PheInputError);
    expect([(e as PheInputError).field, (e as PheInputError).code]).toEqual([field, code]);
  }
};

describe('glycol media in the PHE engine', () => {
  it('30 % ethylene glycol needs more area than water for the same duty, model by model', () => {
    const water = selectPlates({ ...base, limit: 10 }, DEMO_PLATES),
      glycol = selectPlates({ ...withCold(EG30), limit: 10 }, DEMO_PLATES);
    expect(glycol.candidates[0]!.area.value).toBeGreaterThan(water.candidates[0]!.area.value);
    // Same model and passes: the glycol pack transfers less per m² (lower U), so it needs at least as many plates.
    let compared = 0;
    for (const g of glycol.candidates) {
      const w = water.candidates.find(
        (c) =>
          c.model.id === g.model.id &&
          c.passes.hot.value === g.passes.hot.value &&
          c.passes.cold.value === g.passes.cold.value,
      );
      if (!w) continue;
      compared++;
      expect(g.plates.value).toBeGreaterThanOrEqual(w.plates.value);
    }
    expect(compared).toBeGreaterThan(0);
    const u = (s: typeof water) => Math.max(...s.candidates.map((c) => c.u_clean.value));
    expect(u(glycol)).toBeLessThan(u(water));
    // Lower cp: a larger mass flow carries the same 500 kW over the same 55 K.
    const cp = glycolProperties('ethylene_glycol', 30, 32.5).cp;
    expect(glycol.duty.cold.m.value).toBeCloseTo((500 * 1000) / (cp * 55), 6);
    expect(glycol.duty.cold.medium).toEqual({
      kind: 'ethylene_glycol',
      concentration: { value: 30, unit: '%' },
    });
    expect(water.duty.cold.medium).toBeUndefined();
  });

  it('the explanation names the medium, its properties at the mean temperature and the source', () => {
    const e = selectPlates(withCold(EG30), DEMO_PLATES).candidates[0]!.explanation;
    const cold = e.properties.find((p) => p.stream === 'cold')!;
    const g = glycolProperties('ethylene_glycol', 30, 32.5);
    expect(cold.medium).toBe('ethylene_glycol');
    expect(cold.concentration).toEqual({ value: 30, unit: '%' });
    expect(cold.rho.value).toBeCloseTo(g.rho, 9);
    expect(cold.cp).toEqual({ value: g.cp / 1000, unit: 'kJ/(kg K)' });
    expect(cold.mu.value).toBeCloseTo(g.mu, 12);
    expect(cold.lambda.value).toBeCloseTo(g.lambda, 12);
    expect(e.properties.find((p) => p.stream === 'hot')!.medium).toBeUndefined();
    expect(e.source.some((s) => s.startsWith('Melinder'))).toBe(true);
    expect(
      selectPlates(base, DEMO_PLATES).candidates[0]!.explanation.source.some((s) =>
        s.startsWith('Melinder'),
      ),
    ).toBe(false);
  });

  it('a glycol side may run below 0 °C down to its freezing point plus the margin, not below', () => {
    const chiller: DutyInput = {
      q: 100,
      hot: { t_in: 12, t_out: 7 },
      cold: { t_in: -5, t_out: 0, medium: EG30 },
    };
    const d = resolveDuty(chiller);
    expect(d.cold.fluid.medium).toEqual(EG30);
    expect(d.cold.fluid.cp).toBeCloseTo(glycolProperties('ethylene_glycol', 30, -2.5).cp, 9);
    // 30 % EG freezes at −14.6 °C: −12.5 °C is the lowest accepted.
    refuse(
      () => resolveDuty({ ...chiller, cold: { t_in: -13, t_out: 0, medium: EG30 } }),
      'cold.t_in',
      'below_freezing',
    );
    refuse(
      () => resolveDuty({ ...chiller, cold: { t_in: -5, t_out: 0 } }),
      'cold.t_in',
      'below_freezing_water',
    );
    refuse(
      () =>
        resolveDuty({
          q: 100,
          hot: { t_in: 12, t_out: -14, medium: EG30 },
          cold: { t_in: -16, t_out: 0, medium: { kind: 'propylene_glycol', concentration: 50 } },
        }),
      'hot.t_out',
      'below_freezing',
    );
  });

  it('a concentration out of 20-50 % is refused naming the side’s concentration, hostile numbers too', () => {
    for (const c of [10, 60, -1, 1e308, Number.NaN]) {
      refuse(
        () =>
          resolveDuty({
            q: 100,
            hot: { t_in: 70, t_out: 40 },
            cold: { t_in: 5, t_out: 30, medium: { kind: 'propylene_glycol', concentration: c } },
          }),
        'cold.concentration',
        'range',
      );
    }
    refuse(
      () =>
        resolveDuty({
          q: 100,
          hot: { t_in: 70, t_out: 40, medium: { kind: 'ethylene_glycol', concentration: 55 } },
          cold: { t_in: 5, t_out: 30 },
        }),
      'hot.concentration',
      'range',
    );
  });

  it('above 100 °C a glycol side is refused (no extrapolation of the fits)', () => {
    refuse(
      () =>
        resolveDuty({
          q: 100,
          hot: { t_in: 120, t_out: 60, medium: EG30 },
          cold: { t_in: 5, t_out: 30 },
        }),
      'hot.t_in',
      'glycol_range',
    );
  });

  it('a glycol side is checked at its inlet AND outlet, not only at the mean (review 21 #4)', () => {
    // Mean 90 °C lies inside the fits; the inlet 120 °C does not.
    refuse(
      () =>
        resolveDuty({
          q: 100,
          hot: { t_in: 120, t_out: 60, medium: EG30 },
          cold: { t_in: 5, t_out: 30 },
        }),
      'hot.t_in',
      'glycol_range',
    );
    refuse(
      () =>
        resolveDuty({
          q: 100,
          hot: { t_in: 150, t_out: 50, medium: EG30 },
          cold: { t_in: 5, t_out: 30 },
        }),
      'hot.t_in',
      'glycol_range',
    );
    // A heated glycol side leaving above 100 °C: the outlet named (mean 80 °C).
    refuse(
      () =>
        resolveDuty({
          q: 100,
          hot: { t_in: 150, t_out: 130 },
          cold: { t_in: 55, t_out: 105, medium: EG30 },
        }),
      'cold.t_out',
      'glycol_range',
    );
    // A derived outlet is checked too: 1 kg/s of EG 30 % taking 300 kW from 60 °C leaves near 140 °C.
    refuse(
      () =>
        resolveDuty({
          q: 300,
          hot: { t_in: 150, t_out: 130 },
          cold: { t_in: 60, m: 1, medium: EG30 },
        }),
      'cold.t_out',
      'glycol_range',
    );
    expect(
      resolveDuty({
        q: 100,
        hot: { t_in: 100, t_out: 60, medium: EG30 },
        cold: { t_in: 5, t_out: 30 },
      }).hot.t_in,
    ).toBe(100);
  });

  it("the wall viscosity outside a medium's range is taken at that range's end and said, never an input error (review 21 #3)", () => {
    // Hot water 150→120 °C heating PG 40 % 85→95 °C: the wall (~112 °C) is above the glycol fits.
    const pg40: Medium = { kind: 'propylene_glycol', concentration: 40 };
    const hot = selectPlates(
      {
        duty: {
          q: 200,
          hot: { t_in: 150, t_out: 120 },
          cold: { t_in: 85, t_out: 95, medium: pg40 },
        },
        dpMax: { hot: 100, cold: 100 },
        marginMin: 0,
        limit: 3,
      },
      DEMO_PLATES,
    );
    expect(hot.candidates.length).toBeGreaterThan(0);
    const w1 = hot.candidates[0]!.explanation.warnings.find(
      (w) => w.code === 'wall_viscosity_clamped_cold',
    );
    expect(w1?.params).toMatchObject({ t_used: 100 });
    expect(Number(w1!.params!.t_wall)).toBeGreaterThan(100);
    // Water 5→2 °C chilled by EG 40 % −20→−15 °C: the wall (~−7 °C) is below water's 0 °C.
    const eg40: Medium = { kind: 'ethylene_glycol', concentration: 40 };
    const cold = selectPlates(
      {
        duty: { q: 50, hot: { t_in: 5, t_out: 2 }, cold: { t_in: -20, t_out: -15, medium: eg40 } },
        dpMax: { hot: 100, cold: 100 },
        marginMin: 0,
        limit: 3,
      },
      DEMO_PLATES,
    );
    expect(cold.candidates.length).toBeGreaterThan(0);
    const w2 = cold.candidates[0]!.explanation.warnings.find(
      (w) => w.code === 'wall_viscosity_clamped_hot',
    );
    expect(w2?.params).toMatchObject({ t_used: 0 });
    expect(Number(w2!.params!.t_wall)).toBeLessThan(0);
    // A rated pack with the same duty conditions answers too.
    const model = DEMO_PLATES.find((m) => m.id === 'pl08h')!;
    const r = ratePack(model, {
      plates: 41,
      passes: { hot: 1, cold: 1 },
      hot: { t_in: 150, m: 0.5 },
      cold: { t_in: 85, m: 5, medium: pg40 },
    });
    expect(r.explanation.warnings.map((w) => w.code)).toContain('wall_viscosity_clamped_cold');
  });

  it('rating a pack with a glycol side transfers less than with water', () => {
    const model = DEMO_PLATES.find((m) => m.id === 'pl08h')!;
    const input = {
      plates: 41,
      passes: { hot: 1, cold: 1 },
      hot: { t_in: 70, m: 3 },
      cold: { t_in: 5, m: 2.5 },
    };
    const water = ratePack(model, input),
      glycol = ratePack(model, { ...input, cold: { ...input.cold, medium: EG30 } });
    expect(glycol.pack.u_clean.value).toBeLessThan(water.pack.u_clean.value);
    expect(glycol.duty.q.value).toBeLessThan(water.duty.q.value);
    expect(glycol.duty.cold.medium?.kind).toBe('ethylene_glycol');
  });
});
