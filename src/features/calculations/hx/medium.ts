// The medium of each side of a to1 exchanger as the form gives it: water (the default), ethylene
// glycol or propylene glycol with its concentration in % by mass (../fluids/glycol.ts). A volume
// flow of a glycol side becomes mass with the solution's density at the inlet. Pure: the page, the
// API and an island share it.
import { glycolProperties, type GlycolKind } from '#features/calculations/fluids/glycol.ts';
import { numberOf } from '#features/calculations/kit/form.ts';
import type { Medium } from '#features/calculations/phe/fluid.ts';

export const MEDIA = ['water', 'ethylene_glycol', 'propylene_glycol'] as const;
export type MediumName = (typeof MEDIA)[number];
export const MEDIUM_FIELDS = [
  'hot_medium',
  'hot_concentration',
  'cold_medium',
  'cold_concentration',
] as const;

/** What mediumOf needs of the schema's reader: raw values, and a place to put an issue. */
interface ReaderLike {
  readonly r: Partial<Record<(typeof MEDIUM_FIELDS)[number] | 'flow_unit', string | undefined>>;
  fail(field: string, key: string, params?: Record<string, number | string>): void;
}

/** The side's medium, or undefined for water; issues (unknown medium, missing or non-numeric concentration) go to the reader. */
export function mediumOf(x: ReaderLike, side: 'hot' | 'cold'): Medium | undefined {
  const kind = x.r[`${side}_medium`];
  if (kind === undefined || kind === '' || kind === 'water') return undefined;
  if (!(MEDIA as readonly string[]).includes(kind)) {
    x.fail(`${side}_medium`, 'unit');
    return undefined;
  }
  const raw = x.r[`${side}_concentration`];
  const c = numberOf(raw);
  if (c === undefined) {
    x.fail(`${side}_concentration`, 'required');
    return undefined;
  }
  if (!Number.isFinite(c)) {
    x.fail(`${side}_concentration`, 'number');
    return undefined;
  }
  // The range (20-50 % by mass) is the engine's: it names the field with its bounds.
  return { kind: kind as GlycolKind, concentration: c };
}

/**
 * Mass flow (kg/s) of a glycol side whose flow was given in m3/h: the solution's density at the
 * inlet, not water's. `waterMass` is what the schema computed with water's density; it stays when
 * the side is water, the unit is a mass unit, or the inlet is outside the solution's range (the
 * engine then names the temperature).
 */
export function glycolMassFlow(
  waterMass: number | undefined,
  volume: string | undefined,
  unit: string | undefined,
  medium: Medium | undefined,
  tIn: number,
): number | undefined {
  if (waterMass === undefined || !medium || medium.kind === 'water' || unit !== 'm3/h')
    return waterMass;
  const v = numberOf(volume);
  if (v === undefined || !Number.isFinite(v)) return waterMass;
  try {
    return (v * glycolProperties(medium.kind, medium.concentration, tIn).rho) / 3600;
  } catch {
    return waterMass;
  }
}
