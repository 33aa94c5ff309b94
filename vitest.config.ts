import { defineConfig } from 'vitest/config';

// Three projects: unit (pure code), db (database and real-server suites, also run on PostgreSQL
// when TEST_DATABASE_URL is set) and browser (playwright-core driving Debian's Chromium).
// Coverage (v8) of the server code: a whole `npm test` measures it over the in-process suites (the
// unit project and the db project's suites under src/, scripts/test.ts) and fails below the floor.
// The real servers of the integration and browser suites are separate processes and add nothing, so
// those suites run in a second vitest run without coverage. The floor sits a little under the
// measured figures; raise it when they rise (docs/conventions.md, "Coverage").
// Measured 2026-11-28 over those suites (SQLite): lines 63.18 %, statements 62.08 %, functions
// 59.59 %, branches 55.15 %.
const COVERAGE_FLOOR = { lines: 62, statements: 61, functions: 58, branches: 54 };

// The test workers learn that coverage is on: the few timing bounds over CPU-bound JavaScript allow
// for its block counters (about three to six times slower there).
if (
  process.argv.some(
    (a) => a === '--coverage' || a === '--coverage.enabled' || a === '--coverage.enabled=true',
  )
) {
  process.env.VITEST_COVERAGE = '1';
}

export default defineConfig({
  test: {
    globalSetup: ['tests/helpers/global-setup.ts'],
    coverage: {
      provider: 'v8',
      include: ['src/lib/**/*.ts', 'src/features/**/*.ts'],
      exclude: [
        '**/*.test.ts',
        '**/*.d.ts',
        // Test helpers that live next to their code.
        '**/*.test-helpers.ts',
        // scanner/recognition keeps its fixtures.testkit.ts (another helper's area) for now.
        '**/*.testkit.ts',
        // Browser-only code: client scripts and the modules only islands import (the islands are
        // .tsx and outside the include set).
        '**/*.client.ts',
        'src/features/profile/password-form.ts',
        'src/features/objects/map/leaflet-core.ts',
        'src/features/objects/map/load-css.ts',
        'src/features/pickers/api.ts',
        'src/features/scada/useLive.ts',
        'src/features/scanner/wizard/api.ts',
        'src/features/scanner/wizard/model.ts',
        'src/features/scanner/wizard/positions.ts',
        'src/features/support/live.ts',
        'src/features/support/own-list.ts',
        'src/lib/hydration-safe.ts',
      ],
      reporter: ['text-summary'],
      // The summary and the floor also when a test fails, so a red run still shows the figures.
      reportOnFailure: true,
      thresholds: COVERAGE_FLOOR,
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.db.test.ts'],
          // Under coverage CPU-bound tests run about three times slower: three times the default.
          testTimeout: process.env.VITEST_COVERAGE ? 15_000 : 5_000,
        },
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
          // Tests marked concurrent in one file (the axe walk's parts, tests/browser/mobile.test.ts)
          // run two at a time: the machine in CI has two cores.
          maxConcurrency: 2,
        },
      },
    ],
  },
});
