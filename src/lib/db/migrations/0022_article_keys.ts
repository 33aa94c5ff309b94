// Article keys that keep number boundaries (issue 22): the old key kept only letters and digits, so
// DFC-55 and DFC-5.5 had one key and an exact-article match ticked the wrong item. Every item's
// article_key / sku_key is recomputed, and learned article synonyms (`a:` keys, made with the old
// folding) are dropped: one learned for DFC-5.5 would otherwise answer a row reading DFC-55. Title
// synonyms (`t:`) kept decimals already and stay.
import type { Kysely } from 'kysely';
import { recomputeArticleKeys } from './article-keys.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await recomputeArticleKeys(db);
  await db.deleteFrom('scan_synonyms').where('key', 'like', 'a:%').execute();
}

export async function down(): Promise<void> {
  // The old keys folded different articles into one; they are not restored.
}
