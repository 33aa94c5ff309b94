// The whole demo catalogue (pumps, cabinets, components), built once per process.
import { demoEquipment } from './equipment.demo.ts';
import { demoPumps } from './pumps.demo.ts';
import type { CatalogueItemInput } from '#features/catalogue/catalogue.schema.ts';

let cached: CatalogueItemInput[] | null = null;

export function demoCatalogue(): CatalogueItemInput[] {
  return (cached ??= [...demoPumps(), ...demoEquipment()]);
}
