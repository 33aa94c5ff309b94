// IAPWS-IF97 regions 1 (liquid), 2 (vapour) and 4 (saturation line) and the region 2–3 boundary,
// written from the Revised Release (IAPWS R7-97(2012)). Internal units: T in K, p in MPa,
// v in m3/kg, h/u in kJ/kg, s/cp/cv in kJ/(kg K), w in m/s. The range checks sit here, next to
// the equations they protect; callers get a PropertyRangeError, never an extrapolated number.
import { B23, REGION1, REGION2_IDEAL, REGION2_RESIDUAL, REGION4 } from './if97-tables.ts';
import { checkRange, checkTemperatureK, PropertyRangeError } from './errors.ts';

/** Specific gas constant of water, kJ/(kg K) (IF97 eq. 1). */
export const R = 0.461526;
export const T_CRIT = 647.096;
export const P_CRIT = 22.064;
export const RHO_CRIT = 322;
export const T_MIN = 273.15;
/** Upper temperature of region 1 and of the saturation line covered by regions 1 + 2. */
export const T_13 = 623.15;
/** Upper temperature of region 2 (region 5 above it is outside this module and refused). */
export const T_MAX = 1073.15;
export const P_MAX = 100;
/** Saturation pressure at 623.15 K: above it the saturation states lie in region 3. */
export const P_S_13 = 16.529164253;
/** Triple-point pressure, MPa: the lowest saturation pressure. */
export const P_TRIPLE = 611.212677e-6;

export interface State {
  region: 1 | 2;
  T: number;
  p: number;
  v: number;
  rho: number;
  h: number;
  u: number;
  s: number;
  cp: number;
  cv: number;
  w: number;
}

/** Region 1, IF97 eq. 7 and Table 3: p* = 16.53 MPa, T* = 1386 K. */
export function region1(T: number, p: number): State {
  const pi = p / 16.53;
  const tau = 1386 / T;
  const a = 7.1 - pi;
  const b = tau - 1.222;
  let g = 0,
    gp = 0,
    gpp = 0,
    gt = 0,
    gtt = 0,
    gpt = 0;
  for (const [I, J, n] of REGION1) {
    const aI = a ** I,
      bJ = b ** J;
    g += n * aI * bJ;
    gp -= n * I * a ** (I - 1) * bJ;
    gpp += n * I * (I - 1) * a ** (I - 2) * bJ;
    gt += n * aI * J * b ** (J - 1);
    gtt += n * aI * J * (J - 1) * b ** (J - 2);
    gpt -= n * I * a ** (I - 1) * J * b ** (J - 1);
  }
  const RT = R * T;
  const v = (pi * gp * RT) / p / 1000;
  const cvTerm = (gp - tau * gpt) ** 2;
  return {
    region: 1,
    T,
    p,
    v,
    rho: 1 / v,
    h: RT * tau * gt,
    u: RT * (tau * gt - pi * gp),
    s: R * (tau * gt - g),
    cp: -R * tau * tau * gtt,
    cv: R * (-tau * tau * gtt + cvTerm / gpp),
    w: Math.sqrt((1000 * RT * gp * gp) / (cvTerm / (tau * tau * gtt) - gpp)),
  };
}

/** Region 2, IF97 eq. 15 and Tables 12–13: p* = 1 MPa, T* = 540 K. */
export function region2(T: number, p: number): State {
  const pi = p;
  const tau = 540 / T;
  let g0 = Math.log(pi),
    g0t = 0,
    g0tt = 0;
  for (const [J, n] of REGION2_IDEAL) {
    g0 += n * tau ** J;
    g0t += n * J * tau ** (J - 1);
    g0tt += n * J * (J - 1) * tau ** (J - 2);
  }
  const b = tau - 0.5;
  let gr = 0,
    grp = 0,
    grpp = 0,
    grt = 0,
    grtt = 0,
    grpt = 0;
  for (const [I, J, n] of REGION2_RESIDUAL) {
    const pI = pi ** I,
      bJ = b ** J;
    gr += n * pI * bJ;
    grp += n * I * pi ** (I - 1) * bJ;
    grpp += n * I * (I - 1) * pi ** (I - 2) * bJ;
    grt += n * pI * J * b ** (J - 1);
    grtt += n * pI * J * (J - 1) * b ** (J - 2);
    grpt += n * I * pi ** (I - 1) * J * b ** (J - 1);
  }
  const RT = R * T;
  const gp = 1 / pi + grp;
  const v = (pi * gp * RT) / p / 1000;
  const gtt = g0tt + grtt;
  const x = 1 + pi * grp - tau * pi * grpt;
  return {
    region: 2,
    T,
    p,
    v,
    rho: 1 / v,
    h: RT * tau * (g0t + grt),
    u: RT * (tau * (g0t + grt) - pi * gp),
    s: R * (tau * (g0t + grt) - (g0 + gr)),
    cp: -R * tau * tau * gtt,
    cv: R * (-tau * tau * gtt - (x * x) / (1 - pi * pi * grpp)),
    w: Math.sqrt(
      (1000 * RT * (1 + 2 * pi * grp + pi * pi * grp * grp)) /
        (1 - pi * pi * grpp + (x * x) / (tau * tau * gtt)),
    ),
  };
}

/** Saturation pressure p_s(T), MPa (IF97 eq. 30), for 273.15 K ≤ T ≤ 647.096 K. */
export function saturationPressure(T: number): number {
  checkTemperatureK(T, T_MIN, T_CRIT);
  const n = REGION4;
  const th = T + n[9] / (T - n[10]);
  const A = th * th + n[1] * th + n[2];
  const B = n[3] * th * th + n[4] * th + n[5];
  const C = n[6] * th * th + n[7] * th + n[8];
  return ((2 * C) / (-B + Math.sqrt(B * B - 4 * A * C))) ** 4;
}

/** Saturation temperature T_s(p), K (IF97 eq. 31), for 611.213 Pa ≤ p ≤ 22.064 MPa. */
export function saturationTemperature(p: number): number {
  checkRange('pressure', p, P_TRIPLE, P_CRIT);
  const n = REGION4;
  const beta = p ** 0.25;
  const E = beta * beta + n[3] * beta + n[6];
  const F = n[1] * beta * beta + n[4] * beta + n[7];
  const G = n[2] * beta * beta + n[5] * beta + n[8];
  const D = (2 * G) / (-F - Math.sqrt(F * F - 4 * E * G));
  return (n[10] + D - Math.sqrt((n[10] + D) ** 2 - 4 * (n[9] + n[10] * D))) / 2;
}

/** Boundary between regions 2 and 3: p(T) in MPa (IF97 eq. 5), 623.15 K ≤ T ≤ 863.15 K. */
export function b23Pressure(T: number): number {
  return B23[1] + B23[2] * T + B23[3] * T * T;
}

/** Inverse of b23Pressure: T(p) in K (IF97 eq. 6). */
export function b23Temperature(p: number): number {
  return B23[4] + Math.sqrt((p - B23[5]) / B23[3]);
}

/**
 * Region from (T, p) per IF97 Figure 1. Exactly on the saturation line the state is taken as
 * liquid (region 1): a boiling-water state is what heat-exchanger callers mean there.
 */
export function regionOf(T: number, p: number): 1 | 2 {
  checkTemperatureK(T, T_MIN, T_MAX);
  checkRange('pressure', p, 1e-6, P_MAX);
  if (T <= T_13) return p >= saturationPressure(T) ? 1 : 2;
  if (T <= 863.15) {
    const pB = b23Pressure(T);
    if (p > pB)
      throw new PropertyRangeError('pressure', 'region3', p, 0, Math.floor(pB * 1e4) / 1e4);
  }
  return 2;
}

/** Properties at (T, p) with the region chosen automatically. */
export function stateTP(T: number, p: number): State {
  return regionOf(T, p) === 1 ? region1(T, p) : region2(T, p);
}
