// Sign-in, registration and recovery: one-time challenges (codes and reset links), remembered devices
// for the "continue as" card, registration records (consent, organisation tax id) and the generic
// rate-limit counters of src/lib/rate-limit.server.ts.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_challenges')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('login', 'varchar(254)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(10)', (c) => c.notNull())
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)')
    .addColumn('salt', 'varchar(44)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema
    .createIndex('auth_challenges_login')
    .on('auth_challenges')
    .columns(['login', 'purpose'])
    .execute();
  await db.schema
    .createIndex('auth_challenges_expires')
    .on('auth_challenges')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('remembered_devices')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('login', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('remembered_devices_user_id')
    .on('remembered_devices')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('registrations')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('organisation_inn', 'varchar(12)')
    .addColumn('agreed_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(300)')
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limits_reset_at')
    .on('rate_limits')
    .column('reset_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['rate_limits', 'registrations', 'remembered_devices', 'auth_challenges'])
    await db.schema.dropTable(t).execute();
}
