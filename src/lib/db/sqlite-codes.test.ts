// The one reading of SQLite's result codes: the dialect waits out BUSY and LOCKED (extended codes
// too), the error policy answers 503 for those and a gone, damaged or full database; anything else
// (another driver's error, a constraint) is neither.
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { unavailableCause } from '#lib/http/failure.ts';
import { isSqliteBusy, isSqliteUnavailable, sqliteCode } from './sqlite-codes.ts';

const sqliteError = (errcode: number) =>
  Object.assign(new Error('sqlite'), { code: 'ERR_SQLITE_ERROR', errcode });

describe('SQLite result codes', () => {
  it('reads a real constraint error as neither busy nor unavailable', () => {
    const db = new DatabaseSync(':memory:');
    db.exec('create table t (id integer primary key)');
    db.exec('insert into t values (1)');
    let err: unknown;
    try {
      db.exec('insert into t values (1)');
    } catch (e) {
      err = e;
    }
    db.close();
    expect(sqliteCode(err)).toBe(19); // SQLITE_CONSTRAINT (extended 1555 on errcode)
    expect(isSqliteBusy(err)).toBe(false);
    expect(isSqliteUnavailable(err)).toBe(false);
    expect(unavailableCause(err)).toBeNull();
  });

  it('takes BUSY and LOCKED, extended codes included, as busy and unavailable', () => {
    for (const code of [5, 6, 517 /* BUSY_SNAPSHOT */, 262 /* LOCKED_SHAREDCACHE */]) {
      expect(isSqliteBusy(sqliteError(code))).toBe(true);
      expect(unavailableCause(sqliteError(code))).toBe('database');
    }
  });

  it('takes a gone, damaged or read-only file as unavailable but not busy, a full disk as the disk', () => {
    for (const code of [8, 10, 11, 14, 26]) {
      expect(isSqliteBusy(sqliteError(code))).toBe(false);
      expect(unavailableCause(sqliteError(code))).toBe('database');
    }
    expect(unavailableCause(sqliteError(13))).toBe('disk');
  });

  it('ignores errors of other drivers with the same numbers', () => {
    expect(sqliteCode({ code: 'EBUSY', errcode: 5 })).toBeNull();
    expect(isSqliteBusy(null)).toBe(false);
    expect(isSqliteUnavailable(undefined)).toBe(false);
  });
});
