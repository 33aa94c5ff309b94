// Free space where the server writes (DATA_DIR: SQLite, uploads). Below the configured minimum the
// server reports itself unhealthy and refuses uploads with 503 before taking them, instead of
// failing half-way with ENOSPC.
import { statfs } from 'node:fs/promises';

export async function freeBytes(dir: string): Promise<number> {
  const s = await statfs(dir);
  return s.bavail * s.bsize;
}

/** True when the disk holding dir has less than minFreeMb megabytes left for us. */
export async function diskLow(dir: string, minFreeMb: number): Promise<boolean> {
  if (minFreeMb <= 0) return false;
  return (await freeBytes(dir)) < minFreeMb * 1024 * 1024;
}
