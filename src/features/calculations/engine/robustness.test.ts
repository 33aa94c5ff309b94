// Never NaN or Infinity in any output: bad inputs are walked through every public entry point and
// the results (serialised as the API would) must hold only finite numbers, or answer with errors.
import { describe, expect, it } from 'vitest';
import { allFinite } from './explain.ts';
import { curveAt, preparePump, validateCurve } from './curve.ts';
import { cabinetElectrics, START_METHODS } from './electrics.ts';
import { evaluateStation, manifoldDn } from './booster.ts';
import { operatingPoint, speedForDuty, systemCurve, trimForDuty } from './hydraulics.ts';
import {
  CRONOLINE_IL_80_220 as C,
  MAGNA3_32_120 as M,
  VEROLINE_IP_E_50_150 as V,
} from './reference-curves.ts';
import { selectPumps } from './select.ts';
import { selectStations } from './station-select.ts';
import { modelFrom, prepared } from './fixtures.test-helpers.ts';
import { flowToM3h, headToM } from '../kit/units.ts';

const BAD = [Number.NaN, Infinity, -Infinity, -1, 0, 1e-12, 1e12, -0];
const pumps = [
  prepared(C),
  prepared(V),
  prepared(M, { motor: { p2_kw: 0.2, in_a: 1, ia_in: 4, cos_phi: 0.9, eta: 0.6, voltage_v: 230 } }),
];
const noNaN = (x: unknown) => {
  expect(allFinite(x)).toBe(true);
  // JSON turns NaN/Infinity into null: no number field of a result may come out as null that way.
  expect(JSON.stringify(x) ?? '').not.toMatch(/"value":null/);
};

describe('bad inputs never produce NaN or Infinity', () => {
  it('pump selection: every numeric field × every bad value', () => {
    const base = { q: 60, q_unit: 'm3/h', h: 13, h_unit: 'm', h_static: 5, temperature_c: 20 };
    const fields = [
      'q',
      'h',
      'h_static',
      'temperature_c',
      'npsh_available_m',
      'electricity_kop_kwh',
      'years',
      'discount_rate',
      'head_tolerance',
      'density_kg_m3',
      'limit',
    ] as const;
    for (const f of fields)
      for (const v of BAD)
        for (const speed_control of [false, true]) {
          const r = selectPumps(pumps, { ...base, [f]: v, speed_control });
          noNaN(r);
          expect(['success', 'empty', 'error']).toContain(r.type);
          if (r.type === 'error') expect(r.errors.length).toBeGreaterThan(0);
        }
  });

  it('pump selection: bad units, bad profiles and duties across the whole catalogue range', () => {
    for (const q_unit of ['', 'm3', 'M3/H', 'l/s', 't/h'])
      noNaN(selectPumps(pumps, { q: 10, q_unit, h: 5, h_unit: 'bar' }));
    for (const load_profile of [
      [],
      [{ flow_ratio: Number.NaN, hours: 1 }],
      [{ flow_ratio: 0.01, hours: 8760 }],
      [{ flow_ratio: 1.5, hours: 1 }],
    ])
      noNaN(
        selectPumps(pumps, {
          q: 10,
          q_unit: 'm3/h',
          h: 3,
          h_unit: 'm',
          load_profile,
          speed_control: true,
        }),
      );
    for (let q = 0.5; q < 200; q *= 1.7)
      for (let h = 0.5; h < 40; h *= 1.8)
        for (const speed_control of [false, true])
          noNaN(
            selectPumps(pumps, {
              q,
              q_unit: 'm3/h',
              h,
              h_unit: 'm',
              h_static: h * 0.9,
              speed_control,
            }),
          );
  });

  it('station selection and cabinet electrics', () => {
    for (const v of BAD) {
      noNaN(selectStations(pumps, { q: v, q_unit: 'm3/h', h: 14, h_unit: 'm', count: 2 }));
      noNaN(
        selectStations(pumps, { q: 100, q_unit: 'm3/h', h: v, h_unit: 'm', speed_control: true }),
      );
      noNaN(
        evaluateStation(pumps[0]!, {
          q_m3h: v,
          h_m: 14,
          h_static_m: 5,
          duty: 2,
          standby: 1,
          speed_control: true,
          rho: 1000,
          profile: [],
          kop_per_kwh: 1,
          r_min: 0.3,
          vfd_eta: 0.97,
        }),
      );
      noNaN(
        evaluateStation(pumps[0]!, {
          q_m3h: 100,
          h_m: 14,
          h_static_m: 5,
          duty: v,
          standby: 1,
          speed_control: false,
          rho: 1000,
          profile: [],
          kop_per_kwh: 1,
          r_min: 0.3,
          vfd_eta: 0.97,
        }),
      );
      for (const method of START_METHODS) {
        const motor = { p2_kw: v, in_a: v, ia_in: v, cos_phi: 0.85, eta: 0.9, voltage_v: 400 };
        noNaN(
          cabinetElectrics({
            pumps: [{ motor, duty: 1, standby: 1 }],
            method,
            ats: true,
            dry_run: true,
          }),
        );
        noNaN(
          cabinetElectrics({
            pumps: [{ motor: { ...motor, p2_kw: 4, voltage_v: v }, duty: 1, standby: 0 }],
            method,
            ats: false,
            dry_run: false,
          }),
        );
      }
      noNaN(manifoldDn(v));
    }
  });

  it('hydraulic solvers answer null, not numbers, outside their range', () => {
    const p = pumps[0]!;
    for (const v of BAD) {
      expect(systemCurve(v, 13, 5) === null || Number.isFinite(systemCurve(v, 13, 5)!.k)).toBe(
        true,
      );
      noNaN(speedForDuty(p, v, 13));
      noNaN(speedForDuty(p, 60, v));
      noNaN(trimForDuty(p, v, v));
      noNaN(curveAt(p, v, 1));
      noNaN(curveAt(p, 60, v));
      noNaN(flowToM3h(v, 't/h', v));
      noNaN(headToM(v, 'bar', v));
    }
    expect(curveAt(p, 5, 1)).toEqual({ inRange: false }); // below the first point: out of range
    expect(curveAt(p, 150, 1)).toEqual({ inRange: false });
    expect(operatingPoint(p, systemCurve(60, 30, 25)!)).toBeNull(); // system above the curve everywhere
  });
});

describe('curve validation: a clear error per problem', () => {
  const pts = C.points;
  it.each([
    ['curve.points', pts.slice(0, 2)],
    ['curve.positive', pts.map((p, i) => (i === 3 ? { ...p, h_m: -1 } : p))],
    ['curve.positive', pts.map((p, i) => (i === 3 ? { ...p, q_m3h: Number.NaN } : p))],
    ['curve.order', pts.map((p, i) => (i === 3 ? { ...p, q_m3h: pts[1]!.q_m3h } : p))],
    ['curve.monotone', pts.map((p, i) => (i === 3 ? { ...p, h_m: 18 } : p))],
    ['curve.power', pts.map((p, i) => (i === 3 ? { q_m3h: p.q_m3h, h_m: p.h_m } : p))],
  ] as const)('%s', (error, curve) => {
    expect(validateCurve(curve)).toContain(error);
    const r = preparePump(modelFrom(C, { curve: [...curve] }));
    expect(r.ok).toBe(false);
  });
  it('a range outside the points and the rising part of MAGNA3 below its range', () => {
    expect(validateCurve(pts, 5, 90)).toContain('curve.range');
    expect(validateCurve(M.points)).toContain('curve.monotone');
    expect(validateCurve(M.points, 3.3)).toEqual([]);
  });
  it('accepts η instead of power and derives P₂ = ρgQH/η', () => {
    const curve = pts.map((p) => ({ q_m3h: p.q_m3h, h_m: p.h_m, eta: 0.7 }));
    const r = preparePump(modelFrom(C, { curve }));
    expect(r.ok).toBe(true);
    if (r.ok)
      expect(r.pump.power.at(60)).toBeCloseTo(
        (1000 * 9.80665 * (60 / 3600) * r.pump.head.at(60)) / 0.7 / 1000,
        1,
      );
  });
});
