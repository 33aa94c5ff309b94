// The bundle is rebuilt when it was built in another mode or from other sources, whatever the file
// times say (scripts/build-if-stale.ts). Runs against a scratch DIST_DIR; nothing is built here.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const dist = mkdtempSync(join(tmpdir(), 'cabinet-stamp-'));
let mod: typeof import('../../scripts/build-if-stale.ts');

beforeAll(async () => {
  vi.stubEnv('DIST_DIR', dist);
  mod = await import('../../scripts/build-if-stale.ts');
  mkdirSync(join(dist, 'server'), { recursive: true });
  writeFileSync(join(dist, 'server', 'entry.mjs'), '');
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dist, { recursive: true, force: true });
});

const stamp = (value: unknown) =>
  writeFileSync(
    join(dist, '.build-stamp'),
    typeof value === 'string' ? value : JSON.stringify(value),
  );

describe('build stamp', () => {
  it('is stale without a stamp, with the old time-only stamp, in another mode or for other inputs', () => {
    const hash = mod.inputsHash();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    rmSync(join(dist, '.build-stamp'), { force: true });
    expect(mod.isStale(hash)).toBe(true);
    stamp(new Date(Date.now() + 86_400_000).toISOString()); // newer than every source, but says nothing of the mode
    expect(mod.isStale(hash)).toBe(true);
    stamp({ mode: 'development', hash, builtAt: new Date().toISOString() });
    expect(mod.isStale(hash)).toBe(true);
    stamp({
      mode: 'production',
      hash: hash.replace(/^./, (c) => (c === '0' ? '1' : '0')),
      builtAt: new Date().toISOString(),
    });
    expect(mod.isStale(hash)).toBe(true);
    stamp({ mode: 'production', hash, builtAt: '2000-01-01T00:00:00.000Z' });
    expect(mod.isStale(hash)).toBe(false);
    expect(mod.BUILD_MODE).toBe('production');
  });

  it('is stale when the server entry is missing although the stamp matches', () => {
    const hash = mod.inputsHash();
    stamp({ mode: 'production', hash, builtAt: new Date().toISOString() });
    rmSync(join(dist, 'server', 'entry.mjs'));
    expect(mod.isStale(hash)).toBe(true);
  });
});
