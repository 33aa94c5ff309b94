// Schemes of dispatching objects (issue 24): one sanitised SVG per object, uploaded by the back
// office through the integration API, with its bindings of element ids to variables (JSON).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scada_schemes')
    .addColumn('object_id', 'integer', (c) =>
      c.primaryKey().references('scada_objects.id').onDelete('cascade'),
    )
    .addColumn('svg', 'text', (c) => c.notNull())
    .addColumn('bindings', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scada_schemes').execute();
}
