// Data the engine works on: a pump as the catalogue stores it (manufacturer points at nominal
// speed, catalogue/pump-data.ts) and its motor. Units are in the field names (q_m3h, h_m, p2_kw ...).
import type { CurvePoint, MotorData } from '#features/catalogue/pump-data.ts';

// The catalogue owns what a pump is (the engine reads it): re-exported for the engine's modules.
export type { CurvePoint, MotorData };

export interface PumpModel {
  /** Catalogue id (sku) — results refer back to it. */
  sku: string;
  title: string;
  manufacturer: string;
  model: string;
  price_kop: number;
  lead_days: number;
  speed_rpm: number;
  curve: CurvePoint[];
  /** Allowed operating range; defaults to the first and last curve point. */
  q_min_m3h?: number;
  q_max_m3h?: number;
  /** Smallest allowed impeller diameter ratio D/D0 when trimming is offered (e.g. 0.8). */
  trim_min_ratio?: number;
  /** Impeller diameter as catalogued (before any trim to order), mm, when known. */
  impeller_d_mm?: number;
  motor: MotorData;
  /** Number of stages (multistage pumps); 1 when absent. HI 9.6.7 takes the head per stage. */
  stages?: number;
  t_max_c?: number;
  /** Lowest liquid temperature the pump (its seal and elastomers) is rated for, °C; DEFAULT_T_MIN_C when absent. */
  t_min_c?: number;
  pn_bar?: number;
  dn?: number;
  demo?: boolean;
}

/** A load profile point: share of the design flow (0..1.2) and hours per year at it. */
export interface LoadPoint {
  flow_ratio: number;
  hours: number;
}

export const DEFAULT_LOAD_PROFILE: LoadPoint[] = [
  // Europump/Grundfos-style heating profile: 6 % of the time at 100 %, 15 % at 75 %, 35 % at 50 %, 44 % at 25 % of 8760 h.
  { flow_ratio: 1, hours: 526 },
  { flow_ratio: 0.75, hours: 1314 },
  { flow_ratio: 0.5, hours: 3066 },
  { flow_ratio: 0.25, hours: 3854 },
];
