// Builds the Astro bundle when dist/ is missing, was built in another mode, or was built from other
// sources, so `npm start` on a fresh clone just works and later starts stay fast.
//
// The client bundle is always a production build, whatever NODE_ENV the caller runs with (a test run
// has NODE_ENV=test, the README's default is development): Vite picks React's development build
// whenever NODE_ENV is not "production". Demo data and the dev outbox have their own switches
// (DEMO, SMTP_URL) read by the server at run time, so forcing the build's NODE_ENV changes nothing
// else. The stamp records the mode and a hash of every input's path and content: a bundle left by an
// older build of other sources, or in another mode, is rebuilt even when file times say otherwise.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dist = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(root, 'dist');
const STAMP = join(dist, '.build-stamp');
const SOURCES = [
  'src',
  'public',
  'i18n',
  'astro.config.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'CHANGELOG.md',
];
/** The only mode the bundle is ever built in. */
export const BUILD_MODE = 'production';

interface Stamp {
  mode: string;
  hash: string;
  builtAt: string;
}

function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((entry) => (entry.endsWith('.test.ts') ? [] : files(join(path, entry))));
}

/** SHA-256 over the relative path and content of every input file (tests excluded). */
export function inputsHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((s) => files(join(root, s)))) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

export function readStamp(): Stamp | null {
  try {
    const stamp = JSON.parse(readFileSync(STAMP, 'utf8')) as Partial<Stamp>;
    return typeof stamp.mode === 'string' && typeof stamp.hash === 'string'
      ? (stamp as Stamp)
      : null;
  } catch {
    // Missing, or the older stamp that held only a time.
    return null;
  }
}

export function isStale(hash = inputsHash()): boolean {
  const stamp = readStamp();
  return (
    !stamp ||
    stamp.mode !== BUILD_MODE ||
    stamp.hash !== hash ||
    !existsSync(join(dist, 'server', 'entry.mjs'))
  );
}

export function build(hash = inputsHash()): void {
  const started = Date.now();
  const env = { ...process.env, NODE_ENV: BUILD_MODE, ASTRO_TELEMETRY_DISABLED: '1' };
  const r = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (r.status !== 0) throw new Error(`astro build failed (exit ${r.status})`);
  const c = spawnSync(process.execPath, [join(root, 'scripts/compress.ts')], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (c.status !== 0) throw new Error('compressing assets failed');
  const stamp: Stamp = { mode: BUILD_MODE, hash, builtAt: new Date().toISOString() };
  writeFileSync(STAMP, JSON.stringify(stamp));
  console.log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export function buildIfStale(): void {
  const hash = inputsHash();
  if (isStale(hash)) build(hash);
}

if (import.meta.main) {
  if (process.argv.includes('--force')) build();
  else buildIfStale();
}
