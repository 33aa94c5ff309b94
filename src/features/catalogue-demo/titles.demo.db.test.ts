// A database seeded before issue 22 (English demo titles, duplicate models) ends up where a fresh
// seed does: migration 0024 rewrites the demo items' titles and models and every column derived
// from them (search text, article keys, OCR key, SQLite full-text row). Both engines.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { migratedDatabase } from '../../../tests/helpers/db.ts';
import { up as demoTitles } from '#lib/db/migrations/0024_demo_titles.ts';
import { rowValues } from '#features/catalogue/catalogue.server.ts';
import { checkItem } from '#features/catalogue/catalogue.schema.ts';
import { demoCatalogue } from './catalogue.demo.ts';
import { seedDemoCatalogue } from './seed.server.ts';
import { matchRows } from '#features/scanner/match.server.ts';
import type { ScanDB } from '#features/scanner/scanner.tables.ts';

const database = migratedDatabase();
const fresh = new Map(demoCatalogue().map((i) => [i.sku, i]));

beforeAll(async () => {
  await seedDemoCatalogue(database.db);
  // Back to the state an old seed left: English titles, the trimmed variants sharing one model.
  for (const sku of ['DEMO-DIL-0001', 'DEMO-DIL-0008', 'DEMO-KM-38']) {
    const i = fresh.get(sku)!;
    const model = i.model!.replace(/ [A-Z]$/, '');
    const title = sku === 'DEMO-KM-38' ? 'Demo contactor AC-3 38 A' : `Demo inline DIL ${model}`;
    await database.db
      .updateTable('catalogue_items')
      .set({ title, model, search: title.toLowerCase(), article_key: null, ocr_key: null })
      .where('sku', '=', sku)
      .execute();
  }
  await demoTitles(database.db);
});

describe('demo titles migration', () => {
  it('every demo item holds the current title and model, and the columns derived from them', async () => {
    const rows = await database.db.selectFrom('catalogue_items').selectAll().execute();
    expect(rows.length).toBe(fresh.size);
    for (const r of rows) {
      const c = checkItem(fresh.get(r.sku)!);
      if (!c.ok) throw new Error(r.sku);
      const want = rowValues(c.item);
      expect({
        sku: r.sku,
        title: r.title,
        model: r.model,
        search: r.search,
        article_key: r.article_key,
        sku_key: r.sku_key,
        ocr_key: r.ocr_key,
      }).toEqual({
        sku: r.sku,
        title: want.title,
        model: want.model,
        search: want.search,
        article_key: want.article_key,
        sku_key: want.sku_key,
        ocr_key: want.ocr_key,
      });
    }
    expect(new Set(rows.map((r) => r.model)).size).toBe(rows.length);
  });

  it('the rewritten items are found by their new words and ticked by their model', async () => {
    if (database.engine === 'sqlite') {
      const hits = await sql<{
        item_id: number;
      }>`select item_id from catalogue_search where catalogue_search match ${'"контактор"'}`.execute(
        database.db,
      );
      const id = (
        await database.db
          .selectFrom('catalogue_items')
          .select('id')
          .where('sku', '=', 'DEMO-KM-38')
          .executeTakeFirstOrThrow()
      ).id;
      expect(hits.rows.map((h) => Number(h.item_id))).toContain(id);
      // One full-text row per item (the old rows of the rewritten items deleted at once), holding its search text.
      const fts = await sql<{
        item_id: number;
        search: string;
      }>`select item_id, search from catalogue_search`.execute(database.db);
      const items = await database.db
        .selectFrom('catalogue_items')
        .select(['id', 'search'])
        .execute();
      expect(
        fts.rows
          .map((r) => [Number(r.item_id), r.search])
          .sort((a, b) => Number(a[0]) - Number(b[0])),
      ).toEqual(
        items.map((i) => [Number(i.id), i.search]).sort((a, b) => Number(a[0]) - Number(b[0])),
      );
    }
    const models = ['DEMO-DIL-0001', 'DEMO-DIL-0008'].map((s) => fresh.get(s)!.model!);
    expect(models[0]).not.toBe(models[1]);
    const got = await matchRows(
      database.db as unknown as Kysely<ScanDB>,
      database.engine,
      { userId: 1, organisationId: null },
      models.map((m) => ({ title: 'Насос', marka: m, sku: '', man: '' })),
    );
    expect(got.map((g) => [g?.confident, g?.item.sku])).toEqual([
      [true, 'DEMO-DIL-0001'],
      [true, 'DEMO-DIL-0008'],
    ]);
  });

  it('running it again changes nothing', async () => {
    const before = await database.db
      .selectFrom('catalogue_items')
      .select(['id', 'title', 'model', 'updated_at'])
      .orderBy('id')
      .execute();
    await demoTitles(database.db);
    expect(
      await database.db
        .selectFrom('catalogue_items')
        .select(['id', 'title', 'model', 'updated_at'])
        .orderBy('id')
        .execute(),
    ).toEqual(before);
  });
});
