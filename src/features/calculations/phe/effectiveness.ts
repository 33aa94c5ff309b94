// Driving force: LMTD and the P-NTU (effectiveness) relations for plate exchangers with 1–4 passes
// per side (Kandlikar & Shah 1989, as collected in CalebBell/ht temperature_effectiveness_plate).
// Overall counterflow with counterflow passes, the arrangement a selection would choose.

/** Parallel-flow building block P_p(x, y). */
export const Pp = (x: number, y: number): number => (1 - Math.exp(-x * (1 + y))) / (1 + y);

/** Counterflow building block P_c(x, y), with its R = 1 limit. */
export function Pc(x: number, y: number): number {
  if (Math.abs(1 - y) < 1e-9) return x / (1 + x);
  const e = Math.exp(-x * (1 - y));
  return (1 - e) / (1 - y * e);
}

export type Passes = readonly [number, number];

function direct(R1: number, NTU1: number, n1: number, n2: number): number | null {
  if ((n1 === 1 && n2 === 1) || (n1 === n2 && n1 > 1)) return Pc(NTU1, R1);
  if (n1 === 1 && n2 === 2) {
    const A = Pp(NTU1, R1 / 2),
      B = Pc(NTU1, R1 / 2);
    return 0.5 * (A + B - 0.5 * A * B * R1);
  }
  if (n1 === 1 && n2 === 3) {
    const A = Pp(NTU1, R1 / 3),
      B = Pc(NTU1, R1 / 3);
    return (A + B * (1 - (R1 * A) / 3) * (2 - (R1 * B) / 3)) / 3;
  }
  if (n1 === 1 && n2 === 4) {
    const A = Pp(NTU1, R1 / 4),
      B = Pc(NTU1, R1 / 4);
    const t = (1 - (A * R1) / 4) * (1 - (B * R1) / 4);
    return (1 - t * t) / R1;
  }
  if (n1 === 2 && n2 === 3) {
    const H = Pp(NTU1 / 2, (2 * R1) / 3),
      G = Pc(NTU1 / 2, (2 * R1) / 3);
    const E = 1 / ((2 / 3) * R1 * G),
      F = 1 / ((2 / 3) * R1 * H);
    const A =
      (2 * R1 * E * F * F - 2 * E * F + F - F * F) /
      (2 * R1 * E * E * F * F - E * E - F * F - 2 * E * F + E + F);
    const C = (1 - A) / E;
    const D = R1 * E * E * C - R1 * E + R1 - 0.5 * C;
    const B = (A * (E - 1)) / F;
    return (A + 0.5 * B + 0.5 * C + D) / R1;
  }
  if (n1 === 2 && n2 === 4) {
    const A = Pp(NTU1 / 2, R1 / 2),
      B = Pc(NTU1 / 2, R1 / 2);
    const D = 0.5 * (A + B - 0.5 * A * B * R1);
    return (2 * D - (1 + R1) * D * D) / (1 - D * D * R1);
  }
  return null;
}

/**
 * Temperature effectiveness P₁ = (t₁′ − t₁″)/(t₁′ − t₂′) of side 1 for NTU₁ = UA/C₁, R₁ = C₁/C₂
 * and n1/n2 passes. Equal pass numbers with counterflow passes behave as pure counterflow.
 * The asymmetric cases with more passes on side 1 are computed from side 2's view.
 */
export function plateEffectiveness(R1: number, NTU1: number, n1: number, n2: number): number {
  if (NTU1 <= 0) return 0;
  const d = direct(R1, NTU1, n1, n2);
  if (d !== null) return d;
  const reversed = direct(1 / R1, NTU1 * R1, n2, n1);
  if (reversed === null) throw new Error(`no effectiveness formula for ${n1}/${n2} passes`);
  return reversed / R1;
}

/** Largest effectiveness reachable (NTU → ∞) for the arrangement, used to refuse impossible duties. */
export const maxEffectiveness = (R1: number, n1: number, n2: number): number =>
  plateEffectiveness(R1, 200, n1, n2);

/** NTU₁ needed for effectiveness P₁ (bisection on a monotone function); null when unreachable. */
export function requiredNtu(P1: number, R1: number, n1: number, n2: number): number | null {
  if (P1 <= 0) return 0;
  if (P1 >= maxEffectiveness(R1, n1, n2) * (1 - 1e-9)) return null;
  let lo = 0,
    hi = 1;
  while (plateEffectiveness(R1, hi, n1, n2) < P1) {
    hi *= 2;
    if (hi > 200) return null;
  }
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (plateEffectiveness(R1, mid, n1, n2) < P1) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Counterflow LMTD from the two end differences; equal ends give the arithmetic limit. */
export function lmtd(dtA: number, dtB: number): number {
  if (dtA <= 0 || dtB <= 0) return 0;
  if (Math.abs(dtA - dtB) < 1e-9 * Math.max(dtA, dtB)) return (dtA + dtB) / 2;
  return (dtA - dtB) / Math.log(dtA / dtB);
}
