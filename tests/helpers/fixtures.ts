// Vitest fixtures for the suites that drive the real server: import `test` (and `expect`) from here
// and ask for what the test needs; the fixtures start it on first use and stop it after.
//
//   server     worker-scoped: the real server on a fresh database, started with `serverEnv`
//   serverEnv  worker-scoped option (default {}): a file sets it by extending the test,
//              `const it = test.extend('serverEnv', { scope: 'worker' }, integrationEnv)`
//   browser    worker-scoped Chromium (tests/helpers/browser.ts launch)
//   signedIn   signedIn(email, options?) -> a page in a new context signed in as that demo user
//   anonymous  anonymous(options?) -> a page in a new context with no session
//   db         worker-scoped handle (Kysely) on the server's database, for set-ups and checks
//
// Vitest runs each test file in its own worker (isolation is on), so "worker-scoped" means one
// server, one database and one Chromium per file: the files stay as isolated from each other as
// when each wrote its own beforeAll/afterAll. Tests of one file share the server and must not
// depend on each other's data unless the file says so. Contexts and pages opened by `signedIn` and
// `anonymous` are closed after the test.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { test as base } from 'vitest';
import type { Database } from '../../src/lib/db/index.ts';
import { openTestDatabase } from './db.ts';
import { startServer, type TestServer } from './server.ts';

export { expect } from 'vitest';

export type ContextOptions = Parameters<Browser['newContext']>[0];
/** The `db` fixture: Kysely on the server's database. */
export type ServerDb = Database['db'];

/**
 * Opens a page in a context signed in as the demo user with this e-mail (ru-RU unless `options` say
 * otherwise). The start-info dialog shown after a sign-in counts as closed unless `startInfo: true`.
 */
export type SignedIn = (
  email: string,
  options?: ContextOptions & { startInfo?: boolean },
) => Promise<Page>;
/** Opens a page in a context without a session (ru-RU unless `options` say otherwise). */
export type Anonymous = (options?: ContextOptions) => Promise<Page>;

/** A Kysely handle on a test server's database (the same engine and file or URL the server uses). */
export const openServerDatabase = (server: TestServer): Database =>
  openTestDatabase(server.database);

// One Chromium per worker, started at most once (by the server fixture or by the first page).
let chromium: Promise<Browser> | undefined;
function startChromium(): Promise<Browser> {
  if (!chromium) {
    // Imported here: suites that never open a page do not load playwright-core.
    chromium = import('./browser.ts').then(({ launch }) => launch());
    // Keep an unhandled rejection from surfacing before `browser` awaits it.
    chromium.catch(() => {});
  }
  return chromium;
}
async function closeChromium(): Promise<void> {
  const started = chromium;
  chromium = undefined;
  await (await started?.catch(() => undefined))?.close();
}

export const test = base
  .extend('serverEnv', { scope: 'worker' }, {} as Record<string, string>)
  // Chromium starts in the background: in the browser project (CHROMIUM_WARM=1, vitest.config.ts)
  // as soon as the server starts, elsewhere when a test first asks for a page, so that it launches
  // while the server starts (in sequence they would add a second or more to every file).
  .extend('launching', { scope: 'worker' }, async ({}, { onCleanup }) => {
    const launching = startChromium();
    onCleanup(closeChromium);
    return { launching };
  })
  .extend('server', { scope: 'worker' }, async ({ serverEnv }, { onCleanup }) => {
    if (process.env.CHROMIUM_WARM === '1') startChromium();
    const started: { server?: TestServer } = {};
    onCleanup(async () => {
      await started.server?.stop();
      // A warmed Chromium that no test took is closed here.
      await closeChromium();
    });
    started.server = await startServer(serverEnv);
    return started.server;
  })
  .extend('browser', { scope: 'worker' }, async ({ launching }) => launching.launching)
  .extend('db', { scope: 'worker' }, async ({ server }, { onCleanup }) => {
    const database = openServerDatabase(server);
    onCleanup(() => database.close());
    return database.db;
  })
  .extend('signedIn', async ({ launching, server, browser }, { onCleanup }) => {
    void launching;
    const contexts: BrowserContext[] = [];
    onCleanup(async () => {
      await Promise.all(contexts.map((c) => c.close()));
    });
    const { signedInContext } = await import('./browser.ts');
    const signedIn: SignedIn = async (email, { startInfo = false, ...options } = {}) => {
      const context = await signedInContext(browser, server, email, options);
      contexts.push(context);
      if (startInfo) await context.clearCookies({ name: 'start_info' });
      return context.newPage();
    };
    return signedIn;
  })
  .extend('anonymous', async ({ launching, server, browser }, { onCleanup }) => {
    void launching;
    void server;
    const contexts: BrowserContext[] = [];
    onCleanup(async () => {
      await Promise.all(contexts.map((c) => c.close()));
    });
    const anonymous: Anonymous = async (options = {}) => {
      const context = await browser.newContext({ locale: 'ru-RU', ...options });
      contexts.push(context);
      return context.newPage();
    };
    return anonymous;
  });

export const it = test;
