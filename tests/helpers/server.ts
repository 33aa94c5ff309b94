// Starts the real server (node src/server.ts) as a child process on a free port with its own
// database, the way it runs in production, and stops it with SIGTERM.
//
// Its own database is a copy of the run's migrated and demo-seeded template (tests/helpers/db.ts),
// so the start skips the seed, unless `env` changes what the seed would write (no demo data, another
// file store, data directory, database or time zone): then it is an empty database the server
// migrates and seeds itself. A suite that needs an empty or specially seeded database passes one
// (`startServer(env, await freshDatabase())`); startup.test.ts and server.test.ts do, so the real
// migrate-and-seed path stays tested.
import { spawn, type ChildProcess } from 'node:child_process';
import { freshDatabase, templateDatabase, type TestDatabase } from './db.ts';

const root = new URL('../../', import.meta.url).pathname;

export interface TestServer {
  url: string;
  port: number;
  proc: ChildProcess;
  database: TestDatabase;
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Settings under which the template's demo data would differ from what the server would seed. */
const SEED_SETTINGS = /^(DEMO|NODE_ENV|DATA_DIR|DATABASE_URL|FILE_STORE|TIME_ZONE|S3_.*)$/;

/** Would the server, started with `env`, seed the same demo data as the template holds? */
export const seedsLikeTemplate = (env: Record<string, string>): boolean =>
  !Object.keys(env).some((key) => SEED_SETTINGS.test(key));

export async function startServer(
  env: Record<string, string> = {},
  database?: TestDatabase,
): Promise<TestServer> {
  const db =
    database ?? (seedsLikeTemplate(env) ? await templateDatabase() : await freshDatabase());
  const proc = spawn(process.execPath, ['src/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: db.dataDir,
      ...(db.url ? { DATABASE_URL: db.url } : {}),
      LOG_LEVEL: 'info',
      DEMO: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const port = await new Promise<number>((resolve, reject) => {
    // A deadline, not a wait: a start takes 1 to 3 s, but on a 2-core machine shared by other runs
    // it took more than 20 s; 50 s still fails before the db project's 60 s hook timeout.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 50_000);
    const check = () => {
      const m = /listening url="http:\/\/[^:]+:(\d+)"/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    proc.stdout!.on('data', check);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  const exited = new Promise<number | null>((resolve) =>
    proc.once('exit', (code) => resolve(code)),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    proc,
    database: db,
    output: () => out,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null && !proc.killed) proc.kill('SIGTERM');
      const code = await exited;
      if (!database) await db.drop();
      return code;
    },
  };
}
