// Indexes matching the filter and order of every list of the organisations, objects and support
// areas, so that each page reads only its own rows at any data size (issue 10):
// - objects: the list, the pickers' search and the paged API walk (user_id, id); the map's bounding
//   box narrows by (user_id, lat) and filters lon on those rows;
// - user_organisations: its primary key (user_id, organisation_id) already serves the pickers;
// - support_requests: a customer's list pages by (user_id, id) (0005); the desk orders by last
//   activity, optionally narrowed by status, type or customer;
// - support_messages: a chat's pages walk (request_id, id) (0005); the unread counts look for the
//   other side's messages after a read mark: (request_id, from_staff, id).
// support_requests also gets `search` (the lower-cased title, filled in JavaScript because SQLite's
// lower() knows only ASCII), for the customer's search box, as organisations and objects have.
import type { Kysely } from 'kysely';

/** Fills `search` of existing requests in bounded batches (key-paged by id). */
async function backfill(db: Kysely<any>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: Array<{ id: number; title: string }> = await db
      .selectFrom('support_requests')
      .select(['id', 'title'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    if (rows.length === 0) return;
    for (const r of rows)
      await db
        .updateTable('support_requests')
        .set({ search: r.title.toLowerCase() })
        .where('id', '=', r.id)
        .execute();
    after = rows.at(-1)!.id;
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('support_requests')
    .addColumn('search', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await backfill(db);
  await db.schema
    .createIndex('objects_user_id_id')
    .on('objects')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('objects_user_lat')
    .on('objects')
    .columns(['user_id', 'lat', 'lon'])
    .execute();
  await db.schema.dropIndex('objects_user_id').execute();
  await db.schema
    .createIndex('support_requests_activity')
    .on('support_requests')
    .columns(['updated_at', 'id'])
    .execute();
  await db.schema
    .createIndex('support_requests_status_activity')
    .on('support_requests')
    .columns(['status', 'updated_at', 'id'])
    .execute();
  await db.schema
    .createIndex('support_requests_type_activity')
    .on('support_requests')
    .columns(['type', 'updated_at', 'id'])
    .execute();
  await db.schema
    .createIndex('support_requests_user_activity')
    .on('support_requests')
    .columns(['user_id', 'updated_at', 'id'])
    .execute();
  await db.schema
    .createIndex('support_messages_unread')
    .on('support_messages')
    .columns(['request_id', 'from_staff', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'support_messages_unread',
    'support_requests_user_activity',
    'support_requests_type_activity',
    'support_requests_status_activity',
    'support_requests_activity',
    'objects_user_lat',
    'objects_user_id_id',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema.createIndex('objects_user_id').on('objects').column('user_id').execute();
  await db.schema.alterTable('support_requests').dropColumn('search').execute();
}
