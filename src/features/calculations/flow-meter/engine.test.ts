// The flow meter engine against hand-checked figures.
// Sources: 1 Gcal/h = 1163 kW (1 kcal = 4.1868 kJ); the usual rule of thumb G[t/h] = Q[Gcal/h]·1000/Δt
// (cp = 1 kcal/(kg K)) gives 40.0 t/h for 1 Gcal/h at 95/70; with IF97 enthalpies (mean cp 4.197 kJ/(kg K)
// over 70..95 °C, see the water table of the calculations reference §2.0) it is 39.9 t/h. Densities
// at 0.6 MPa from the same table: 961.9 kg/m3 at 95 °C (interpolated), 978.0 kg/m3 at 70 °C.
import { describe, expect, it } from 'vitest';
import { allFinite } from '#features/calculations/engine/explain.ts';
import { waterProperties } from '#features/properties/water.ts';
import { demoMeteringItems } from './catalogue.demo.ts';
import { FlowInputError, selectFlowMeters, type FlowInput, type Requirements } from './engine.ts';
import { meterSpecErrors, unitCatalogueOf } from './meter.ts';

const CAT = unitCatalogueOf(
  demoMeteringItems().map((x) => ({
    sku: x.sku,
    kind: x.kind,
    title: x.title,
    price_kop: x.price_kop,
    demo: true,
    specs: (x.specs ?? {}) as Record<string, unknown>,
  })),
);

const BASE: FlowInput = {
  scheme: 'closed_dependent',
  mode: 'loads',
  q_heat_kw: 1163,
  q_dhw_kw: 0,
  t_supply_c: 95,
  t_return_c: 70,
  t_dhw_c: 60,
  t_cold_c: 5,
  p_mpa: 0.6,
  min_share_pct: 10,
  make_up_pct: 2,
  pipe_dn: {},
  margin_pct: 90,
  v_min_ms: 0.3,
  v_max_ms: 5,
  requirements: null,
};

const NO_REQ: Requirements = {
  meter_types: [],
  meter_models: [],
  max_error_pct: null,
  straight_up_dn: null,
  straight_down_dn: null,
  archive_hourly_days: null,
  archive_daily_days: null,
  remote_interfaces: [],
  register_required: false,
};

function issuesOf(f: () => unknown) {
  try {
    f();
  } catch (err) {
    if (err instanceof FlowInputError) return err.issues;
    throw err;
  }
  throw new Error('no input error');
}

describe('design flows', () => {
  it('1 Gcal/h at 95/70 °C is 39.9 t/h (40.0 t/h by the 1 kcal/(kg K) rule)', () => {
    const r = selectFlowMeters(BASE, CAT);
    const supply = r.pipes.find((p) => p.pipe === 'supply')!;
    const h = waterProperties(95, 0.6).h - waterProperties(70, 0.6).h;
    expect(supply.g_design.value).toBeCloseTo((1163 / h) * 3.6, 9);
    expect(supply.g_design.value).toBeCloseTo(39.9, 1);
    expect(Math.abs(supply.g_design.value - 40) / 40).toBeLessThan(0.005);
    // Volume flows at the pipe's own temperature.
    expect(supply.rho.value).toBeCloseTo(961.9, 0);
    expect(supply.q_design.value).toBeCloseTo((supply.g_design.value * 1000) / supply.rho.value, 3);
    expect(supply.q_design.value).toBeCloseTo(41.49, 1);
    const ret = r.pipes.find((p) => p.pipe === 'return')!;
    expect(ret.rho.value).toBeCloseTo(978.0, 0);
    expect(ret.q_design.value).toBeCloseTo(40.81, 1);
    expect(supply.g_min.value).toBeCloseTo(supply.g_design.value * 0.1, 9);
  });

  it('open system: the DHW water leaves the network, so return = supply − DHW', () => {
    const r = selectFlowMeters({ ...BASE, scheme: 'open', q_dhw_kw: 300 }, CAT);
    const g = Object.fromEntries(r.pipes.map((p) => [p.pipe, p.g_design.value]));
    const hd = waterProperties(60, 0.6).h - waterProperties(5, 0.6).h;
    expect(g.dhw).toBeCloseTo((300 / hd) * 3.6, 9);
    expect(g.dhw).toBeCloseTo(4.7, 1); // 300 kW / (4.18 kJ/(kg K)·55 K) · 3.6 = 4.70 t/h
    expect(g.supply! - g.return!).toBeCloseTo(g.dhw!, 9);
    expect(r.pipes.map((p) => p.pipe)).toEqual(['supply', 'return', 'dhw']);
  });

  it('closed independent scheme meters the make-up pipe; flows can be entered directly', () => {
    const r = selectFlowMeters({ ...BASE, scheme: 'closed_independent' }, CAT);
    const g = Object.fromEntries(r.pipes.map((p) => [p.pipe, p.g_design.value]));
    expect(g.make_up).toBeCloseTo(g.return! * 0.02, 9);
    const direct = selectFlowMeters(
      { ...BASE, mode: 'flows', flows: { supply: { design: 10, min: 2 }, return: { design: 10 } } },
      CAT,
    );
    expect(direct.pipes[0]!.g_min.value).toBe(2);
    expect(direct.pipes[1]!.g_min.value).toBeCloseTo(1, 9);
    expect(direct.q_total).toBeNull();
  });
});

describe('meter choice', () => {
  it('takes the smallest DN that holds both flows inside the range with margin and velocity', () => {
    const r = selectFlowMeters({ ...BASE, pipe_dn: { supply: 100, return: 100 } }, CAT);
    const em = r.variants.find((v) => v.series === 'DEMO-EM')!;
    const s = em.meters.find((m) => m.pipe === 'supply')!;
    // DN40: 41.5 > 0.9·45; DN50: 5.87 m/s > 5 m/s; DN65: 3.47 m/s, rated zone (4.15 ≥ q_t 2.4).
    expect(s.dn).toBe(65);
    expect(s.v_design.value).toBeCloseTo(41.49 / 3600 / ((Math.PI * 0.065 ** 2) / 4), 1);
    expect(s.v_design.value).toBeCloseTo(3.47, 1);
    expect(s.zone).toBe('rated');
    expect(s.pct_design.value).toBeCloseTo((41.49 / 120) * 100, 0);
    // Meter loss 2 kPa·(41.49/120)² = 0.239 kPa; reducers DN100→65: β = 0.65, ζ = 0.05 + 0.3·(1 − 0.4225)² = 0.150.
    expect(s.dp_meter.value).toBeCloseTo(0.239, 2);
    expect(s.reducer!.k_diffuser.value).toBeCloseTo(0.1, 3);
    expect(s.reducer!.dp.value).toBeCloseTo(0.87, 1);
    expect(s.dp_total.value).toBeCloseTo(s.dp_meter.value + s.reducer!.dp.value, 9);
    expect(s.straight_up).toEqual({ dn: 3, mm: { value: 195, unit: 'mm' } });
    // Ultrasonic DN65 fits but its minimum flow is in the transitional zone (q_t 4.8 > 4.15 m3/h).
    const us = r.variants.find((v) => v.series === 'DEMO-US')!;
    expect(us.meters[0]!.zone).toBe('transitional');
    expect(us.warnings).toContain('transitional');
    // Vortex 1:25 cannot see the 10 % night flow; vane meters end at DN50 where the speed is 5.9 m/s.
    expect(r.rejected).toContainEqual(
      expect.objectContaining({ series: 'DEMO-VX', reason: 'range' }),
    );
    expect(r.rejected).toContainEqual(
      expect.objectContaining({ series: 'DEMO-VN', reason: 'velocity' }),
    );
    expect(allFinite(r)).toBe(true);
  });

  it('the unit: one meter per measured pipe, a sensor pair, two transmitters, a calculator with enough channels', () => {
    const r = selectFlowMeters(
      { ...BASE, scheme: 'open', q_dhw_kw: 300, pipe_dn: { supply: 100, return: 100, dhw: 50 } },
      CAT,
    );
    const v = r.variants[0]!;
    expect(v.items.filter((x) => x.role === 'meter')).toHaveLength(3);
    expect(v.channels).toEqual({ flow: 3, temperature: 2, pressure: 2 });
    expect(v.calculator.flow_channels).toBeGreaterThanOrEqual(3);
    expect(v.sensor_pair!.dn_min).toBeLessThanOrEqual(100);
    expect(v.items.find((x) => x.role === 'pressure_transmitter')!.qty).toBe(2);
    // 6 bar gauge needs a 0–10 bar transmitter (≥ 1.25 × working pressure).
    expect(v.transmitters!.range_bar).toBe(10);
    expect(v.price_kop).toBe(v.items.reduce((s, x) => s + x.qty * x.price_kop, 0));
    expect(
      v.explanation.steps.some((s) => s.key === 'supply.velocity' && s.formula === 'velocity'),
    ).toBe(true);
  });

  it('checks the organisation requirements one by one, with the reason', () => {
    const req: Requirements = {
      ...NO_REQ,
      meter_types: ['electromagnetic'],
      max_error_pct: 1,
      archive_hourly_days: 60,
      archive_daily_days: 365,
      remote_interfaces: ['GSM'],
      straight_up_dn: 5,
      straight_down_dn: 3,
      register_required: true,
    };
    const r = selectFlowMeters({ ...BASE, requirements: req }, CAT);
    const best = r.variants[0]!;
    expect(best.series).toBe('DEMO-EM');
    expect(best.unmet).toBe(0);
    expect(best.calculator.sku).toBe('DEMO-HC-4G');
    expect(best.meters[0]!.straight_up.dn).toBe(5);
    expect(best.requirements.map((x) => x.code)).toEqual([
      'meter_type',
      'accuracy',
      'straight_runs',
      'archive',
      'remote_reading',
      'register',
    ]);
    const us = r.variants.find((v) => v.series === 'DEMO-US')!;
    expect(us.requirements.find((x) => x.code === 'meter_type')).toMatchObject({
      met: false,
      reason: 'not_accepted',
    });
    expect(us.requirements.find((x) => x.code === 'accuracy')).toMatchObject({
      met: false,
      reason: 'error',
    });
    expect(us.rank).toBeGreaterThan(best.rank);
  });

  it('flows above the largest meter are refused by name, not extrapolated', () => {
    const r = selectFlowMeters(
      { ...BASE, mode: 'flows', flows: { supply: { design: 5000 }, return: { design: 5000 } } },
      CAT,
    );
    expect(r.variants).toEqual([]);
    expect(r.rejected.every((x) => x.reason === 'too_small')).toBe(true);
  });

  it('a pressure-drop limit moves to a larger DN', () => {
    const r = selectFlowMeters(
      { ...BASE, pipe_dn: { supply: 150, return: 150 }, dp_available_kpa: 0.5 },
      CAT,
    );
    const em = r.variants.find((v) => v.series === 'DEMO-EM')!;
    expect(em.meters[0]!.dn).toBeGreaterThan(65);
    expect(em.meters[0]!.dp_total.value).toBeLessThanOrEqual(0.5);
  });
});

describe('bad input', () => {
  it('names the field and never answers NaN', () => {
    expect(issuesOf(() => selectFlowMeters({ ...BASE, t_return_c: 95 }, CAT))).toContainEqual(
      expect.objectContaining({ field: 't_return', key: 'cross' }),
    );
    expect(
      issuesOf(() => selectFlowMeters({ ...BASE, q_heat_kw: Number.NaN }, CAT)),
    ).toContainEqual(expect.objectContaining({ field: 'q_heat', key: 'number' }));
    expect(issuesOf(() => selectFlowMeters({ ...BASE, q_heat_kw: 0 }, CAT))).toContainEqual(
      expect.objectContaining({ field: 'q_heat', key: 'positive' }),
    );
    expect(issuesOf(() => selectFlowMeters({ ...BASE, scheme: 'open' }, CAT))).toContainEqual(
      expect.objectContaining({ field: 'q_dhw', key: 'open_dhw' }),
    );
    expect(
      issuesOf(() => selectFlowMeters({ ...BASE, pipe_dn: { supply: 60 } }, CAT)),
    ).toContainEqual(expect.objectContaining({ field: 'dn_supply', key: 'dn' }));
    expect(
      issuesOf(() =>
        selectFlowMeters(
          {
            ...BASE,
            mode: 'flows',
            flows: { supply: { design: 1, min: 2 }, return: { design: 1 } },
          },
          CAT,
        ),
      ),
    ).toContainEqual(expect.objectContaining({ field: 'gmin_supply', key: 'above' }));
    // 170 °C at 0.6 MPa (saturation 158.8 °C) is steam, not network water.
    expect(issuesOf(() => selectFlowMeters({ ...BASE, t_supply_c: 170 }, CAT))).toContainEqual(
      expect.objectContaining({ field: 't_supply', key: 'not_liquid' }),
    );
  });
});

describe('catalogue specs', () => {
  it('every demo meter reads; a range that cannot hold a flow is refused', () => {
    expect(CAT.meters.length).toBe(37);
    expect(CAT.pairs.length).toBe(3);
    expect(CAT.calculators.length).toBe(3);
    expect(CAT.transmitters.length).toBe(3);
    expect(
      meterSpecErrors({
        series: 'X',
        type: 'ultrasonic',
        dn: 50,
        q_min: 5,
        q_t: 1,
        q_max: 70,
        error_pct: 1,
        dp_qmax_kpa: 1,
        straight_up_dn: 5,
        straight_down_dn: 3,
        t_max_c: 150,
        pn_bar: 16,
      }),
    ).toEqual({ 'specs.q_max': 'catalogue.validation.range' });
    expect(meterSpecErrors({ series: 'X', type: 'laser' })).toMatchObject({
      'specs.type': 'catalogue.validation.kind',
      'specs.dn': 'catalogue.validation.number',
    });
  });
});
