// Rating mode: the §3.3 pack run with the example's inlet temperatures and flows gives back the
// design outlets (ε-NTU); more plates heat more; bad plate counts and pass splits are refused.
import { describe, expect, it } from 'vitest';
import { DEMO_PLATES } from './catalogue.demo.ts';
import { PheInputError } from './explain.ts';
import { EXAMPLE_PLATE } from './fixtures.test-helpers.ts';
import { ratePack } from './rating.ts';
import { selectPlates } from './select.ts';

describe('rating mode', () => {
  const flows = { hot: { t_in: 70, m: 2.9916 }, cold: { t_in: 5, m: 2.1757 } };
  it('33 example plates transfer about 500 kW: outlets near 30 and 60 °C', () => {
    const r = ratePack(EXAMPLE_PLATE, {
      plates: 33,
      passes: { hot: 1, cold: 1 },
      ...flows,
      wallCorrection: false,
    });
    expect(r.duty.q.value).toBeGreaterThan(500);
    expect(r.duty.q.value).toBeLessThan(505);
    expect(r.duty.hot.t_out.value).toBeCloseTo(30, 0);
    expect(r.duty.cold.t_out.value).toBeCloseTo(60, 0);
    // Hot-side effectiveness P₁; the example's ε = 0.848 is the cold side (the smaller capacity rate).
    expect(r.effectiveness.value).toBeCloseTo(40 / 65, 2);
    expect((r.duty.cold.t_out.value - 5) / 65).toBeCloseTo(0.848, 2);
    expect(r.explanation.steps.map((s) => s.key)).toEqual(
      expect.arrayContaining(['effectiveness', 'hot.t_out', 'cold.t_out', 'u_design']),
    );
  });
  it('a required load below 0.1 kW (or hostile) is refused naming it, in rating and in the duty (review 21 #10)', () => {
    for (const q of [1e-300, 0.09, 0, -1, Number.NaN, -1e308]) {
      expect(
        () =>
          ratePack(EXAMPLE_PLATE, {
            plates: 33,
            passes: { hot: 1, cold: 1 },
            ...flows,
            q_required: q,
          }),
        String(q),
      ).toThrow(PheInputError);
      try {
        selectPlates(
          {
            duty: { q, hot: { t_in: 70, t_out: 30 }, cold: { t_in: 5, t_out: 60 } },
            dpMax: { hot: 50, cold: 50 },
            marginMin: 10,
          },
          DEMO_PLATES,
        );
        expect.unreachable(String(q));
      } catch (e) {
        expect((e as PheInputError).field).toBe('q');
      }
    }
    try {
      ratePack(EXAMPLE_PLATE, {
        plates: 33,
        passes: { hot: 1, cold: 1 },
        ...flows,
        q_required: 1e-300,
      });
    } catch (e) {
      expect([
        (e as PheInputError).field,
        (e as PheInputError).code,
        (e as PheInputError).params,
      ]).toEqual(['q_required', 'at_least', { min: 0.1, unit_key: 'kW' }]);
    }
    expect(
      ratePack(EXAMPLE_PLATE, {
        plates: 33,
        passes: { hot: 1, cold: 1 },
        ...flows,
        q_required: 0.1,
      }).duty_margin!.value,
    ).toBeGreaterThan(1e5);
  });
  it('agrees with a selection: the selected pack rated with the same inlets meets the duty', () => {
    const duty = { q: 500, hot: { t_in: 70, t_out: 30 }, cold: { t_in: 5, t_out: 60 } };
    const s = selectPlates({ duty, dpMax: { hot: 50, cold: 50 }, marginMin: 10 }, DEMO_PLATES);
    const c = s.candidates[0]!;
    const model = DEMO_PLATES.find((m) => m.id === c.model.id)!;
    const r = ratePack(model, {
      plates: c.plates.value,
      passes: { hot: c.passes.hot.value, cold: c.passes.cold.value },
      hot: { t_in: 70, m: s.duty.hot.m.value },
      cold: { t_in: 5, m: s.duty.cold.m.value },
    });
    expect(r.duty.q.value).toBeGreaterThanOrEqual(500);
    expect(r.duty.cold.t_out.value).toBeGreaterThanOrEqual(60);
  });
  it('more plates heat more', () => {
    const a = ratePack(EXAMPLE_PLATE, { plates: 21, passes: { hot: 1, cold: 1 }, ...flows });
    const b = ratePack(EXAMPLE_PLATE, { plates: 41, passes: { hot: 1, cold: 1 }, ...flows });
    expect(b.duty.q.value).toBeGreaterThan(a.duty.q.value);
    expect(b.duty.cold.t_out.value).toBeLessThan(70);
  });
  it('refuses a plate count outside the frame, passes that do not split the channels, and a cold "hot" side', () => {
    const bad = (f: () => unknown, field: string, code: string) => {
      try {
        f();
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(PheInputError);
        expect([(e as PheInputError).field, (e as PheInputError).code]).toEqual([field, code]);
      }
    };
    bad(
      () => ratePack(EXAMPLE_PLATE, { plates: 500, passes: { hot: 1, cold: 1 }, ...flows }),
      'plates',
      'frame_range',
    );
    bad(
      () => ratePack(EXAMPLE_PLATE, { plates: 33, passes: { hot: 3, cold: 1 }, ...flows }),
      'hot.passes',
      'passes_split',
    );
    bad(
      () =>
        ratePack(EXAMPLE_PLATE, {
          plates: 33,
          passes: { hot: 1, cold: 1 },
          hot: { t_in: 5, m: 1 },
          cold: { t_in: 70, m: 1 },
        }),
      'hot.t_in',
      'not_hotter',
    );
    // EPDM stops at 150 °C.
    bad(
      () =>
        ratePack(EXAMPLE_PLATE, {
          plates: 33,
          passes: { hot: 1, cold: 1 },
          hot: { t_in: 160, m: 1, p: 1 },
          cold: { t_in: 70, m: 1 },
        }),
      'hot.t_in',
      'gasket_limit',
    );
  });
});
