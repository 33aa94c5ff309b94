import { describe, expect, it } from 'vitest';
import { allFinite } from './explain.ts';
import { evaluateStation, manifoldDn, stageAt } from './booster.ts';
import { cabinetElectrics, ratedCurrent, startCurrent } from './electrics.ts';
import { selectStations } from './station-select.ts';
import { prepared } from './fixtures.test-helpers.ts';
import { parallelHead } from './hydraulics.ts';

const cron = prepared();
const station = {
  q_m3h: 120,
  h_m: 14,
  h_static_m: 5,
  duty: 2,
  standby: 1,
  speed_control: true,
  rho: 1000,
  profile: [
    { flow_ratio: 1, hours: 1000 },
    { flow_ratio: 0.3, hours: 3000 },
  ],
  kop_per_kwh: 800,
  r_min: 0.3,
  vfd_eta: 0.97,
};

describe('booster set', () => {
  it('composite curve adds flows at equal head: H₂(Q) = H₁(Q/2)', () => {
    expect(parallelHead(cron, 120, 2)).toBeCloseTo(cron.head.at(60), 12);
  });

  it('constant pressure with variable speed: each stage holds the set head; the cheaper k runs', () => {
    const o = { rho: 1000, vfd: true, vfdEta: 0.97, smallPumpCorrection: false, rMin: 0.3 };
    const low = stageAt(cron, 40, 14, 2, o);
    expect(low.best_k).toBe(1);
    const high = stageAt(cron, 120, 14, 2, o);
    expect(high.p1_kw_by_k[0]).toBeNull(); // one pump cannot give 120 m³/h
    expect(high.best_k).toBe(2);
    const r = high.speed_ratio!;
    expect(r * r * cron.head.at(60 / r)).toBeCloseTo(14, 6);
    for (const row of [low, high]) {
      const best = row.p1_kw_by_k[row.best_k! - 1]!;
      for (const p of row.p1_kw_by_k) if (p !== null) expect(best).toBeLessThanOrEqual(p);
    }
  });

  it('annual energy over the demand profile, staging table and manifold DN', () => {
    const s = evaluateStation(cron, station);
    expect(s.ok).toBe(true);
    expect(s.per_pump_q_m3h).toBe(60);
    expect(s.staging.length).toBe(12);
    const o = { rho: 1000, vfd: true, vfdEta: 0.97, smallPumpCorrection: false, rMin: 0.3 };
    const full = stageAt(cron, 120, 14, 2, o);
    const part = stageAt(cron, 36, 14, 2, o);
    expect(s.annual_kwh).toBeCloseTo(
      full.p1_kw_by_k[full.best_k! - 1]! * 1000 + part.p1_kw_by_k[part.best_k! - 1]! * 3000,
      6,
    );
    // 120 m³/h: DN 125 gives 2.72 m/s, DN 150 gives 1.89 m/s ≤ 2 m/s.
    expect(s.manifold).toEqual({ dn: 150, velocity_m_s: expect.closeTo(1.886, 3) });
    expect(allFinite(s)).toBe(true);
  });

  it('reports why a set does not work', () => {
    expect(evaluateStation(cron, { ...station, h_m: 30 }).reason).toBe('head_low');
    expect(evaluateStation(cron, { ...station, q_m3h: 400 }).reason).toBe('flow_range');
  });

  it('manifold DN refuses nonsense', () => {
    expect(manifoldDn(0)).toBeNull();
    expect(manifoldDn(1e6)).toBeNull();
    expect(manifoldDn(10)!.dn).toBe(50);
  });

  it('station selection: count tried 1..4 when not given, cabinet with VFDs under speed control', () => {
    const r = selectStations([cron], {
      q: 120,
      q_unit: 'm3/h',
      h: 14,
      h_unit: 'm',
      h_static: 5,
      speed_control: true,
      density_kg_m3: 1000,
    });
    expect(r.type).toBe('success');
    expect(r.entities.map((e) => e.duty_count).sort()).toEqual([2, 3, 4]);
    const e = r.entities.find((x) => x.duty_count === 2)!;
    expect(e.pumps_price_kop).toBe(cron.model.price_kop * 3);
    expect(e.start_method).toBe('vfd');
    expect(e.cabinet.components.filter((c) => c.kind === 'vfd')[0]!.count).toBe(3);
    const none = selectStations([cron], {
      q: 120,
      q_unit: 'm3/h',
      h: 14,
      h_unit: 'm',
      h_static: 5,
      count: 1,
    });
    expect(none.type).toBe('empty');
    expect(none.misses[0]).toEqual({ sku: cron.model.sku, duty_count: 1, reason: 'flow_range' });
    expect(
      selectStations([cron], { q: 120, q_unit: 'm3/h', h: 14, h_unit: 'm', count: 9 }).errors,
    ).toContainEqual({ field: 'count', key: 'range' });
  });
});

describe('cabinet electrics', () => {
  const motor = { p2_kw: 7.5, in_a: 0, ia_in: 7.5, cos_phi: 0.86, eta: 0.89, voltage_v: 400 };
  it('rated current from the motor plate wins over the formula', () => {
    expect(ratedCurrent({ ...motor, in_a: 15.2 })).toBe(15.2);
    expect(ratedCurrent(motor)).toBeCloseTo(14.14, 2);
  });

  it('start current per method', () => {
    const i = 14.14;
    expect(startCurrent(i, 'direct', 7.5)).toBeCloseTo(106.05, 2);
    expect(startCurrent(i, 'star_delta', 7.5)).toBeCloseTo(35.35, 2); // one third of direct
    expect(startCurrent(i, 'soft_starter')).toBeCloseTo(42.42, 2);
    expect(startCurrent(i, 'vfd')).toBeCloseTo(21.21, 2);
    expect(startCurrent(i, 'direct', 0)).toBeCloseTo(i * 7, 6); // unknown ratio: 7
  });

  it('main breaker ≥ 1.1·ΣI_n; curve D when the start peak exceeds 5·I_br; cable ≥ breaker', () => {
    const dol = cabinetElectrics({
      pumps: [{ motor, duty: 2, standby: 1 }],
      method: 'direct',
      ats: false,
      dry_run: false,
    });
    // Σ I_n = 28.29 A → 1.1·Σ = 31.1 A → 32 A; peak = 14.14 + 106.07 = 120.2 A < 5·32 = 160 → C.
    expect(dol.running_sum_a).toBeCloseTo(28.287, 2);
    expect(dol.peak_a).toBeCloseTo(14.1433 + 14.1433 * 7.5, 2);
    expect(dol.main_breaker).toEqual({ rating_a: 32, curve: 'C' });
    expect(dol.cable).toEqual({ mm2: 4, iz_a: 35 }); // first I_z ≥ 32 A
    const big = cabinetElectrics({
      pumps: [{ motor: { ...motor, p2_kw: 30, in_a: 56, ia_in: 7.5 }, duty: 1, standby: 1 }],
      method: 'direct',
      ats: true,
      dry_run: true,
    });
    // Σ 56 A → 63 A; peak 420 A > 5·63 = 315 A but ≤ 10·63 → curve D.
    expect(big.main_breaker).toEqual({ rating_a: 63, curve: 'D' });
    expect(big.cable!.mm2).toBe(16);
    expect(big.components.map((c) => c.kind)).toEqual(
      expect.arrayContaining(['ats', 'dry_run_relay', 'controller', 'contactor', 'mpcb']),
    );
    expect(big.components.find((c) => c.kind === 'main_breaker')!.count).toBe(2);
    expect(big.components.find((c) => c.kind === 'mpcb')!.setting).toEqual([48, 65]);
  });

  it('star-delta contactors at 0.58·I_n and 0.33·I_n', () => {
    const m = { ...motor, p2_kw: 30, in_a: 56 };
    const sd = cabinetElectrics({
      pumps: [{ motor: m, duty: 1, standby: 0 }],
      method: 'star_delta',
      ats: false,
      dry_run: false,
    });
    expect(sd.components.find((c) => c.kind === 'contactor')!.rating_a).toBe(38); // 32.5 A → 38
    expect(sd.components.find((c) => c.kind === 'contactor_star')!.rating_a).toBe(25); // 18.5 A → 25
    expect(sd.components.some((c) => c.kind === 'controller')).toBe(false);
  });

  it('refuses bad motor data instead of producing numbers', () => {
    for (const bad of [
      { ...motor, p2_kw: 0 },
      { ...motor, cos_phi: 1.2 },
      { ...motor, voltage_v: Number.NaN },
      { ...motor, eta: 0 },
    ]) {
      const r = cabinetElectrics({
        pumps: [{ motor: bad, duty: 1, standby: 0 }],
        method: 'direct',
        ats: false,
        dry_run: false,
      });
      expect(r.ok).toBe(false);
      expect(allFinite(r)).toBe(true);
    }
    expect(
      cabinetElectrics({
        pumps: [{ motor: { ...motor, p2_kw: 2000, in_a: 3500 }, duty: 2, standby: 0 }],
        method: 'direct',
        ats: false,
        dry_run: false,
      }).error,
    ).toBe('too_large');
  });
});
