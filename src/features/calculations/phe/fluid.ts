// Properties of the exchanger's media in SI units (cp in J/(kg K)): water from the IF97 module, or
// an ethylene / propylene glycol solution from the Melinder (2010) fits (../fluids/glycol.ts).
// Liquid only: a side whose state is steam at that pressure is refused with the field named.
import { PropertyRangeError, waterProperties } from '#features/properties/water.ts';
import {
  CONCENTRATION,
  glycolProperties,
  GlycolRangeError,
  minTemperature,
  type GlycolKind,
} from '#features/calculations/fluids/glycol.ts';
import { PheInputError, q, type PropertiesUsed } from './explain.ts';

/** What flows on a side: water (default) or a glycol solution, concentration in % by mass. */
export type Medium = { kind: 'water' } | { kind: GlycolKind; concentration: number };
export const WATER: Medium = { kind: 'water' };

export interface Fluid {
  t: number;
  p: number;
  rho: number;
  /** J/(kg K) */
  cp: number;
  mu: number;
  lambda: number;
  pr: number;
  /** Absent for water (the engine's default medium). */
  medium?: Medium;
}

/** Default operating pressure for liquid properties, MPa absolute (pressure barely matters below 2.5 MPa). */
export const DEFAULT_PRESSURE = 0.6;

/** Liquid water at t (°C), p (MPa abs). `field` names the input to blame when it is out of range. */
export function liquid(t: number, p: number, field: string): Fluid {
  try {
    const w = waterProperties(t, p);
    if (w.region !== 1) throw new PheInputError(field, 'not_liquid', { t_c: round(t), p_mpa: p });
    return { t, p, rho: w.rho, cp: w.cp * 1000, mu: w.mu, lambda: w.lambda, pr: w.pr };
  } catch (err) {
    if (err instanceof PropertyRangeError)
      throw new PheInputError(field, 'property_range', {
        quantity: err.quantity,
        min: err.min,
        max: err.max,
        unit: err.unit,
      });
    throw err;
  }
}

/** Any phase (steam sides of the condensation design): region 1 or 2 by IF97. */
export function water(t: number, p: number, field: string): Fluid {
  try {
    const w = waterProperties(t, p);
    return { t, p, rho: w.rho, cp: w.cp * 1000, mu: w.mu, lambda: w.lambda, pr: w.pr };
  } catch (err) {
    if (err instanceof PropertyRangeError)
      throw new PheInputError(field, 'property_range', {
        quantity: err.quantity,
        min: err.min,
        max: err.max,
        unit: err.unit,
      });
    throw err;
  }
}

/**
 * The liquid of `medium` at t (°C), p (MPa abs). A glycol side names `side.concentration` for a
 * concentration out of range and `field` for a temperature out of the solution's range.
 */
export function liquidOf(medium: Medium | undefined, t: number, p: number, field: string): Fluid {
  if (!medium || medium.kind === 'water') return liquid(t, p, field);
  try {
    const g = glycolProperties(medium.kind, medium.concentration, t);
    return { t, p, rho: g.rho, cp: g.cp, mu: g.mu, lambda: g.lambda, pr: g.pr, medium };
  } catch (err) {
    if (err instanceof GlycolRangeError) {
      const f = err.quantity === 'concentration' ? `${field.split('.')[0]}.concentration` : field;
      throw new PheInputError(f, err.quantity === 'concentration' ? 'range' : 'glycol_range', {
        min: err.min,
        max: err.max,
        unit: err.unit,
      });
    }
    throw err;
  }
}

/**
 * A glycol side has properties at BOTH its ends, not only at its mean (EG 30 % 150→50 °C has a mean
 * inside the fits and an inlet far outside them): the temperature t of that end is checked against
 * the solution's range, `field` naming the inlet or outlet. Water sides are left to their own checks.
 */
export function checkGlycolEnd(
  medium: Medium | undefined,
  t: number,
  p: number,
  field: string,
): void {
  if (medium && medium.kind !== 'water') liquidOf(medium, t, p, field);
}

/**
 * The coldest temperature of a side must stay liquid: water above 0 °C, a glycol solution at its
 * freezing point plus the margin (../fluids/glycol.ts). `field` names that temperature.
 */
export function checkNotFreezing(medium: Medium | undefined, t: number, field: string): void {
  if (!medium || medium.kind === 'water') {
    if (t < 0) throw new PheInputError(field, 'below_freezing_water', { t_min: 0 });
    return;
  }
  let tMin: number;
  try {
    tMin = minTemperature(medium.kind, medium.concentration);
  } catch (err) {
    if (err instanceof GlycolRangeError)
      throw new PheInputError(`${field.split('.')[0]}.concentration`, 'range', {
        min: err.min,
        max: err.max,
        unit: err.unit,
      });
    throw err;
  }
  // At the highest concentration offered no stronger solution exists: the advice says so.
  if (t < tMin)
    throw new PheInputError(
      field,
      medium.concentration >= CONCENTRATION.max ? 'below_freezing_max' : 'below_freezing',
      { t_min: tMin },
    );
}

const round = (x: number) => Math.round(x * 100) / 100;

export function describe(stream: string, f: Fluid): PropertiesUsed {
  return {
    stream,
    ...(f.medium && f.medium.kind !== 'water'
      ? { medium: f.medium.kind, concentration: q(f.medium.concentration, '%') }
      : {}),
    t_c: q(f.t, '°C'),
    p_mpa: q(f.p, 'MPa'),
    rho: q(f.rho, 'kg/m3'),
    cp: q(f.cp / 1000, 'kJ/(kg K)'),
    mu: q(f.mu, 'Pa s'),
    lambda: q(f.lambda, 'W/(m K)'),
    pr: q(f.pr, ''),
  };
}
