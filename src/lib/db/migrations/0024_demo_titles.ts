// Demo catalogue titles in Russian and one model per item (issue 22) for databases seeded before:
// the seed fills only an empty catalogue, so an existing one would keep the English titles and the
// duplicate models. Every demo item whose sku the current demo data still has gets that data's
// title and model, and with them the columns derived from them (search text, article keys, OCR key,
// and the SQLite full-text row). Prices, curves and everything else are left as they are.
import { sql, type Kysely } from 'kysely';
import { demoCatalogue } from '#features/catalogue/demo-catalogue.ts';
import { searchText } from '#features/catalogue/search-text.ts';
import { articleKey, storedOcrKey } from '#features/scanner/recognition/normalise.ts';
import { engineOf } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const engine = await engineOf(db);
  const bySku = new Map(demoCatalogue().map((i) => [i.sku, i]));
  const rows = await db.selectFrom('catalogue_items').select(['id', 'sku', 'title', 'model', 'manufacturer']).where('demo', '=', 1).execute();
  for (const r of rows) {
    const item = bySku.get(r.sku);
    if (!item || (item.title === r.title && item.model === r.model)) continue;
    const model = item.model ?? '';
    const search = searchText({ title: item.title, sku: r.sku, model, manufacturer: r.manufacturer });
    await db.updateTable('catalogue_items').set({ title: item.title, model, search, article_key: articleKey(model), sku_key: articleKey(r.sku), ocr_key: storedOcrKey(model || r.sku) }).where('id', '=', r.id).execute();
    if (engine === 'sqlite') {
      await sql`delete from catalogue_search where item_id = ${r.id}`.execute(db);
      await sql`insert into catalogue_search (item_id, search) values (${r.id}, ${search})`.execute(db);
    }
  }
}

export async function down(): Promise<void> {
  // The English titles and the duplicate models are not restored.
}
