// `npm run migrate`: applies pending migrations to the configured database and lists them.
import { configOrExit, setConfig } from '#lib/config.ts';
import { closeDatabase, database, migrateToLatest } from './index.ts';

setConfig(configOrExit());
try {
  const { results = [] } = await migrateToLatest(database().db);
  for (const r of results)
    console.log(`${r.status === 'Success' ? 'applied' : r.status}: ${r.migrationName}`);
  console.log(
    results.length
      ? `${results.length} migration(s) applied (${database().engine})`
      : `database is up to date (${database().engine})`,
  );
} catch (err) {
  console.error('migration failed:', err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
