// The SQLite result codes the code base acts on, read from a node:sqlite error (`code`
// ERR_SQLITE_ERROR, the extended result code on `errcode`). One list for the dialect that waits out
// a lock (sqlite-dialect.ts) and the error policy that answers 503 (lib/http/failure.ts). Imports
// nothing, so either may use it without a cycle.

export const SQLITE_BUSY = 5;
export const SQLITE_LOCKED = 6;
export const SQLITE_FULL = 13;
/** BUSY, LOCKED, READONLY, IOERR, CORRUPT, FULL, CANTOPEN, NOTADB: the file is gone, locked,
 *  damaged or the disk is full. */
const UNAVAILABLE = new Set([SQLITE_BUSY, SQLITE_LOCKED, 8, 10, 11, SQLITE_FULL, 14, 26]);

/** The primary result code of a node:sqlite error (extended codes keep it in the low byte), else null. */
export function sqliteCode(err: unknown): number | null {
  const e = err as { code?: unknown; errcode?: unknown } | null | undefined;
  return e?.code === 'ERR_SQLITE_ERROR' && typeof e.errcode === 'number' ? e.errcode & 0xff : null;
}

/** Another connection holds the lock: the statement may succeed if tried again. */
export function isSqliteBusy(err: unknown): boolean {
  const code = sqliteCode(err);
  return code === SQLITE_BUSY || code === SQLITE_LOCKED;
}

/** The database cannot be used now (locked, gone, damaged, full): a request answers 503. */
export function isSqliteUnavailable(err: unknown): boolean {
  const code = sqliteCode(err);
  return code !== null && UNAVAILABLE.has(code);
}
