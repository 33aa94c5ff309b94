// `npm run migrate`: applies pending migrations to the configured database and lists them.
import { ConfigError, parseConfig, setConfig } from '../config.ts';
import { closeDatabase, database, migrateToLatest } from './index.ts';

try {
  setConfig(parseConfig());
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
try {
  const { results = [] } = await migrateToLatest(database().db);
  for (const r of results) console.log(`${r.status === 'Success' ? 'applied' : r.status}: ${r.migrationName}`);
  console.log(results.length ? `${results.length} migration(s) applied (${database().engine})` : `database is up to date (${database().engine})`);
} catch (err) {
  console.error('migration failed:', err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
