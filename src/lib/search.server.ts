// "The search column contains this text" for the lists, on either engine, through the trigram
// indexes of migration 0017. The plain LIKE stays in the condition on both engines, so the answer
// is exactly the substring match it always was; the index only narrows which rows are looked at.
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import { containsPattern } from '#lib/list.ts';

export type SearchedTable =
  | 'orders'
  | 'notifications'
  | 'objects'
  | 'organisations'
  | 'support_requests'
  // The newer areas (migration 0029).
  | 'products'
  | 'scada_objects'
  | 'calculations'
  | 'btp_projects';

/** Trigram indexes find nothing shorter than a trigram; such searches stay a scan (bounded by paging). */
const MIN_INDEXED = 3;

/**
 * The condition "`table`.search contains `text`" (case-insensitive: search columns are lower-cased).
 * PostgreSQL's planner uses the pg_trgm index for the LIKE itself; SQLite gets the ids from the FTS5
 * trigram table as a phrase (consecutive trigrams = the text as a substring; quotes doubled), because
 * SQLite hands a LIKE with an ESCAPE clause to no virtual table.
 */
export function containsWhere<D>(
  handle: Kysely<D>,
  table: SearchedTable,
  text: string,
  /** The name the query gives the table (`from products as p`), when not its own. */
  alias: string = table,
): RawBuilder<boolean> {
  const lower = text.toLowerCase();
  const like = sql<boolean>`${sql.ref(`${alias}.search`)} like ${containsPattern(lower)} escape '\\'`;
  // PostgreSQL: the planner picks the pg_trgm index for a rare text and the key-ordered walk for a
  // common one (it estimates a pattern's share of rows from the column's statistics).
  if ([...lower].length < MIN_INDEXED || handle.getExecutor().adapter instanceof PostgresAdapter)
    return like;
  const phrase = `"${lower.replaceAll('"', '""')}"`;
  const fts = sql.id(`${table}_trgm`);
  return sql<boolean>`(${sql.ref(`${alias}.id`)} in (select rowid from ${fts} where ${fts} match ${phrase}) and ${like})`;
}
