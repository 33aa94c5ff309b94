// Backward equations T(p, h) of IF97 for regions 1 and 2 (eqs. 11, 22–24, subregion boundaries
// eq. 20–21), as the condensation design needs them: steam and condensate are given by pressure and
// enthalpy. The release's backward values agree with the forward equations to within 25 mK; one
// Newton step on the forward equation then makes h(T, p) reproduce the given h exactly.
import {
  B2BC,
  REGION1_T_PH,
  REGION2A_T_PH,
  REGION2B_T_PH,
  REGION2C_T_PH,
  type Term,
} from './if97-tables.ts';
import { P_S_13, region1, region2, saturationTemperature, T_MAX, T_MIN } from './if97.ts';
import { checkRange, PropertyRangeError } from './errors.ts';

const sum = (terms: readonly Term[], x: number, y: number) => {
  let t = 0;
  for (const [I, J, n] of terms) t += n * x ** I * y ** J;
  return t;
};

/** Region 1: T(p, h), eq. 11 (p* = 1 MPa, h* = 2500 kJ/kg). */
export function region1T_ph(p: number, h: number): number {
  return sum(REGION1_T_PH, p, h / 2500 + 1);
}

/** Boundary 2b–2c: p(h) in MPa, eq. 20. */
export function b2bcPressure(h: number): number {
  return B2BC[1] + B2BC[2] * h + B2BC[3] * h * h;
}

/** Boundary 2b–2c: h(p) in kJ/kg, eq. 21. */
export function b2bcEnthalpy(p: number): number {
  return B2BC[4] + Math.sqrt((p - B2BC[5]) / B2BC[3]);
}

/** Region 2: T(p, h), eqs. 22–24, subregion 2a below 4 MPa, 2b/2c split by the B2bc line. */
export function region2T_ph(p: number, h: number): number {
  const eta = h / 2000;
  if (p <= 4) return sum(REGION2A_T_PH, p, eta - 2.1);
  if (p <= b2bcPressure(h)) return sum(REGION2B_T_PH, p - 2, eta - 2.6);
  return sum(REGION2C_T_PH, p + 25, eta - 1.8);
}

export interface PhState {
  /** Temperature, K. */
  T: number;
  /** 1 liquid, 2 vapour, 4 wet steam (two-phase at the saturation temperature). */
  region: 1 | 2 | 4;
  /** Vapour mass fraction for region 4; 0 for liquid, 1 for vapour. */
  x: number;
}

/**
 * State from (p, h) for p up to 16.529 MPa (where the saturation line leaves regions 1 and 2).
 * Liquid below h', wet steam between h' and h'', vapour above h''.
 */
export function stateFromPH(p: number, h: number): PhState {
  checkRange('pressure', p, 0.000611213, P_S_13);
  checkRange('enthalpy', h, -0.05, 4150);
  const Ts = saturationTemperature(p);
  const hL = region1(Ts, p).h;
  const hV = region2(Ts, p).h;
  if (h > hL && h < hV) return { T: Ts, region: 4, x: (h - hL) / (hV - hL) };
  if (h <= hL) {
    const hMin = region1(T_MIN, p).h;
    if (h < hMin)
      throw new PropertyRangeError('enthalpy', 'range', h, Math.ceil(hMin * 1000) / 1000, 4150);
    let T = Math.min(region1T_ph(p, h), Ts);
    const st = region1(T, p);
    T = Math.min(Math.max(T + (h - st.h) / st.cp, T_MIN), Ts);
    return { T, region: 1, x: 0 };
  }
  const hMax = region2(T_MAX, p).h;
  if (h > hMax)
    throw new PropertyRangeError('enthalpy', 'range', h, 0, Math.floor(hMax * 1000) / 1000);
  let T = Math.max(region2T_ph(p, h), Ts);
  const st = region2(T, p);
  T = Math.min(Math.max(T + (h - st.h) / st.cp, Ts), T_MAX);
  return { T, region: 2, x: 1 };
}
