// Orders (items, status history, documents, conversation with the manager), notifications,
// promotions with their product rows, and news. Money columns are integer kopecks (bigint: a large
// order exceeds 2^31 kopecks). Orders point at the user's organisation and object by id and survive
// their deletion (set null). `search` holds a lower-cased copy of the searchable text (see 0003).
import type { Kysely } from 'kysely';
import { engineOf, flag, withId } from './helpers.ts';

const time = 'varchar(30)';

export async function up(db: Kysely<any>): Promise<void> {
  const engine = await engineOf(db);

  await withId(db.schema.createTable('orders'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('number', 'varchar(40)', (c) => c.notNull())
    .addColumn('title', 'varchar(300)')
    .addColumn('organisation_id', 'integer', (c) =>
      c.references('organisations.id').onDelete('set null'),
    )
    .addColumn('object_id', 'integer', (c) => c.references('objects.id').onDelete('set null'))
    .addColumn('status', 'varchar(24)', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('promotion_id', 'integer')
    .addColumn('comment', 'text')
    .addColumn('total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('archived', 'integer', flag)
    .addColumn('archived_at', time)
    .addColumn('search', 'varchar(2000)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('orders_user_archived')
    .on('orders')
    .columns(['user_id', 'archived', 'id'])
    .execute();

  await withId(db.schema.createTable('order_items'), engine)
    .addColumn('order_id', 'integer', (c) =>
      c.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('catalogue_id', 'varchar(64)')
    .addColumn('title', 'varchar(500)', (c) => c.notNull())
    .addColumn('sku', 'varchar(100)')
    .addColumn('unit', 'varchar(20)', (c) => c.notNull())
    .addColumn('quantity', 'double precision', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('discount_price', 'bigint')
    .addColumn('sum', 'bigint', (c) => c.notNull())
    .addColumn('promotion_product_id', 'integer')
    .execute();
  await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();

  await withId(db.schema.createTable('order_status_history'), engine)
    .addColumn('order_id', 'integer', (c) =>
      c.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('status', 'varchar(24)', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_status_history_order')
    .on('order_status_history')
    .column('order_id')
    .execute();

  await withId(db.schema.createTable('order_documents'), engine)
    .addColumn('order_id', 'integer', (c) =>
      c.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('number', 'varchar(60)')
    .addColumn('date', 'varchar(10)')
    .addColumn('file_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_documents_order')
    .on('order_documents')
    .column('order_id')
    .execute();

  await withId(db.schema.createTable('order_messages'), engine)
    .addColumn('order_id', 'integer', (c) =>
      c.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('author', 'varchar(10)', (c) => c.notNull())
    .addColumn('manager_name', 'varchar(200)')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('file_id', 'varchar(32)')
    .addColumn('file_name', 'varchar(120)')
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_messages_order')
    .on('order_messages')
    .column('order_id')
    .execute();

  await withId(db.schema.createTable('notifications'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('module', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('url', 'varchar(1000)')
    .addColumn('icon', 'varchar(40)')
    .addColumn('pid', 'integer')
    .addColumn('date', time, (c) => c.notNull())
    .addColumn('read_date', time)
    .execute();
  await db.schema
    .createIndex('notifications_user_status')
    .on('notifications')
    .columns(['user_id', 'status', 'id'])
    .execute();

  await withId(db.schema.createTable('promotions'), engine)
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('full', 'text', (c) => c.notNull())
    .addColumn('image_id', 'varchar(32)')
    .addColumn('date_start', 'varchar(10)', (c) => c.notNull())
    .addColumn('date_end', 'varchar(10)', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('promotion_products'), engine)
    .addColumn('promotion_id', 'integer', (c) =>
      c.notNull().references('promotions.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('image_id', 'varchar(32)')
    .addColumn('title', 'varchar(500)', (c) => c.notNull())
    .addColumn('sku', 'varchar(100)')
    .addColumn('unit', 'varchar(20)', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('discount_price', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('promotion_products_promotion')
    .on('promotion_products')
    .column('promotion_id')
    .execute();

  await withId(db.schema.createTable('news'), engine)
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('url', 'varchar(1000)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image_id', 'varchar(32)')
    .addColumn('published_at', time, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const tables = [
    'news',
    'promotion_products',
    'promotions',
    'notifications',
    'order_messages',
    'order_documents',
    'order_status_history',
    'order_items',
    'orders',
  ];
  for (const t of tables) await db.schema.dropTable(t).execute();
}
