// Support requests and their messages. Read state is a pair of "last seen message id" marks on the
// request, one for the customer and one for the staff, so unread counts are one indexed count each.
import type { Kysely } from 'kysely';
import { engineOf, withId } from './helpers.ts';

const time = 'varchar(30)';

export async function up(db: Kysely<any>): Promise<void> {
  const engine = await engineOf(db);
  await withId(db.schema.createTable('support_requests'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('page_url', 'varchar(1000)')
    .addColumn('user_agent', 'varchar(500)')
    .addColumn('customer_read_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('staff_read_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('support_requests_user')
    .on('support_requests')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('support_requests_status')
    .on('support_requests')
    .columns(['status', 'updated_at'])
    .execute();

  await withId(db.schema.createTable('support_messages'), engine)
    .addColumn('request_id', 'integer', (c) =>
      c.notNull().references('support_requests.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('from_staff', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('file_id', 'varchar(32)')
    .addColumn('file_name', 'varchar(200)')
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('support_messages_request')
    .on('support_messages')
    .columns(['request_id', 'id'])
    .execute();
  await db.schema
    .createIndex('support_messages_file')
    .on('support_messages')
    .column('file_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('support_messages').execute();
  await db.schema.dropTable('support_requests').execute();
}
