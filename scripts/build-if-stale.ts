// Builds the Astro bundle when dist/ is missing or older than any source, so `npm start` on a fresh
// clone just works and later starts stay fast.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dist = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(root, 'dist');
const STAMP = join(dist, '.build-stamp');
const SOURCES = ['src', 'public', 'i18n', 'astro.config.mjs', 'package.json', 'CHANGELOG.md'];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry.endsWith('.test.ts')) continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

export function isStale(): boolean {
  if (!existsSync(STAMP)) return true;
  const built = statSync(STAMP).mtimeMs;
  return SOURCES.some((s) => newest(join(root, s)) > built);
}

export function build(): void {
  const started = Date.now();
  const r = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (r.status !== 0) throw new Error(`astro build failed (exit ${r.status})`);
  const c = spawnSync(process.execPath, [join(root, 'scripts/compress.ts')], { cwd: root, stdio: 'inherit' });
  if (c.status !== 0) throw new Error('compressing assets failed');
  writeFileSync(STAMP, new Date().toISOString());
  console.log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export function buildIfStale(): void {
  if (isStale()) build();
}

if (import.meta.main) buildIfStale();
