// Monthly partitions of scada_samples on PostgreSQL: this month and the next two exist ahead of the
// data; retention drops months wholly older than the retention (no DELETE, no vacuum debt), and
// deletes old rows that landed in the default partition. SQLite keeps one table and deletes rows.
import { sql, type Kysely } from 'kysely';
import type { DB } from '#lib/db/schema.ts';
import { engineOf } from '#lib/db/migrations/helpers.ts';
import { log } from '#lib/log.ts';

const monthStart = (y: number, m: number) => Date.UTC(y, m, 1);
const name = (y: number, m: number) => `scada_samples_y${y}m${String(m + 1).padStart(2, '0')}`;

export async function ensurePartitions(
  db: Kysely<DB>,
  now = Date.now(),
  ahead = 2,
): Promise<string[]> {
  if ((await engineOf(db)) !== 'postgres') return [];
  const d = new Date(now);
  const made: string[] = [];
  for (let i = 0; i <= ahead; i++) {
    const y = d.getUTCFullYear() + Math.floor((d.getUTCMonth() + i) / 12);
    const m = (d.getUTCMonth() + i) % 12;
    const table = name(y, m);
    try {
      await sql`create table if not exists ${sql.table(table)} partition of scada_samples for values from (${sql.lit(monthStart(y, m))}) to (${sql.lit(monthStart(y, m + 1))})`.execute(
        db,
      );
      made.push(table);
    } catch (err) {
      // Another instance made it at the same moment, or the default partition already holds rows of
      // that month (then they stay there until retention): either way polling goes on.
      log.warn('scada: partition not created', { table, err: (err as Error).message });
    }
  }
  return made;
}

/** Drops month partitions that end before the cut-off; returns their names. */
export async function dropOldPartitions(db: Kysely<DB>, cutoff: number): Promise<string[]> {
  if ((await engineOf(db)) !== 'postgres') return [];
  const { rows } = await sql<{
    relname: string;
  }>`select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = 'scada_samples'`.execute(
    db,
  );
  const dropped: string[] = [];
  for (const { relname } of rows) {
    const m = /^scada_samples_y(\d{4})m(\d{2})$/.exec(relname);
    if (!m || monthStart(Number(m[1]), Number(m[2])) > cutoff) continue;
    await sql`drop table if exists ${sql.table(relname)}`.execute(db);
    dropped.push(relname);
  }
  return dropped;
}
