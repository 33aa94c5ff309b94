// After-sales of the product registry (issue 25): the warranty of a product (term and start set by the
// back office; warranty_until is the last day it covers, kept with the inputs it comes from, so the
// list shows the status from the product row it already reads).
import type { Kysely } from 'kysely';

const day = 'varchar(10)';

export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable('products').addColumn('warranty_basis', 'varchar(20)').execute();
  await db.schema.alterTable('products').addColumn('warranty_months', 'integer').execute();
  await db.schema.alterTable('products').addColumn('warranty_start', day).execute();
  await db.schema.alterTable('products').addColumn('warranty_until', day).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const c of ['warranty_until', 'warranty_start', 'warranty_months', 'warranty_basis'])
    await db.schema.alterTable('products').dropColumn(c).execute();
}
