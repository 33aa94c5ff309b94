// Column helpers where SQLite and PostgreSQL differ; everything else in migrations is portable.
import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

export async function engineOf(db: Kysely<any>): Promise<Engine> {
  const { rows } = await sql<{ v: string }>`select sqlite_version() as v`.execute(db).catch(() => ({ rows: [] as { v: string }[] }));
  return rows.length ? 'sqlite' : 'postgres';
}

/** An auto-incrementing integer primary key named id. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, engine: Engine) {
  return engine === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
