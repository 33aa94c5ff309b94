// Every list bounded at 100,000 rows, the newer areas too (issue 26).
// - Substring search of the registry (products), dispatching objects (scada_objects), saved
//   calculations and BTP projects through the trigram indexes of 0017 (FTS5 trigram on SQLite,
//   pg_trgm on PostgreSQL), as the core lists search: src/lib/search.server.ts.
// - Orders sorted by organisation or object name: the names are copied onto the order
//   (organisation_name, object_name), kept in step by triggers in the writing statement's own
//   transaction (an order's organisation or object set or changed, an organisation or object
//   renamed or deleted), so (user_id, archived, <name>, id) walks a page instead of sorting every
//   order. The sort keys are read-only for the code: no insert or update names them.
// - The registry sorted by serial or title: product_access (one row per reader) gets copies of the
//   product's serial and title, kept in step the same way, with (user_id, serial|title, product_id).
// - The objects map at country zoom groups a generated grid cell (map_cell) walked in index order
//   instead of grouping every object in the box afresh.
// - Saved calculations: one (user_id, <sort column>, id) index per sort of the list. Scans: the
//   pending count seeks (user_id, status, id).
import { sql, type Kysely } from 'kysely';
import { engineOf } from './helpers.ts';

/** The newer areas' tables with a lower-cased `search` column matched as a substring. */
export const NEWER_SEARCHED_TABLES = [
  'products',
  'scada_objects',
  'calculations',
  'btp_projects',
] as const;

const INDEXES: Array<[string, string, string[]]> = [
  ['orders_user_organisation_name', 'orders', ['user_id', 'archived', 'organisation_name', 'id']],
  ['orders_user_object_name', 'orders', ['user_id', 'archived', 'object_name', 'id']],
  ['product_access_serial', 'product_access', ['user_id', 'serial', 'product_id']],
  ['product_access_title', 'product_access', ['user_id', 'title', 'product_id']],
  ['calculations_user_title', 'calculations', ['user_id', 'title', 'id']],
  ['calculations_user_request', 'calculations', ['user_id', 'request', 'id']],
  ['calculations_user_created', 'calculations', ['user_id', 'created_at', 'id']],
  ['calculations_user_total', 'calculations', ['user_id', 'total_kop', 'id']],
  // The objects map at country zoom: cells walked in order, lat/lon/id in the entry (PostgreSQL's
  // index-only scan needs id there; SQLite keeps the rowid in every entry anyway).
  ['objects_user_map_cell', 'objects', ['user_id', 'map_cell', 'lat', 'lon', 'id']],
  // The scanner's "how many of the user's scans wait" seeks them instead of walking every scan.
  ['scans_user_status', 'scans', ['user_id', 'status', 'id']],
];

async function trigramUp(db: Kysely<any>, postgres: boolean): Promise<void> {
  for (const t of NEWER_SEARCHED_TABLES) {
    if (postgres) {
      await sql`create index ${sql.id(`${t}_search_trgm`)} on ${sql.id(t)} using gin (search gin_trgm_ops)`.execute(
        db,
      );
      continue;
    }
    const fts = sql.id(`${t}_trgm`);
    const table = sql.id(t);
    await sql`create virtual table ${fts} using fts5(search, content=${sql.lit(t)}, content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    await sql`create trigger ${sql.id(`${t}_trgm_insert`)} after insert on ${table} begin
      insert into ${fts}(rowid, search) values (new.id, new.search); end`.execute(db);
    await sql`create trigger ${sql.id(`${t}_trgm_delete`)} after delete on ${table} begin
      insert into ${fts}(${fts}, rowid, search) values ('delete', old.id, old.search); end`.execute(
      db,
    );
    await sql`create trigger ${sql.id(`${t}_trgm_update`)} after update of search on ${table} begin
      insert into ${fts}(${fts}, rowid, search) values ('delete', old.id, old.search);
      insert into ${fts}(rowid, search) values (new.id, new.search); end`.execute(db);
    await sql`insert into ${fts}(${fts}) values ('rebuild')`.execute(db);
  }
}

async function sortKeysSqlite(db: Kysely<any>): Promise<void> {
  const names = sql`organisation_name = (select name from organisations where id = new.organisation_id),
    object_name = (select name from objects where id = new.object_id)`;
  await sql`create trigger orders_names_insert after insert on orders
    when new.organisation_id is not null or new.object_id is not null begin
    update orders set ${names} where id = new.id; end`.execute(db);
  await sql`create trigger orders_names_update after update of organisation_id, object_id on orders begin
    update orders set ${names} where id = new.id; end`.execute(db);
  await sql`create trigger organisations_name_orders after update of name on organisations
    when old.name is not new.name begin
    update orders set organisation_name = new.name where organisation_id = new.id; end`.execute(db);
  await sql`create trigger objects_name_orders after update of name on objects
    when old.name is not new.name begin
    update orders set object_name = new.name where object_id = new.id; end`.execute(db);
  const copies = sql`serial = (select serial from products where id = new.product_id),
    title = (select title from products where id = new.product_id)`;
  await sql`create trigger product_access_copy_insert after insert on product_access begin
    update product_access set ${copies} where user_id = new.user_id and product_id = new.product_id; end`.execute(
    db,
  );
  await sql`create trigger products_copy_access after update of serial, title on products
    when old.serial is not new.serial or old.title is not new.title begin
    update product_access set serial = new.serial, title = new.title where product_id = new.id; end`.execute(
    db,
  );
}

async function sortKeysPostgres(db: Kysely<any>): Promise<void> {
  await sql`create function orders_names() returns trigger language plpgsql as $$ begin
    new.organisation_name := (select name from organisations where id = new.organisation_id);
    new.object_name := (select name from objects where id = new.object_id);
    return new; end $$`.execute(db);
  await sql`create trigger orders_names before insert or update of organisation_id, object_id on orders
    for each row execute function orders_names()`.execute(db);
  await sql`create function organisations_name_orders() returns trigger language plpgsql as $$ begin
    update orders set organisation_name = new.name where organisation_id = new.id;
    return null; end $$`.execute(db);
  await sql`create trigger organisations_name_orders after update of name on organisations
    for each row when (old.name is distinct from new.name) execute function organisations_name_orders()`.execute(
    db,
  );
  await sql`create function objects_name_orders() returns trigger language plpgsql as $$ begin
    update orders set object_name = new.name where object_id = new.id;
    return null; end $$`.execute(db);
  await sql`create trigger objects_name_orders after update of name on objects
    for each row when (old.name is distinct from new.name) execute function objects_name_orders()`.execute(
    db,
  );
  await sql`create function product_access_copy() returns trigger language plpgsql as $$ begin
    select serial, title into new.serial, new.title from products where id = new.product_id;
    return new; end $$`.execute(db);
  await sql`create trigger product_access_copy before insert or update of product_id on product_access
    for each row execute function product_access_copy()`.execute(db);
  await sql`create function products_copy_access() returns trigger language plpgsql as $$ begin
    update product_access set serial = new.serial, title = new.title where product_id = new.id;
    return null; end $$`.execute(db);
  await sql`create trigger products_copy_access after update of serial, title on products
    for each row when (old.serial is distinct from new.serial or old.title is distinct from new.title)
    execute function products_copy_access()`.execute(db);
}

/**
 * The map's coarse grid: cells of 1.40625 degrees (64 px at zoom 6), numbered row * 1024 + column
 * from the south-west corner of the world. A copy of src/features/objects/objects.map.server.ts's
 * MAP_CELL_DEGREES, here so the migration never changes with the code.
 */
const CELL = sql.lit(1.40625);

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = (await engineOf(db)) === 'postgres';
  await trigramUp(db, postgres);
  // PostgreSQL: a stored generated column, so every writer keeps it. SQLite adds only virtual
  // generated columns, which its planner does not read from an index (every row was fetched): a
  // plain column kept by triggers instead.
  if (postgres)
    await sql`alter table objects add column map_cell integer generated always as
      (floor((lat + 90) / ${CELL})::integer * 1024 + floor((lon + 180) / ${CELL})::integer) stored`.execute(
      db,
    );
  else {
    const cell = sql`cast(floor((new.lat + 90) / ${CELL}) as integer) * 1024 + cast(floor((new.lon + 180) / ${CELL}) as integer)`;
    await sql`alter table objects add column map_cell integer`.execute(db);
    await sql`update objects set map_cell = cast(floor((lat + 90) / ${CELL}) as integer) * 1024 + cast(floor((lon + 180) / ${CELL}) as integer)`.execute(
      db,
    );
    await sql`create trigger objects_map_cell_insert after insert on objects begin
      update objects set map_cell = ${cell} where id = new.id; end`.execute(db);
    await sql`create trigger objects_map_cell_update after update of lat, lon on objects begin
      update objects set map_cell = ${cell} where id = new.id; end`.execute(db);
  }
  // As long as the names they copy (organisations.name and objects.name are varchar(500) and (200)).
  await db.schema.alterTable('orders').addColumn('organisation_name', 'varchar(500)').execute();
  await db.schema.alterTable('orders').addColumn('object_name', 'varchar(500)').execute();
  await db.schema.alterTable('product_access').addColumn('serial', 'varchar(100)').execute();
  await db.schema.alterTable('product_access').addColumn('title', 'varchar(300)').execute();
  // Existing rows, one statement each (the copies are what the triggers keep from now on).
  await sql`update orders set
    organisation_name = (select name from organisations where organisations.id = orders.organisation_id),
    object_name = (select name from objects where objects.id = orders.object_id)
    where organisation_id is not null or object_id is not null`.execute(db);
  await sql`update product_access set
    serial = (select serial from products where products.id = product_access.product_id),
    title = (select title from products where products.id = product_access.product_id)`.execute(db);
  if (postgres) await sortKeysPostgres(db);
  else await sortKeysSqlite(db);
  for (const [name, table, columns] of INDEXES)
    await db.schema.createIndex(name).on(table).columns(columns).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = (await engineOf(db)) === 'postgres';
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
  if (postgres) {
    for (const [trigger, table] of [
      ['orders_names', 'orders'],
      ['organisations_name_orders', 'organisations'],
      ['objects_name_orders', 'objects'],
      ['product_access_copy', 'product_access'],
      ['products_copy_access', 'products'],
    ] as const) {
      await sql`drop trigger if exists ${sql.id(trigger)} on ${sql.id(table)}`.execute(db);
      await sql`drop function if exists ${sql.id(trigger)}()`.execute(db);
    }
    for (const t of NEWER_SEARCHED_TABLES)
      await sql`drop index if exists ${sql.id(`${t}_search_trgm`)}`.execute(db);
  } else {
    for (const trigger of [
      'orders_names_insert',
      'orders_names_update',
      'organisations_name_orders',
      'objects_name_orders',
      'product_access_copy_insert',
      'products_copy_access',
      'objects_map_cell_insert',
      'objects_map_cell_update',
    ])
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    for (const t of NEWER_SEARCHED_TABLES) {
      for (const k of ['insert', 'delete', 'update'])
        await sql`drop trigger if exists ${sql.id(`${t}_trgm_${k}`)}`.execute(db);
      await sql`drop table if exists ${sql.id(`${t}_trgm`)}`.execute(db);
    }
  }
  await db.schema.alterTable('objects').dropColumn('map_cell').execute();
  await db.schema.alterTable('product_access').dropColumn('title').execute();
  await db.schema.alterTable('product_access').dropColumn('serial').execute();
  await db.schema.alterTable('orders').dropColumn('object_name').execute();
  await db.schema.alterTable('orders').dropColumn('organisation_name').execute();
}
