// Adapts node:sqlite's DatabaseSync to the small interface Kysely's SqliteDialect expects
// (the better-sqlite3 shape), so the embedded default needs no native addon.
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

function bind(params: ReadonlyArray<unknown>): SQLInputValue[] {
  return params.map((p) => {
    if (typeof p === 'boolean') return p ? 1 : 0;
    if (p instanceof Date) return p.toISOString();
    if (p === undefined) return null;
    return p as SQLInputValue;
  });
}

class Statement implements SqliteStatement {
  readonly reader: boolean;
  private readonly stmt: StatementSync;
  constructor(stmt: StatementSync) {
    this.stmt = stmt;
    this.reader = stmt.columns().length > 0;
  }
  all(params: ReadonlyArray<unknown>) {
    return this.stmt.all(...bind(params));
  }
  run(params: ReadonlyArray<unknown>) {
    const r = this.stmt.run(...bind(params));
    return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
  }
  iterate(params: ReadonlyArray<unknown>) {
    return this.stmt.iterate(...bind(params)) as IterableIterator<unknown>;
  }
}

export function openSqlite(file: string): SqliteDatabase & { raw: DatabaseSync } {
  const raw = new DatabaseSync(file, { timeout: 5000 });
  raw.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;');
  return {
    raw,
    close: () => raw.close(),
    prepare: (sql: string) => new Statement(raw.prepare(sql)),
  };
}
