// Demo catalogue titles in Russian and one model per item (issue 22) for databases seeded before:
// the seed fills only an empty catalogue, so an existing one would keep the English titles and the
// duplicate models. Every demo item whose sku the demo data of the time has gets that data's
// title and model, and with them the columns derived from them (search text, article keys, OCR key,
// and the SQLite full-text row). Prices, curves and everything else are left as they are.
// The demo data is frozen in 0024_demo_titles.json ([sku, title, model] as the demo generator wrote
// them when this migration was made): a migration must not change with today's feature code.
import { sql, type Kysely } from 'kysely';
import demoTitles from './0024_demo_titles.json' with { type: 'json' };
import { searchText } from '#lib/search-text.ts';
import { articleKey, storedOcrKey } from '#lib/normalise.ts';
import { engineOf } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const engine = await engineOf(db);
  const bySku = new Map(
    (demoTitles as Array<[string, string, string]>).map(([sku, title, model]) => [
      sku,
      { title, model },
    ]),
  );
  const rows = await db
    .selectFrom('catalogue_items')
    .select(['id', 'sku', 'title', 'model', 'manufacturer'])
    .where('demo', '=', 1)
    .execute();
  const changed: Array<{ id: number; search: string }> = [];
  for (const r of rows) {
    const item = bySku.get(r.sku);
    if (!item || (item.title === r.title && item.model === r.model)) continue;
    const model = item.model;
    const search = searchText({
      title: item.title,
      sku: r.sku,
      model,
      manufacturer: r.manufacturer,
    });
    await db
      .updateTable('catalogue_items')
      .set({
        title: item.title,
        model,
        search,
        article_key: articleKey(model),
        sku_key: articleKey(r.sku),
        ocr_key: storedOcrKey(model || r.sku),
      })
      .where('id', '=', r.id)
      .execute();
    changed.push({ id: Number(r.id), search });
  }
  if (engine !== 'sqlite' || !changed.length) return;
  // The full-text table's item_id is unindexed (FTS5) and its rowid is not the item's id: every
  // delete by item_id reads the whole table, so all changed items go in one delete (one scan; the
  // ids as one JSON parameter, so no limit on bound variables), then their rows are written again.
  await sql`delete from catalogue_search where item_id in (select value from json_each(${JSON.stringify(changed.map((c) => c.id))}))`.execute(
    db,
  );
  for (const c of changed)
    await sql`insert into catalogue_search (item_id, search) values (${c.id}, ${c.search})`.execute(
      db,
    );
}

export async function down(): Promise<void> {
  // The English titles and the duplicate models are not restored.
}
