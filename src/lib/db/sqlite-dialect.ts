// Kysely's dialect for our node:sqlite connection, with one change to its driver: a database locked
// by another process (a `npm run seed` or `catalogue:import` beside the server, the scanner's worker
// thread) is waited for without blocking the event loop.
//
// node:sqlite is synchronous: with a busy timeout of 5 s, each statement that met a lock held the
// whole process for up to 5 s, every request frozen behind it (issue 26). Here the connection's
// busy timeout is 0 and a statement refused with SQLITE_BUSY is tried again after a timer, doubling
// from 2 ms to 50 ms, for at most `busyWaitMs`; then the error goes up and the request answers 503
// with Retry-After (lib/http/failure.ts). Between the tries the event loop serves everything else.
//
// Which statements may be tried again: any outside a transaction (a refused statement did nothing),
// `begin immediate` (transactions take the write lock at their start, so no statement inside one is
// refused halfway: a deferred transaction that meets a writer in WAL mode can only be rolled back)
// and `commit` (SQLite keeps the transaction open when a commit is refused).
//
// Kysely's own driver holds one mutex around every query; this one holds it only while one of our
// transactions is open (from a successful `begin immediate` to its commit or rollback), so a read
// never waits behind a write or a transaction that is waiting for another process's lock.
// node:sqlite runs each statement to the end synchronously, so a statement outside a transaction
// cannot interleave with another; it only waits while a transaction of ours is open between two
// awaits, and checks that in the same turn as it runs.
import {
  CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import { isSqliteBusy } from './sqlite-codes.ts';
import type { openSqlite } from './sqlite-driver.ts';

type Sqlite = ReturnType<typeof openSqlite>;

/** How long a statement waits for another process's lock before it fails (503 for a request). */
export const BUSY_WAIT_MS = 5000;
const FIRST_PAUSE_MS = 2;
const LONGEST_PAUSE_MS = 50;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const COMMIT = /^\s*(commit|end)\b/i;

/**
 * Held for the length of one of our transactions. Waiting is always `while (lock.held) await
 * lock.held;` written out where the caller then acts synchronously: an extra await between "free"
 * and "act" (a helper's own promise) would let another waiter act first.
 */
class TransactionLock {
  held: Promise<void> | null = null;
  #release: (() => void) | null = null;
  /** Takes the lock; the caller has just seen it free, in this same turn. */
  takeNow(): void {
    if (this.held) throw new Error('transaction lock taken twice');
    this.held = new Promise((resolve) => (this.#release = resolve));
  }
  free(): void {
    const release = this.#release;
    this.held = null;
    this.#release = null;
    release?.();
  }
}

/** One caller's handle on the shared connection: Kysely asks for one per query or transaction. */
class Connection implements DatabaseConnection {
  readonly #db: Sqlite;
  readonly #lock: TransactionLock;
  readonly #busyWaitMs: number;
  /** Set while this handle's transaction is open: only it may run then. */
  owner = false;
  constructor(db: Sqlite, lock: TransactionLock, busyWaitMs: number) {
    this.#db = db;
    this.#lock = lock;
    this.#busyWaitMs = busyWaitMs;
  }

  /** Runs now, synchronously; the caller has made sure it may. */
  runNow<R>(query: CompiledQuery): QueryResult<R> {
    // Never a statement of ours inside another caller's transaction: that would commit or roll
    // back with it. The lock makes this impossible; fail loudly rather than corrupt if it is not.
    if (!this.owner && this.#db.raw.isTransaction)
      throw new Error('a statement outside the open transaction');
    const stmt = this.#db.prepare(query.sql);
    if (stmt.reader) return { rows: stmt.all(query.parameters) as R[] };
    const { changes, lastInsertRowid } = stmt.run(query.parameters);
    return {
      numAffectedRows: changes == null ? undefined : BigInt(changes),
      insertId: lastInsertRowid == null ? undefined : BigInt(lastInsertRowid),
      rows: [],
    };
  }

  /**
   * Runs `query` once no transaction of ours stands in the way (the owner's own statements never
   * wait), trying again on a timer while another process holds the lock, within the budget.
   * `onRun` acts in the same turn as a successful run (beginTransaction takes the lock there).
   */
  async attempt<R>(
    query: CompiledQuery,
    retryable: () => boolean,
    onRun?: () => void,
  ): Promise<QueryResult<R>> {
    const started = Date.now();
    for (let wait = FIRST_PAUSE_MS; ; wait = Math.min(wait * 2, LONGEST_PAUSE_MS)) {
      if (!this.owner) while (this.#lock.held) await this.#lock.held;
      try {
        const result = this.runNow<R>(query);
        onRun?.();
        return result;
      } catch (err) {
        if (!retryable() || !isSqliteBusy(err) || Date.now() - started + wait > this.#busyWaitMs)
          throw err;
      }
      await pause(wait);
    }
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Outside a transaction a refused statement did nothing; inside one only a refused commit may
    // be tried again (SQLite keeps the transaction open).
    return this.attempt<R>(query, () => !this.#db.raw.isTransaction || COMMIT.test(query.sql));
  }

  async *streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error('streamQuery is not used with SQLite here');
  }
}

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

class PatientDriver implements Driver {
  readonly #db: Sqlite;
  readonly #busyWaitMs: number;
  readonly #lock = new TransactionLock();
  constructor(db: Sqlite, busyWaitMs: number) {
    this.#db = db;
    this.#busyWaitMs = busyWaitMs;
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new Connection(this.#db, this.#lock, this.#busyWaitMs);
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const handle = connection as Connection;
    // Waits for our other transactions and, without holding the lock, for another process's;
    // the lock is taken in the same turn as the successful `begin immediate`.
    await handle.attempt(
      CompiledQuery.raw('begin immediate'),
      () => true,
      () => {
        this.#lock.takeNow();
        handle.owner = true;
      },
    );
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
    this.#end(connection as Connection);
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } finally {
      this.#end(connection as Connection);
    }
  }
  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteName(name)}`));
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteName(name)}`));
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteName(name)}`));
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A transaction whose commit failed and was not rolled back must neither stay open nor keep
    // the lock (Kysely rolls back itself; this is the safety net).
    const handle = connection as Connection;
    if (handle.owner && this.#db.raw.isTransaction) this.#db.raw.exec('rollback');
    this.#end(handle);
  }
  async destroy(): Promise<void> {
    this.#db.close();
  }
  #end(handle: Connection): void {
    if (!handle.owner) return;
    handle.owner = false;
    this.#lock.free();
  }
}

/** SQLite through our node:sqlite adapter, waiting for other processes' locks off the event loop. */
export class PatientSqliteDialect extends SqliteDialect {
  readonly #db: Sqlite;
  readonly #busyWaitMs: number;
  constructor(db: Sqlite, busyWaitMs = BUSY_WAIT_MS) {
    super({ database: db });
    this.#db = db;
    this.#busyWaitMs = busyWaitMs;
  }
  override createDriver(): Driver {
    return new PatientDriver(this.#db, this.#busyWaitMs);
  }
}
