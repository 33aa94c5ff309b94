// Adapts node:sqlite's DatabaseSync to the small interface Kysely's SqliteDialect expects
// (the better-sqlite3 shape), so the embedded default needs no native addon.
//
// Preparing a statement is about a tenth of a simple page's CPU time, so prepared statements are
// kept per SQL text in a bounded LRU (Kysely sends the same text with different parameters). It is
// safe across schema changes because SQLite re-prepares a statement whose schema changed on its next
// step; the cache is still emptied after any DDL (create/alter/drop) so no statement outlives the
// objects it was written for, and on close, where node:sqlite finalises every statement.
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

/** Statements kept per connection; enough for every query text the application has, bounded for any. */
export const STATEMENT_CACHE_SIZE = 500;
const DDL = /^\s*(create|alter|drop)\b/i;
// Kysely's rollback of a failed transaction (not `rollback to` a savepoint).
const ROLLBACK = /^\s*rollback\s*;?\s*$/i;

/**
 * SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM,
 * SQLITE_BUSY in some cases). Kysely then sends `rollback` as for any failure, which would throw
 * "cannot rollback - no transaction is active" and replace the error that matters (a full disk
 * must answer 503, not 500 with a puzzling message). With no transaction left, there is nothing to
 * undo: the rollback is a no-op and Kysely rethrows the original error.
 */
class Rollback implements SqliteStatement {
  readonly reader = false;
  private readonly raw: DatabaseSync;
  constructor(raw: DatabaseSync) {
    this.raw = raw;
  }
  all(): unknown[] {
    this.run();
    return [];
  }
  run() {
    if (this.raw.isTransaction) this.raw.exec('rollback');
    return { changes: 0, lastInsertRowid: 0 };
  }
  iterate() {
    return this.all()[Symbol.iterator]() as IterableIterator<unknown>;
  }
}

export function openSqlite(
  file: string,
  cacheSize = STATEMENT_CACHE_SIZE,
): SqliteDatabase & { raw: DatabaseSync; cached: () => number } {
  // Opening may wait for another process's lock (nothing is served yet); afterwards a busy database
  // answers at once and the dialect (sqlite-dialect.ts) waits on a timer, off the event loop.
  const raw = new DatabaseSync(file, { timeout: 5000 });
  raw.exec(
    'PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 0;',
  );
  // A Map keeps insertion order: re-inserting on use makes its first key the least recently used.
  const cache = new Map<string, Statement>();
  return {
    raw,
    cached: () => cache.size,
    close: () => {
      cache.clear();
      raw.close();
    },
    prepare: (sql: string) => {
      if (ROLLBACK.test(sql)) return new Rollback(raw);
      if (DDL.test(sql)) {
        cache.clear();
        return new Statement(raw.prepare(sql));
      }
      let stmt = cache.get(sql);
      if (stmt) cache.delete(sql);
      else {
        stmt = new Statement(raw.prepare(sql));
        if (cache.size >= cacheSize) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
}
