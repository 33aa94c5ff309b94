// Fixed-window rate limits kept in the database, so every instance behind a load balancer shares them.
// A rule counts hits per key (login+IP, IP, phone...) in a window; the counter row is updated with one
// atomic upsert on SQLite and PostgreSQL alike. Keys are hashed: logins and addresses are not stored.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { db as defaultDb } from './db/index.ts';
import type { DB } from './db/schema.ts';

export interface Rule {
  /** Short name of the rule; part of the key. */
  name: string;
  limit: number;
  windowMs: number;
}

export interface Verdict {
  allowed: boolean;
  /** Hits counted in the current window (after this one, for hit()). */
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

const keyOf = (rule: Rule, id: string) =>
  `${rule.name}:${createHash('sha256').update(id).digest('base64url')}`;
const secondsUntil = (iso: string) => Math.max(1, Math.ceil((Date.parse(iso) - Date.now()) / 1000));

/** Counts one hit; `allowed` is false once the count passes the rule's limit. */
export async function hit(
  rule: Rule,
  id: string,
  handle: Kysely<DB> = defaultDb(),
): Promise<Verdict> {
  const t = Date.now();
  const nowIso = new Date(t).toISOString();
  const resetIso = new Date(t + rule.windowMs).toISOString();
  const expired = sql<boolean>`${sql.ref('rate_limits.reset_at')} <= ${nowIso}`;
  const row = await handle
    .insertInto('rate_limits')
    .values({ key: keyOf(rule, id), count: 1, reset_at: resetIso })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else ${sql.ref('rate_limits.count')} + 1 end`,
        reset_at: sql<string>`case when ${expired} then ${resetIso} else ${sql.ref('rate_limits.reset_at')} end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  // Expired counters are swept now and then instead of by a scheduler.
  if (Math.random() < 0.02)
    await handle.deleteFrom('rate_limits').where('reset_at', '<=', nowIso).execute();
  const count = Number(row.count);
  return { allowed: count <= rule.limit, count, retryAfter: secondsUntil(row.reset_at) };
}

/** Looks without counting: `allowed` is false when the limit is already reached. */
export async function peek(
  rule: Rule,
  id: string,
  handle: Kysely<DB> = defaultDb(),
): Promise<Verdict> {
  const row = await handle
    .selectFrom('rate_limits')
    .select(['count', 'reset_at'])
    .where('key', '=', keyOf(rule, id))
    .executeTakeFirst();
  if (!row || Date.parse(row.reset_at) <= Date.now())
    return { allowed: true, count: 0, retryAfter: 0 };
  const count = Number(row.count);
  return { allowed: count < rule.limit, count, retryAfter: secondsUntil(row.reset_at) };
}

/** Forgets the counter (e.g. failed sign-ins after a successful one). */
/**
 * Gives back one counted attempt (a check that turned out fine). Failure-only limits count every
 * attempt *before* the slow check, so parallel guesses cannot all pass a read-then-count gap, and
 * release the successful ones afterwards.
 */
export async function release(
  rule: Rule,
  id: string,
  handle: Kysely<DB> = defaultDb(),
): Promise<void> {
  await handle
    .updateTable('rate_limits')
    .set({ count: sql<number>`${sql.ref('count')} - 1` })
    .where('key', '=', keyOf(rule, id))
    .where('count', '>', 0)
    .execute();
}

export async function clear(
  rule: Rule,
  id: string,
  handle: Kysely<DB> = defaultDb(),
): Promise<void> {
  await handle.deleteFrom('rate_limits').where('key', '=', keyOf(rule, id)).execute();
}
