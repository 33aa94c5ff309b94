// OCR look-alike keys of catalogue articles (issue 22): a scanned row whose article Tesseract misread
// (DPT-16 read with a Cyrillic O for the D, `DFC-S5` for DFC-55) is found among the matching popup's candidates by one
// index seek on this key. The key folds what OCR confuses, so it only ever proposes: an equal key
// never confirms a match (see match.server.ts).
import type { Kysely } from 'kysely';
import { recomputeOcrKeys } from './article-keys.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogue_items').addColumn('ocr_key', 'varchar(200)').execute();
  await db.schema
    .createIndex('catalogue_items_ocr_key_idx')
    .on('catalogue_items')
    .columns(['ocr_key', 'id'])
    .execute();
  await recomputeOcrKeys(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('catalogue_items_ocr_key_idx').execute();
  await db.schema.alterTable('catalogue_items').dropColumn('ocr_key').execute();
}
