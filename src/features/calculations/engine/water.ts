// Liquid water properties for pump work, from the project's one water model: IAPWS-IF97
// (src/features/properties/water.ts, the module the heat exchangers use). Density: region 1 at
// atmospheric pressure (0.101325 MPa) up to the normal boiling point, saturated liquid ρ′ above it
// (the pump's suction is at least at saturation); the pressure dependence is below 0.03 % up to
// 0.6 MPa. Vapour pressure: the IF97 region 4 saturation equation. Checked against the IF97 table of
// calculations.md §2.0 in units-water.test.ts.
import { saturationAtT, waterProperties } from '#features/properties/water.ts';
import { finite, G } from './explain.ts';
import { ATM_MPA } from '#features/calculations/kit/units.ts';

export const WATER_T_MIN_C = 0;
export const WATER_T_MAX_C = 150;
/** Atmospheric pressure, MPa. */
/** The water model the pump engine uses, as the explanation names it. */
export const WATER_MODEL =
  'water: IAPWS-IF97 (ρ at 0.101325 MPa or saturated liquid ρ′ above 100 °C, p_s by region 4)';

export function inWaterRange(tC: number): boolean {
  return Number.isFinite(tC) && tC >= WATER_T_MIN_C && tC <= WATER_T_MAX_C;
}

const clamp = (tC: number) => Math.min(WATER_T_MAX_C, Math.max(WATER_T_MIN_C, finite(tC, 20)));

/** Density of liquid water, kg/m³ (IAPWS-IF97). Clamped to 0–150 °C (callers refuse outside it). */
export function waterDensity(tC: number): number {
  const t = clamp(tC);
  // Below 0.01 °C IF97 region 1 still holds (its lower bound is 273.15 K); saturation starts at 0.01 °C.
  if (t < 0.01) return waterProperties(t, ATM_MPA).rho;
  const s = saturationAtT(t);
  return s.p_sat_mpa < ATM_MPA ? waterProperties(t, ATM_MPA).rho : s.rho_liquid;
}

/** Saturation (vapour) pressure of water, Pa (IAPWS-IF97 region 4). Clamped to 0–150 °C. */
export function waterVapourPressure(tC: number): number {
  const t = Math.max(0.01, clamp(tC));
  return saturationAtT(t).p_sat_mpa * 1e6;
}

/** Vapour pressure as head of the liquid, m: p_s(t)/(ρ·g). */
export function vapourHeadM(tC: number): number {
  return waterVapourPressure(tC) / (waterDensity(tC) * G);
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
