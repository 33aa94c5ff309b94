// Signs a demo user in directly, by writing a session row into the test server's database, for suites
// that need a signed-in page without walking through the sign-in screens.
import { join } from 'node:path';
import { digest, newToken } from '../../src/lib/crypto/tokens.ts';
import { openDatabase } from '../../src/lib/db/index.ts';
import type { TestServer } from './server.ts';

function open(server: TestServer) {
  const { url, dataDir } = server.database;
  return openDatabase(
    url ? { kind: 'postgres', url } : { kind: 'sqlite', file: join(dataDir, 'cabinet.sqlite') },
  );
}

/** Moves a session's absolute expiry into the past, as if its lifetime had run out. */
export async function expireSession(server: TestServer, token: string): Promise<void> {
  const database = open(server);
  try {
    await database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', digest(token))
      .execute();
  } finally {
    await database.close();
  }
}

export async function sessionFor(
  server: TestServer,
  email: string,
): Promise<{ token: string; userId: number; cookie: string }> {
  const database = open(server);
  try {
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const token = newToken();
    const t = new Date();
    await database.db
      .insertInto('sessions')
      .values({
        id: digest(token),
        user_id: user.id,
        kind: 'cookie',
        created_at: t.toISOString(),
        last_seen_at: t.toISOString(),
        expires_at: new Date(t.getTime() + 86400_000).toISOString(),
        ip: '127.0.0.1',
        user_agent: 'test',
      })
      .execute();
    return { token, userId: user.id, cookie: `sid=${token}` };
  } finally {
    await database.close();
  }
}
