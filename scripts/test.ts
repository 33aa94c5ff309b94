// `npm test`: makes sure Debian's Chromium is present for the browser suites (installing it with
// apt-get when missing), runs the static checks (tsc, astro check, eslint, prettier) on a whole run, builds the
// bundle when stale, runs every vitest project and ends with a plain "N passed, N failed" line. Extra arguments go to vitest (e.g. `npm test -- --project db`).
// A whole run also measures coverage of the server code (v8) and fails below the floor set in
// vitest.config.ts; a part (a project, a file) runs without it, since a part covers less.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale } from './build-if-stale.ts';

export const CHROMIUM = '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log('Installing Debian chromium for the browser tests...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync(
    'apt-get',
    ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'],
    { stdio: 'inherit', env },
  );
  if (update.status !== 0 || install.status !== 0 || !existsSync(CHROMIUM)) {
    console.error(
      'Could not install chromium with apt-get (run as root, or install the "chromium" package yourself).',
    );
    process.exit(1);
  }
}

// The document scanner reads scans with Tesseract (Russian and English), renders PDF pages with
// poppler's pdftoppm and converts office files with LibreOffice; fonts with Cyrillic for its PDFs.
const SCANNER_TOOLS: Array<[string, string]> = [
  ['/usr/bin/tesseract', 'tesseract-ocr'],
  ['/usr/share/tesseract-ocr/5/tessdata/rus.traineddata', 'tesseract-ocr-rus'],
  ['/usr/share/tesseract-ocr/5/tessdata/eng.traineddata', 'tesseract-ocr-eng'],
  ['/usr/share/tesseract-ocr/5/tessdata/osd.traineddata', 'tesseract-ocr-osd'],
  ['/usr/bin/pdftoppm', 'poppler-utils'],
  ['/usr/bin/soffice', 'libreoffice-writer-nogui'],
  ['/usr/lib/libreoffice/program/libsclo.so', 'libreoffice-calc-nogui'],
  ['/usr/share/fonts/truetype/liberation2', 'fonts-liberation2'],
  ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', 'fonts-dejavu-core'],
];

function ensureScannerTools() {
  const missing = SCANNER_TOOLS.filter(([path]) => !existsSync(path)).map(([, pkg]) => pkg);
  if (!missing.length) return;
  console.log(`Installing Debian packages for the document scanner: ${missing.join(' ')}...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync(
    'apt-get',
    ['install', '-y', '-qq', '--no-install-recommends', ...missing],
    { stdio: 'inherit', env },
  );
  const still = SCANNER_TOOLS.filter(([path]) => !existsSync(path)).map(([, pkg]) => pkg);
  if (update.status !== 0 || install.status !== 0 || still.length) {
    console.error(
      `Could not install ${still.join(' ')} with apt-get (run as root, or install them yourself: apt-get install --no-install-recommends ${SCANNER_TOOLS.map(([, p]) => p).join(' ')}).`,
    );
    process.exit(1);
  }
}

const args = process.argv.slice(2);
const onlyNonBrowser = args.includes('--project') && !args.includes('browser');
const root = new URL('..', import.meta.url).pathname;

// The whole run (no arguments) starts with the static checks: TypeScript over .ts and .astro files,
// the linter (React hooks rules, import directions) and the formatter's check. A part (`npm test -- --project db`, a file) skips them.
function staticChecks(): boolean {
  const steps: Array<[string, string[]]> = [
    ['tsc', [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit']],
    [
      'astro check',
      [join(root, 'node_modules/astro/bin/astro.mjs'), 'check', '--minimumSeverity', 'error'],
    ],
    ['eslint', [join(root, 'node_modules/eslint/bin/eslint.js'), '.']],
    // Formatting (decision 0037): `npm run format` fixes what this reports.
    [
      'prettier',
      [join(root, 'node_modules/prettier/bin/prettier.cjs'), '--check', '--log-level', 'warn', '.'],
    ],
  ];
  let ok = true;
  for (const [name, argv] of steps) {
    const started = Date.now();
    const r = spawnSync(process.execPath, argv, {
      stdio: 'inherit',
      cwd: root,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    console.log(
      `${name}: ${r.status === 0 ? 'clean' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    ok &&= r.status === 0;
  }
  return ok;
}
const checked = args.length === 0 ? staticChecks() : true;

if (!onlyNonBrowser) ensureChromium();
ensureScannerTools();
buildIfStale();

// A whole run is two vitest runs. First the in-process suites (unit, and the db project's suites
// under src/) with coverage: they are what the coverage of the server code counts (the integration
// and browser suites drive separate server processes), and its summary and floor come with them.
// Then the integration and browser suites without it: v8's block counters slow every line of
// JavaScript in a test worker (workbooks and PDFs made by the tests, the browser driver) several
// times over and count nothing there. A part (`npm test -- --project db`, a file) is one run
// without coverage, as given.
const whole = args.length === 0;
const runs: Array<{ name: string; argv: string[]; coverage: boolean }> = whole
  ? [
      {
        name: 'in-process',
        argv: ['--coverage', '--project', 'unit', '--project', 'db', join(root, 'src/')],
        coverage: true,
      },
      {
        name: 'servers',
        argv: ['--project', 'db', '--project', 'browser', join(root, 'tests/')],
        coverage: false,
      },
    ]
  : [{ name: 'part', argv: args, coverage: false }];
const dir = mkdtempSync(join(tmpdir(), 'cabinet-vitest-'));

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numFailedTestSuites: number;
  numPendingTests: number;
  numTodoTests: number;
}
const totals = { passed: 0, failed: 0, skipped: 0 };
let status = 0;
let belowFloor = false;
for (const [i, r] of runs.entries()) {
  const report = join(dir, `report-${i}.json`);
  if (runs.length > 1) console.log(`\n== vitest ${i + 1}/${runs.length}: ${r.name}`);
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...r.argv,
    ],
    { stdio: 'inherit', cwd: root, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } },
  );
  const code = run.status ?? 1;
  if (!existsSync(report)) {
    status ||= code || 1;
    totals.failed += code ? 1 : 0;
    continue;
  }
  const rep = JSON.parse(readFileSync(report, 'utf8')) as Report;
  // A suite that fails before its tests run (e.g. its server does not start) counts as a failure;
  // with every test and suite passed, a failed run with coverage is the coverage floor.
  const floor = code !== 0 && r.coverage && !rep.numFailedTests && !rep.numFailedTestSuites;
  belowFloor ||= floor;
  totals.passed += rep.numPassedTests;
  totals.failed +=
    rep.numFailedTests || (code !== 0 && !floor ? Math.max(1, rep.numFailedTestSuites) : 0);
  totals.skipped += rep.numPendingTests + rep.numTodoTests;
  status ||= code;
}
let summary =
  `${totals.passed} passed, ${totals.failed} failed` +
  (totals.skipped ? `, ${totals.skipped} skipped` : '');
if (belowFloor)
  summary += '; coverage below the floor (see "Coverage summary" above and docs/conventions.md)';
rmSync(dir, { recursive: true, force: true });
console.log(`\ntests: ${summary}`);
if (!checked) console.log('static checks failed (see tsc / astro check / eslint above)');
process.exit(checked ? status : 1);
