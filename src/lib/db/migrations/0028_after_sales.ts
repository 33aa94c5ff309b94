// After-sales of the product registry (issue 25): the warranty of a product (term and start set by the
// back office; warranty_until is the last day it covers, kept with the inputs it comes from, so the
// list shows the status from the product row it already reads) and claims with the dated
// steps of their states; a claim's conversation and photos are a support request of type 'claim'
// (decision 0043); the service history of a product.
import type { Kysely } from 'kysely';
import { engineOf, withId } from './helpers.ts';

const day = 'varchar(10)';
const time = 'varchar(30)';

export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable('products').addColumn('warranty_basis', 'varchar(20)').execute();
  await db.schema.alterTable('products').addColumn('warranty_months', 'integer').execute();
  await db.schema.alterTable('products').addColumn('warranty_start', day).execute();
  await db.schema.alterTable('products').addColumn('warranty_until', day).execute();

  const engine = await engineOf(db);
  await withId(db.schema.createTable('product_claims'), engine)
    .addColumn('product_id', 'integer', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('request_id', 'integer', (c) =>
      c.notNull().references('support_requests.id').onDelete('cascade'),
    )
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_claims_product')
    .on('product_claims')
    .columns(['product_id', 'id'])
    .execute();
  await db.schema
    .createIndex('product_claims_request')
    .on('product_claims')
    .column('request_id')
    .unique()
    .execute();
  await withId(db.schema.createTable('product_claim_steps'), engine)
    .addColumn('claim_id', 'integer', (c) =>
      c.notNull().references('product_claims.id').onDelete('cascade'),
    )
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_claim_steps_claim')
    .on('product_claim_steps')
    .columns(['claim_id', 'id'])
    .execute();

  // Service history written by the back office: commissioning, maintenance, repair, part replaced.
  await withId(db.schema.createTable('product_service'), engine)
    .addColumn('product_id', 'integer', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('date', day, (c) => c.notNull())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_service_product')
    .on('product_service')
    .columns(['product_id', 'date', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_service').execute();
  await db.schema.dropTable('product_claim_steps').execute();
  await db.schema.dropTable('product_claims').execute();
  for (const c of ['warranty_until', 'warranty_start', 'warranty_months', 'warranty_basis'])
    await db.schema.alterTable('products').dropColumn(c).execute();
}
