// Organisations (shared by the users who work for them, with each user's post on the link) and
// objects (sites) that belong to one user. `search` holds a lower-cased copy of the searchable text
// because SQLite's LOWER()/LIKE fold ASCII only and names are mostly Cyrillic.
import type { Kysely } from 'kysely';
import { engineOf, withId } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const engine = await engineOf(db);
  await withId(db.schema.createTable('organisations'), engine)
    .addColumn('name', 'varchar(500)', (c) => c.notNull())
    .addColumn('inn', 'varchar(12)', (c) => c.notNull().unique())
    .addColumn('kpp', 'varchar(9)')
    .addColumn('ogrn', 'varchar(15)')
    .addColumn('address', 'varchar(500)')
    .addColumn('search', 'varchar(1100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_organisations')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('post', 'varchar(200)', (c) => c.notNull())
    .addColumn('search', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_organisations_pk', ['user_id', 'organisation_id'])
    .execute();
  await db.schema
    .createIndex('user_organisations_organisation')
    .on('user_organisations')
    .column('organisation_id')
    .execute();

  await withId(db.schema.createTable('objects'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('address', 'varchar(500)', (c) => c.notNull())
    .addColumn('coords', 'varchar(64)', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('search', 'varchar(710)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('objects_user_id').on('objects').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('objects').execute();
  await db.schema.dropTable('user_organisations').execute();
  await db.schema.dropTable('organisations').execute();
}
