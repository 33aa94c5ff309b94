// Column helpers where SQLite and PostgreSQL differ; everything else in migrations is portable.
import {
  PostgresAdapter,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
} from 'kysely';

export type Engine = 'sqlite' | 'postgres';

// Asked of the dialect adapter, not the server: a failing probe query would abort the migration's
// transaction on PostgreSQL.
export async function engineOf(db: Kysely<any>): Promise<Engine> {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** An auto-incrementing integer primary key named id. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, engine: Engine) {
  return engine === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
