// One-time challenges: sign-in codes (e-mail 6 digits, call 4 digits), reset codes by call and reset
// links. The client holds a random token (`session`); the database keeps its SHA-256 as the id and an
// HMAC of the code keyed with a per-challenge salt and bound to the challenge id. Every check spends
// one attempt with a single conditional UPDATE, so parallel guesses cannot exceed the limit.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { digest, newToken } from '#lib/crypto/tokens.ts';
import { db, now } from '#lib/db/index.ts';
import type { AuthChallengesTable } from './auth.tables.ts';

type Channel = AuthChallengesTable['channel'];
type Purpose = AuthChallengesTable['purpose'];

const MINUTE = 60_000;
/** Code shapes per channel (ADR 0006 explains the 4-digit call code). */
export const CODE_RULES = {
  email: { digits: 6, ttlMs: 10 * MINUTE, attempts: 5 },
  call: { digits: 4, ttlMs: 10 * MINUTE, attempts: 3 },
  link: { digits: 0, ttlMs: 30 * MINUTE, attempts: 1 },
} as const;

const hmac = (salt: string, id: string, code: string) =>
  createHmac('sha256', Buffer.from(salt, 'base64')).update(`${id}:${code}`).digest('hex');

export const newCode = (digits: number): string =>
  String(randomInt(0, 10 ** digits)).padStart(digits, '0');

export interface NewChallenge {
  /** The token handed to the client (`session`, or the reset link's token). */
  token: string;
  /** The code to deliver; '' for links. */
  code: string;
  createdAt: string;
}

/**
 * Starts a challenge and ends the earlier live ones for the same login and purpose asked for from
 * the same address (the person asking again). Another address's request leaves them alive, so a
 * stranger typing someone's login cannot cancel the code that person is about to enter.
 */
export async function createChallenge(input: {
  userId: number | null;
  login: string;
  purpose: Purpose;
  channel: Channel;
  ip: string | null;
}): Promise<NewChallenge> {
  const rule = CODE_RULES[input.channel];
  const token = newToken();
  const id = digest(token);
  const salt = randomBytes(16).toString('base64');
  const code = rule.digits ? newCode(rule.digits) : '';
  const t = new Date();
  await db()
    .transaction()
    .execute(async (trx) => {
      const ip = input.ip?.slice(0, 64) ?? null;
      await trx
        .updateTable('auth_challenges')
        .set({ used_at: t.toISOString() })
        .where('login', '=', input.login)
        .where('purpose', '=', input.purpose)
        .where('used_at', 'is', null)
        .where((eb) => (ip === null ? eb('ip', 'is', null) : eb('ip', '=', ip)))
        .execute();
      await trx
        .insertInto('auth_challenges')
        .values({
          id,
          user_id: input.userId,
          login: input.login,
          purpose: input.purpose,
          channel: input.channel,
          code_hash: code ? hmac(salt, id, code) : null,
          salt,
          attempts: 0,
          max_attempts: rule.attempts,
          created_at: t.toISOString(),
          expires_at: new Date(t.getTime() + rule.ttlMs).toISOString(),
          used_at: null,
          ip: input.ip?.slice(0, 64) ?? null,
        })
        .execute();
    });
  // Old rows are swept now and then; a day of history is kept for support questions.
  if (Math.random() < 0.02)
    await db()
      .deleteFrom('auth_challenges')
      .where('expires_at', '<', new Date(t.getTime() - 86400_000).toISOString())
      .execute();
  return { token, code, createdAt: t.toISOString() };
}

export async function dropChallenge(token: string): Promise<void> {
  await db().deleteFrom('auth_challenges').where('id', '=', digest(token)).execute();
}

export type ChallengeRow = AuthChallengesTable;

export async function findChallenge(
  token: string | undefined | null,
): Promise<ChallengeRow | undefined> {
  if (!token || token.length > 100) return undefined;
  return db()
    .selectFrom('auth_challenges')
    .selectAll()
    .where('id', '=', digest(token))
    .executeTakeFirst();
}

export type CheckResult =
  | { ok: true; userId: number; login: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'attempts' | 'mismatch'; attemptsLeft?: number };

/**
 * Spends one attempt on the challenge and compares the code in constant time. Success marks the
 * challenge used (once). A challenge of an unknown login never succeeds.
 */
export async function checkCode(
  token: string,
  purpose: Purpose,
  channel: Channel,
  code: string,
): Promise<CheckResult> {
  const id = digest(token);
  const at = now();
  const spent = await db()
    .updateTable('auth_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .whereRef('attempts', '<', 'max_attempts')
    .executeTakeFirst();
  const row = await db()
    .selectFrom('auth_challenges')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.purpose !== purpose) return { ok: false, reason: 'unknown' };
  if (Number(spent.numUpdatedRows) === 0) {
    if (row.attempts >= row.max_attempts) return { ok: false, reason: 'attempts' };
    return { ok: false, reason: row.used_at && row.expires_at > at ? 'unknown' : 'expired' };
  }
  const expected = Buffer.from(row.code_hash ?? '', 'hex');
  const actual = Buffer.from(hmac(row.salt, id, code), 'hex');
  const same =
    row.channel === channel &&
    expected.length === actual.length &&
    timingSafeEqual(expected, actual);
  if (!same || row.user_id === null)
    return { ok: false, reason: 'mismatch', attemptsLeft: row.max_attempts - row.attempts };
  const used = await db()
    .updateTable('auth_challenges')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) === 0) return { ok: false, reason: 'unknown' };
  return { ok: true, userId: row.user_id, login: row.login };
}

/** Redeems a reset link token: single use, within its lifetime. */
export async function redeemLink(
  token: string,
): Promise<{ ok: true; userId: number } | { ok: false }> {
  const id = digest(token);
  const row = await db()
    .selectFrom('auth_challenges')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.channel !== 'link' || row.purpose !== 'reset' || row.user_id === null)
    return { ok: false };
  const used = await db()
    .updateTable('auth_challenges')
    .set({ used_at: now() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now())
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1 ? { ok: true, userId: row.user_id } : { ok: false };
}

/** True while a reset link can still be used (the page shows the new-password form only then). */
export async function linkIsLive(token: string): Promise<boolean> {
  const row = await findChallenge(token);
  return (
    !!row &&
    row.channel === 'link' &&
    row.user_id !== null &&
    row.used_at === null &&
    row.expires_at > now()
  );
}
