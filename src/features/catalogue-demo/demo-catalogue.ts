// The whole demo catalogue (pumps, cabinets, components), built once per process.
import { demoEquipment } from './demo-equipment.ts';
import { demoPumps } from './demo-pumps.ts';
import type { CatalogueItemInput } from '#features/catalogue/catalogue.schema.ts';

let cached: CatalogueItemInput[] | null = null;

export function demoCatalogue(): CatalogueItemInput[] {
  return (cached ??= [...demoPumps(), ...demoEquipment()]);
}
