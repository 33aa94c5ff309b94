// Server-side sessions. A session is a random token held by the browser (cookie) or an API client
// (bearer); the database keeps only its SHA-256. Idle and absolute lifetimes come from configuration
// (docs/decisions/0004-sessions.md).
import { config } from '#lib/config.ts';
import { digest, newToken } from '#lib/crypto/tokens.ts';
import { db, now } from '#lib/db/index.ts';
import type { Session, User } from '#lib/db/schema.ts';
import { log } from '#lib/log.ts';
import { bus } from '#lib/realtime/bus.ts';
import { SESSION_ENDED, userTopic } from '#lib/realtime/topics.ts';

export interface SessionMeta {
  ip?: string | null;
  userAgent?: string | null;
}

export function sessionCookieName(): string {
  return config().secureCookies ? '__Host-sid' : 'sid';
}

export function sessionCookieOptions() {
  const c = config();
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: c.secureCookies,
    maxAge: c.sessionAbsoluteDays * 86400,
  };
}

export async function createSession(
  userId: number,
  kind: Session['kind'],
  meta: SessionMeta = {},
): Promise<string> {
  const token = newToken();
  const t = new Date();
  await db()
    .insertInto('sessions')
    .values({
      id: digest(token),
      user_id: userId,
      kind,
      created_at: t.toISOString(),
      last_seen_at: t.toISOString(),
      expires_at: new Date(t.getTime() + config().sessionAbsoluteDays * 86400_000).toISOString(),
      ip: meta.ip?.slice(0, 64) ?? null,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return token;
}

// Sliding idle time is refreshed at most once a minute to keep reads cheap.
const TOUCH_AFTER_MS = 60_000;

/** The user behind a token, or null when the token is unknown, expired or idle for too long. */
export async function validateSession(
  token: string | undefined | null,
): Promise<{ user: User; session: Session } | null> {
  if (!token || token.length > 100) return null;
  return validateSessionId(digest(token));
}

/**
 * The same for a session known by its id (the token's digest): the compression dictionary's link
 * names the session by a key, since the browser fetches a dictionary without cookies (decision 0045).
 */
export async function validateSessionId(
  id: string,
): Promise<{ user: User; session: Session } | null> {
  const row = await db()
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.kind',
      'sessions.created_at as session_created_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.ip',
      'sessions.user_agent',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const t = Date.now();
  const idleLimit = config().sessionIdleMinutes * 60_000;
  if (Date.parse(row.expires_at) <= t || Date.parse(row.last_seen_at) + idleLimit <= t) {
    await db().deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }
  if (t - Date.parse(row.last_seen_at) > TOUCH_AFTER_MS) {
    // Not awaited: the request does not need it, and a page view must not wait (or fail with 503)
    // while another process holds SQLite's write lock (decision 0035). A lost touch only means the
    // idle clock was not moved on this once.
    db()
      .updateTable('sessions')
      .set({ last_seen_at: now() })
      .where('id', '=', id)
      .execute()
      .catch((err: unknown) => log.warn('session: last seen not recorded', { err }));
  }
  const {
    session_id,
    kind,
    session_created_at,
    last_seen_at,
    expires_at,
    ip,
    user_agent,
    ...user
  } = row;
  return {
    user: user as User,
    session: {
      id: session_id,
      user_id: user.id,
      kind,
      created_at: session_created_at,
      last_seen_at,
      expires_at,
      ip,
      user_agent,
    },
  };
}

async function announceEnded(userId: number, sessionIds: string[] | 'all-but', keep?: string) {
  await bus().publish(
    userTopic(userId),
    SESSION_ENDED,
    sessionIds === 'all-but' ? { except: keep ?? null } : { sessions: sessionIds },
  );
}

/** Whether a stored session (by its id, the token's digest) is still within its lifetimes. */
export async function sessionAlive(id: string): Promise<boolean> {
  const row = await db()
    .selectFrom('sessions')
    .select(['expires_at', 'last_seen_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return false;
  const t = Date.now();
  return (
    Date.parse(row.expires_at) > t &&
    Date.parse(row.last_seen_at) + config().sessionIdleMinutes * 60_000 > t
  );
}

export async function revokeSession(token: string): Promise<void> {
  const id = digest(token);
  const row = await db()
    .deleteFrom('sessions')
    .where('id', '=', id)
    .returning('user_id')
    .executeTakeFirst();
  if (row) await announceEnded(row.user_id, [id]);
}

/** Ends every session of a user, except the one given (used after a password change). */
export async function revokeUserSessions(
  userId: number,
  exceptSessionId?: string,
): Promise<number> {
  let q = db().deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  const r = await q.executeTakeFirst();
  await announceEnded(userId, 'all-but', exceptSessionId);
  return Number(r.numDeletedRows);
}
