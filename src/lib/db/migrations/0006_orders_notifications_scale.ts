// Orders and notifications at any size (issue 10): indexes matching the filter and order of each list,
// and a lower-cased search copy of a notification's title and text (the API's searchText; SQLite's
// LOWER() folds ASCII only, as for the `search` columns of 0003 and 0004).
// - notifications: the page and API walk (user_id, id), optionally narrowed to a module; the bell's
//   per-module unread query seeks (user_id, module, status, id) and stops at once when a module has
//   no unread row; (user_id, status, id) of 0004 serves the unread count and the "all" tab.
// - orders: each filter of the list narrows (user_id, archived, <filter>, id) and each indexed sort
//   walks (user_id, archived, <column>, id), so a page reads its ten rows, not every order.
import type { Kysely } from 'kysely';

const NOTIFICATION_INDEXES: Record<string, string[]> = {
  notifications_user_id: ['user_id', 'id'],
  notifications_user_module: ['user_id', 'module', 'id'],
  notifications_user_module_status: ['user_id', 'module', 'status', 'id'],
};

const ORDER_INDEXES: Record<string, string[]> = {
  orders_user_status: ['user_id', 'archived', 'status', 'id'],
  orders_user_created: ['user_id', 'archived', 'created_at', 'id'],
  orders_user_total: ['user_id', 'archived', 'total', 'id'],
  orders_user_number: ['user_id', 'archived', 'number', 'id'],
  orders_user_object: ['user_id', 'archived', 'object_id', 'id'],
  orders_user_organisation: ['user_id', 'archived', 'organisation_id', 'id'],
  // Deleting an object or organisation sets its orders' reference to null: find them by index.
  orders_object: ['object_id'],
  orders_organisation: ['organisation_id'],
};

/** The `search` text of a notification. Kept here too so the migration never changes with the code. */
const searchOf = (title: string, text: string): string =>
  `${title} ${text}`.toLowerCase().slice(0, 1400);

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('notifications')
    .addColumn('search', 'varchar(1400)', (c) => c.notNull().defaultTo(''))
    .execute();
  // Existing rows get their search text in chunks by id (bounded memory at any size).
  for (let after = 0; ;) {
    const rows: Array<{ id: number; title: string; text: string }> = await db
      .selectFrom('notifications')
      .select(['id', 'title', 'text'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows)
      await db
        .updateTable('notifications')
        .set({ search: searchOf(r.title, r.text) })
        .where('id', '=', r.id)
        .execute();
    after = rows[rows.length - 1]!.id;
  }
  for (const [name, cols] of Object.entries({ ...NOTIFICATION_INDEXES, ...ORDER_INDEXES })) {
    await db.schema
      .createIndex(name)
      .on(name.startsWith('orders') ? 'orders' : 'notifications')
      .columns(cols)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [...Object.keys(ORDER_INDEXES), ...Object.keys(NOTIFICATION_INDEXES)])
    await db.schema.dropIndex(name).execute();
  await db.schema.alterTable('notifications').dropColumn('search').execute();
}
