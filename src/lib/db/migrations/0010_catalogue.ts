// The equipment catalogue: pumps (curve and motor in `specs`), control cabinets and their
// components. `sku` is the back office's key (imports are idempotent by it); `search` is a
// lower-cased copy of title, sku, model and manufacturer for typo-tolerant search, indexed by
// trigrams: FTS5 with the trigram tokenizer on SQLite, pg_trgm (GIN) on PostgreSQL. Money is integer
// kopecks (bigint), documents and specs are JSON text.
import { sql, type Kysely } from 'kysely';
import { engineOf, flag, withId } from './helpers.ts';

const time = 'varchar(30)';

export async function up(db: Kysely<any>): Promise<void> {
  const engine = await engineOf(db);
  await withId(db.schema.createTable('catalogue_items'), engine)
    .addColumn('sku', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('manufacturer', 'varchar(200)', (c) => c.notNull())
    .addColumn('model', 'varchar(200)', (c) => c.notNull())
    .addColumn('price_kop', 'bigint', (c) => c.notNull())
    .addColumn('lead_days', 'integer', (c) => c.notNull())
    .addColumn('picture', 'varchar(1000)')
    .addColumn('documents', 'text', (c) => c.notNull())
    .addColumn('specs', 'text', (c) => c.notNull())
    .addColumn('demo', 'integer', flag)
    .addColumn('search', 'varchar(1200)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  // Lists by kind in title order with key-based paging (title, id); the selection loads pumps by kind.
  await db.schema
    .createIndex('catalogue_items_kind_title')
    .on('catalogue_items')
    .columns(['kind', 'title', 'id'])
    .execute();
  await db.schema
    .createIndex('catalogue_items_title')
    .on('catalogue_items')
    .columns(['title', 'id'])
    .execute();
  // The cache of prepared pump curves is refreshed when the newest updated_at changes.
  await db.schema
    .createIndex('catalogue_items_updated')
    .on('catalogue_items')
    .column('updated_at')
    .execute();
  if (engine === 'postgres') {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index catalogue_items_search_trgm on catalogue_items using gin (search gin_trgm_ops)`.execute(
      db,
    );
  } else {
    await sql`create virtual table catalogue_search using fts5(item_id unindexed, search, tokenize = 'trigram')`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const engine = await engineOf(db);
  if (engine === 'sqlite') await sql`drop table if exists catalogue_search`.execute(db);
  await db.schema.dropTable('catalogue_items').execute();
}
