// Types of the plate catalogue. Real catalogues come from the supplier (back office); the demo one
// in catalogue.demo.ts has the same shape.
import type { PlateGeometry } from './geometry.ts';

/** How a plate model's channel Nu and friction are computed. Martin's correlation with per-model
 *  calibration factors, or the generic manufacturer form fitted to the maker's own selections. */
export type PlateCorrelation =
  | { kind: 'martin'; variant: 'VDI' | '1999'; nuFactor: number; frictionFactor: number }
  | { kind: 'generic'; C: number; n: number; Cf: number; m: number };

export interface Gasket {
  material: 'EPDM' | 'NBR' | 'FKM';
  tMin: number;
  tMax: number;
}

export interface PlateModel {
  id: string;
  name: string;
  /** True for the invented demo range: never offered as a real product. */
  demo: boolean;
  geometry: PlateGeometry;
  material: string;
  /** Plate material thermal conductivity, W/(m K). */
  wallConductivity: number;
  correlation: PlateCorrelation;
  port: { dn: number; diameter: number };
  frame: { minPlates: number; maxPlates: number };
  pn: number;
  gaskets: Gasket[];
  limits: { channelVelocityMin: number; channelVelocityMax: number; portVelocityMax: number };
  /** Prices in kopecks. */
  price: { plate: number; frame: number };
  /** Mass, kg: per plate and of the frame. */
  mass: { plate: number; frame: number };
}

/** The first gasket whose temperature range covers the duty, or null when none does. */
export function gasketFor(model: PlateModel, tMax: number, tMin: number): string | null {
  return model.gaskets.find((g) => g.tMax >= tMax && g.tMin <= tMin)?.material ?? null;
}
