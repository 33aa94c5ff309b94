// A start-up failure names the setting at fault, so the operator knows what to change.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'startup-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the server with these settings until it exits; resolves with its exit code and output. */
function run(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const proc = spawn(process.execPath, ['src/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const timer = setTimeout(() => proc.kill('SIGKILL'), 20_000);
  return new Promise((resolve) =>
    proc.once('exit', (code) => (clearTimeout(timer), resolve({ code, out }))),
  );
}

/** A local port nobody listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('start-up errors', () => {
  it('a DATA_DIR that cannot take files says DATA_DIR', async () => {
    // A regular file where the directory should be: not writable for anyone, root included.
    const file = join(dir, 'not-a-dir');
    writeFileSync(file, '');
    const { code, out } = await run({ DATA_DIR: join(file, 'data') });
    expect(code).toBe(1);
    expect(out).toMatch(
      /ERROR start failed: DATA_DIR: .*not-a-dir\/data is not a writable directory \((ENOTDIR|EEXIST)/,
    );
    expect(out).toMatch(/setting="DATA_DIR"/);
  });

  it('a read-only DATA_DIR says DATA_DIR', async () => {
    // /proc/self is a directory no one can create files in.
    const { code, out } = await run({ DATA_DIR: '/proc/self' });
    expect(code).toBe(1);
    expect(out).toMatch(/ERROR start failed: DATA_DIR: \/proc\/self is not a writable directory/);
  });

  it('a DATABASE_URL that refuses connections says DATABASE_URL (and never prints the password)', async () => {
    const port = await closedPort();
    const { code, out } = await run({
      DATA_DIR: join(dir, 'pg'),
      DATABASE_URL: `postgres://cabinet:s3cret-pw@127.0.0.1:${port}/cabinet`,
    });
    expect(code).toBe(1);
    expect(out).toMatch(
      new RegExp(
        `ERROR start failed: DATABASE_URL: cannot connect to PostgreSQL at 127\\.0\\.0\\.1:${port}/cabinet \\(ECONNREFUSED`,
      ),
    );
    expect(out).toMatch(/setting="DATABASE_URL"/);
    expect(out).not.toContain('s3cret-pw');
  });

  it('a SQLite DATABASE_URL that cannot be opened says DATABASE_URL', async () => {
    const file = join(dir, 'plain-file');
    writeFileSync(file, '');
    const { code, out } = await run({
      DATA_DIR: join(dir, 'ok'),
      DATABASE_URL: `sqlite://${join(file, 'x.sqlite')}`,
    });
    expect(code).toBe(1);
    expect(out).toMatch(
      /ERROR start failed: DATABASE_URL: cannot use the SQLite database .*plain-file\/x\.sqlite/,
    );
  });
});
