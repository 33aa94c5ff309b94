// Properties of aqueous ethylene glycol and propylene glycol solutions: density, specific heat,
// thermal conductivity, dynamic viscosity and freezing point.
//
// Source: Å. Melinder, "Properties of Secondary Working Fluids (Secondary Refrigerants or Coolants,
// Heat Transfer Fluids) for Indirect Systems", IIR/IIF, Paris, 2010 — the published polynomial fits
// of the property tables (also Melinder, "Thermophysical properties of aqueous solutions used as
// secondary working fluids", KTH doctoral thesis, 2007, ch. 6). Each property is
//
//   f(x, t) = Σ_i Σ_j c_ij · (x − x_m)^i · (t − t_m)^j,   i = 0…5, j = 0…(3, 3, 3, 2, 1, 0)
//
// with x the glycol MASS fraction in % and t in °C; for the viscosity the polynomial gives
// ln(μ / mPa·s). No interpolation and no table: the polynomials are evaluated as published (18
// coefficients per property). See docs/decisions/0031-glycol-properties.md.
//
// Offered range (never extrapolated: outside it a PropertyRangeError / GlycolRangeError names the
// quantity and the bounds): concentration 20…50 % by mass; temperature from the freezing point of
// that concentration plus FREEZE_MARGIN up to T_MAX.

export type GlycolKind = 'ethylene_glycol' | 'propylene_glycol';
export const GLYCOL_KINDS: readonly GlycolKind[] = ['ethylene_glycol', 'propylene_glycol'];

/** Concentration range offered, % by mass. */
export const CONCENTRATION = { min: 20, max: 50 } as const;
/** Highest temperature offered, °C (the fits' upper limit). */
export const T_MAX = 100;
/** Kelvin kept above the freezing point: the lowest temperature accepted is t_f + margin. */
export const FREEZE_MARGIN = 2;

export const SOURCE =
  'Melinder Å. (2010), Properties of Secondary Working Fluids for Indirect Systems, IIR/IIF: polynomial fits for aqueous ethylene and propylene glycol (mass fraction)';

interface Fit {
  /** Reference mass fraction, %. */
  xm: number;
  /** Reference temperature, °C. */
  tm: number;
  rho: readonly number[];
  cp: readonly number[];
  lambda: readonly number[];
  /** ln(μ / mPa s) */
  lnMu: readonly number[];
  tf: readonly number[];
}

/** Number of temperature terms for each power of (x − x_m). */
const ORDER = [4, 4, 4, 3, 2, 1] as const;

// Melinder (2010), ethylene glycol (mass fraction 0–60 %). Two public transcriptions of the viscosity
// coefficients disagree in the signs of c21 and c22 (and c30 1.659e-6 / 1.695e-6); the signs used here
// make the fit meet pure water (IAPWS 2008) at x = 0 within 1.5 % from 5 to 80 °C, the other within
// 12 % only (decision 0031).
const EG: Fit = {
  xm: 30.8462,
  tm: 31.728,
  rho: [
    1.034e3, -4.781e-1, -2.692e-3, 4.725e-6, 1.311, -6.876e-3, 4.805e-5, 1.69e-8, 7.49e-5, 7.855e-5,
    -3.995e-7, 4.982e-9, -1.062e-4, 1.229e-6, -1.153e-8, -9.623e-7, -7.221e-8, 4.891e-8,
  ],
  cp: [
    3.737e3, 2.93, -4.675e-3, -1.389e-5, -1.799e1, 1.046e-1, -4.147e-4, 1.847e-7, -9.933e-2,
    3.516e-4, 5.109e-6, -7.138e-8, 2.61e-3, -1.189e-6, -1.643e-7, 1.537e-5, -4.272e-7, -1.618e-6,
  ],
  lambda: [
    4.72e-1, 8.903e-4, -1.058e-6, -2.789e-9, -4.286e-3, -1.473e-5, 1.059e-7, -1.142e-10, 1.747e-5,
    6.814e-8, -3.612e-9, 2.365e-12, 3.017e-8, -2.412e-9, 4.004e-11, -1.322e-9, 2.555e-11, 2.678e-11,
  ],
  lnMu: [
    4.705e-1, -2.55e-2, 1.782e-4, -7.669e-7, 2.471e-2, -1.171e-4, 1.052e-6, -1.634e-8, 3.328e-6,
    1.086e-6, 1.051e-8, -6.475e-10, 1.659e-6, 3.157e-9, 4.063e-10, 3.089e-8, 1.831e-10, -1.865e-9,
  ],
  tf: [
    -1.525e1, -1.566e-6, -2.278e-7, 2.169e-9, -8.08e-1, -1.339e-6, 2.047e-8, -2.717e-11, -1.334e-2,
    6.332e-8, 2.373e-10, -2.183e-12, -7.293e-5, -1.764e-9, -2.442e-11, 1.006e-6, -7.662e-11,
    1.14e-9,
  ],
};

// Melinder (2010), propylene glycol (mass fraction 0–60 %).
const PG: Fit = {
  xm: 30.7031,
  tm: 32.7083,
  rho: [
    1.018e3, -5.406e-1, -2.666e-3, 1.347e-5, 7.604e-1, -9.45e-3, 5.541e-5, -1.343e-7, -2.498e-3,
    2.7e-5, -4.018e-7, 3.376e-9, -1.55e-4, 2.829e-6, -7.175e-9, -1.131e-6, -2.221e-8, 2.342e-8,
  ],
  cp: [
    3.882e3, 2.699, -1.659e-3, -1.032e-5, -1.304e1, 5.07e-2, -4.752e-5, 1.522e-6, -1.598e-1,
    9.534e-5, 1.167e-5, -4.87e-8, 3.539e-4, 3.102e-5, -2.95e-7, 5e-5, -7.135e-7, -4.959e-7,
  ],
  lambda: [
    4.513e-1, 7.955e-4, 3.482e-8, -5.966e-9, -4.795e-3, -1.678e-5, 8.941e-8, 1.493e-10, 2.076e-5,
    1.563e-7, -4.615e-9, 9.897e-12, -9.083e-8, -2.518e-9, 6.543e-11, -5.952e-10, -3.605e-11,
    2.104e-11,
  ],
  lnMu: [
    6.837e-1, -3.045e-2, 2.525e-4, -1.399e-6, 3.328e-2, -3.984e-4, 4.332e-6, -1.86e-8, 5.453e-5,
    -8.6e-8, -1.593e-8, -4.465e-11, -3.9e-6, 1.054e-7, -1.589e-9, -1.587e-8, 4.475e-10, 3.564e-9,
  ],
  tf: [
    -1.325e1, -3.82e-5, 7.865e-7, -1.733e-9, -6.631e-1, 6.774e-6, -6.242e-8, -7.819e-10, -1.094e-2,
    5.332e-8, -4.169e-9, 3.288e-11, -2.283e-4, -1.131e-8, 1.918e-10, -3.409e-6, 8.035e-11, 1.465e-8,
  ],
};

const FITS: Record<GlycolKind, Fit> = { ethylene_glycol: EG, propylene_glycol: PG };

/** Σ c_ij (x − x_m)^i (t − t_m)^j in Melinder's coefficient order. */
function poly(c: readonly number[], dx: number, dt: number): number {
  let f = 0,
    n = 0,
    xi = 1;
  for (const terms of ORDER) {
    let tj = 1;
    for (let j = 0; j < terms; j++) {
      f += c[n++]! * xi * tj;
      tj *= dt;
    }
    xi *= dx;
  }
  return f;
}

/** Out of the offered range: names the quantity (concentration or temperature) and the bounds. */
export class GlycolRangeError extends Error {
  readonly quantity: 'concentration' | 'temperature';
  readonly value: number;
  readonly min: number;
  readonly max: number;
  readonly unit: string;
  constructor(quantity: 'concentration' | 'temperature', value: number, min: number, max: number) {
    const unit = quantity === 'concentration' ? '%' : '°C';
    super(`${quantity} ${value} ${unit} is outside ${min}…${max} ${unit}`);
    this.name = 'GlycolRangeError';
    this.quantity = quantity;
    this.value = value;
    this.min = min;
    this.max = max;
    this.unit = unit;
  }
}

export interface GlycolProperties {
  kind: GlycolKind;
  /** % by mass */
  concentration: number;
  /** °C */
  t: number;
  /** kg/m³ */
  rho: number;
  /** J/(kg K) */
  cp: number;
  /** W/(m K) */
  lambda: number;
  /** Pa s */
  mu: number;
  pr: number;
  /** Freezing point of this concentration, °C. */
  tFreeze: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

function checkConcentration(x: number): void {
  if (!Number.isFinite(x) || x < CONCENTRATION.min || x > CONCENTRATION.max)
    throw new GlycolRangeError('concentration', x, CONCENTRATION.min, CONCENTRATION.max);
}

/** Freezing point (°C) of a solution of this concentration (% by mass). */
export function freezingPoint(kind: GlycolKind, concentration: number): number {
  checkConcentration(concentration);
  const f = FITS[kind];
  // Melinder's t_f fit has t as a second variable only formally (its t terms are ~1e-6): evaluated at t = t_m.
  return poly(f.tf, concentration - f.xm, 0);
}

/** The lowest temperature accepted for this concentration, °C: freezing point + FREEZE_MARGIN, rounded up to 0.1 K. */
export function minTemperature(kind: GlycolKind, concentration: number): number {
  return Math.ceil((freezingPoint(kind, concentration) + FREEZE_MARGIN) * 10) / 10;
}

/** Properties at t (°C) of a solution of `concentration` % by mass; refuses anything outside the offered range. */
export function glycolProperties(
  kind: GlycolKind,
  concentration: number,
  t: number,
): GlycolProperties {
  const f = FITS[kind];
  if (!f) throw new Error(`unknown glycol ${String(kind)}`);
  checkConcentration(concentration);
  const tMin = minTemperature(kind, concentration);
  if (!Number.isFinite(t) || t < tMin || t > T_MAX)
    throw new GlycolRangeError('temperature', t, round2(tMin), T_MAX);
  const dx = concentration - f.xm,
    dt = t - f.tm;
  const rho = poly(f.rho, dx, dt);
  const cp = poly(f.cp, dx, dt);
  const lambda = poly(f.lambda, dx, dt);
  const mu = Math.exp(poly(f.lnMu, dx, dt)) / 1000;
  return {
    kind,
    concentration,
    t,
    rho,
    cp,
    lambda,
    mu,
    pr: (cp * mu) / lambda,
    tFreeze: poly(f.tf, dx, 0),
  };
}

/** The raw fit at any point (tests compare it with pure water at x = 0); not range-checked, not for answers. */
export function fitAt(
  kind: GlycolKind,
  concentration: number,
  t: number,
): { rho: number; cp: number; lambda: number; mu: number; tFreeze: number } {
  const f = FITS[kind];
  const dx = concentration - f.xm,
    dt = t - f.tm;
  return {
    rho: poly(f.rho, dx, dt),
    cp: poly(f.cp, dx, dt),
    lambda: poly(f.lambda, dx, dt),
    mu: Math.exp(poly(f.lnMu, dx, dt)) / 1000,
    tFreeze: poly(f.tf, dx, 0),
  };
}
