// The maintenance reminder check without re-reading every row ever overdue (decision 0047): each plan
// row records the due day whose 'soon' and whose 'overdue' reminder it has had (written in the
// transaction that claims the reminder and stores its notifications). The check pages through the
// partial index below, which holds only the rows whose overdue reminder for their current due day has
// not been sent, in (next_due, id) order; a row that had it leaves the index until its due day moves.
import { sql, type Kysely } from 'kysely';

const PENDING = sql<boolean>`overdue_sent is null or overdue_sent <> next_due`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('product_maintenance').addColumn('soon_sent', 'varchar(10)').execute();
  await db.schema
    .alterTable('product_maintenance')
    .addColumn('overdue_sent', 'varchar(10)')
    .execute();
  // The reminders already claimed (the claim table stays the key that makes them once).
  for (const kind of ['soon', 'overdue'] as const) {
    await db
      .updateTable('product_maintenance')
      .set(
        kind === 'soon'
          ? { soon_sent: sql.ref('next_due') }
          : { overdue_sent: sql.ref('next_due') },
      )
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('product_maintenance_reminders as r')
            .select('r.id')
            .whereRef('r.plan_id', '=', 'product_maintenance.id')
            .whereRef('r.due', '=', 'product_maintenance.next_due')
            .where('r.kind', '=', kind),
        ),
      )
      .execute();
  }
  await db.schema.dropIndex('product_maintenance_due').execute();
  await db.schema
    .createIndex('product_maintenance_pending')
    .on('product_maintenance')
    .columns(['next_due', 'id'])
    .where(PENDING)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('product_maintenance_pending').execute();
  await db.schema
    .createIndex('product_maintenance_due')
    .on('product_maintenance')
    .columns(['next_due', 'id'])
    .execute();
  await db.schema.alterTable('product_maintenance').dropColumn('overdue_sent').execute();
  await db.schema.alterTable('product_maintenance').dropColumn('soon_sent').execute();
}
