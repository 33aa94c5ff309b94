// Transport properties: IAPWS 2008 viscosity (R12-08) and IAPWS 2011 thermal conductivity
// (R15-11), both as functions of temperature and density. The critical-enhancement terms are
// left out (μ2 = 1, λ2 = 0), as the releases allow for industrial use away from the critical
// point and as the §2.0 reference table was computed; regionOf() refuses region 3, so no state
// near the critical point reaches these functions. See docs/decisions (water properties).

import { checkTemperatureK } from './errors.ts';

const T_STAR = 647.096;
const RHO_STAR = 322;

const H0 = [1.67752, 2.20462, 0.6366564, -0.241605];
/** H_ij, i = 0..5 (rows), j = 0..6 (columns), R12-08 Table 2. */
const H1 = [
  [5.20094e-1, 2.22531e-1, -2.81378e-1, 1.61913e-1, -3.25372e-2, 0, 0],
  [8.50895e-2, 9.99115e-1, -9.06851e-1, 2.57399e-1, 0, 0, 0],
  [-1.08374, 1.88797, -7.72479e-1, 0, 0, 0, 0],
  [-2.89555e-1, 1.26613, -4.89837e-1, 0, 6.98452e-2, 0, -4.35673e-3],
  [0, 0, -2.5704e-1, 0, 0, 8.72102e-3, 0],
  [0, 1.20573e-1, 0, 0, 0, 0, -5.93264e-4],
];

const L0 = [2.443221e-3, 1.323095e-2, 6.770357e-3, -3.454586e-3, 4.096266e-4];
/** L_ij, i = 0..4 (rows), j = 0..5 (columns), R15-11 Table 2. */
const L1 = [
  [1.60397357, -0.646013523, 0.111443906, 0.102997357, -0.0504123634, 0.00609859258],
  [2.33771842, -2.78843778, 1.53616167, -0.463045512, 0.0832827019, -0.00719201245],
  [2.19650529, -4.54580785, 3.55777244, -1.40944978, 0.275418278, -0.0205938816],
  [-1.21051378, 1.60812989, -0.621178141, 0.0716373224, 0, 0],
  [-2.720337, 4.57586331, -3.18369245, 1.1168348, -0.19268305, 0.012913842],
];

/** exp(ρ̄ Σ_i (1/T̄ − 1)^i Σ_j c_ij (ρ̄ − 1)^j): the residual factor both releases share. */
function residualFactor(table: number[][], Tr: number, rhor: number): number {
  const x = 1 / Tr - 1;
  const y = rhor - 1;
  let total = 0;
  for (let i = 0; i < table.length; i++) {
    let inner = 0;
    const row = table[i]!;
    for (let j = 0; j < row.length; j++) inner += row[j]! * y ** j;
    total += x ** i * inner;
  }
  return Math.exp(rhor * total);
}

/** Dynamic viscosity, Pa s, from T in K and ρ in kg/m3. */
export function viscosity(T: number, rho: number): number {
  const Tr = T / T_STAR;
  const rhor = rho / RHO_STAR;
  let d = 0;
  for (let i = 0; i < H0.length; i++) d += H0[i]! / Tr ** i;
  const mu0 = (100 * Math.sqrt(Tr)) / d;
  return mu0 * residualFactor(H1, Tr, rhor) * 1e-6;
}

/** Thermal conductivity, W/(m K), from T in K and ρ in kg/m3. */
export function thermalConductivity(T: number, rho: number): number {
  const Tr = T / T_STAR;
  const rhor = rho / RHO_STAR;
  let d = 0;
  for (let k = 0; k < L0.length; k++) d += L0[k]! / Tr ** k;
  const lambda0 = Math.sqrt(Tr) / d;
  return lambda0 * residualFactor(L1, Tr, rhor) * 1e-3;
}

/** Surface tension of water against its vapour, N/m (IAPWS R1-76(2014)), 273.16 K ≤ T ≤ 647.096 K. */
export function surfaceTension(T: number): number {
  checkTemperatureK(T, 273.16, T_STAR);
  const tau = 1 - T / T_STAR;
  return 235.8e-3 * tau ** 1.256 * (1 - 0.625 * tau);
}
