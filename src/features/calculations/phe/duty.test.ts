// The heat balance: any three temperatures with the load or the flows, the fourth computed; crossing
// temperatures, impossible approaches, unbalanced or missing data refused with the field named.
import { describe, expect, it } from 'vitest';
import { resolveDuty, type DutyInput } from './duty.ts';
import { PheInputError } from './explain.ts';

const refuse = (input: DutyInput, field: string, code: string) => {
  try {
    resolveDuty(input);
    expect.unreachable();
  } catch (e) {
    expect(e).toBeInstanceOf(PheInputError);
    expect([(e as PheInputError).field, (e as PheInputError).code]).toEqual([field, code]);
  }
};

describe('resolveDuty', () => {
  it('load and four temperatures give both flows (cp at each mean temperature)', () => {
    const d = resolveDuty({ q: 500, hot: { t_in: 70, t_out: 30 }, cold: { t_in: 5, t_out: 60 } });
    expect((d.hot.m * d.hot.fluid.cp * 40) / 1000).toBeCloseTo(500, 9);
    expect((d.cold.m * d.cold.fluid.cp * 55) / 1000).toBeCloseTo(500, 9);
    expect(d.hot.fluid.t).toBe(50);
  });
  it('load, three temperatures and the flow of the open side give the fourth temperature', () => {
    const d = resolveDuty({ q: 500, hot: { t_in: 70, t_out: 30 }, cold: { t_in: 5, m: 2.1757 } });
    expect(d.cold.t_out).toBeCloseTo(60, 1);
    expect((d.cold.m * d.cold.fluid.cp * (d.cold.t_out - 5)) / 1000).toBeCloseTo(500, 6);
  });
  it('flows and three temperatures give the load and the fourth temperature', () => {
    const d = resolveDuty({
      hot: { t_in: 70, t_out: 30, m: 2.9916 },
      cold: { t_in: 5, m: 2.1757 },
    });
    expect(d.q).toBeCloseTo(500, 0);
    expect(d.cold.t_out).toBeCloseTo(60, 1);
    const h = resolveDuty({
      hot: { t_in: 70, m: 2.9916 },
      cold: { t_in: 5, t_out: 60, m: 2.1757 },
    });
    expect(h.hot.t_out).toBeCloseTo(30, 1);
  });
  it('refuses crossing temperatures and impossible approaches', () => {
    refuse(
      { q: 500, hot: { t_in: 40, t_out: 30 }, cold: { t_in: 50, t_out: 60 } },
      'hot.t_in',
      'not_hotter',
    );
    refuse(
      { q: 500, hot: { t_in: 70, t_out: 4 }, cold: { t_in: 5, t_out: 60 } },
      'hot.t_out',
      'temperature_cross',
    );
    refuse(
      { q: 500, hot: { t_in: 70, t_out: 30 }, cold: { t_in: 5, t_out: 75 } },
      'cold.t_out',
      'temperature_cross',
    );
    refuse(
      { q: 500, hot: { t_in: 70, t_out: 80 }, cold: { t_in: 5, t_out: 60 } },
      'hot.t_out',
      'hot_must_cool',
    );
    refuse(
      { q: 500, hot: { t_in: 70, t_out: 30 }, cold: { t_in: 5, t_out: 5 } },
      'cold.t_out',
      'cold_must_heat',
    );
    // Flows so small on the cold side that its outlet would pass the hot inlet.
    refuse(
      { q: 500, hot: { t_in: 70, t_out: 30 }, cold: { t_in: 5, m: 0.5 } },
      'cold.t_out',
      'temperature_cross',
    );
  });
  it('refuses unbalanced, missing and non-finite data', () => {
    refuse(
      { hot: { t_in: 70, t_out: 30, m: 3 }, cold: { t_in: 5, t_out: 60, m: 3 } },
      'cold.m',
      'unbalanced',
    );
    refuse({ hot: { t_in: 70, t_out: 30 }, cold: { t_in: 5, t_out: 60 } }, 'q', 'underdetermined');
    refuse(
      { q: 500, hot: { t_in: 70 }, cold: { t_in: 5, t_out: 60 } },
      'hot.t_out',
      'underdetermined',
    );
    refuse(
      { q: Number.NaN, hot: { t_in: 70, t_out: 30 }, cold: { t_in: 5, t_out: 60 } },
      'q',
      'positive',
    );
    refuse(
      { q: 500, hot: { t_in: Number.POSITIVE_INFINITY, t_out: 30 }, cold: { t_in: 5, t_out: 60 } },
      'hot.t_in',
      'number',
    );
    refuse(
      { q: 500, hot: { t_in: 70, t_out: 30, m: -1 }, cold: { t_in: 5, t_out: 60 } },
      'hot.m',
      'positive',
    );
  });
  it('refuses a load that a complete side contradicts, naming the load and every side that disagrees', () => {
    // 5 t/h cooled 70 → 30 °C carry 232 kW and 50 t/h warmed 5 → 60 °C carry 3 193 kW, not the 500 kW given.
    const both = {
      q: 500,
      hot: { t_in: 70, t_out: 30, m: 5 / 3.6 },
      cold: { t_in: 5, t_out: 60, m: 50 / 3.6 },
    };
    refuse(both, 'q', 'load_unbalanced_hot');
    try {
      resolveDuty(both);
    } catch (e) {
      const err = e as PheInputError;
      expect(err.params).toEqual({ q: 500, q_side: 232.13, tolerance: 2 });
      expect(err.related.map((r) => r.field)).toEqual(['hot.m', 'cold.m']);
      expect(err.related[1]!.params.q_side).toBeCloseTo(3193, -1);
    }
    refuse(
      { q: 500, hot: { t_in: 70, t_out: 30 }, cold: { t_in: 5, t_out: 60, m: 10 / 3.6 } },
      'q',
      'load_unbalanced_cold',
    );
    // One temperature open: the heated side is complete, and 3 % off.
    refuse(
      { q: 500, hot: { t_in: 70, m: 3 }, cold: { t_in: 5, t_out: 60, m: 2.1757 * 1.03 } },
      'q',
      'load_unbalanced_cold',
    );
    // Within 2 %: the load is used.
    expect(
      resolveDuty({
        q: 500,
        hot: { t_in: 70, t_out: 30, m: 2.9916 * 1.015 },
        cold: { t_in: 5, t_out: 60 },
      }).q,
    ).toBe(500);
  });
  it('a hot side that is steam at its pressure is not a liquid duty', () => {
    refuse(
      { q: 500, hot: { t_in: 180, t_out: 120, p: 0.3 }, cold: { t_in: 5, t_out: 60 } },
      'hot.t_in',
      'not_liquid',
    );
  });
});
