// Product registry: serial-numbered products (one per unit), their production history, documents,
// shipment documents with their files, and who may see each product (the owner and explicit grants).
// Lists read product_access first: one range of (user_id, ...) index entries per user, whatever the
// total number of products.
import type { Kysely } from 'kysely';
import { engineOf, withId } from './helpers.ts';

const time = 'varchar(30)';

export async function up(db: Kysely<any>): Promise<void> {
  const engine = await engineOf(db);
  await withId(db.schema.createTable('products'), engine)
    .addColumn('serial', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('sku', 'varchar(100)')
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('picture_file_id', 'varchar(64)')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organisation_id', 'integer', (c) =>
      c.references('organisations.id').onDelete('set null'),
    )
    .addColumn('object_id', 'integer', (c) => c.references('objects.id').onDelete('set null'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('request_id', 'integer')
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('order_item_id', 'integer')
    .addColumn('search', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('products_order')
    .on('products')
    .columns(['order_id', 'id'])
    .execute();

  // One row per reader: the owner (kind 'owner') and colleagues granted by the back office ('grant').
  // status and organisation_id are copies of the product's, so the filtered lists stay index ranges.
  await db.schema
    .createTable('product_access')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('organisation_id', 'integer')
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('product_access_pk', ['user_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('product_access_status')
    .on('product_access')
    .columns(['user_id', 'status', 'product_id'])
    .execute();
  await db.schema
    .createIndex('product_access_org')
    .on('product_access')
    .columns(['user_id', 'organisation_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('product_access_product')
    .on('product_access')
    .columns(['product_id'])
    .execute();

  await withId(db.schema.createTable('product_history'), engine)
    .addColumn('product_id', 'integer', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('date', time, (c) => c.notNull())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_history_product')
    .on('product_history')
    .columns(['product_id', 'date', 'id'])
    .execute();

  await withId(db.schema.createTable('product_documents'), engine)
    .addColumn('product_id', 'integer', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(300)', (c) => c.notNull())
    .addColumn('file_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_documents_product')
    .on('product_documents')
    .columns(['product_id', 'id'])
    .execute();

  await withId(db.schema.createTable('product_shipments'), engine)
    .addColumn('product_id', 'integer', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('numb', 'varchar(60)', (c) => c.notNull())
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_shipments_product')
    .on('product_shipments')
    .columns(['product_id', 'id'])
    .execute();

  await withId(db.schema.createTable('product_shipment_files'), engine)
    .addColumn('shipment_id', 'integer', (c) =>
      c.notNull().references('product_shipments.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(300)', (c) => c.notNull())
    .addColumn('file_id', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_shipment_files_shipment')
    .on('product_shipment_files')
    .columns(['shipment_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'product_shipment_files',
    'product_shipments',
    'product_documents',
    'product_history',
    'product_access',
    'products',
  ])
    await db.schema.dropTable(t).execute();
}
