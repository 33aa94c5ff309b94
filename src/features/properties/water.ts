// Public face of the properties module, in the units engineers type: °C and MPa (absolute).
// Everything the API, the tools page and the heat-exchanger engines need goes through here.
import {
  region1,
  region2,
  saturationPressure,
  saturationTemperature,
  stateTP,
  P_S_13,
  P_TRIPLE,
  T_13,
  T_MIN,
} from './if97.ts';
import { stateFromPH } from './if97-backward.ts';
import { checkRange, checkTemperatureK } from './errors.ts';
import { thermalConductivity, viscosity } from './transport.ts';

export { PropertyRangeError, type PropertyQuantity, type PropertyErrorReason } from './errors.ts';

export const FORMULATION =
  'IAPWS-IF97 (regions 1, 2, 4; backward T(p,h)), IAPWS 2008 viscosity, IAPWS 2011 thermal conductivity';
const K = 273.15;

export interface WaterProperties {
  /** IF97 region: 1 liquid, 2 vapour. */
  region: 1 | 2;
  t_c: number;
  p_mpa: number;
  /** kg/m3 */
  rho: number;
  /** m3/kg */
  v: number;
  /** kJ/kg */
  h: number;
  /** kJ/(kg K) */
  s: number;
  /** kJ/(kg K) */
  cp: number;
  /** kJ/(kg K) */
  cv: number;
  /** m/s */
  w: number;
  /** Pa s */
  mu: number;
  /** W/(m K) */
  lambda: number;
  /** dimensionless */
  pr: number;
}

/** Properties of water or steam at t (°C) and absolute p (MPa); region chosen by IF97. */
export function waterProperties(tC: number, pMPa: number): WaterProperties {
  const st = stateTP(tC + K, pMPa);
  const mu = viscosity(st.T, st.rho);
  const lambda = thermalConductivity(st.T, st.rho);
  return {
    region: st.region,
    t_c: tC,
    p_mpa: pMPa,
    rho: st.rho,
    v: st.v,
    h: st.h,
    s: st.s,
    cp: st.cp,
    cv: st.cv,
    w: st.w,
    mu,
    lambda,
    pr: (st.cp * 1000 * mu) / lambda,
  };
}

export interface SaturationProperties {
  t_sat_c: number;
  p_sat_mpa: number;
  /** h′, kJ/kg */
  h_liquid: number;
  /** h″, kJ/kg */
  h_vapour: number;
  /** latent heat r = h″ − h′, kJ/kg */
  r: number;
  /** ρ′, kg/m3 */
  rho_liquid: number;
  /** ρ″, kg/m3 */
  rho_vapour: number;
}

function saturation(T: number, p: number): SaturationProperties {
  const liquid = region1(T, p);
  const vapour = region2(T, p);
  return {
    t_sat_c: T - K,
    p_sat_mpa: p,
    h_liquid: liquid.h,
    h_vapour: vapour.h,
    r: vapour.h - liquid.h,
    rho_liquid: liquid.rho,
    rho_vapour: vapour.rho,
  };
}

/** Saturation state at t (°C), 0.01…350 °C (above 350 °C it lies in region 3). */
export function saturationAtT(tC: number): SaturationProperties {
  checkTemperatureK(tC + K, T_MIN, T_13);
  const T = tC + K;
  return saturation(T, saturationPressure(T));
}

/** Saturation state at absolute p (MPa), 611.2 Pa…16.529 MPa. */
export function saturationAtP(pMPa: number): SaturationProperties {
  checkRange('pressure', pMPa, P_TRIPLE, P_S_13);
  return saturation(saturationTemperature(pMPa), pMPa);
}

/** Temperature (°C), phase and dryness from absolute p (MPa) and h (kJ/kg). */
export function temperatureFromPH(
  pMPa: number,
  h: number,
): { t_c: number; region: 1 | 2 | 4; x: number } {
  const st = stateFromPH(pMPa, h);
  return { t_c: st.T - K, region: st.region, x: st.x };
}

/** Enthalpy (kJ/kg) at t (°C) and absolute p (MPa). */
export const enthalpy = (tC: number, pMPa: number): number => stateTP(tC + K, pMPa).h;
