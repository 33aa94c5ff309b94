// Dispatching history rollups: hourly min/max/sum/count per variable (trends over days and months
// read these instead of raw samples), the rollup progress mark, and an index on sample time for
// the rollup scan and the retention sweep. On PostgreSQL the raw samples become a table partitioned
// by month (range on ts), so retention drops whole months instead of deleting rows; months are
// created ahead by the poller (features/scada/partitions.server.ts), a default partition catches
// anything outside them.
import { sql, type Kysely } from 'kysely';
import { engineOf } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scada_hourly')
    .addColumn('tag_id', 'integer', (c) =>
      c.notNull().references('scada_tags.id').onDelete('cascade'),
    )
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('min', 'double precision', (c) => c.notNull())
    .addColumn('max', 'double precision', (c) => c.notNull())
    .addColumn('sum', 'double precision', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('scada_hourly_pk', ['tag_id', 'hour'])
    .execute();
  await db.schema
    .createTable('scada_rollup_state')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('done_until', 'bigint', (c) => c.notNull())
    .execute();
  if ((await engineOf(db)) === 'postgres') {
    await sql`alter table scada_samples rename to scada_samples_flat`.execute(db);
    await sql`alter table scada_samples_flat rename constraint scada_samples_pk to scada_samples_flat_pk`.execute(
      db,
    );
    await sql`create table scada_samples (
      tag_id integer not null references scada_tags(id) on delete cascade,
      ts bigint not null,
      value double precision,
      constraint scada_samples_pk primary key (tag_id, ts)
    ) partition by range (ts)`.execute(db);
    await sql`create table scada_samples_default partition of scada_samples default`.execute(db);
    await sql`insert into scada_samples (tag_id, ts, value) select tag_id, ts, value from scada_samples_flat`.execute(
      db,
    );
    await sql`drop table scada_samples_flat`.execute(db);
  }
  await db.schema.createIndex('scada_samples_ts').on('scada_samples').column('ts').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('scada_samples_ts').execute();
  await db.schema.dropTable('scada_rollup_state').execute();
  await db.schema.dropTable('scada_hourly').execute();
}
