// Viscosity correction by ANSI/HI 9.6.7 and the glycol medium of the pump engine. The expected
// factors are computed by hand from the published formulas (SI form):
//   ν = 20 mm²/s, Q_BEP,W = 60 m³/h, H_BEP,W = 15 m, N = 2900 rpm
//   B   = 16.5·√20·15^0.0625/(60^0.375·2900^0.25) = 16.5·4.47214·1.18432/(4.64158·7.33837) = 2.56507
//   C_Q = 2.71^(−0.165·(log₁₀ 2.56507)^3.15) = 2.71^(−0.165·0.40909^3.15) = 0.990199
//   C_η = 2.56507^(−0.0547·2.56507^0.69) = 0.906016
//   C_H at Q_W = 0.8·Q_BEP,W: 1 − (1 − 0.990199)·0.8^0.75 = 0.991709
import { describe, expect, it } from 'vitest';
import { allFinite } from './explain.ts';
import { etaAt } from './curve.ts';
import { headFactor, hiFactors, viscousEta, viscousPump } from './viscosity.ts';
import { selectPumps, type PumpSelectInput } from './select.ts';
import { selectStations } from './station-select.ts';
import { prepared } from './fixtures.test-helpers.ts';
import { glycolProperties, minTemperature } from '#features/calculations/fluids/glycol.ts';

describe('ANSI/HI 9.6.7 factors', () => {
  it('reproduce the hand computation for ν 20 mm²/s at a 60 m³/h, 15 m, 2900 rpm BEP', () => {
    const f = hiFactors(20, 60, 15, 2900);
    expect(f.applied).toBe(true);
    expect(f.b).toBeCloseTo(2.56507, 4);
    expect(f.c_q).toBeCloseTo(0.990199, 5);
    expect(f.c_eta).toBeCloseTo(0.906016, 5);
    expect(headFactor({ c_q: f.c_q, q_bep_w: 60 }, 48)).toBeCloseTo(0.991709, 5);
    expect(headFactor({ c_q: f.c_q, q_bep_w: 60 }, 60)).toBeCloseTo(f.c_q, 12); // C_H = C_Q at the BEP
  });

  it('B ≤ 1 (water-like): no correction, all factors 1', () => {
    const f = hiFactors(1, 60, 15, 2900);
    expect(f.b).toBeCloseTo(0.57357, 4);
    expect(f).toMatchObject({ applied: false, c_q: 1, c_eta: 1 });
  });

  it('the corrected pump: Q = C_Q·Q_W, H = C_H·H_W, η = C_η·η_W; refused at B ≥ 40', () => {
    const p = prepared();
    const v = viscousPump(p, 20)!;
    const c = v.viscous!;
    expect(c.applied).toBe(true);
    const qW = p.bep.q * 0.9;
    expect(v.head.at(c.c_q * qW)).toBeCloseTo(headFactor(c, qW) * p.head.at(qW), 9);
    expect(viscousEta(v, c.c_q * qW)).toBeCloseTo(c.c_eta * etaAt(p, qW), 6);
    expect(v.qMax).toBeCloseTo(p.qMax * c.c_q, 9);
    expect(viscousPump(p, 1e5)).toBeNull();
    expect(viscousPump(p, 0.5)!.viscous!.applied).toBe(false);
  });
});

const base: PumpSelectInput = {
  q: 60,
  q_unit: 'm3/h',
  h: 13,
  h_unit: 'm',
  h_static: 5,
  temperature_c: 10,
};
const eg30 = { kind: 'ethylene_glycol', concentration: 30 } as const;

describe('glycol medium in the pump engine', () => {
  const p = prepared();
  // A pump whose seal is rated from −40 °C (the default lower limit is −20 °C).
  const rated40 = { ...p, model: { ...p.model, t_min_c: -40 } };
  it('30 % EG at −10 °C: the solution density scales P₂, the factors of the pump are steps of its explanation', () => {
    const water = selectPumps([p], base).entities[0]!;
    const r = selectPumps([p], { ...base, temperature_c: -10, medium: eg30 });
    const g = r.entities[0]!;
    const props = glycolProperties('ethylene_glycol', 30, -10);
    expect(r.duty!.rho_kg_m3).toBeCloseTo(props.rho, 9);
    expect(g.duty.p2_kw).toBeGreaterThan(water.duty.p2_kw * 1.03);
    const step = (k: string) => g.explanation.steps.find((s) => s.key === k);
    // By hand (fixture BEP 72.7525 m³/h, 13.5912 m, 1450 rpm; ν = 6.21265 mm²/s of EG 30 % at −10 °C):
    //   B   = 16.5·√6.21265·13.5912^0.0625/(72.7525^0.375·1450^0.25) = 41.1265·1.177142/(4.991061·6.170808) = 1.571868
    //   C_Q = 2.71^(−0.165·(log₁₀ 1.571868)^3.15) = 0.999024,  C_η = 1.571868^(−0.0547·1.571868^0.69) = 0.966766
    expect((props.mu / props.rho) * 1e6).toBeCloseTo(6.212646, 5);
    expect(step('viscosity.b')!.value).toBeCloseTo(1.571868, 5);
    expect(step('viscosity.b')!.formula).toBe('viscosity_b');
    expect(g.explanation.steps.some((s) => s.key === 'viscosity.c_q')).toBe(true);
    expect(step('viscosity.c_q')!.value).toBeCloseTo(0.999024, 6);
    expect(step('viscosity.c_eta')!.value).toBeCloseTo(0.966766, 6);
    expect(step('viscosity.c_h')!.formula ?? 'none').toBe('none');
    // The simplification of the water NPSHr is said.
    expect(g.explanation.warnings).toContain('viscosity_npsh_water');
    expect(g.explanation.source.some((s) => s.includes('ANSI/HI 9.6.7'))).toBe(true);
    expect(g.explanation.source.some((s) => s.includes('Melinder'))).toBe(true);
    expect(allFinite(r)).toBe(true);
  });

  it('a multistage pump: B takes the BEP head per stage (6 stages: B lower by 6^0.0625), said as a step', () => {
    // By hand, ν 20 mm²/s, BEP 72.7525 m³/h, 1450 rpm: single stage H 13.5912 m → B = 73.7902·1.177142/30.79916 = 2.820283;
    // as 6 stages of that total head, H per stage 2.26521 m → B = 73.7902·1.052432/30.79916 = 2.521496,
    // C_Q = 0.990747, C_η = 0.908678 (single stage: 0.986763, 0.890489).
    const one = viscousPump(p, 20)!.viscous!;
    const six = viscousPump({ ...p, model: { ...p.model, stages: 6 } }, 20)!.viscous!;
    expect([one.applied, six.applied]).toEqual([true, true]);
    expect(one.b).toBeCloseTo(2.820283, 5);
    expect(six.b).toBeCloseTo(2.521496, 5);
    expect(six.c_q).toBeCloseTo(0.990747, 6);
    expect(six.c_eta).toBeCloseTo(0.908678, 6);
    expect(one.c_eta).toBeCloseTo(0.890489, 6);
    expect(six.stages).toBe(6);
  });

  it('at reduced speed B at the duty speed (B·r^−0.5) is printed and the nominal-speed simplification said', () => {
    const g = glycolProperties('propylene_glycol', 50, -30);
    const v = viscousPump(p, (g.mu / g.rho) * 1e6)!;
    const q = v.bep.q * 0.5;
    const r = selectPumps([rated40], {
      ...base,
      q,
      h: v.head.at(q) * 0.5,
      h_static: 0,
      temperature_c: -30,
      speed_control: true,
      medium: { kind: 'propylene_glycol', concentration: 50 },
    });
    const e = r.entities[0]!;
    expect(e.duty.speed_ratio).toBeLessThan(1);
    const step = (k: string) => e.explanation.steps.find((s) => s.key === k)!.value;
    expect(step('viscosity.b_duty_speed')).toBeCloseTo(
      step('viscosity.b') * e.duty.speed_ratio ** -0.5,
      9,
    );
    expect(e.explanation.warnings).toEqual(
      expect.arrayContaining(['viscosity_nominal_speed', 'viscosity_npsh_water']),
    );
  });

  it('50 % PG at −30 °C is viscous enough for the correction: C_Q, C_H, C_η < 1 said', () => {
    const g = glycolProperties('propylene_glycol', 50, -30);
    const v = viscousPump(p, (g.mu / g.rho) * 1e6)!; // ν ≈ 200 mm²/s
    const q = v.bep.q * 0.9;
    const r = selectPumps([rated40], {
      ...base,
      q,
      h: v.head.at(q),
      h_static: 0,
      temperature_c: -30,
      medium: { kind: 'propylene_glycol', concentration: 50 },
    });
    expect(r.entities[0]!.duty.h_m).toBeCloseTo(v.head.at(q), 6); // the corrected curve meets the duty
    const e = r.entities[0]!;
    const keys = e.explanation.steps.map((s) => s.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'viscosity.nu',
        'viscosity.b',
        'viscosity.c_q',
        'viscosity.c_h',
        'viscosity.c_eta',
      ]),
    );
    for (const k of ['viscosity.c_q', 'viscosity.c_h', 'viscosity.c_eta'])
      expect(e.explanation.steps.find((s) => s.key === k)!.value).toBeLessThan(1);
  });

  it('refuses a concentration outside 20–50 %, a glycol below its freezing point + 2 K, hostile numbers', () => {
    expect(
      selectPumps([p], { ...base, medium: { kind: 'ethylene_glycol', concentration: 60 } }).errors,
    ).toEqual([
      { field: 'concentration', key: 'range_between', params: { min: 20, max: 50, unit: '%' } },
    ]);
    expect(
      selectPumps([p], { ...base, medium: { kind: 'ethylene_glycol', concentration: Number.NaN } })
        .errors[0]!.field,
    ).toBe('concentration');
    expect(
      selectPumps([p], { ...base, medium: { kind: 'ethylene_glycol', concentration: 1e308 } })
        .errors[0]!.field,
    ).toBe('concentration');
    const tMin = minTemperature('ethylene_glycol', 30);
    expect(selectPumps([p], { ...base, temperature_c: tMin - 1, medium: eg30 }).errors).toEqual([
      { field: 'temperature_c', key: 'below_freezing_glycol', params: { t_min: tMin } },
    ]);
    expect(selectPumps([p], { ...base, temperature_c: 120, medium: eg30 }).errors[0]).toMatchObject(
      { field: 'temperature_c', key: 'range_between' },
    );
    expect(
      selectPumps([p], { ...base, temperature_c: -1e308, medium: eg30 }).errors[0]!.field,
    ).toBe('temperature_c');
  });

  it("below the pump's lowest liquid temperature (−20 °C unless the catalogue says) the pump is excluded and the miss says so", () => {
    const pg50 = { kind: 'propylene_glycol', concentration: 50 } as const;
    const r = selectPumps([p], {
      ...base,
      q: 30,
      h: 10,
      h_static: 0,
      temperature_c: -30,
      medium: pg50,
    });
    expect(r.type).toBe('empty');
    expect(r.misses[0]).toMatchObject({
      reason: 'temperature_low',
      value: -30,
      limit: -20,
      unit: 'degC',
    });
    expect(
      selectPumps([rated40], {
        ...base,
        q: 30,
        h: 10,
        h_static: 0,
        temperature_c: -30,
        medium: pg50,
        speed_control: true,
      }).entities.length,
    ).toBe(1);
    expect(
      selectPumps([p], {
        ...base,
        q: 30,
        h: 10,
        h_static: 0,
        temperature_c: -20,
        medium: pg50,
        speed_control: true,
      }).entities.length,
    ).toBe(1);
    const st = selectStations([p], {
      ...base,
      count: 2,
      standby: 1,
      temperature_c: -30,
      medium: pg50,
    });
    expect(st.entities).toEqual([]);
    expect(st.misses[0]).toMatchObject({ reason: 'temperature_low' });
  });

  it('booster sets take the medium too: higher P₁ than water, B in the explanation', () => {
    const w = selectStations([p], { ...base, count: 2, standby: 1 }).entities[0]!;
    const g = selectStations([p], {
      ...base,
      count: 2,
      standby: 1,
      temperature_c: -10,
      medium: eg30,
    }).entities[0]!;
    expect(g.station.duty_p1_kw).toBeGreaterThan(w.station.duty_p1_kw);
    expect(g.station.explanation.steps.some((s) => s.key === 'viscosity.b')).toBe(true);
  });
});

describe('NPSHa from the suction conditions', () => {
  const p = prepared();
  it('NPSHa = (p_abs − p_v)/(ρg) + z − h_L: 101.325 kPa, +2 m, 0.5 m losses at 20 °C give 11.6116 m', () => {
    const r = selectPumps([p], {
      ...base,
      temperature_c: 20,
      suction: { p: 101.325, p_unit: 'kPa', level_m: 2, loss_m: 0.5 },
    });
    const e = r.entities[0]!;
    const step = e.explanation.steps.find((s) => s.key === 'npsh.available')!;
    expect(step.value).toBeCloseTo(11.6116, 3);
    expect(step.formula).toBe('npsh_available');
    expect(e.explanation.steps.find((s) => s.key === 'suction.p_v')!.value).toBeCloseTo(2.3392, 3);
  });

  it('a suction lift that boils the liquid, out-of-range fields and both NPSHa and suction are refused by field', () => {
    const hot = selectPumps([p], {
      ...base,
      temperature_c: 95,
      suction: { p: 101.325, p_unit: 'kPa', level_m: -5 },
    });
    expect(hot.errors[0]).toMatchObject({ field: 'suction_p', key: 'npsha_negative' });
    expect(
      selectPumps([p], { ...base, suction: { p: 1e308, p_unit: 'kPa' } }).errors[0],
    ).toMatchObject({ field: 'suction_p', key: 'range_between' });
    expect(
      selectPumps([p], { ...base, suction: { p: 100, p_unit: 'psi' } }).errors[0],
    ).toMatchObject({ field: 'suction_p_unit', key: 'unit' });
    expect(
      selectPumps([p], { ...base, suction: { p: 100, p_unit: 'kPa', level_m: -50 } }).errors[0],
    ).toMatchObject({ field: 'suction_level_m' });
    expect(
      selectPumps([p], { ...base, suction: { p: 100, p_unit: 'kPa', loss_m: Number.NaN } })
        .errors[0],
    ).toMatchObject({ field: 'suction_loss_m' });
    expect(
      selectPumps([p], { ...base, npsh_available_m: 5, suction: { p: 100, p_unit: 'kPa' } })
        .errors[0],
    ).toMatchObject({ field: 'npsh_available_m', key: 'npsh_both' });
  });
});
