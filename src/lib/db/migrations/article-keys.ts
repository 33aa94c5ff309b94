// Not a migration: the catalogue's article keys recomputed for every item, 500 at a time in id order,
// with the current folding of #lib/normalise.ts. Migration 0018 filled them first; 0022 refills them after the
// key learned to keep number boundaries.
import type { Kysely } from 'kysely';
import { articleKey, storedOcrKey } from '#lib/normalise.ts';

export async function recomputeArticleKeys(db: Kysely<any>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('catalogue_items')
      .select(['id', 'model', 'sku'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows)
      await db
        .updateTable('catalogue_items')
        .set({ article_key: articleKey(r.model), sku_key: articleKey(r.sku) })
        .where('id', '=', r.id)
        .execute();
    after = rows.at(-1)!.id;
  }
}

/** The catalogue's OCR look-alike keys (migration 0023) recomputed for every item, the same way. */
export async function recomputeOcrKeys(db: Kysely<any>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('catalogue_items')
      .select(['id', 'model', 'sku'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows)
      await db
        .updateTable('catalogue_items')
        .set({ ocr_key: storedOcrKey(r.model || r.sku) })
        .where('id', '=', r.id)
        .execute();
    after = rows.at(-1)!.id;
  }
}
