// The maintenance plan of a product (issue 25): per kind of work the interval in months and/or the
// next due day and the last day it was done, set by the back office; a service event of that kind
// moves the next due day forward. Reminders (due soon, overdue) are claimed one row per
// (plan row, due day, kind of reminder) by an insert that ignores a taken key, so two instances
// checking at once notify once.
import type { Kysely } from 'kysely';
import { engineOf, withId } from './helpers.ts';

const day = 'varchar(10)';
const time = 'varchar(30)';

export async function up(db: Kysely<any>): Promise<void> {
  const engine = await engineOf(db);
  await withId(db.schema.createTable('product_maintenance'), engine)
    .addColumn('product_id', 'integer', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('interval_months', 'integer')
    .addColumn('next_due', day)
    .addColumn('last_done', day)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_maintenance_kind')
    .on('product_maintenance')
    .columns(['product_id', 'kind'])
    .unique()
    .execute();
  // The reminder check reads the rows due up to a day.
  await db.schema
    .createIndex('product_maintenance_due')
    .on('product_maintenance')
    .columns(['next_due', 'id'])
    .execute();
  await withId(db.schema.createTable('product_maintenance_reminders'), engine)
    .addColumn('plan_id', 'integer', (c) =>
      c.notNull().references('product_maintenance.id').onDelete('cascade'),
    )
    .addColumn('due', day, (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_maintenance_reminders_once')
    .on('product_maintenance_reminders')
    .columns(['plan_id', 'due', 'kind'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_maintenance_reminders').execute();
  await db.schema.dropTable('product_maintenance').execute();
}
