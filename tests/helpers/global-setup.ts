// Once per run, before any suite: builds the Astro bundle when stale and prepares the template
// database every real server starts on (tests/helpers/db.ts, tests/helpers/server.ts): migrated and
// demo-seeded once here instead of in each of the ~100 server starts of a whole run. The workers
// inherit its names through the environment; the template is removed after the run.
import { buildIfStale } from '../../scripts/build-if-stale.ts';
import { buildTemplate, hasTemplate, TEMPLATE_DB_VAR, TEMPLATE_DIR_VAR } from './db.ts';

export default async function setup() {
  buildIfStale();
  // Each project runs the global set-up; the first one's template serves the run.
  if (process.env.TEST_NO_TEMPLATE === '1' || hasTemplate()) return;
  const template = await buildTemplate();
  process.env[TEMPLATE_DIR_VAR] = template.dataDir;
  if (template.database) process.env[TEMPLATE_DB_VAR] = template.database;
  return async () => {
    delete process.env[TEMPLATE_DIR_VAR];
    delete process.env[TEMPLATE_DB_VAR];
    await template.drop();
  };
}
