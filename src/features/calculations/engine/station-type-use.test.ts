// The booster-set rule of each type of use (station-select.ts): standby minimum, speed control,
// closed-loop static head, NPSH per running pump, cabinet ATS and the ranking.
import { describe, expect, it } from 'vitest';
import { allFinite } from './explain.ts';
import { CRONOLINE_IL_80_220 as C } from './reference-curves.ts';
import { selectStations, TYPE_OF_USE_RULES, type StationSelectInput } from './station-select.ts';
import { prepared } from './fixtures.test-helpers.ts';

// The Cronoline curve with an NPSHr curve (1 m at shut-off rising with Q²), and a dearer, larger copy.
const withNpsh = C.points.map((p) => ({ ...p, npshr_m: 1 + 0.0004 * p.q_m3h * p.q_m3h }));
const cheap = prepared(C, { sku: 'A-CHEAP', curve: withNpsh, price_kop: 5_000_000 });
const dear = prepared(C, {
  sku: 'B-DEAR',
  curve: withNpsh.map((p) => ({ ...p, h_m: p.h_m * 1.1, p2_kw: p.p2_kw! * 1.02 })),
  price_kop: 9_000_000,
  motor: { p2_kw: 7.5, in_a: 0, ia_in: 7, cos_phi: 0.86, eta: 0.89, voltage_v: 400 },
});
const base: StationSelectInput = {
  q: 120,
  q_unit: 'm3/h',
  h: 14,
  h_unit: 'm',
  h_static: 5,
  density_kg_m3: 1000,
  count: 2,
};
const sel = (over: Partial<StationSelectInput>) =>
  selectStations([cheap, dear], { ...base, ...over });

describe('station type of use', () => {
  it('default is 1, water supply: at least one standby (raised from 0 with a warning), ranked by annual energy', () => {
    const r = sel({ standby: 0 });
    expect(r.type).toBe('success');
    expect(r.type_use).toBe(1);
    for (const e of r.entities) {
      expect(e.type_use).toBe(1);
      expect(e.standby_count).toBe(1);
      expect(e.warnings).toContain('standby_raised');
      expect(e.station.explanation.inputs[0]).toEqual({ key: 'type_use', value: 1, unit: '' });
      expect(e.station.explanation.source.join(' ')).toContain('SP 30.13330.2020');
    }
    const kwh = r.entities.map((e) => e.station.annual_kwh);
    expect(kwh).toEqual([...kwh].sort((a, b) => a - b));
    expect(sel({ standby: 2 }).entities[0]!.standby_count).toBe(2); // more than the minimum is kept
    expect(allFinite(r)).toBe(true);
  });

  it('2, heating/circulation: a closed loop has no static head (the value entered is ignored and said so)', () => {
    const loop = sel({ type_use: 2, h_static: 5, speed_control: true });
    const zero = sel({ type_use: 2, h_static: 0, speed_control: true });
    expect(loop.entities[0]!.warnings).toContain('static_ignored');
    expect(zero.entities[0]!.warnings).not.toContain('static_ignored');
    expect(loop.entities[0]!.station.annual_kwh).toBeCloseTo(
      zero.entities[0]!.station.annual_kwh,
      9,
    );
    // Even a static head above the duty head is no error for a closed loop.
    expect(sel({ type_use: 2, h_static: 20 }).type).toBe('success');
    expect(sel({ type_use: 1, h_static: 20 }).errors).toContainEqual({
      field: 'h_static',
      key: 'static_above_duty',
    });
  });

  it('2, heating: hot water without NPSHa is warned about; with NPSHa each running pump is checked at its share of the flow', () => {
    expect(sel({ type_use: 2, temperature_c: 70 }).entities[0]!.warnings).toContain(
      'npsh_not_given',
    );
    expect(sel({ type_use: 2, temperature_c: 40 }).entities[0]!.warnings).not.toContain(
      'npsh_not_given',
    );
    // 2 pumps at 60 m³/h each: NPSHr = 1 + 0.0004·60² = 2.44 m (at full speed), + 0.5 m margin.
    const ok = sel({ type_use: 2, temperature_c: 70, npsh_available_m: 3 });
    expect(ok.type).toBe('success');
    const e = ok.entities.find((x) => x.sku === 'A-CHEAP')!;
    const step = e.station.explanation.steps.find((s) => s.key === 'npsh.required')!;
    expect(step.value).toBeCloseTo(1 + 0.0004 * 60 * 60, 6);
    expect(step.formula).toBe('npsh');
    const low = sel({ type_use: 2, temperature_c: 70, npsh_available_m: 2.5 });
    expect(low.type).toBe('empty');
    expect(low.misses.map((m) => m.reason)).toContain('npsh');
    // The NPSH check applies to every type, not only heating.
    expect(sel({ type_use: 1, npsh_available_m: 2.5 }).type).toBe('empty');
  });

  it('3, fire fighting: fixed speed whatever was asked, transfer switch, 2 standby with 3 on duty, ranked by price', () => {
    const r = sel({ type_use: 3, speed_control: true, count: undefined, q: 90 });
    expect(r.type).toBe('success');
    for (const e of r.entities) {
      expect(e.start_method).not.toBe('vfd');
      expect(e.warnings).toContain('speed_fixed');
      expect(e.ats).toBe(true);
      expect(e.cabinet.components.map((c) => c.kind)).toContain('ats');
      expect(e.station.duty_speed_ratio).toBe(1);
      expect(e.standby_count).toBe(e.duty_count >= 3 ? 2 : 1);
    }
    expect(r.entities.some((e) => e.duty_count >= 3)).toBe(true);
    const prices = r.entities.map((e) => e.pumps_price_kop);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(TYPE_OF_USE_RULES[3].standbyMin(2)).toBe(1);
    expect(TYPE_OF_USE_RULES[3].standbyMin(3)).toBe(2);
  });

  it('4, process water: no standby allowed, ranked by life-cycle cost', () => {
    const r = sel({ type_use: 4, standby: 0, years: 10 });
    expect(r.type).toBe('success');
    for (const e of r.entities) {
      expect(e.standby_count).toBe(0);
      expect(e.warnings).not.toContain('standby_raised');
    }
    const lcc = r.entities.map((e) => e.lcc_kop);
    expect(lcc).toEqual([...lcc].sort((a, b) => a - b));
  });

  it('an unknown type of use is refused on its field', () => {
    for (const bad of [0, 5, 1.5, Number.NaN])
      expect(sel({ type_use: bad }).errors).toContainEqual({ field: 'type_use', key: 'range' });
  });
});
