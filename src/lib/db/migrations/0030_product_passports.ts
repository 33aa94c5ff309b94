// The public passport behind a product's QR label (issue 25, decision 0046): one unguessable token per
// product (made the first time the label or the back office asks for it; replacing it revokes the old
// one) and the contact requests strangers send from the passport page for the back office to read.
import type { Kysely } from 'kysely';
import { engineOf, withId } from './helpers.ts';

const time = 'varchar(30)';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_passports')
    .addColumn('product_id', 'integer', (c) =>
      c.primaryKey().references('products.id').onDelete('cascade'),
    )
    .addColumn('token', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_passports_token')
    .on('product_passports')
    .column('token')
    .unique()
    .execute();

  const engine = await engineOf(db);
  await withId(db.schema.createTable('product_contacts'), engine)
    .addColumn('product_id', 'integer', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('contact', 'varchar(200)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_contacts_product')
    .on('product_contacts')
    .columns(['product_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_contacts').execute();
  await db.schema.dropTable('product_passports').execute();
}
