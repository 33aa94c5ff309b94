// Digitised manufacturer curves of calculations.md §3.2 (Modelica Buildings / DLR ThermofluidStream
// records, converted with ρ = 1000 kg/m³, g = 9.80665). The records do not say whether P is P1 or
// P2; the engine treats it as P2 (shaft), which matches the §3.2 oracle ρgQH/P = 0.759. Used by the
// engine tests (oracles) and as the base curves of the demo catalogue families.
import type { CurvePoint } from './types.ts';

export interface ReferenceCurve {
  name: string;
  speed_rpm: number;
  /** Allowed range where the head decreases (MAGNA3 rises below 3.3 m³/h). */
  q_min_m3h?: number;
  /** Nominal impeller diameter of the full impeller, mm (the second figure of the type name), when known. */
  impeller_d_mm?: number;
  points: CurvePoint[];
  source: string;
}

const SOURCE = 'Modelica Buildings / DLR ThermofluidStream pump records (calculations.md §3.2)';

const zip = (q: number[], h: number[], pW: number[]): CurvePoint[] =>
  q.map((qi, i) => ({ q_m3h: qi, h_m: h[i]!, p2_kw: pW[i]! / 1000 }));

export const CRONOLINE_IL_80_220: ReferenceCurve = {
  name: 'Wilo Cronoline-IL 80/220-4/4',
  speed_rpm: 1450,
  impeller_d_mm: 220,
  source: SOURCE,
  points: zip(
    [10.92, 20.84, 31.09, 41.01, 52.61, 65.38, 77.14, 89.41, 98.66, 101.68],
    [17.15, 16.99, 16.75, 16.43, 15.74, 14.56, 13.1, 11.06, 9.47, 8.86],
    [1905, 2202, 2549, 2812, 3146, 3435, 3593, 3710, 3775, 3793],
  ),
};

export const VEROLINE_IP_E_50_150: ReferenceCurve = {
  name: 'Wilo Veroline IP-E 50/150-4/2',
  speed_rpm: 2900,
  impeller_d_mm: 150,
  source: SOURCE,
  points: zip(
    [0, 10, 20, 30, 40, 50, 60],
    [26.04, 25.8, 25.55, 25.31, 23.66, 20.36, 15.96],
    [1608, 2235, 2863, 3529, 4078, 4392, 4667],
  ),
};

export const MAGNA3_32_120: ReferenceCurve = {
  name: 'Grundfos MAGNA3 32-120 F N (one control curve)',
  speed_rpm: 1450,
  q_min_m3h: 3.3,
  source: SOURCE,
  points: zip(
    [0, 1.65, 3.3, 4.96, 6.61, 8.26, 9.91, 11.57, 13.22, 14.87, 16.52],
    [4.8, 5.1, 5.24, 5.21, 5.01, 4.64, 4.11, 3.41, 2.54, 1.51, 0.3],
    [55.9, 79.0, 99.0, 116.1, 130.1, 141.1, 149.2, 154.1, 156.1, 155.1, 151.1],
  ),
};

export const REFERENCE_CURVES = [CRONOLINE_IL_80_220, VEROLINE_IP_E_50_150, MAGNA3_32_120];
