// What the sign-in rules need to know about a request, the rate-limit rules they apply, and the
// shared lookups. Built once per request from Astro's context (page or endpoint).
import type { APIContext, AstroGlobal } from 'astro';
import { config, localOrigin } from '#lib/config.ts';
import { db } from '#lib/db/index.ts';
import type { User } from '#lib/db/schema.ts';
import { HttpError } from '#lib/http/api.ts';
import type { Locale, T } from '#lib/i18n/index.ts';
import { hit, peek, type Rule, type Verdict } from '#lib/rate-limit.server.ts';
import type { Login } from './auth.schema.ts';

export interface AuthCtx {
  t: T;
  locale: Locale;
  ip: string;
  userAgent: string | null;
  /** Where links in messages point: PUBLIC_URL, or the listening address outside production. */
  baseUrl: string | null;
}

export function authCtx(ctx: APIContext | AstroGlobal): AuthCtx {
  let ip = 'unknown';
  try {
    ip = ctx.clientAddress || ip;
  } catch {
    // No socket address (e.g. a synthetic request): every such request shares one bucket.
  }
  const c = config();
  // Links in messages never come from request headers (Host, X-Forwarded-Host are client-controlled):
  // PUBLIC_URL, or outside production the address the server listens on (decision 0014).
  const baseUrl = c.publicUrl ?? (c.production ? null : (localOrigin() ?? null));
  return {
    t: ctx.locals.t,
    locale: ctx.locals.locale,
    ip,
    userAgent: ctx.request.headers.get('user-agent'),
    baseUrl,
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits of docs/decisions/0005 and 0006. Login+IP keys keep a shared corporate NAT usable. */
export const LIMITS = {
  sendPerLogin: { name: 'send:login+ip', limit: 10, windowMs: 15 * MINUTE },
  sendPerIp: { name: 'send:ip', limit: 200, windowMs: HOUR },
  // Calls and mails to one recipient (sign-in codes and resets together): a share per (recipient,
  // IP), so a stranger from one address can use up only their own share, under a global cap per
  // recipient that bounds what several addresses together can send.
  callsPerPhoneIp: { name: 'calls:phone+ip', limit: 5, windowMs: 24 * HOUR },
  callsPerPhone: { name: 'calls:phone', limit: 15, windowMs: 24 * HOUR },
  mailsPerAddressIp: { name: 'mails:email+ip', limit: 10, windowMs: HOUR },
  mailsPerAddress: { name: 'mails:email', limit: 30, windowMs: HOUR },
  checkFailPerIp: { name: 'check-fail:ip', limit: 100, windowMs: HOUR },
  passwordFailPerLogin: { name: 'password-fail:login+ip', limit: 10, windowMs: 15 * MINUTE },
  passwordFailPerIp: { name: 'password-fail:ip', limit: 200, windowMs: HOUR },
  registerPerIp: { name: 'register:ip', limit: 20, windowMs: HOUR },
  // Organisation suggestions on the (anonymous) registration page; typing is debounced client-side.
  partySuggestPerIp: { name: 'party-suggest:ip', limit: 120, windowMs: HOUR },
  recoveryPerLogin: { name: 'recovery:login+ip', limit: 5, windowMs: HOUR },
} satisfies Record<string, Rule>;

export function tooMany(t: T, verdict: Verdict): HttpError {
  const minutes = Math.max(1, Math.ceil(verdict.retryAfter / 60));
  return new HttpError(429, t('auth.errors.tooMany', { minutes }), {
    retry_after: verdict.retryAfter,
  });
}

/** Counts one call or mail to a recipient against its (recipient, IP) share and its global cap. */
export async function countDelivery(
  t: T,
  kind: 'call' | 'mail',
  to: string,
  ip: string,
): Promise<void> {
  const [share, cap] =
    kind === 'call'
      ? [LIMITS.callsPerPhoneIp, LIMITS.callsPerPhone]
      : [LIMITS.mailsPerAddressIp, LIMITS.mailsPerAddress];
  for (const [rule, id] of [
    [share, `${to}|${ip}`],
    [cap, to],
  ] as const) {
    const verdict = await hit(rule, id);
    if (verdict.allowed) continue;
    if (kind === 'call')
      throw new HttpError(429, t('auth.errors.callsPerDay'), { retry_after: verdict.retryAfter });
    throw tooMany(t, verdict);
  }
}

/** Counts a hit and throws 429 when the rule's limit is passed. */
export async function enforce(t: T, rule: Rule, id: string): Promise<void> {
  const verdict = await hit(rule, id);
  if (!verdict.allowed) throw tooMany(t, verdict);
}

/** Throws 429 when the limit is already reached, without counting (failure-only rules). */
export async function ensureBelow(t: T, rule: Rule, id: string): Promise<void> {
  const verdict = await peek(rule, id);
  if (!verdict.allowed) throw tooMany(t, verdict);
}

export async function findUserByLogin(login: Login): Promise<User | undefined> {
  return (
    db()
      .selectFrom('users')
      .selectAll()
      // Addresses are stored lower-cased by registration; lower() also finds ones typed in by an operator.
      .where((eb) =>
        login.kind === 'email'
          ? eb(eb.fn('lower', ['email']), '=', login.value)
          : eb('phone', '=', login.value),
      )
      .executeTakeFirst()
  );
}
