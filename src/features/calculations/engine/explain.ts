// The pump engine's explanation: its name, version and formula table on the calculations kit's one
// builder (kit/explain.ts), so a page or a printed datasheet can show where each figure comes from.
// A step that is not a finite number throws NonFiniteError naming the step (kit/numeric.ts).
import {
  Explainer,
  type Explanation as KitExplanation,
} from '#features/calculations/kit/explain.ts';
export const ENGINE_NAME = 'pump-engine';
export const ENGINE_VERSION = '1.0.0';

export type { Explainer, Quantity, Step } from '#features/calculations/kit/explain.ts';
export type Explanation = KitExplanation<string>;

/** Formula texts by id; pages show them verbatim (they are math, not prose). */
export const FORMULAS: Record<string, string> = {
  system_curve: 'H_sys(Q) = H_st + k·Q², k = (H_d − H_st)/Q_d²',
  operating_point: 'H_pump(Q) = H_sys(Q), solved by Brent on [Q_min, Q_max]',
  affinity: 'Q ∝ r, H ∝ r², P ∝ r³ (r = n/n₀)',
  speed_for_duty: 'r: r²·H₀(Q_d/r) = H_d (curve through the duty point, on the system curve)',
  efficiency_shift: 'η(Q, r) = η₀(Q/r) (efficiency moves with the similar point)',
  efficiency_small_pump: "η' = 1 − (1 − η)·(n₀/n)^0.1",
  hydraulic_power: 'P_hyd = ρ·g·Q·H',
  shaft_power: 'P₂ = P_hyd/η_pump',
  electric_power: 'P₁ = P₂/(η_motor·η_VFD)',
  trim: 'line H = (H_d/Q_d)·Q meets the full curve at (Q_t, H_t); D/D₀ = √(H_d/H_t)',
  npsh: 'NPSHa ≥ NPSHr(Q_op) + max(0.5 m, 0.1·NPSHr)',
  overload: 'max P₂(Q) over [Q_min, Q_max] at nominal speed ≤ P₂ rated of the motor',
  bep_ratio: 'Q_op/Q_BEP',
  energy: 'E = Σ P₁(Q_i)·t_i',
  energy_fallback:
    'no r in [r_min, 1] with r²·H₀(Q_i/r) = H_sys(Q_i): Q_i < Q(r=1) → lowest r with Q(r)/r ≥ Q_min, Q(r) ≥ Q_i (surplus); else r = 1 (unreachable)',
  speed_penalty: 'ΔS_r = 100·max(0, 0.6 − r)',
  motor_penalty: 'ΔS_m = 10·log₂(P₂,rated/(2·P₂)) when P₂,rated > 2·P₂',
  rank_technical: 'S_t = 100·η − 40·|Q/Q_BEP − 1| − 100·max(0, ΔH/H_d) − ΔS_r − ΔS_m',
  rank_score: 'S = S_t − 100·(LCC/LCC_min − 1) − G',
  rank_band: 'G = max S_t − min S_t + 1 when LCC > 1.1·LCC_min, else 0',
  rank_station: 'LCC_rank = LCC·(1 + (ΔS_r + ΔS_m)/100)',
  lcc: 'LCC = C_ic + Σ_y E·c_e/(1 + d)^y',
  parallel: 'H_N(Q) = H₁(Q/N) (flows add at equal head)',
  staging: 'k pumps at speed r: r²·H₀(Q/(k·r)) = H_set; the k with the least P₁ runs',
  manifold: 'v = 4·Q/(π·D²) ≤ v_max, D = DN (inner diameter taken as DN)',
  rated_current: 'I_n = P₂/(√3·U·cosφ·η_motor)',
  start_current: 'I_a = m·I_n, m by start method',
  main_breaker:
    'I_br ≥ 1.1·ΣI_n (running pumps); trip curve: magnetic threshold > ΣI_n(others) + I_a(largest)',
  cable: 'I_z(cable) ≥ I_br (copper, PVC, three-core in air)',
  density: 'ρ(t): IAPWS-IF97 region 1 at 0.101325 MPa (saturated liquid ρ′ above 100 °C), 0–150 °C',
  vapour_pressure: 'p_v(T): IAPWS-IF97 region 4 saturation equation; H_v = p_v/(ρ·g)',
  density_glycol: 'ρ(x, t): Melinder (2010) polynomial fit of the glycol solution, x in % by mass',
  viscosity_glycol:
    'ν = μ(x, t)/ρ(x, t), μ by Melinder (2010): ln μ = Σ c_ij (x − x_m)^i (t − t_m)^j',
  vapour_pressure_glycol:
    "p_v of the solution taken as water's at t (IAPWS-IF97 region 4): glycol lowers the vapour pressure, so this is conservative for NPSH",
  viscosity_b:
    'ANSI/HI 9.6.7: B = 16.5·ν^0.5·H_BEP,W^0.0625/(Q_BEP,W^0.375·N^0.25) (ν mm²/s, Q m³/h, H m, N rpm)',
  viscosity_none:
    'ANSI/HI 9.6.7: B = 16.5·ν^0.5·H_BEP,W^0.0625/(Q_BEP,W^0.375·N^0.25) ≤ 1 — no viscosity correction needed (C_Q = C_H = C_η = 1)',
  viscosity_hi:
    'ANSI/HI 9.6.7 (1 < B < 40): C_Q = 2.71^(−0.165·(log₁₀B)^3.15); C_H = 1 − (1 − C_Q)·(Q_W/Q_BEP,W)^0.75; C_η = B^(−0.0547·B^0.69); Q = C_Q·Q_W, H = C_H·H_W, η = C_η·η_W',
  npsh_available:
    'NPSHa = (p_abs − p_v)/(ρ·g) + z_s − h_L,s (p_abs on the suction tank surface, z_s its level above the pump inlet, h_L,s suction losses; velocity head at the surface 0)',
  vapour_head_if97:
    'H_v = p_s(t)/(ρ′·g), p_s and ρ′ of saturated water by IAPWS-IF97; NPSHa = p_in,abs/(ρg) + v²/(2g) − H_v',
};

/** Standard gravity: the kit's unit table holds it (also kPa per metre of water column). */
export { G } from '#features/calculations/kit/units.ts';

// The fallback arithmetic and display rounding live in the kit (one finite guard for every calculator).
export { allFinite, div, finite, round, sqrt } from '#features/calculations/kit/numeric.ts';

/** The pump engine's explanation builder: the kit's, with this engine's name and formula table. */
export function pumpExplainer(source: string[] = []): Explainer {
  return new Explainer({
    engine: { name: ENGINE_NAME, version: ENGINE_VERSION },
    formulas: FORMULAS,
    source,
  });
}
