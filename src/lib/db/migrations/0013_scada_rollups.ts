// Dispatching history rollups: hourly min/max/sum/count per variable (trends over days and months
// read these instead of raw samples), the rollup progress mark, and an index on sample time for
// the rollup scan and the retention sweep.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scada_hourly')
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('scada_tags.id').onDelete('cascade'))
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
  await db.schema.createIndex('scada_samples_ts').on('scada_samples').column('ts').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('scada_samples_ts').execute();
  await db.schema.dropTable('scada_rollup_state').execute();
  await db.schema.dropTable('scada_hourly').execute();
}
