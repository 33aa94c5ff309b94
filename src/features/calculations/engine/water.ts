// Liquid water properties for pump work, until the IF97 module (src/features/properties/) replaces
// them. Density: Kell (1975), J. Chem. Eng. Data 20, 97 — fitted at 1 atm for 0–150 °C; the
// pressure dependence is negligible below ~2.5 MPa for this purpose. Vapour pressure: Wagner &
// Pruss (1993), the IAPWS saturation-pressure equation, 273.16 K to the critical point. Both are
// checked against the IF97 table and values of calculations.md §2.0/§3.1 in water.test.ts.
import { saturationAtT } from '#features/properties/water.ts';
import { finite, G } from './explain.ts';

export const WATER_T_MIN_C = 0;
export const WATER_T_MAX_C = 150;

export function inWaterRange(tC: number): boolean {
  return Number.isFinite(tC) && tC >= WATER_T_MIN_C && tC <= WATER_T_MAX_C;
}

/** Density of liquid water, kg/m³ (Kell 1975). Clamped to the fitted range. */
export function waterDensity(tC: number): number {
  const t = Math.min(WATER_T_MAX_C, Math.max(WATER_T_MIN_C, finite(tC, 20)));
  const num = 999.83952 + 16.945176 * t - 7.9870401e-3 * t ** 2 - 46.170461e-6 * t ** 3 + 105.56302e-9 * t ** 4 - 280.54253e-12 * t ** 5;
  return num / (1 + 16.87985e-3 * t);
}

const TC = 647.096; // K
const PC = 22.064e6; // Pa
const A = [-7.85951783, 1.84408259, -11.7866497, 22.6807411, -15.9618719, 1.80122502];

/** Saturation (vapour) pressure of water, Pa (Wagner & Pruss). Clamped to the liquid range used. */
export function waterVapourPressure(tC: number): number {
  const t = Math.min(WATER_T_MAX_C, Math.max(WATER_T_MIN_C, finite(tC, 20)));
  const T = t + 273.15;
  const tau = 1 - T / TC;
  const [a1, a2, a3, a4, a5, a6] = A as [number, number, number, number, number, number];
  const s = a1 * tau + a2 * tau ** 1.5 + a3 * tau ** 3 + a4 * tau ** 3.5 + a5 * tau ** 4 + a6 * tau ** 7.5;
  return PC * Math.exp((TC / T) * s);
}

/** Vapour pressure as head of the liquid, m. */
export function vapourHeadM(tC: number): number {
  return waterVapourPressure(tC) / (waterDensity(tC) * 9.80665);
}

/** Hot water: at and above this temperature an empty NPSHa is warned about (cavitation is likely). */
export const HOT_WATER_NPSH_C = 60;

/**
 * Vapour head p_s(t)/(ρ′·g) of saturated liquid water from IAPWS-IF97 (src/features/properties),
 * m — 21.5 m at 120 °C; 0 outside the IF97 saturation range (never thrown, never NaN).
 */
export function vapourHeadIf97M(tC: number): number {
  if (!(tC >= 0.01 && tC <= 350)) return 0;
  const s = saturationAtT(tC);
  return finite((s.p_sat_mpa * 1e6) / (s.rho_liquid * G));
}
