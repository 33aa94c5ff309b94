// Document scanner (issue 16): uploaded specifications (`scans`), the durable recognition queue
// (`scan_jobs`, shared by every instance on PostgreSQL, decision 0023) and the matches customers
// confirmed (`scan_synonyms`, per organisation or per user). The catalogue gets normalised article
// keys (model and sku folded by the scanner's normaliser: case, homoglyphs, DN forms, separators)
// with B-tree indexes, so an exact article match is one index seek; existing rows are filled here.
import { sql, type Kysely } from 'kysely';
import { recomputeArticleKeys } from './article-keys.ts';
import { engineOf, withId } from './helpers.ts';

const time = 'varchar(30)';

export async function up(db: Kysely<any>): Promise<void> {
  const engine = await engineOf(db);
  await withId(db.schema.createTable('scans'), engine)
    .addColumn('uniqid', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'integer')
    .addColumn('organisation_id', 'integer')
    .addColumn('object_id', 'integer')
    .addColumn('doc_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('section', 'varchar(20)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('format', 'varchar(8)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('original_file', 'varchar(32)')
    .addColumn('pdf_file', 'varchar(32)')
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('stage', 'varchar(16)')
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_key', 'varchar(100)')
    .addColumn('error_format', 'varchar(8)')
    .addColumn('summary', 'text')
    .addColumn('document', 'text')
    .addColumn('thumbs', 'text')
    .addColumn('mapping', 'text')
    .addColumn('checked_pages', 'text')
    .addColumn('saved_order_id', 'integer')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute();
  // The retention sweep walks expired scans oldest first.
  await db.schema.createIndex('scans_expires').on('scans').columns(['expires_at', 'id']).execute();
  await db.schema.createIndex('scans_user').on('scans').columns(['user_id', 'id']).execute();

  await withId(db.schema.createTable('scan_jobs'), engine)
    .addColumn('scan_id', 'integer', (c) => c.notNull().references('scans.id').onDelete('cascade'))
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', time, (c) => c.notNull())
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('locked_until', time)
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  // Claim: the oldest due queued job; take-over: running jobs whose lease ran out.
  await db.schema
    .createIndex('scan_jobs_state_run_after')
    .on('scan_jobs')
    .columns(['state', 'run_after', 'id'])
    .execute();
  await db.schema
    .createIndex('scan_jobs_state_locked')
    .on('scan_jobs')
    .columns(['state', 'locked_until', 'id'])
    .execute();
  await db.schema.createIndex('scan_jobs_scan').on('scan_jobs').column('scan_id').execute();

  await withId(db.schema.createTable('scan_synonyms'), engine)
    .addColumn('owner', 'varchar(40)', (c) => c.notNull())
    .addColumn('key', 'varchar(300)', (c) => c.notNull())
    .addColumn('catalogue_id', 'integer', (c) =>
      c.notNull().references('catalogue_items.id').onDelete('cascade'),
    )
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('scan_synonyms_owner_key')
    .on('scan_synonyms')
    .columns(['owner', 'key'])
    .unique()
    .execute();

  await db.schema.alterTable('catalogue_items').addColumn('article_key', 'varchar(200)').execute();
  await db.schema.alterTable('catalogue_items').addColumn('sku_key', 'varchar(200)').execute();
  await db.schema
    .createIndex('catalogue_items_article_key_idx')
    .on('catalogue_items')
    .columns(['article_key', 'id'])
    .execute();
  await db.schema
    .createIndex('catalogue_items_sku_key_idx')
    .on('catalogue_items')
    .columns(['sku_key', 'id'])
    .execute();
  // Existing items, 500 at a time in id order.
  await recomputeArticleKeys(db);
  if (engine === 'postgres') {
    // Russian full text over the titles ranks word forms (pump / pumps in Russian) next to the trigrams.
    await sql`create index catalogue_items_title_fts on catalogue_items using gin (to_tsvector('russian', title))`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const engine = await engineOf(db);
  if (engine === 'postgres') await sql`drop index if exists catalogue_items_title_fts`.execute(db);
  await db.schema.dropIndex('catalogue_items_sku_key_idx').execute();
  await db.schema.dropIndex('catalogue_items_article_key_idx').execute();
  await db.schema.alterTable('catalogue_items').dropColumn('sku_key').execute();
  await db.schema.alterTable('catalogue_items').dropColumn('article_key').execute();
  await db.schema.dropTable('scan_synonyms').execute();
  await db.schema.dropTable('scan_jobs').execute();
  await db.schema.dropTable('scans').execute();
}
