// Browser side of signing in: the session cookie (a new token at every sign-in), the pending code
// held between /auth/fast and /auth/code, the "remembered device" cookie behind the "continue as"
// card, and the start-info flag. The remembered device only names the user and lets them ask for a
// code with one click; it never signs anyone in by itself (ADR 0005).
import type { APIContext, AstroCookies, AstroGlobal } from 'astro';
import { config } from '#lib/config.ts';
import { digest, newToken } from '#lib/crypto/tokens.ts';
import { db } from '#lib/db/index.ts';
import {
  createSession,
  revokeSession,
  sessionCookieName,
  sessionCookieOptions,
} from './auth.session.server.ts';
import type { AuthCtx } from './auth.context.server.ts';
import { paths } from '#lib/paths.ts';

type Ctx = APIContext | AstroGlobal;

const PENDING_COOKIE = 'auth_code';
const RESET_COOKIE = 'auth_reset';
export const START_INFO_COOKIE = 'start_info';
const rememberCookie = () => (config().secureCookies ? '__Host-remember' : 'remember');
const REMEMBER_DAYS = 90;

const shortLived = (maxAge: number) => ({
  path: paths.auth.root(),
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config().secureCookies,
  maxAge,
});

export interface Pending {
  type: 'email' | 'call';
  session: string;
}

export function setPendingCode(cookies: AstroCookies, p: Pending): void {
  cookies.set(PENDING_COOKIE, `${p.type}.${p.session}`, shortLived(15 * 60));
}

export function pendingCode(cookies: AstroCookies): Pending | null {
  const m = /^(email|call)\.([\w-]{10,100})$/.exec(cookies.get(PENDING_COOKIE)?.value ?? '');
  return m ? { type: m[1] as Pending['type'], session: m[2]! } : null;
}

export const clearPendingCode = (cookies: AstroCookies): void =>
  cookies.delete(PENDING_COOKIE, { path: paths.auth.root() });

/** The challenge of a password reset by call, held while the user types the code and a new password. */
export const setPendingReset = (cookies: AstroCookies, session: string): void =>
  cookies.set(RESET_COOKIE, session, shortLived(15 * 60));
export const pendingReset = (cookies: AstroCookies): string | null =>
  cookies.get(RESET_COOKIE)?.value.match(/^[\w-]{10,100}$/)?.[0] ?? null;
export const clearPendingReset = (cookies: AstroCookies): void =>
  cookies.delete(RESET_COOKIE, { path: paths.auth.root() });

/** Starts a cookie session for the browser: rotates the token, remembers the device, re-arms start-info. */
export async function signInBrowser(
  ctx: Ctx,
  auth: AuthCtx,
  userId: number,
  login: string,
): Promise<void> {
  const previous = ctx.cookies.get(sessionCookieName())?.value;
  if (previous) await revokeSession(previous);
  const token = await createSession(userId, 'cookie', { ip: auth.ip, userAgent: auth.userAgent });
  ctx.cookies.set(sessionCookieName(), token, sessionCookieOptions());
  await rememberDevice(ctx.cookies, userId, login);
  ctx.cookies.delete(START_INFO_COOKIE, { path: '/' });
  clearPendingCode(ctx.cookies);
}

export async function signOutBrowser(ctx: Ctx): Promise<void> {
  const token = ctx.locals.token ?? ctx.cookies.get(sessionCookieName())?.value;
  if (token) await revokeSession(token);
  ctx.cookies.delete(sessionCookieName(), { path: '/' });
  clearPendingCode(ctx.cookies);
}

async function rememberDevice(cookies: AstroCookies, userId: number, login: string): Promise<void> {
  const old = cookies.get(rememberCookie())?.value;
  if (old) await db().deleteFrom('remembered_devices').where('id', '=', digest(old)).execute();
  const token = newToken();
  const t = new Date();
  await db()
    .insertInto('remembered_devices')
    .values({
      id: digest(token),
      user_id: userId,
      login,
      created_at: t.toISOString(),
      expires_at: new Date(t.getTime() + REMEMBER_DAYS * 86400_000).toISOString(),
    })
    .execute();
  cookies.set(rememberCookie(), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config().secureCookies,
    maxAge: REMEMBER_DAYS * 86400,
  });
}

export interface RememberedUser {
  name: string;
  surname: string;
  login: string;
}

export async function rememberedUser(cookies: AstroCookies): Promise<RememberedUser | null> {
  const token = cookies.get(rememberCookie())?.value;
  if (!token || token.length > 100) return null;
  const row = await db()
    .selectFrom('remembered_devices')
    .innerJoin('users', 'users.id', 'remembered_devices.user_id')
    .select([
      'users.name',
      'users.surname',
      'remembered_devices.login',
      'remembered_devices.expires_at',
    ])
    .where('remembered_devices.id', '=', digest(token))
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= Date.now()) {
    await forgetDevice(cookies);
    return null;
  }
  return { name: row.name, surname: row.surname, login: row.login };
}

export async function forgetDevice(cookies: AstroCookies): Promise<void> {
  const token = cookies.get(rememberCookie())?.value;
  if (token) await db().deleteFrom('remembered_devices').where('id', '=', digest(token)).execute();
  cookies.delete(rememberCookie(), { path: '/' });
}

/** Local paths only, so a crafted `back` cannot send the user to another site. */
export function safeBack(value: unknown, fallback = paths.home()): string {
  return typeof value === 'string' && /^\/(?![/\\])[^\s]*$/.test(value) ? value : fallback;
}
