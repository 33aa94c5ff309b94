// Dispatching (SCADA): objects and their variables (tags), explicit per-user grants, the live
// snapshot, samples for trends, alarms, the append-only command audit, and poller leases.
// Sample times are epoch milliseconds (integers): trend buckets are integer division on both engines.
import type { Kysely } from 'kysely';
import { engineOf, withId } from './helpers.ts';

const time = 'varchar(30)';

export async function up(db: Kysely<any>): Promise<void> {
  const engine = await engineOf(db);
  await withId(db.schema.createTable('scada_objects'), engine)
    .addColumn('key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('organisation_id', 'integer', (c) =>
      c.references('organisations.id').onDelete('set null'),
    )
    .addColumn('address', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('search', 'varchar(800)', (c) => c.notNull())
    .addColumn('driver', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_update_at', time)
    // JSON { v: values by tag index, q: qualities, t: time }: read by subscribers on any instance.
    .addColumn('live', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('scada_objects_org')
    .on('scada_objects')
    .columns(['organisation_id', 'id'])
    .execute();
  await db.schema
    .createIndex('scada_objects_status')
    .on('scada_objects')
    .columns(['status', 'id'])
    .execute();

  await withId(db.schema.createTable('scada_tags'), engine)
    .addColumn('object_id', 'integer', (c) =>
      c.notNull().references('scada_objects.id').onDelete('cascade'),
    )
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('key', 'varchar(100)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('unit', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('actions', 'varchar(10)', (c) => c.notNull())
    .addColumn('field_type', 'varchar(12)')
    .addColumn('min', 'double precision')
    .addColumn('max', 'double precision')
    .addColumn('step', 'double precision')
    .addColumn('deadband', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('alarm', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('address', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('scada_tags_object')
    .on('scada_tags')
    .columns(['object_id', 'idx'])
    .unique()
    .execute();

  await db.schema
    .createTable('scada_grants')
    .addColumn('object_id', 'integer', (c) =>
      c.notNull().references('scada_objects.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('control', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('scada_grants_pk', ['object_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('scada_grants_user')
    .on('scada_grants')
    .columns(['user_id', 'object_id'])
    .execute();

  await db.schema
    .createTable('scada_samples')
    .addColumn('tag_id', 'integer', (c) =>
      c.notNull().references('scada_tags.id').onDelete('cascade'),
    )
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('value', 'double precision')
    .addPrimaryKeyConstraint('scada_samples_pk', ['tag_id', 'ts'])
    .execute();

  await withId(db.schema.createTable('scada_alarms'), engine)
    .addColumn('object_id', 'integer', (c) =>
      c.notNull().references('scada_objects.id').onDelete('cascade'),
    )
    .addColumn('tag_id', 'integer', (c) =>
      c.notNull().references('scada_tags.id').onDelete('cascade'),
    )
    .addColumn('raised_at', time, (c) => c.notNull())
    .addColumn('cleared_at', time)
    .execute();
  await db.schema
    .createIndex('scada_alarms_object')
    .on('scada_alarms')
    .columns(['object_id', 'raised_at'])
    .execute();

  // The audit of every command attempt. Rows are never deleted or rewritten; a sent command gets its
  // outcome (confirmed / not confirmed / failed) filled in once.
  await withId(db.schema.createTable('scada_commands'), engine)
    .addColumn('object_id', 'integer', (c) => c.notNull().references('scada_objects.id'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('scada_tags.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('ip', 'varchar(64)')
    .addColumn('old_value', 'double precision')
    .addColumn('requested', 'varchar(64)', (c) => c.notNull())
    .addColumn('result', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(64)')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('finished_at', time)
    .execute();
  await db.schema
    .createIndex('scada_commands_object')
    .on('scada_commands')
    .columns(['object_id', 'id'])
    .execute();
  await db.schema
    .createIndex('scada_commands_rate')
    .on('scada_commands')
    .columns(['user_id', 'tag_id', 'created_at'])
    .execute();

  // One poller per device connection across instances: the holder renews, anyone takes an expired one.
  await db.schema
    .createTable('scada_leases')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('scada_leases_holder')
    .on('scada_leases')
    .columns(['holder'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'scada_leases',
    'scada_commands',
    'scada_alarms',
    'scada_samples',
    'scada_grants',
    'scada_tags',
    'scada_objects',
  ])
    await db.schema.dropTable(t).execute();
}
