// Helpers for the support suites: API calls as a signed-in user, a WebSocket client that collects
// events, and direct looks into the test server's database and file store.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../src/lib/db/index.ts';
import type { TestServer } from './server.ts';

export { connect, type Msg } from './ws.ts';

export function api(server: TestServer, cookie: string | null) {
  const headers = (extra: Record<string, string> = {}) => ({
    origin: server.url,
    accept: 'application/json',
    ...(cookie ? { cookie } : {}),
    ...extra,
  });
  return {
    get: (path: string) =>
      fetch(`${server.url}${path}`, { headers: headers(), redirect: 'manual' }),
    post: (
      path: string,
      fields: Record<string, string | Blob | [Uint8Array, string]>,
      extra: Record<string, string> = {},
    ) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) {
        if (Array.isArray(v)) form.append(k, new Blob([v[0] as BlobPart]), v[1]);
        else form.append(k, v);
      }
      return fetch(`${server.url}${path}`, {
        method: 'POST',
        body: form,
        headers: headers(extra),
        redirect: 'manual',
      });
    },
    form: (path: string, fields: Record<string, string>) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        body: new URLSearchParams(fields),
        headers: headers({
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'text/html',
        }),
        redirect: 'manual',
      }),
  };
}

/** Runs a function against the test server's database. */
export async function withDb<T>(
  server: TestServer,
  fn: (db: ReturnType<typeof openDatabase>['db']) => Promise<T>,
): Promise<T> {
  const { url, dataDir } = server.database;
  const database = openDatabase(
    url ? { kind: 'postgres', url } : { kind: 'sqlite', file: join(dataDir, 'cabinet.sqlite') },
  );
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

/** Every file under DATA_DIR/files (blobs and their sidecars). */
export function storedFiles(server: TestServer): string[] {
  const root = join(server.database.dataDir, 'files');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

export async function counts(server: TestServer) {
  return withDb(server, async (db) => {
    const r = await db
      .selectFrom('support_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const m = await db
      .selectFrom('support_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { requests: Number(r.n), messages: Number(m.n), files: storedFiles(server).length };
  });
}
