// The composition over the real engines and the demo catalogues: the worked example, a dependent
// scheme, a single-stage DHW against the SP 41-101-95 advice, engine refusals named on form fields.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allFinite } from '#features/calculations/engine/explain.ts';
import { preparePump, type PreparedPump } from '#features/calculations/engine/index.ts';
import { DEMO_PLATES } from '#features/calculations/phe/index.ts';
import { demoPumps } from '#features/catalogue-demo/pumps.demo.ts';
import { btpInputOf, btpRaw } from './btp.schema.ts';
import { BtpInputError, composeBtp } from './compose.ts';
import { specification } from './spec.ts';

const pumps: PreparedPump[] = demoPumps().flatMap((i) => {
  const r = preparePump({ ...i, lead_days: i.lead_days ?? 10, demo: true } as Parameters<
    typeof preparePump
  >[0]);
  return r.ok ? [r.pump] : [];
});
const compose = (over: Record<string, string> = {}) => {
  const { input, issues } = btpInputOf(btpRaw(over));
  expect(issues).toEqual([]);
  return composeBtp(input, pumps, DEMO_PLATES);
};
const t = (key: string, p?: Record<string, unknown>) => `${key}${p ? JSON.stringify(p) : ''}`;

describe('substation composition', () => {
  it('the worked example: every circuit equipped, flows add up at the inlet, nothing non-finite', () => {
    const r = compose();
    expect(r.circuits.map((c) => c.id)).toEqual(['inlet', 'heating', 'dhw']);
    const [inlet, heating, dhw] = r.circuits;
    // 1000 kW over 150/70 °C: G = 1000/(4.23·80) ≈ 2.96 kg/s ≈ 10.9 m³/h (the PHE engine's own flow).
    expect(heating!.primary_m3h).toBeGreaterThan(10.5);
    expect(heating!.primary_m3h).toBeLessThan(11.5);
    expect(inlet!.primary_m3h).toBeCloseTo(heating!.primary_m3h + dhw!.primary_m3h, 6);
    expect(heating!.exchangers[0]!.chosen).not.toBeNull();
    expect(dhw!.exchangers.map((e) => e.stage)).toEqual([1, 2]);
    expect(heating!.pumps.every((p) => p.chosen !== null)).toBe(true);
    expect(heating!.valve!.authority).toBeGreaterThanOrEqual(0.5);
    expect(heating!.vessel!.nominal_l).toBeGreaterThanOrEqual(heating!.vessel!.required_l);
    expect(heating!.pressures!.safety_set_bar).toBe(4);
    expect(allFinite(r)).toBe(true);
    const spec = specification(r, t);
    expect(spec.sections.map((s) => s.rows[0]!.pos)).toEqual(['1.1', '2.1', '3.1']);
    expect(spec.total_kop).toBeGreaterThan(0);
  });

  it('a dependent heating circuit has a mixing pump and no exchanger or vessel; low return pressure is warned', () => {
    const r = compose({
      heating_scheme: 'dependent',
      heating_supply: '95',
      heating_return: '70',
      dhw_scheme: 'none',
      p_return: '1.5',
      building_height: '30',
    });
    const heating = r.circuits[1]!;
    expect(heating.exchangers).toEqual([]);
    expect(heating.vessel).toBeNull();
    expect(heating.pumps.map((p) => p.role)).toEqual(['mixing']);
    expect(heating.warnings).toContain('dependent_static');
    // Flows with IF97 cp: network 1000 kW over 150/70 °C, cp(110 °C) = 4.2293, ρ(70 °C) = 978.00:
    // 10.880 m³/h; building 95/70 °C, cp(82.5 °C) = 4.1966: 35.085 m³/h (4.19 gave 10.982 and 35.141).
    expect(heating.primary_m3h).toBeCloseTo(10.8795, 3);
    expect(heating.secondary_m3h).toBeCloseTo(35.0854, 3);
    expect(heating.pumps[0]!.q_m3h).toBeCloseTo(35.0854, 3);
  });

  it('single-stage DHW where the load ratio advises two stages carries the advice', () => {
    const r = compose({ dhw_scheme: 'single', dhw_q: '400' });
    expect(r.warnings).toContain('dhw_ratio_two_stage');
    expect(r.circuits.find((c) => c.id === 'dhw')!.exchangers).toHaveLength(1);
  });

  it('an engine refusal is named on the form field', () => {
    const { input } = btpInputOf(btpRaw({ dhw_t_hot: '72' }));
    expect(() => composeBtp(input, pumps, DEMO_PLATES)).toThrow(BtpInputError);
    try {
      composeBtp(input, pumps, DEMO_PLATES);
    } catch (err) {
      expect((err as BtpInputError).field).toBe('dhw_t_hot');
      expect((err as BtpInputError).code).toBe('above_break_supply');
    }
  });
});

describe('explanation labels', () => {
  // Every input and step key, formula id and warning code a composition writes has its words in all 7 languages.
  const dict = (l: string) =>
    JSON.parse(
      readFileSync(new URL(`../../../../i18n/${l}.json`, import.meta.url), 'utf8'),
    ) as Record<string, unknown>;
  const has = (d: Record<string, unknown>, key: string) =>
    typeof key
      .split('.')
      .reduce<unknown>(
        (n, p) => (n && typeof n === 'object' ? (n as Record<string, unknown>)[p] : undefined),
        d,
      ) === 'string';
  it('covers every key of several compositions', () => {
    const keys = new Set<string>();
    for (const over of [
      { vent_scheme: 'independent' },
      {
        heating_scheme: 'dependent',
        heating_supply: '95',
        heating_return: '70',
        dhw_scheme: 'single',
        dhw_q: '150',
        dhw_circulation: '20',
      },
      { heating_volume: '3', hx_dp_max: '20' },
      { p_supply: '4', p_return: '3.8' },
    ] as Array<Record<string, string>>) {
      const r = compose(over);
      for (const c of r.circuits) {
        for (const s of [...c.explanation.inputs, ...c.explanation.steps]) {
          const own = s.key.startsWith(`${c.id}.`) ? s.key.slice(c.id.length + 1) : s.key;
          keys.add(
            `calcBtp.explain.term.${own.replace('valve.step_down.', 'valve.').replace(/\./g, '_')}`,
          );
        }
        for (const f of c.explanation.formulas) keys.add(`calcBtp.explain.formula.${f.id}`);
        for (const w of c.warnings) keys.add(`calcBtp.warn.${w}`);
      }
      for (const w of r.warnings) keys.add(`calcBtp.warn.${w}`);
    }
    for (const l of ['ru', 'en', 'de', 'es', 'fr', 'ja', 'zh']) {
      const d = dict(l);
      expect(
        [...keys].filter((k) => !has(d, k)),
        l,
      ).toEqual([]);
    }
  });
});

describe('pumps of the substation: the pump selection rules (issue 21)', () => {
  it('the heating circulation pump of the worked example is right-sized (it was a 7.5 kW, 34 m pump at n/n₀ 0.59, 26 205 kWh a year)', () => {
    const heating = compose().circuits.find((c) => c.id === 'heating')!;
    const circ = heating.pumps.find((p) => p.role === 'circulation')!;
    const e = circ.chosen!;
    expect(circ.h_m).toBeCloseTo(9.2, 0);
    expect(e.duty.speed_ratio).toBeGreaterThanOrEqual(0.6);
    expect(e.warnings).not.toContain('speed_deep');
    expect(e.warnings).not.toContain('motor_oversized');
    const motor = pumps.find((p) => p.model.sku === e.sku)!.model.motor.p2_kw;
    expect(motor).toBeLessThanOrEqual(2.2);
    // Annual energy under the physical ceiling: full-duty P₁ × 8 760 h of the default profile.
    expect(e.annual_kwh).toBeLessThanOrEqual(e.duty.p1_kw * 8760);
    for (const c of compose().circuits)
      for (const p of c.pumps)
        if (p.chosen)
          expect(p.chosen.annual_kwh, `${c.id} ${p.role}`).toBeLessThanOrEqual(
            p.chosen.duty.p1_kw * 8760 * (1 + 1e-9),
          );
  });
});
