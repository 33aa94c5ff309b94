// Loaded into the server process (NODE_OPTIONS=--import) by suites that need SQLite to run out of
// room: every connection is capped at SQLITE_MAX_PAGE_COUNT pages (PRAGMA max_page_count, which is
// per connection, so it cannot be set from outside). SQLite never lets the cap go below the file's
// current size, so 1 means "not one page more than now". Writes that need more pages then fail
// with SQLITE_FULL, exactly as on a full disk; no tmpfs or loop device is needed.
import { DatabaseSync } from 'node:sqlite';

const max = Number(process.env.SQLITE_MAX_PAGE_COUNT);
if (Number.isInteger(max) && max > 0) {
  const exec = DatabaseSync.prototype.exec;
  const capped = new WeakSet<DatabaseSync>();
  // The driver's first call on a new connection is its PRAGMA exec, before any write.
  DatabaseSync.prototype.exec = function (this: DatabaseSync, sql: string) {
    if (!capped.has(this)) {
      capped.add(this);
      exec.call(this, `PRAGMA max_page_count = ${max}`);
    }
    return exec.call(this, sql);
  };
}

/** The environment that caps the server's database at `pages` pages. */
export const sqliteMaxPages = (pages: number): Record<string, string> => ({
  NODE_OPTIONS: `--import ${new URL(import.meta.url).pathname}`,
  SQLITE_MAX_PAGE_COUNT: String(pages),
});
