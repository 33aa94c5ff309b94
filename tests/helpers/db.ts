// A fresh database per test file: a temporary SQLite file, or, when TEST_DATABASE_URL points at
// PostgreSQL, a throwaway database created next to it and dropped afterwards.
//
// Two kinds: `freshDatabase()` is empty (the server migrates and seeds it on start, as in
// production), `templateDatabase()` is a copy of the run's template, migrated and demo-seeded once by
// the global set-up (tests/helpers/global-setup.ts): a copied SQLite file and data directory, or
// PostgreSQL's `create database ... template ...`. A server started on a copy still runs its
// migrations (none left to apply) and skips the seed (the database is not empty).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { migrateToLatest, openDatabase, type Database } from '../../src/lib/db/index.ts';

export const onPostgres = (): boolean =>
  /^postgres(ql)?:/.test(process.env.TEST_DATABASE_URL ?? '');

export interface TestDatabase {
  /** DATABASE_URL for the server, undefined for SQLite in dataDir. */
  url: string | undefined;
  dataDir: string;
  drop(): Promise<void>;
}

/** A Kysely handle on a test database: the engine and the file or URL a test server uses. */
export function openTestDatabase(d: Pick<TestDatabase, 'url' | 'dataDir'>): Database {
  return openDatabase(
    d.url
      ? { kind: 'postgres', url: d.url }
      : { kind: 'sqlite', file: join(d.dataDir, 'cabinet.sqlite') },
  );
}

/** Runs `fn` on a handle of a test database, closed afterwards. */
export async function withTestDatabase<T>(
  d: Pick<TestDatabase, 'url' | 'dataDir'>,
  fn: (db: Database['db']) => Promise<T>,
): Promise<T> {
  const handle = openTestDatabase(d);
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

/** Where the global set-up left the run's template (set in its process, inherited by the workers). */
export const TEMPLATE_DIR_VAR = 'CABINET_TEST_TEMPLATE_DIR';
export const TEMPLATE_DB_VAR = 'CABINET_TEST_TEMPLATE_DB';

const root = new URL('../../', import.meta.url).pathname;

/**
 * Builds the run's template: `npm run seed` (migrate, then the demo data) on an empty data directory
 * and, on PostgreSQL, an empty database that later copies name as their template. Called once per
 * run by the global set-up, so a change to a migration or to the demo data is in the next run's
 * template. Returns the names to export and a function that removes the template.
 */
export async function buildTemplate(): Promise<{
  dataDir: string;
  database: string | undefined;
  drop(): Promise<void>;
}> {
  const started = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'cabinet-template-'));
  let name: string | undefined;
  let url: URL | undefined;
  if (onPostgres()) {
    name = `cabinet_tpl_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    url = new URL(process.env.TEST_DATABASE_URL!);
    await adminQuery(`create database ${name}`);
    url.pathname = `/${name}`;
  }
  const seeded = spawnSync(process.execPath, ['src/lib/db/seed-cli.ts'], {
    cwd: root,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      ...(url ? { DATABASE_URL: url.href } : {}),
      LOG_LEVEL: 'warn',
    },
  });
  const drop = async () => {
    if (name) await adminQuery(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  };
  if (seeded.status !== 0) {
    await drop();
    throw new Error(`template database: seeding failed\n${seeded.stdout}${seeded.stderr}`);
  }
  console.log(
    `test template database (${name ? 'PostgreSQL' : 'SQLite'}) migrated and seeded in ${Math.round(performance.now() - started)} ms`,
  );
  return { dataDir, database: name, drop };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Is there a template for this run (the global set-up ran, on the same engine)? TEST_NO_TEMPLATE=1
 * turns it off: every server then migrates and seeds its own empty database (the timing baseline).
 */
export function hasTemplate(): boolean {
  if (process.env.TEST_NO_TEMPLATE === '1') return false;
  const dir = process.env[TEMPLATE_DIR_VAR];
  if (!dir || !existsSync(dir)) return false;
  return onPostgres() === !!process.env[TEMPLATE_DB_VAR];
}

/**
 * A copy of the run's migrated and demo-seeded template (its own file or database, dropped
 * afterwards like a fresh one). Without a template (a script outside vitest) it is a fresh one.
 */
export async function templateDatabase(): Promise<TestDatabase> {
  if (!hasTemplate()) return freshDatabase();
  return freshDatabase(process.env[TEMPLATE_DIR_VAR], process.env[TEMPLATE_DB_VAR]);
}

/** An empty database; with `template`, a copy of that data directory and PostgreSQL database. */
export async function freshDatabase(
  templateDir?: string,
  templateDb?: string,
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cabinet-test-'));
  // The SQLite file (closed and checkpointed by the seed) and the files the demo data stored.
  if (templateDir) cpSync(templateDir, dataDir, { recursive: true });
  if (!onPostgres()) {
    return {
      url: undefined,
      dataDir,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const name = `cabinet_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(`create database ${name}${templateDb ? ` template ${templateDb}` : ''}`);
  const url = new URL(admin.href);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    dataDir,
    async drop() {
      await adminQuery(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh, migrated database for the queries of one test file: created and migrated in a
 * `beforeAll` (before the file's own, which run after it), closed and dropped in an `afterAll`.
 */
export function migratedDatabase(): {
  readonly db: Database['db'];
  readonly engine: Database['engine'];
  readonly url: string | undefined;
} {
  let test: TestDatabase | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    test = await freshDatabase();
    database = openDatabase(
      test.url
        ? { kind: 'postgres', url: test.url }
        : { kind: 'sqlite', file: join(test.dataDir, 'cabinet.sqlite') },
    );
    await migrateToLatest(database.db);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await test?.drop();
  });
  return {
    get db() {
      return database!.db;
    },
    get engine() {
      return database!.engine;
    },
    get url() {
      return test?.url;
    },
  };
}
