// Heating-substation (BTP) projects of the employees: the composition as typed (inputs JSON), the
// result the server computed when the project was last calculated (result JSON, null before), a
// title, a status (draft -> calculated -> ordered), the organisation and object it is for and the
// order placed from it. The list is the owner's rows newest first (key-based on id), optionally
// by status; search goes over a short lower-cased text of the title and number within those rows.
import type { Kysely } from 'kysely';
import { engineOf, withId } from './helpers.ts';

const time = 'varchar(30)';

export async function up(db: Kysely<any>): Promise<void> {
  const engine = await engineOf(db);
  await withId(db.schema.createTable('btp_projects'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organisation_id', 'integer')
    .addColumn('object_id', 'integer')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('inputs', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('order_id', 'integer')
    .addColumn('search', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('btp_projects_user_id')
    .on('btp_projects')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('btp_projects_user_status')
    .on('btp_projects')
    .columns(['user_id', 'status', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('btp_projects').execute();
}
