// The database handle: SQLite (node:sqlite) by default, PostgreSQL (pg) for DATABASE_URL=postgres://.
// One handle per process, registered on globalThis so the server entry and the Astro bundle share it.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  Kysely,
  Migrator,
  type LogEvent,
  PostgresDialect,
  sql,
  type MigrationResultSet,
} from 'kysely';
import pg from 'pg';
import { config, type Config } from '#lib/config.ts';
import { addDbTime } from '#lib/http/request-context.ts';
import { log } from '#lib/log.ts';
import { migrations } from './migrations/index.ts';
import type { DB } from './schema.ts';
import { PatientSqliteDialect } from './sqlite-dialect.ts';
import { openSqlite } from './sqlite-driver.ts';

export type Engine = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** The pg pool when on PostgreSQL (the realtime bus takes a dedicated LISTEN client from it). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

// COUNT(*) and bigint columns arrive as strings from pg; the values we keep fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

/** Query time of the current request, for its Server-Timing header (db;dur=). */
const countDbTime = (event: LogEvent): void => addDbTime(event.queryDurationMillis);

export function openDatabase(cfg: Config['database']): Database {
  if (cfg.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: cfg.url, max: 10, idleTimeoutMillis: 30_000 });
    // An idle client dropped by the server (restart, failover) must not crash the process; the
    // pool opens a new connection on the next query.
    pool.on('error', (err) => log.warn('database: idle connection lost', { err: err.message }));
    // The pool only listens while a client is idle: one that is checked out between two queries
    // (a transaction, a held connection) and dropped by the server would otherwise emit an unhandled
    // 'error' and end the process. Its next query fails and the request answers 503 instead.
    pool.on('connect', (client) =>
      client.on('error', (err) => log.warn('database: connection lost', { err: err.message })),
    );
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: countDbTime });
    return { db, engine: 'postgres', pool, close: () => db.destroy() };
  }
  if (cfg.file !== ':memory:') mkdirSync(dirname(cfg.file), { recursive: true });
  const sqlite = openSqlite(cfg.file);
  const db = new Kysely<DB>({ dialect: new PatientSqliteDialect(sqlite), log: countDbTime });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

export async function migrateToLatest(db: Kysely<DB>): Promise<MigrationResultSet> {
  // Unordered: features land in parallel, so a database that already has a later-numbered
  // migration still gets an earlier-numbered one that arrived afterwards (they never depend on
  // each other's order; each touches its own tables).
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}

export type DatabaseHealth =
  { state: 'ok' } | { state: 'unreachable' | 'schema missing'; err: unknown };

/**
 * The health check's question: does the database answer, with our schema? A database dropped and
 * re-created empty answers `select 1` while every call fails on missing tables, so this counts the
 * recorded migrations instead (Kysely's table; one cheap row): missing table or fewer rows than this
 * build's migrations is 'schema missing'. A later build's extra migrations are fine.
 */
export async function databaseHealth(db: Kysely<DB>): Promise<DatabaseHealth> {
  try {
    const { rows } = await sql<{
      n: number | string;
    }>`select count(*) as n from kysely_migration`.execute(db);
    const recorded = Number(rows[0]?.n ?? 0);
    const known = Object.keys(migrations).length;
    if (recorded < known)
      return {
        state: 'schema missing',
        err: new Error(`${recorded} of ${known} migrations recorded`),
      };
    return { state: 'ok' };
  } catch (err) {
    const e = err as { code?: unknown; message?: unknown };
    const missing =
      e?.code === '42P01' || (typeof e?.message === 'string' && /no such table/.test(e.message));
    return { state: missing ? 'schema missing' : 'unreachable', err };
  }
}

const KEY = Symbol.for('cabinet.database');
type Holder = { [KEY]?: Database };

/** The process-wide database, opened on first use with the configured engine. */
export function database(): Database {
  const g = globalThis as Holder;
  return (g[KEY] ??= openDatabase(config().database));
}

export const db = (): Kysely<DB> => database().db;

export async function closeDatabase(): Promise<void> {
  const g = globalThis as Holder;
  const current = g[KEY];
  delete g[KEY];
  await current?.close();
}

export const now = (): string => new Date().toISOString();
