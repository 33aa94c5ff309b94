// Another process holding SQLite's write lock, as `npm run seed` or `catalogue:import` does beside a
// running server: a child node process opens the file, takes `begin immediate`, says so, and commits
// when told to (or after `holdMs`).
import { spawn } from 'node:child_process';

export interface HeldLock {
  /** Commits and waits for the process to end. */
  release(): Promise<void>;
}

const SCRIPT = `
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(process.argv[1], { timeout: 5000 });
db.exec('begin immediate');
process.stdout.write('held\\n');
const end = () => { db.exec('commit'); db.close(); process.exit(0); };
process.stdin.on('data', end);
setTimeout(end, Number(process.argv[2]));
`;

export async function holdSqliteLock(file: string, holdMs = 30_000): Promise<HeldLock> {
  const proc = spawn(process.execPath, ['-e', SCRIPT, file, String(holdMs)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.on('data', (d: Buffer) => d.toString().includes('held') && resolve());
    proc.once('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  // The child may have ended on its own (holdMs) or on an earlier release; a write into its closed
  // stdin then fails asynchronously with EPIPE, which is no failure of the test.
  proc.stdin!.on('error', () => {});
  let released: Promise<void> | undefined;
  return {
    release() {
      released ??= (async () => {
        if (proc.exitCode === null) proc.stdin!.end('go\n');
        await exited;
      })();
      return released;
    },
  };
}
