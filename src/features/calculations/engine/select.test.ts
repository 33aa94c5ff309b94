import { describe, expect, it } from 'vitest';
import { allFinite, ENGINE_VERSION } from './explain.ts';
import { CRONOLINE_IL_80_220 as C, VEROLINE_IP_E_50_150 as V } from './reference-curves.ts';
import { selectPumps, sortEntities, type PumpSelectInput } from './select.ts';
import { prepared } from './fixtures.test-helpers.ts';

const base: PumpSelectInput = {
  q: 60,
  q_unit: 'm3/h',
  h: 13,
  h_unit: 'm',
  h_static: 5,
  temperature_c: 20,
  density_kg_m3: 1000,
};
const cron = prepared();

describe('selectPumps: a passing pump', () => {
  it('fixed speed: the duty is the operating point, with reasons and an explanation', () => {
    const r = selectPumps([cron], base);
    expect(r.type).toBe('success');
    const e = r.entities[0]!;
    expect(e.duty.q_m3h).toBeCloseTo(65.32, 2);
    expect(e.duty.h_m).toBeCloseTo(14.48, 2);
    expect(e.duty.speed_ratio).toBe(1);
    expect(e.duty.p2_kw).toBeCloseTo(3.394, 3);
    expect(e.duty.p1_kw).toBeCloseTo(3.394 / 0.89, 2); // P₁ = P₂/η_motor, no VFD
    expect(e.bep_ratio).toBeCloseTo(65.32 / cron.bep.q, 3);
    expect(e.reasons).toContain('near_bep');
    expect(e.explanation.engine.version).toBe(ENGINE_VERSION);
    expect(e.explanation.formulas.map((f) => f.id)).toEqual(
      expect.arrayContaining([
        'system_curve',
        'operating_point',
        'electric_power',
        'energy',
        'lcc',
      ]),
    );
    expect(e.explanation.steps.every((s) => typeof s.unit === 'string' && s.unit.length > 0)).toBe(
      true,
    );
    // Every load point of the default profile is traceable: flow, speed, P1 and hours sum to the annual energy.
    const step = (k: string) => e.explanation.steps.find((s) => s.key === k)!.value;
    const sum = [1, 2, 3, 4].reduce(
      (acc, i) => acc + step(`energy.point${i}.p1`) * step(`energy.point${i}.hours`),
      0,
    );
    expect(sum).toBeCloseTo(step('energy.annual'), 6);
    expect(step('energy.annual')).toBeCloseTo(e.annual_kwh, 6);
    expect(e.explanation.source.join(' ')).toContain(cron.model.sku);
    expect(allFinite(r)).toBe(true);
  });

  it('speed control: r = 0.9418 and P₁ = P₂/(η_motor·η_VFD); less annual energy than fixed speed', () => {
    const fixed = selectPumps([cron], base).entities[0]!;
    const vs = selectPumps([cron], { ...base, speed_control: true }).entities[0]!;
    expect(vs.duty.speed_ratio).toBeCloseTo(0.9418, 4);
    expect(vs.duty.speed_rpm).toBeCloseTo(1366, 0);
    expect(vs.duty.q_m3h).toBe(60);
    expect(vs.duty.p2_kw).toBeCloseTo(2.811, 3);
    expect(vs.duty.p1_kw).toBeCloseTo(2.811 / (0.89 * 0.97), 2);
    expect(vs.annual_kwh).toBeLessThan(fixed.annual_kwh);
    expect(vs.explanation.formulas.map((f) => f.id)).toContain('speed_for_duty');
  });

  it('the small-pump efficiency correction lowers η at reduced speed when asked', () => {
    const plain = selectPumps([cron], { ...base, speed_control: true }).entities[0]!;
    const corr = selectPumps([cron], { ...base, speed_control: true, small_pump_correction: true })
      .entities[0]!;
    expect(corr.duty.eta).toBeCloseTo(1 - (1 - plain.duty.eta) * (1 / 0.9418) ** 0.1, 3);
    expect(corr.duty.p2_kw).toBeGreaterThan(plain.duty.p2_kw);
  });

  it('annual energy is Σ P₁·t over the profile and LCC adds it to the price', () => {
    const profile = [{ flow_ratio: 1, hours: 1000 }];
    const e = selectPumps([cron], {
      ...base,
      load_profile: profile,
      electricity_kop_kwh: 700,
      years: 10,
    }).entities[0]!;
    // Fixed speed at 100 % flow throttled to 60 m³/h on the curve: P₁ = P₂(60)/η_motor.
    expect(e.annual_kwh).toBeCloseTo((cron.power.at(60) / 0.89) * 1000, 6);
    expect(e.energy_cost_kop).toBe(Math.round(e.annual_kwh * 700));
    expect(e.lcc_kop).toBe(Math.round(cron.model.price_kop + 10 * e.annual_kwh * 700));
    const disc = selectPumps([cron], {
      ...base,
      load_profile: profile,
      electricity_kop_kwh: 700,
      years: 10,
      discount_rate: 0.1,
    }).entities[0]!;
    expect(disc.lcc_kop).toBeLessThan(e.lcc_kop);
  });
});

describe('selectPumps: hard filters, each with its reason', () => {
  const miss = (input: Partial<PumpSelectInput>, pump = cron) => {
    const r = selectPumps([pump], { ...base, ...input });
    expect(r.type).toBe('empty');
    return r.misses[0]!;
  };
  it('head too low names the head reached and the head asked', () => {
    const m = miss({ h: 20, h_static: 5 });
    expect(m.reason).toBe('head_low');
    expect(m.value).toBeCloseTo(cron.head.at(60), 6);
    expect(m.limit).toBe(20);
    expect(m.unit).toBe('m');
  });
  it('flow outside the allowed range', () => expect(miss({ q: 150 }).reason).toBe('flow_range'));
  it('head surplus above the tolerance without trimming', () => {
    expect(miss({ h: 10, h_static: 2 }).reason).toBe('oversized');
    const ok = selectPumps([cron], { ...base, h: 10, h_static: 2, head_tolerance: 0.6 });
    expect(ok.type).toBe('success');
  });
  it('trimming brings an oversized pump onto the duty when offered', () => {
    const trim = prepared(C, { trim_min_ratio: 0.85 });
    const r = selectPumps([trim], { ...base, h: 11, h_static: 2 });
    const e = r.entities[0]!;
    expect(e.duty.trim_ratio).toBeGreaterThan(0.85);
    expect(e.duty.trim_ratio).toBeLessThan(1);
    expect(e.duty.h_m).toBeLessThan(11 * 1.05);
    expect(e.reasons).toContain('trimmed');
  });
  it('medium hotter than the pump allows', () =>
    expect(miss({ temperature_c: 100 }, prepared(C, { t_max_c: 90 })).reason).toBe('temperature'));
  it('motor overloaded somewhere on the curve', () => {
    const m = miss(
      {},
      prepared(C, {
        motor: { p2_kw: 3.5, in_a: 7, ia_in: 7, cos_phi: 0.85, eta: 0.88, voltage_v: 400 },
      }),
    );
    expect(m.reason).toBe('motor_overload');
    expect(m.value).toBeCloseTo(cron.p2MaxKw, 6);
  });
  it('the overload check uses the medium density', () => {
    const p = prepared(C, {
      motor: { p2_kw: 3.8, in_a: 7, ia_in: 7, cos_phi: 0.85, eta: 0.88, voltage_v: 400 },
    });
    expect(selectPumps([p], base).type).toBe('success');
    expect(selectPumps([p], { ...base, density_kg_m3: 1100 }).misses[0]!.reason).toBe(
      'motor_overload',
    );
  });
  it('speed control outside the minimum speed or range', () =>
    expect(miss({ q: 150, speed_control: true }).reason).toBe('speed_range'));

  it('NPSH: NPSHa must cover NPSHr + max(0.5 m, 10 %)', () => {
    const curve = C.points.map((p, i) => ({ ...p, npshr_m: 1.5 + 0.04 * i * i }));
    const p = prepared(C, { curve });
    const need = p.npshr!.at(65.32);
    expect(selectPumps([p], { ...base, npsh_available_m: need + 0.6 }).type).toBe('success');
    const m = selectPumps([p], { ...base, npsh_available_m: need + 0.4 }).misses[0]!;
    expect(m.reason).toBe('npsh');
    expect(m.limit).toBeCloseTo(need + 0.5, 2);
    expect(selectPumps([cron], { ...base, npsh_available_m: 1 }).entities[0]!.warnings).toContain(
      'npsh_unknown',
    );
  });
});

describe('ranking', () => {
  const pumps = [
    cron,
    prepared(C, {
      sku: 'CHEAP',
      price_kop: 5_000_000,
      curve: C.points.map((p) => ({ ...p, p2_kw: p.p2_kw! * 1.15 })),
      motor: { p2_kw: 5.5, in_a: 0, ia_in: 7, cos_phi: 0.86, eta: 0.89, voltage_v: 400 },
    }),
    prepared(V, { sku: 'VERO', price_kop: 8_000_000, q_min_m3h: 10 }),
  ];
  it('sorts by each key in its direction', () => {
    const r = selectPumps(pumps, { ...base, q: 45, h: 16, h_static: 5, head_tolerance: 0.5 });
    expect(r.entities.length).toBe(3);
    const by = (k: Parameters<typeof sortEntities>[1]) =>
      sortEntities(r.entities, k).map((e) => e.sku);
    expect(by('price')[0]).toBe('CHEAP');
    const eff = sortEntities(r.entities, 'efficiency');
    expect(eff[0]!.duty.eta).toBeGreaterThanOrEqual(eff[1]!.duty.eta);
    const p1 = sortEntities(r.entities, 'p1');
    expect(p1[0]!.duty.p1_kw).toBeLessThanOrEqual(p1[2]!.duty.p1_kw);
    const en = sortEntities(r.entities, 'annual_energy');
    expect(en[0]!.annual_kwh).toBeLessThanOrEqual(en[1]!.annual_kwh);
    const lcc = sortEntities(r.entities, 'lcc');
    expect(lcc[0]!.lcc_kop).toBeLessThanOrEqual(lcc[1]!.lcc_kop);
    const sc = selectPumps(pumps, {
      ...base,
      q: 45,
      h: 16,
      h_static: 5,
      head_tolerance: 0.5,
      sort: 'price',
    });
    expect(sc.entities.map((e) => e.sku)).toEqual(by('price'));
  });
  it('limit caps the list; explanations come with the returned entities', () => {
    const r = selectPumps(pumps, {
      ...base,
      q: 45,
      h: 16,
      h_static: 5,
      head_tolerance: 0.5,
      limit: 1,
    });
    expect(r.entities.length).toBe(1);
    expect(r.entities[0]!.explanation.steps.length).toBeGreaterThan(5);
  });
});

describe('input errors name the field', () => {
  const errs = (i: Partial<PumpSelectInput>) => selectPumps([cron], { ...base, ...i }).errors;
  it.each([
    [{ q_unit: 'gpm' }, 'q_unit', 'unit'],
    [{ h_unit: 'psi' }, 'h_unit', 'unit'],
    [{ q: -5 }, 'q', 'positive'],
    [{ q: Number.NaN }, 'q', 'number'],
    [{ h: 0 }, 'h', 'positive'],
    [{ h_static: 13 }, 'h_static', 'static_above_duty'],
    [{ h_static: -1 }, 'h_static', 'positive'],
    [{ temperature_c: 200 }, 'temperature_c', 'range'],
    [{ npsh_available_m: -1 }, 'npsh_available_m', 'range'],
    [{ load_profile: [{ flow_ratio: 2, hours: 10 }] }, 'load_profile', 'range'],
    [{ load_profile: [{ flow_ratio: 1, hours: 9000 }] }, 'load_profile', 'range'],
    [{ electricity_kop_kwh: -1 }, 'electricity_kop_kwh', 'range'],
    [{ sort: 'colour' as never }, 'sort', 'unit'],
    [{ limit: 0 }, 'limit', 'range'],
  ] as Array<[Partial<PumpSelectInput>, string, string]>)('%j → %s %s', (i, field, key) => {
    expect(errs(i)).toContainEqual({ field, key });
  });
  it('pressure units are converted with the density at the temperature', () => {
    const r = selectPumps([cron], {
      ...base,
      h: 1.2749,
      h_unit: 'bar',
      h_static: 0.4903,
      density_kg_m3: undefined,
      temperature_c: 4,
    });
    expect(r.duty!.h_m).toBeCloseTo(13, 1);
    expect(r.duty!.rho_kg_m3).toBeCloseTo(999.97, 1);
  });
});

describe('energy for ranking', () => {
  it('the lean path used to rank by energy gives the same kWh as the full one', async () => {
    const { annualEnergy, screenPump, isRejection } = await import('./evaluate.ts');
    const { normaliseInput } = await import('./select.ts');
    const { systemCurve } = await import('./hydraulics.ts');
    for (const speed_control of [false, true]) {
      const n = normaliseInput({ ...base, speed_control });
      if (!n.ok) throw new Error('input');
      const sys = systemCurve(n.duty.q_m3h, n.duty.h_m, n.duty.h_static_m)!;
      const s = screenPump(cron, n.duty, sys);
      if (isRejection(s)) throw new Error('rejected');
      expect(annualEnergy(s, n.duty, sys, false).kwh).toBeCloseTo(
        annualEnergy(s, n.duty, sys, true).kwh,
        6,
      );
    }
  });
});
