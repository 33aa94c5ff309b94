// A fresh database per test file: a temporary SQLite file, or, when TEST_DATABASE_URL points at
// PostgreSQL, a throwaway database created next to it and dropped afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
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

export async function freshDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cabinet-test-'));
  if (!onPostgres()) {
    return {
      url: undefined,
      dataDir,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const name = `cabinet_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin.href);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    dataDir,
    async drop() {
      const c = new pg.Client({ connectionString: admin.href });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
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
