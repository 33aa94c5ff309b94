// Water properties for the exchanger engines, in SI units (cp in J/(kg K)), from the IF97 module.
// Liquid only: a side whose state is steam at that pressure is refused with the field named.
import { PropertyRangeError, waterProperties } from '#features/properties/water.ts';
import { PheInputError, q, type PropertiesUsed } from './explain.ts';

export interface Fluid {
  t: number;
  p: number;
  rho: number;
  /** J/(kg K) */
  cp: number;
  mu: number;
  lambda: number;
  pr: number;
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
    if (err instanceof PropertyRangeError) throw new PheInputError(field, 'property_range', { quantity: err.quantity, min: err.min, max: err.max, unit: err.unit });
    throw err;
  }
}

/** Any phase (steam sides of the condensation design): region 1 or 2 by IF97. */
export function water(t: number, p: number, field: string): Fluid {
  try {
    const w = waterProperties(t, p);
    return { t, p, rho: w.rho, cp: w.cp * 1000, mu: w.mu, lambda: w.lambda, pr: w.pr };
  } catch (err) {
    if (err instanceof PropertyRangeError) throw new PheInputError(field, 'property_range', { quantity: err.quantity, min: err.min, max: err.max, unit: err.unit });
    throw err;
  }
}

const round = (x: number) => Math.round(x * 100) / 100;

export function describe(stream: string, f: Fluid): PropertiesUsed {
  return {
    stream,
    t_c: q(f.t, '°C'),
    p_mpa: q(f.p, 'MPa'),
    rho: q(f.rho, 'kg/m3'),
    cp: q(f.cp / 1000, 'kJ/(kg K)'),
    mu: q(f.mu, 'Pa s'),
    lambda: q(f.lambda, 'W/(m K)'),
    pr: q(f.pr, ''),
  };
}
