// A fresh database per test file: a temporary SQLite file, or, when TEST_DATABASE_URL points at
// PostgreSQL, a throwaway database created next to it and dropped afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const onPostgres = (): boolean => /^postgres(ql)?:/.test(process.env.TEST_DATABASE_URL ?? '');

export interface TestDatabase {
  /** DATABASE_URL for the server, undefined for SQLite in dataDir. */
  url: string | undefined;
  dataDir: string;
  drop(): Promise<void>;
}

export async function freshDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cabinet-test-'));
  if (!onPostgres()) {
    return { url: undefined, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
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
