// The scanner's temporary folders: one per recognition job (and per thumbnail render), named
// `scan-<kind>-<pid>-<random>` under the OS temp folder, so a folder left by a killed process (kill
// -9 runs no `finally`) can be told from one in use. At start the server removes the ones whose
// process is gone, its own pid's (a restarted container often gets the same pid, and nothing of
// this process runs yet), and any older than a job can last (the pid may have been reused);
// another live instance's folders on the same machine stay.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { log } from '#lib/log.ts';

const NAME = /^scan-(job|thumb)-(\d{1,10})-[A-Za-z0-9]+$/;

/** A new folder for one job's temporary files, owned by this process. */
export const scannerTempDir = (kind: 'job' | 'thumb'): Promise<string> =>
  mkdtemp(join(tmpdir(), `scan-${kind}-${process.pid}-`));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists (another user's).
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes leftover folders (see above); `staleMs` is the longest a job can hold one. Returns how many went. */
export async function removeLeftoverTempDirs(staleMs: number, at = Date.now()): Promise<number> {
  const root = tmpdir();
  let removed = 0;
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    return 0;
  }
  for (const name of names) {
    const m = NAME.exec(name);
    if (!m) continue;
    const pid = Number(m[2]);
    const path = join(root, name);
    let old = false;
    try {
      old = at - (await stat(path)).mtimeMs > staleMs;
    } catch {
      continue;
    }
    if (pid !== process.pid && alive(pid) && !old) continue;
    await rm(path, { recursive: true, force: true }).then(
      () => removed++,
      (err: unknown) => log.warn('scanner: leftover temporary folder not removed', { path, err }),
    );
  }
  if (removed) log.info('scanner: removed leftover temporary folders', { removed });
  return removed;
}
