// The column mapping and pages a scan was last listed with (scan.do), in their own small table
// (issue 20). In `scans` they shared a row with the recognised lines (20 MB for a 165,000-row
// spreadsheet), and SQLite rewrites a whole row on update: storing a changed choice held the
// database's write lock for hundreds of milliseconds, and every writer on the server's event loop
// waited for it. A choice row goes with its scan.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scan_choices')
    .addColumn('scan_id', 'integer', (c) =>
      c.primaryKey().references('scans.id').onDelete('cascade'),
    )
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('checked_pages', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scan_choices').execute();
}
