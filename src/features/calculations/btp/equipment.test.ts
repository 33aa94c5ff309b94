// Hand-checked figures for the substation equipment (calculations.md §2.7 and §2.0 densities).
import { describe, expect, it } from 'vitest';
import { allFinite } from '#features/calculations/engine/explain.ts';
import {
  density,
  dnFor,
  explainer,
  finalPressure,
  flowOf,
  pressureLevels,
  sizeValve,
  sizeVessel,
} from './equipment.ts';

describe('control valve', () => {
  it('Kv = Q·√(ρ/1000/Δp), Kvs the next of the series, authority from the drop at Kvs', () => {
    // 10 m³/h over 0.5 bar: Kv = 10·√2 = 14.142; Kvs 16; Δp at Kvs = (10/16)² = 0.390625 bar;
    // with 0.3 bar in the controlled circuit a = 0.390625/0.690625 = 0.5656.
    const v = sizeValve(10, 0.5, 0.3);
    expect(v.kv).toBeCloseTo(14.1421, 4);
    expect(v.kvs).toBe(16);
    expect(v.dp_at_kvs_bar).toBeCloseTo(0.390625, 6);
    expect(v.authority).toBeCloseTo(0.565611, 5);
    expect(v.authority_ok).toBe(true);
  });
  it('uses the density and flags a low authority', () => {
    // 4 m³/h of water at 965.55 kg/m³ over 0.1 bar: Kv = 4·√(0.96555/0.1) = 12.429; Kvs 16;
    // Δp = (4/16)²·0.96555 = 0.060347 bar; circuit 0.2 bar: a = 0.060347/0.260347 = 0.2318 < 0.5.
    const v = sizeValve(4, 0.1, 0.2, 965.55);
    expect(v.kv).toBeCloseTo(12.4293, 3);
    expect(v.kvs).toBe(16);
    expect(v.dp_at_kvs_bar).toBeCloseTo(0.060347, 5);
    expect(v.authority).toBeCloseTo(0.2318, 3);
    expect(v.authority_ok).toBe(false);
  });
  it('answers no Kvs above the series and explains every step', () => {
    const x = explainer();
    const v = sizeValve(300, 0.2, 0.2, 1000, x);
    expect(v.kvs).toBeNull();
    const e = x.done();
    expect(e.steps.map((s) => s.key)).toEqual([
      'valve.q',
      'valve.dp_design',
      'valve.dp_circuit',
      'valve.kv',
      'valve.dp_at_kvs',
      'valve.authority',
    ]);
    expect(e.formulas.find((f) => f.id === 'kv')?.text).toBe(
      'Kv = Q·√(ρ/1000/Δp_v) (Q m³/h, Δp bar)',
    );
    expect(allFinite(e)).toBe(true);
  });
});

describe('expansion vessel and pressures', () => {
  it('IF97 densities match the reference table at 0.6 MPa', () => {
    expect(density(10)).toBeCloseTo(999.94, 1);
    expect(density(90)).toBeCloseTo(965.55, 1);
  });
  it('a 20 m building: static 1.961 bar, pre-charge 2.161, fill 2.461, safety valve 4 bar, final 3.5', () => {
    // p_st = 999.94·9.80665·20/10⁵ = 1.96121 bar; the 3 bar valve gives p_e = 2.5 < 2.961, 4 bar gives 3.5.
    const p = pressureLevels(20);
    expect(p.static_bar).toBeCloseTo(1.9612, 3);
    expect(p.precharge_bar).toBeCloseTo(2.1612, 3);
    expect(p.fill_bar).toBeCloseTo(2.4612, 3);
    expect(p.safety_set_bar).toBe(4);
    expect(p.final_bar).toBe(3.5);
    expect(finalPressure(10)).toBe(9);
  });
  it('1000 L heated 10 → 90 °C: e = 0.03562, V_n = 136.5 L, nominal 140 L', () => {
    // e = 999.94/965.55 − 1 = 0.035617; V_e = 35.62 L; V_wr = 5 L; acceptance (3.5 − 2.1612)/4.5 = 0.29751;
    // V_n = 40.62/0.29751 = 136.5 L.
    const v = sizeVessel(1000, 10, 90, 2.16121, 3.5);
    expect(v.expansion_coefficient).toBeCloseTo(0.035617, 4);
    expect(v.expansion_l).toBeCloseTo(35.62, 1);
    expect(v.reserve_l).toBe(5);
    expect(v.acceptance).toBeCloseTo(0.29751, 4);
    expect(v.required_l).toBeCloseTo(136.5, 0);
    expect(v.nominal_l).toBe(140);
  });
  it('a small system keeps the 3 L reserve', () => {
    expect(sizeVessel(100, 10, 70, 1.2, 2.5).reserve_l).toBe(3);
  });
});

describe('DN from the flow', () => {
  it('the smallest DN with the velocity at or below the limit', () => {
    // 10 m³/h: DN 50 gives 1.415 m/s (≤ 1.5), DN 40 gives 2.21.
    const d = dnFor(10, 1.5);
    expect(d.dn).toBe(50);
    expect(d.velocity).toBeCloseTo(1.4147, 3);
    expect(dnFor(10, 3).dn).toBe(40);
  });
});

describe('flow of a load', () => {
  it('cp from IF97 at the mean temperature, ρ at the colder end', () => {
    // 1000 kW over 150/70 °C: cp(110 °C, 0.6 MPa) = 4.2293 kJ/(kg·K) (steam tables: 4.229 for the
    // saturated liquid at 110 °C), G = 1000/(4.2293·80) = 2.9556 kg/s; ρ(70 °C) = 978.00 kg/m³,
    // V̇ = 2.9556/978.00·3600 = 10.880 m³/h (a fixed cp = 4.19 gave 10.982).
    const f = flowOf(1000, 150, 70);
    expect(f.cp).toBeCloseTo(4.2293, 3);
    expect(f.m_kg_s).toBeCloseTo(2.9556, 3);
    expect(f.rho).toBeCloseTo(978.0, 1);
    expect(f.q_m3h).toBeCloseTo(10.8795, 3);
    // 600 kW of hot water 5 → 60 °C: cp(32.5 °C) = 4.1781, ρ(5 °C) = 1000.21: 9.398 m³/h.
    expect(flowOf(600, 60, 5).q_m3h).toBeCloseTo(9.3977, 3);
  });
});
