// Reference data of heat metering units, kept by the back office (integration scope `reference`):
// regions, their cities and the heat supply organisations of a city with the requirements of their
// technical conditions (JSON). `code` is the back office's key; `search` is the lower-cased name the
// pickers search in. Lists are read by parent in name order with key-based paging, hence the indexes.
import type { Kysely } from 'kysely';
import { engineOf, flag, withId } from './helpers.ts';

const time = 'varchar(30)';

export async function up(db: Kysely<any>): Promise<void> {
  const engine = await engineOf(db);
  await withId(db.schema.createTable('flow_meter_regions'), engine)
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('search', 'varchar(240)', (c) => c.notNull())
    .addColumn('demo', 'integer', flag)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flow_meter_regions_name')
    .on('flow_meter_regions')
    .columns(['name', 'code'])
    .execute();
  await withId(db.schema.createTable('flow_meter_cities'), engine)
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('region_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('search', 'varchar(240)', (c) => c.notNull())
    .addColumn('demo', 'integer', flag)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flow_meter_cities_region_name')
    .on('flow_meter_cities')
    .columns(['region_code', 'name', 'code'])
    .execute();
  await withId(db.schema.createTable('flow_meter_organisations'), engine)
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('city_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(300)', (c) => c.notNull())
    .addColumn('inn', 'varchar(12)')
    .addColumn('requirements', 'text', (c) => c.notNull())
    .addColumn('search', 'varchar(340)', (c) => c.notNull())
    .addColumn('demo', 'integer', flag)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flow_meter_organisations_city_name')
    .on('flow_meter_organisations')
    .columns(['city_code', 'name', 'code'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('flow_meter_organisations').execute();
  await db.schema.dropTable('flow_meter_cities').execute();
  await db.schema.dropTable('flow_meter_regions').execute();
}
