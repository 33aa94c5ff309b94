// One catalogue item by id for a datasheet (specs, materials, motor, documents): a single-row read.
import type { Kysely } from 'kysely';
import { viewOf, type CatalogueView } from '#features/catalogue/catalogue.server.ts';
import type { DB } from '#lib/db/schema.ts';
import type { T } from '#lib/i18n/index.ts';

export async function catalogueItem(db: Kysely<DB>, id: number): Promise<CatalogueView | null> {
  const row = await db
    .selectFrom('catalogue_items')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? viewOf(row) : null;
}

const PARTS = new Set(['casing', 'impeller', 'shaft', 'seal']);

/**
 * Material words of the catalogue (English, as manufacturers write them) → dictionary keys; the
 * grade that follows ('EN-GJL-250', '1.4301', 'CuSn10') is a designation and stays as written.
 */
const MATERIAL_WORDS: Array<[RegExp, string]> = [
  [/\bmechanical seal\b/i, 'mechanical_seal'],
  [/\bcast iron\b/i, 'cast_iron'],
  [/\bstainless steel\b/i, 'stainless_steel'],
  [/\bbronze\b/i, 'bronze'],
  [/\bcomposite\b/i, 'composite'],
  [/\bcarbon\b/i, 'carbon'],
];

/** A catalogue material in the user's language ('cast iron EN-GJL-250' → the words translated, the grade kept); unknown words stay as written. */
export function materialText(text: string, t: T): string {
  return MATERIAL_WORDS.reduce(
    (s, [re, key]) => s.replace(re, t(`calcSaved.material.${key}`)),
    text,
  );
}

/** Materials of a pump item as 'part: material' rows (specs.materials of the catalogue, material words through the dictionary). */
export function materialRows(specs: Record<string, unknown>, t: T): Array<[string, string]> {
  const m = specs.materials;
  if (!m || typeof m !== 'object' || Array.isArray(m)) return [];
  return Object.entries(m as Record<string, unknown>).flatMap(([k, v]) =>
    typeof v === 'string'
      ? [[PARTS.has(k) ? t(`calcSaved.part.${k}`) : k, materialText(v, t)] as [string, string]]
      : [],
  );
}
