// Keeps package-lock.json installable with `npm ci` when the registry lacks some platform builds.
// npm leaves an optional platform package (e.g. @astrojs/compiler-binding-darwin-arm64) out of the
// lock when the registry has no such version; `npm ci` then refuses the lock as out of sync. This
// records every missing optional dependency with the os/cpu its name declares, so npm skips it on
// other platforms and still resolves it where it applies. Run after `npm install`:
//   node scripts/lock-platforms.ts [--check]
import { readFileSync, writeFileSync } from 'node:fs';

type Entry = {
  version?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  optionalDependencies?: Record<string, string>;
};
const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, Entry> };

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'openbsd',
  'sunos',
  'win32',
  'aix',
  'netbsd',
  'openharmony',
];
const CPU = [
  'arm64',
  'x64',
  'ia32',
  'arm',
  'wasm32',
  'ppc64',
  's390x',
  'riscv64',
  'loong64',
  'mips64el',
];

export function platformOf(name: string): { os?: string[]; cpu?: string[] } | undefined {
  const parts = name.split('/').pop()!.split('-');
  const os = OS.find((o) => parts.includes(o));
  const cpu =
    CPU.find((c) => parts.includes(c)) ?? (parts.includes('wasm32') ? 'wasm32' : undefined);
  if (!os && !cpu) return undefined;
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}) };
}

const missing: string[] = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path}/node_modules/${dep}`;
    const top = `node_modules/${dep}`;
    if (lock.packages[nested] || lock.packages[top]) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(range)) continue;
    missing.push(dep);
    lock.packages[top] = { version: range, optional: true, ...platform };
  }
}
if (process.argv.includes('--check')) {
  if (missing.length) {
    console.error(
      `package-lock.json lacks ${missing.length} optional platform package(s): ${missing.join(', ')}. Run: node scripts/lock-platforms.ts`,
    );
    process.exit(1);
  }
} else if (missing.length) {
  const sorted = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) =>
      a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0,
    ),
  );
  writeFileSync(file, JSON.stringify({ ...lock, packages: sorted }, null, 2) + '\n');
  console.log(`recorded ${missing.length} optional platform package(s): ${missing.join(', ')}`);
} else console.log('package-lock.json: every optional platform package is recorded');
