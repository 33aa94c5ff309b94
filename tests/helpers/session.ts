// Signs a demo user in directly, by writing a session row into the test server's database, for suites
// that need a signed-in page without walking through the sign-in screens.
import { join } from 'node:path';
import { digest, newToken } from '../../src/lib/crypto/tokens.ts';
import { openDatabase } from '../../src/lib/db/index.ts';
import type { TestServer } from './server.ts';

export async function sessionFor(server: TestServer, email: string): Promise<{ token: string; userId: number; cookie: string }> {
  const { url, dataDir } = server.database;
  const database = openDatabase(url ? { kind: 'postgres', url } : { kind: 'sqlite', file: join(dataDir, 'cabinet.sqlite') });
  try {
    const user = await database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
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
