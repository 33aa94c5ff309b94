// Substation equipment beyond the exchangers and pumps (calculations.md §2.7): control valves (Kv,
// Kvs from the series, authority), the expansion vessel (EN 12828 method, expansion from IF97
// densities), safety valves, pipe and heat-meter DN from the flow. Pure functions; every figure is a
// step of the explanation (the calculations kit's builder, the pump engine's name and formulas).
import { ENGINE_NAME, ENGINE_VERSION, FORMULAS } from '#features/calculations/engine/explain.ts';
import { Explainer } from '#features/calculations/kit/explain.ts';
import { G } from '#features/calculations/kit/units.ts';
import { waterProperties } from '#features/properties/water.ts';

export const KVS_SERIES = [0.4, 0.63, 1, 1.6, 2.5, 4, 6.3, 10, 16, 25, 40, 63, 100, 160] as const;
export const DN_SERIES = [15, 20, 25, 32, 40, 50, 65, 80, 100, 125, 150, 200, 250, 300] as const;
export const VESSEL_SERIES_L = [
  8, 12, 18, 24, 35, 50, 80, 100, 140, 200, 250, 300, 400, 500, 600, 800, 1000, 1500, 2000, 3000,
  5000,
] as const;
export const SAFETY_SET_BAR = [2.5, 3, 4, 5, 6, 8, 10, 12, 16] as const;
export { G };
export const AUTHORITY_MIN = 0.5;

export const BTP_FORMULAS: Record<string, string> = {
  kv: 'Kv = Q·√(ρ/1000/Δp_v) (Q m³/h, Δp bar)',
  kvs_series:
    'Kvs = the smallest of 0.4, 0.63, 1, 1.6, 2.5, 4, 6.3, 10, 16, 25, 40, 63, 100, 160 with Kvs ≥ Kv',
  dp_at_kvs: 'Δp_v(Kvs) = (Q/Kvs)²·ρ/1000',
  authority: 'a = Δp_v/(Δp_v + Δp_circuit) ≥ 0.5',
  static_head: 'p_st = ρ·g·H/10⁵ (bar)',
  precharge: 'p₀ = p_st + 0.2 bar',
  fill: 'p_a = p₀ + 0.3 bar',
  safety_set:
    'p_sv: the smallest standard set pressure with p_e = p_sv − 0.5 bar (0.9·p_sv above 5 bar) ≥ p_a + 0.5 bar',
  expansion: 'e = ρ(t_fill)/ρ(t_max) − 1 (IAPWS-IF97 densities)',
  expansion_volume: 'V_e = e·V_s; V_wr = max(0.005·V_s, 3 L)',
  vessel: 'V_n = (V_e + V_wr)·(p_e + 1)/(p_e − p₀)',
  acceptance: 'acceptance factor = (p_e − p₀)/(p_e + 1)',
  flow: 'G = Q/(c·Δt), V̇ = G/ρ',
  dn: 'DN: the smallest with v = 4·V̇/(π·d²) ≤ v_max (inner diameter taken as DN)',
  pump_head: 'H = (Δp_system + Δp_HX + Δp_fittings)/(ρ·g)',
  gcal: '1 Gcal/h = 1163 kW',
  system_volume: 'V_s = v_spec·Q (when not given; 12 L/kW heating, 6 L/kW ventilation)',
  dhw_ratio: 'ρ = Q_h,max/Q_o,max; 0.2 ≤ ρ ≤ 1: two-stage, otherwise single-stage (SP 41-101-95)',
  dhw_circulation_loss: 'Q_ht = 0.1·Q_h,max (when not given); G_circ = Q_ht/(c·10 K)',
  dhw_circulation_head: 'H = 3 m + 0.1·H_building (circulation loop estimate)',
  make_up_head: 'H = max(p_a + 0.5 bar − p_return, 0.5 bar)/(ρ·g); Q = max(0.5 m³/h, V_s/8 h)',
  safety_dn:
    'DN by the heat load: ≤100 kW 15, ≤350 kW 20, ≤900 kW 25, ≤1800 kW 32, ≤3000 kW 40, above 50 (approximate)',
};

/** The substation's explainer: the pump engine's formulas with this module's (same id: this module's text). */
export function explainer(source: string[] = []): Explainer {
  return new Explainer({
    engine: { name: ENGINE_NAME, version: ENGINE_VERSION },
    formulas: { ...FORMULAS, ...BTP_FORMULAS },
    source,
  });
}

/** Water density, kg/m³, IF97 at the temperature and 0.6 MPa absolute (liquid well inside region 1). */
export const density = (tC: number): number => waterProperties(tC, 0.6).rho;

export interface ValveSizing {
  q_m3h: number;
  dp_design_bar: number;
  kv: number;
  /** null: the flow needs more than the largest Kvs of the series. */
  kvs: number | null;
  dp_at_kvs_bar: number;
  authority: number;
  authority_ok: boolean;
}

/** Kv from the flow and the pressure drop given to the valve; Kvs from the series; authority against the controlled circuit. */
export function sizeValve(
  qM3h: number,
  dpValveBar: number,
  dpCircuitBar: number,
  rho = 1000,
  x?: Explainer,
  prefix = 'valve',
): ValveSizing {
  const kv = qM3h * Math.sqrt(rho / 1000 / dpValveBar);
  const kvs = KVS_SERIES.find((k) => k >= kv) ?? null;
  const dpKvs = kvs === null ? dpValveBar : (qM3h / kvs) ** 2 * (rho / 1000);
  const authority = dpKvs / (dpKvs + dpCircuitBar);
  if (x) {
    x.step(`${prefix}.q`, qM3h, 'm3/h', 'flow');
    x.step(`${prefix}.dp_design`, dpValveBar, 'bar');
    x.step(`${prefix}.dp_circuit`, dpCircuitBar, 'bar');
    x.step(`${prefix}.kv`, kv, 'm3/h', 'kv');
    if (kvs !== null) x.step(`${prefix}.kvs`, kvs, 'm3/h', 'kvs_series');
    x.step(`${prefix}.dp_at_kvs`, dpKvs, 'bar', 'dp_at_kvs');
    x.step(`${prefix}.authority`, authority, '', 'authority');
  }
  return {
    q_m3h: qM3h,
    dp_design_bar: dpValveBar,
    kv,
    kvs,
    dp_at_kvs_bar: dpKvs,
    authority,
    authority_ok: authority >= AUTHORITY_MIN,
  };
}

export interface PressureLevels {
  static_bar: number;
  precharge_bar: number;
  fill_bar: number;
  /** null: no standard set pressure up to 16 bar fits. */
  safety_set_bar: number | null;
  final_bar: number;
}

/** Final pressure of a closed circuit at the safety valve's set pressure (EN 12828). */
export const finalPressure = (psv: number): number => (psv <= 5 ? psv - 0.5 : 0.9 * psv);

/** Static head of the building (the vessel at the bottom), pre-charge, fill and safety-valve set pressure; gauge, bar. */
export function pressureLevels(
  heightM: number,
  x?: Explainer,
  prefix = 'pressure',
): PressureLevels {
  const rho = density(10);
  const st = (rho * G * heightM) / 1e5;
  const p0 = st + 0.2;
  const pa = p0 + 0.3;
  const psv = SAFETY_SET_BAR.find((p) => finalPressure(p) >= pa + 0.5) ?? null;
  const pe = psv === null ? pa + 0.5 : finalPressure(psv);
  if (x) {
    x.input(`${prefix}.height`, heightM, 'm');
    x.step(`${prefix}.static`, st, 'bar', 'static_head');
    x.step(`${prefix}.precharge`, p0, 'bar', 'precharge');
    x.step(`${prefix}.fill`, pa, 'bar', 'fill');
    if (psv !== null) x.step(`${prefix}.safety_set`, psv, 'bar', 'safety_set');
    x.step(`${prefix}.final`, pe, 'bar', 'safety_set');
  }
  return { static_bar: st, precharge_bar: p0, fill_bar: pa, safety_set_bar: psv, final_bar: pe };
}

export interface VesselSizing {
  system_l: number;
  t_fill_c: number;
  t_max_c: number;
  expansion_coefficient: number;
  expansion_l: number;
  reserve_l: number;
  precharge_bar: number;
  final_bar: number;
  acceptance: number;
  required_l: number;
  /** null: more than the largest vessel of the series (several vessels needed). */
  nominal_l: number | null;
}

/** Expansion vessel by the EN 12828 method; densities from IF97. */
export function sizeVessel(
  systemL: number,
  tFill: number,
  tMax: number,
  p0: number,
  pe: number,
  x?: Explainer,
  prefix = 'vessel',
): VesselSizing {
  const e = density(tFill) / density(tMax) - 1;
  const ve = e * systemL;
  const vwr = Math.max(0.005 * systemL, 3);
  const acceptance = (pe - p0) / (pe + 1);
  const vn = (ve + vwr) / acceptance;
  const nominal = VESSEL_SERIES_L.find((v) => v >= vn) ?? null;
  if (x) {
    x.step(`${prefix}.system_volume`, systemL, 'L');
    x.step(`${prefix}.rho_fill`, density(tFill), 'kg/m3', 'expansion');
    x.step(`${prefix}.rho_max`, density(tMax), 'kg/m3', 'expansion');
    x.step(`${prefix}.expansion_coefficient`, e, '', 'expansion');
    x.step(`${prefix}.expansion_volume`, ve, 'L', 'expansion_volume');
    x.step(`${prefix}.water_reserve`, vwr, 'L', 'expansion_volume');
    x.step(`${prefix}.acceptance`, acceptance, '', 'acceptance');
    x.step(`${prefix}.required`, vn, 'L', 'vessel');
    if (nominal !== null) x.step(`${prefix}.nominal`, nominal, 'L');
  }
  return {
    system_l: systemL,
    t_fill_c: tFill,
    t_max_c: tMax,
    expansion_coefficient: e,
    expansion_l: ve,
    reserve_l: vwr,
    precharge_bar: p0,
    final_bar: pe,
    acceptance,
    required_l: vn,
    nominal_l: nominal,
  };
}

/** The smallest DN whose velocity stays at or below vMax (m/s); null above the series. */
export function dnFor(qM3h: number, vMax: number): { dn: number | null; velocity: number } {
  const v = (d: number) => (4 * qM3h) / 3600 / (Math.PI * (d / 1000) ** 2);
  const dn = DN_SERIES.find((d) => v(d) <= vMax) ?? null;
  return { dn, velocity: v(dn ?? DN_SERIES[DN_SERIES.length - 1]!) };
}

/** Mass flow kg/s and volume flow m³/h of a load between two temperatures: cp (kJ/(kg·K)) from IF97 at the mean temperature, ρ (kg/m³) at the colder end, both at 0.6 MPa. */
export function flowOf(
  qKw: number,
  tHot: number,
  tCold: number,
): { m_kg_s: number; q_m3h: number; rho: number; cp: number } {
  const p = waterProperties((tHot + tCold) / 2, 0.6);
  const m = qKw / (p.cp * (tHot - tCold));
  const rhoCold = density(tCold);
  return { m_kg_s: m, q_m3h: (m / rhoCold) * 3600, rho: rhoCold, cp: p.cp };
}
