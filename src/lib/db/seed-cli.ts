// `npm run seed`: migrates, then adds the demo data that is missing (safe to run again).
import { configOrExit, setConfig } from '#lib/config.ts';
import { closeDatabase, database, migrateToLatest } from './index.ts';
import { DEMO_PASSWORD, seedDemo } from './seed.ts';

setConfig(configOrExit());
try {
  const { db, engine } = database();
  await migrateToLatest(db);
  const created = await seedDemo(db);
  console.log(
    `demo data: ${created} account(s) created on ${engine}; password for every demo account: ${DEMO_PASSWORD}`,
  );
} catch (err) {
  console.error('seeding failed:', err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
