import { defineConfig } from 'vitest/config';

// Three projects: unit (pure code), db (database and real-server suites, also run on PostgreSQL
// when TEST_DATABASE_URL is set) and browser (playwright-core driving Debian's Chromium).
export default defineConfig({
  test: {
    globalSetup: ['tests/helpers/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts'], exclude: ['src/**/*.db.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'db',
          include: ['src/**/*.db.test.ts', 'tests/integration/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          // 90 s: the first test of a file also waits for its server and Chromium (tests/helpers/fixtures.ts).
          testTimeout: 90_000,
          // Chromium launches while each file's server starts (tests/helpers/fixtures.ts).
          env: { CHROMIUM_WARM: '1' },
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
