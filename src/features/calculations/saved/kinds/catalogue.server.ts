// One catalogue item by id for a datasheet (specs, materials, motor, documents): a single-row read.
import type { Kysely } from 'kysely';
import { viewOf, type CatalogueView } from '#features/catalogue/catalogue.server.ts';
import type { DB } from '#lib/db/schema.ts';
import type { T } from '#lib/i18n/index.ts';

export async function catalogueItem(db: Kysely<DB>, id: number): Promise<CatalogueView | null> {
  const row = await db.selectFrom('catalogue_items').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? viewOf(row) : null;
}

const PARTS = new Set(['casing', 'impeller', 'shaft', 'seal']);

/** Materials of a pump item as 'part: material' rows (specs.materials of the catalogue; the material is catalogue text). */
export function materialRows(specs: Record<string, unknown>, t: T): Array<[string, string]> {
  const m = specs.materials;
  if (!m || typeof m !== 'object' || Array.isArray(m)) return [];
  return Object.entries(m as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'string' ? [[PARTS.has(k) ? t(`calcSaved.part.${k}`) : k, v] as [string, string]] : []));
}
