// PostgreSQL decides between two plans for a list search: walk the list's key order and test each
// row (right for a common text), or take the matches from the pg_trgm index and sort them (right for
// a rare one). It judges how common a text is from the column's histogram, and at the default
// statistics target (100 sampled values) a text in 0.1% of rows is seen 0 or 1 times, so the
// estimate jumps between 10 and 1,000 rows from one ANALYZE to the next; at 1,000 the walk was
// picked about half the time and a rare search over 100,000 rows took 80 ms instead of 4 ms. A
// histogram of 1,000 values makes the estimate stable (measured: the same plan on every ANALYZE).
// SQLite chooses by the FTS5 table and needs nothing.
import { sql, type Kysely } from 'kysely';
import { engineOf } from './helpers.ts';
import { SEARCHED_TABLES } from './0017_search_trigram.ts';

const TARGET = 1000;

export async function up(db: Kysely<any>): Promise<void> {
  if ((await engineOf(db)) !== 'postgres') return;
  for (const t of SEARCHED_TABLES)
    await sql`alter table ${sql.id(t)} alter column search set statistics ${sql.lit(TARGET)}`.execute(
      db,
    );
}

export async function down(db: Kysely<any>): Promise<void> {
  if ((await engineOf(db)) !== 'postgres') return;
  for (const t of SEARCHED_TABLES)
    await sql`alter table ${sql.id(t)} alter column search set statistics -1`.execute(db);
}
