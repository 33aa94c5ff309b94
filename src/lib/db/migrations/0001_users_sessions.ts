import type { Kysely } from 'kysely';
import { engineOf, flag, withId } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const engine = await engineOf(db);
  await withId(db.schema.createTable('users'), engine)
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('phone', 'varchar(20)', (c) => c.unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('surname', 'varchar(100)', (c) => c.notNull())
    .addColumn('ochestvo', 'varchar(100)')
    .addColumn('sex', 'integer')
    .addColumn('birthday', 'varchar(10)')
    .addColumn('place', 'varchar(500)')
    .addColumn('post', 'varchar(200)')
    .addColumn('avatar', 'varchar(100)')
    .addColumn('account_type', 'varchar(16)', (c) => c.notNull().defaultTo('personal'))
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('is_admin', 'integer', flag)
    .addColumn('is_employee', 'integer', flag)
    .addColumn('module_scada', 'integer', flag)
    .addColumn('locale', 'varchar(8)')
    .addColumn('layout', 'text')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(300)')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
