// Dispatching alarms (issue 24): analog limits per variable, ISA-18.2 alarm rows (kind, value, limit,
// acknowledgement), a communication-loss alarm that belongs to no variable, the events journal of
// each object and the user's choice of alarm e-mails.
// scada_alarms is rebuilt because a link alarm has no variable (tag_id becomes nullable, which
// SQLite cannot alter in place); its rows are copied as kind 'fault' (the only kind there was).
import { sql, type Kysely } from 'kysely';
import { engineOf, withId } from './helpers.ts';

const time = 'varchar(30)';

export async function up(db: Kysely<any>): Promise<void> {
  const engine = await engineOf(db);
  // JSON { hh, h, l, ll, deadband, delay_s } or null: the analog limits of a variable.
  await db.schema.alterTable('scada_tags').addColumn('limits', 'text').execute();

  await withId(db.schema.createTable('scada_alarms_new'), engine)
    .addColumn('object_id', 'integer', (c) =>
      c.notNull().references('scada_objects.id').onDelete('cascade'),
    )
    .addColumn('tag_id', 'integer', (c) => c.references('scada_tags.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('value', 'double precision')
    .addColumn('limit_value', 'double precision')
    .addColumn('raised_at', time, (c) => c.notNull())
    .addColumn('cleared_at', time)
    .addColumn('acknowledged_at', time)
    .addColumn('acknowledged_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('comment', 'varchar(500)')
    // 1 until the alarm is both cleared and acknowledged (ISA-18.2: it leaves the active list then).
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    // "<object>:<tag or 0>:<kind>" while the condition holds, null once cleared: the unique index
    // lets only one of two pollers (or of two polls) open an occurrence.
    .addColumn('open_key', 'varchar(40)')
    .execute();
  // The old recorder checked and inserted in two steps, so two pollers during a lease handover may
  // have opened one tag's alarm twice: only the newest stays open, or the unique index below fails.
  await sql`update scada_alarms set cleared_at = raised_at
    where cleared_at is null and exists (select 1 from scada_alarms b
      where b.object_id = scada_alarms.object_id and b.tag_id = scada_alarms.tag_id
        and b.cleared_at is null and b.id > scada_alarms.id)`.execute(db);
  await db
    .insertInto('scada_alarms_new')
    .columns(['id', 'object_id', 'tag_id', 'kind', 'raised_at', 'cleared_at', 'active', 'open_key'])
    .expression(
      db
        .selectFrom('scada_alarms')
        .select([
          'id',
          'object_id',
          'tag_id',
          sql.lit('fault').as('kind'),
          'raised_at',
          'cleared_at',
          sql.lit(1).as('active'),
          sql<string | null>`case when cleared_at is null then ${sql.raw(
            engine === 'postgres'
              ? "object_id::text || ':' || tag_id::text || ':fault'"
              : "object_id || ':' || tag_id || ':fault'",
          )} end`.as('open_key'),
        ]),
    )
    .execute();
  await db.schema.dropTable('scada_alarms').execute();
  await db.schema.alterTable('scada_alarms_new').renameTo('scada_alarms').execute();
  if (engine === 'postgres')
    await sql`select setval(pg_get_serial_sequence('scada_alarms', 'id'), coalesce((select max(id) from scada_alarms), 0) + 1, false)`.execute(
      db,
    );
  await db.schema
    .createIndex('scada_alarms_open')
    .on('scada_alarms')
    .column('open_key')
    .unique()
    .execute();
  // Lists: per object and across objects, newest first, all or only the active ones.
  await db.schema
    .createIndex('scada_alarms_object_id')
    .on('scada_alarms')
    .columns(['object_id', 'id'])
    .execute();
  await db.schema
    .createIndex('scada_alarms_object_active')
    .on('scada_alarms')
    .columns(['object_id', 'active', 'id'])
    .execute();
  // The daily report's period query (raised_at of one object).
  await db.schema
    .createIndex('scada_alarms_object_raised')
    .on('scada_alarms')
    .columns(['object_id', 'raised_at'])
    .execute();

  // The events journal: alarm raised / cleared / acknowledged, link lost / restored, commands.
  await withId(db.schema.createTable('scada_events'), engine)
    .addColumn('object_id', 'integer', (c) =>
      c.notNull().references('scada_objects.id').onDelete('cascade'),
    )
    .addColumn('at', time, (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('alarm_id', 'integer')
    .addColumn('alarm_kind', 'varchar(8)')
    .addColumn('tag_id', 'integer', (c) => c.references('scada_tags.id').onDelete('set null'))
    .addColumn('tag_title', 'varchar(200)')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('value', 'double precision')
    .addColumn('detail', 'varchar(500)')
    .execute();
  // Filter by period (and kind), newest first, key-paged by (at, id).
  await db.schema
    .createIndex('scada_events_object_at')
    .on('scada_events')
    .columns(['object_id', 'at', 'id'])
    .execute();
  await db.schema
    .createIndex('scada_events_object_kind_at')
    .on('scada_events')
    .columns(['object_id', 'kind', 'at', 'id'])
    .execute();

  // Who asked for alarm e-mails (a row with email = 1); no row: the bell only.
  await db.schema
    .createTable('scada_alarm_settings')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('email', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scada_alarm_settings').execute();
  await db.schema.dropTable('scada_events').execute();
  await db.schema.dropIndex('scada_alarms_open').execute();
  await db.schema.dropIndex('scada_alarms_object_id').execute();
  await db.schema.dropIndex('scada_alarms_object_active').execute();
  await db.schema.alterTable('scada_tags').dropColumn('limits').execute();
}
