// The operating point of a product (issue 25): the back office links a product to the dispatching
// object where it is installed and names the variables (by their keys in the object) that measure
// it, each with its unit: flow, head or differential pressure, electrical power, speed. One link per
// product; the keys are resolved when the point is computed, so re-putting the object's variables
// keeps the link.
import type { Kysely } from 'kysely';

const key = 'varchar(64)';
const unit = 'varchar(8)';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_scada_links')
    .addColumn('product_id', 'integer', (c) =>
      c.primaryKey().references('products.id').onDelete('cascade'),
    )
    .addColumn('object_id', 'integer', (c) =>
      c.notNull().references('scada_objects.id').onDelete('cascade'),
    )
    .addColumn('flow_key', key, (c) => c.notNull())
    .addColumn('flow_unit', unit, (c) => c.notNull())
    .addColumn('head_key', key, (c) => c.notNull())
    .addColumn('head_unit', unit, (c) => c.notNull())
    .addColumn('power_key', key)
    .addColumn('power_unit', unit)
    .addColumn('speed_key', key)
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_scada_links_object')
    .on('product_scada_links')
    .column('object_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_scada_links').execute();
}
