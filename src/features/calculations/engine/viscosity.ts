// Viscous liquids (glycol solutions): the water curves of the catalogue corrected for viscosity by
// ANSI/HI 9.6.7-2010 ("Effects of Liquid Viscosity on Rotodynamic Pump Performance"; the same
// method as ISO/TR 17766:2005). In SI units (Q m³/h, H m, ν mm²/s = cSt, N rpm):
//
//   B    = 16.5 · ν^0.50 · H_BEP,W^0.0625 / (Q_BEP,W^0.375 · N^0.25)   (H_BEP,W per stage)
//   C_Q  = 2.71^(−0.165 · (log₁₀ B)^3.15)          (= C_H at the BEP)
//   C_H  = 1 − (1 − C_Q) · (Q_W/Q_BEP,W)^0.75
//   C_η  = B^(−0.0547 · B^0.69)
//   Q_vis = C_Q·Q_W,  H_vis = C_H·H_W,  η_vis = C_η·η_W,  P_vis = ρ·g·Q_vis·H_vis/η_vis
//
// The method: no correction is needed for B ≤ 1 (the factors are 1); it is valid up to B < 40
// (above, the pump is not rated for the liquid by this method and is refused, never extrapolated).
// H_BEP,W is the head PER STAGE (the catalogue's specs.stages; a 6-stage pump's B uses H/6).
// Two simplifications, each said as a warning of the explanation: NPSHr is the water NPSHr at the
// corresponding water flow (HI 9.6.7 also gives an estimate of the viscous NPSHr, not applied); B is
// taken at the nominal speed of the pump (the catalogue's N) and the factors are kept at reduced
// speed, although at similar points B ∝ N^−0.5 (the explanation prints B at the duty speed).
import { div, G, type Explainer } from './explain.ts';
import { etaAt, RHO_REF, type PreparedPump, type Series } from './curve.ts';
import { maxOn } from './numeric.ts';

export const HI_B_MIN = 1;
export const HI_B_MAX = 40;
export const VISCOSITY_METHOD =
  'ANSI/HI 9.6.7-2010 (ISO/TR 17766) viscosity correction of water curves';

export interface ViscousCorrection {
  /** Kinematic viscosity of the liquid, mm²/s. */
  nu_mm2s: number;
  b: number;
  /** True when B > 1 (the factors below differ from 1). */
  applied: boolean;
  c_q: number;
  c_eta: number;
  /** Water BEP flow, m³/h (the reference of C_H). */
  q_bep_w: number;
  /** Water BEP head of the whole pump, m (B takes h_bep_w / stages). */
  h_bep_w: number;
  stages: number;
  speed_rpm: number;
}

/** The parameter B and the flow and efficiency factors for a pump's water BEP. */
export function hiFactors(
  nuMm2s: number,
  qBepW: number,
  hBepW: number,
  rpm: number,
): Omit<ViscousCorrection, 'q_bep_w' | 'h_bep_w' | 'stages' | 'speed_rpm'> {
  const b = div(
    16.5 * Math.sqrt(Math.max(0, nuMm2s)) * hBepW ** 0.0625,
    qBepW ** 0.375 * rpm ** 0.25,
  );
  if (!(b > HI_B_MIN)) return { nu_mm2s: nuMm2s, b, applied: false, c_q: 1, c_eta: 1 };
  const cQ = 2.71 ** (-0.165 * Math.log10(b) ** 3.15);
  const cEta = b ** -(0.0547 * b ** 0.69);
  return { nu_mm2s: nuMm2s, b, applied: true, c_q: cQ, c_eta: cEta };
}

/** C_H at the water flow q_W (m³/h): 1 − (1 − C_Q)·(Q_W/Q_BEP,W)^0.75. */
export function headFactor(c: Pick<ViscousCorrection, 'c_q' | 'q_bep_w'>, qW: number): number {
  return 1 - (1 - c.c_q) * Math.max(0, div(qW, c.q_bep_w)) ** 0.75;
}

export type ViscousPump = PreparedPump & { viscous?: ViscousCorrection };

/** The pump's number of stages (1 unless the catalogue says more). */
export const stagesOf = (p: PreparedPump): number =>
  Number.isInteger(p.model.stages) && p.model.stages! > 1 ? p.model.stages! : 1;

/**
 * The pump as it performs in a liquid of kinematic viscosity ν (mm²/s): curves corrected by HI 9.6.7
 * when B > 1, unchanged (but carrying B for the explanation) when B ≤ 1; null when B ≥ 40 (outside
 * the method).
 */
export function viscousPump(p: PreparedPump, nuMm2s: number): ViscousPump | null {
  const hBep = p.head.at(p.bep.q);
  const stages = stagesOf(p);
  const f = hiFactors(nuMm2s, p.bep.q, hBep / stages, p.model.speed_rpm);
  if (!(f.b < HI_B_MAX)) return null;
  const c: ViscousCorrection = {
    ...f,
    q_bep_w: p.bep.q,
    h_bep_w: hBep,
    stages,
    speed_rpm: p.model.speed_rpm,
  };
  if (!c.applied) return { ...p, viscous: c };
  const qw = (q: number) => q / c.c_q;
  const series = (s: Series, at: (q: number) => number): Series => ({ ...s, coeffs: [], at });
  const headAt = (q: number) => headFactor(c, qw(q)) * p.head.at(qw(q));
  // P_vis = ρ·g·Q_vis·H_vis/(C_η·η_W) = P_W(Q_W)·C_Q·C_H/C_η (the same, without dividing by η_W ≈ 0 at shut-off).
  const powerAt = (q: number) => (p.power.at(qw(q)) * c.c_q * headFactor(c, qw(q))) / c.c_eta;
  const v: ViscousPump = {
    ...p,
    qMin: p.qMin * c.c_q,
    qMax: p.qMax * c.c_q,
    head: series(p.head, headAt),
    power: series(p.power, powerAt),
    npshr: p.npshr ? series(p.npshr, (q) => p.npshr!.at(qw(q))) : null,
    bep: { q: p.bep.q * c.c_q, eta: etaAt(p, p.bep.q) * c.c_eta },
    viscous: c,
  };
  v.p2MaxKw = maxOn((q) => v.power.at(q), v.qMin, v.qMax).y;
  return v;
}

/** Hydraulic check of the transform: η_vis(q) = C_η·η_W(q/C_Q) (tests). */
export const viscousEta = (v: PreparedPump, q: number): number =>
  div((RHO_REF * G * (q / 3600) * v.head.at(q)) / 1000, v.power.at(q));

/**
 * The viscosity correction as explanation steps: B, and C_Q, C_H (at the duty's water flow
 * Q_W = Q/(r·C_Q)), C_η when B > 1; B with "no correction needed" when B ≤ 1.
 */
export function explainViscosity(
  x: Explainer,
  c: ViscousCorrection | undefined,
  q: number,
  r: number,
): void {
  if (!c) return;
  if (c.stages > 1) x.step('viscosity.h_stage', c.h_bep_w / c.stages, 'm');
  x.step('viscosity.b', c.b, '1', c.applied ? 'viscosity_b' : 'viscosity_none');
  if (!c.applied) return;
  // The simplifications said: B at nominal speed (B·r^−0.5 at the duty speed), NPSHr of water.
  if (r < 1) {
    x.step('viscosity.b_duty_speed', c.b * r ** -0.5, '1');
    x.warn('viscosity_nominal_speed');
  }
  x.warn('viscosity_npsh_water');
  const qW = div(q, r * c.c_q);
  x.step('viscosity.c_q', c.c_q, '1', 'viscosity_hi');
  x.step('viscosity.q_w', qW, 'm3/h');
  x.step('viscosity.c_h', headFactor(c, qW), '1');
  x.step('viscosity.c_eta', c.c_eta, '1');
}
