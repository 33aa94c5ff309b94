// Saved equipment calculations: the inputs as typed, the result snapshot the server computed when
// saving (so a saved offer never changes under the customer), the chosen catalogue items with
// their prices, a request number, the organisation and object, and a status the back office moves
// to 'approved' (then 'ordered' once the customer orders it). Documents are attached by the back
// office. Indexes follow the list: the user's rows newest first, filtered by kind or status.
import type { Kysely } from 'kysely';
import { engineOf, withId } from './helpers.ts';

const time = 'varchar(30)';

export async function up(db: Kysely<any>): Promise<void> {
  const engine = await engineOf(db);
  await withId(db.schema.createTable('calculations'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('request', 'varchar(30)', (c) => c.notNull())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('inputs', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('chosen', 'text', (c) => c.notNull())
    .addColumn('total_kop', 'bigint', (c) => c.notNull())
    .addColumn('organisation_id', 'integer')
    .addColumn('object_id', 'integer')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('search', 'varchar(1000)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('calculations_user_id')
    .on('calculations')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('calculations_user_kind')
    .on('calculations')
    .columns(['user_id', 'kind', 'id'])
    .execute();
  await db.schema
    .createIndex('calculations_user_status')
    .on('calculations')
    .columns(['user_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('calculations_request')
    .on('calculations')
    .column('request')
    .unique()
    .execute();
  await withId(db.schema.createTable('calculation_documents'), engine)
    .addColumn('calculation_id', 'integer', (c) =>
      c.notNull().references('calculations.id').onDelete('cascade'),
    )
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('url', 'varchar(1000)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('calculation_documents_calc')
    .on('calculation_documents')
    .columns(['calculation_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calculation_documents').execute();
  await db.schema.dropTable('calculations').execute();
}
