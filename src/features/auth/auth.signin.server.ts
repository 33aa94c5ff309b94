// Sign-in rules shared by the pages and the API: code sign-in (start and check), password sign-in
// and registration. They return users; the caller decides between a cookie and a bearer session.
import { createOrganisation } from '#features/organisations/organisations.server.ts';
import { hashPassword, verifyPassword } from '#lib/crypto/password.ts';
import { log } from '#lib/log.ts';
import { db, now } from '#lib/db/index.ts';
import type { User } from '#lib/db/schema.ts';
import { HttpError } from '#lib/http/api.ts';
import { clear, hit, release } from '#lib/rate-limit.server.ts';
import { parseLogin, type Registration } from './auth.schema.ts';
import {
  checkCode,
  createChallenge,
  dropChallenge,
  findChallenge,
  type CheckResult,
} from './auth.challenges.server.ts';
import {
  countDelivery,
  enforce,
  ensureBelow,
  findUserByLogin,
  LIMITS,
  tooMany,
  type AuthCtx,
} from './auth.context.server.ts';
import { deliver, ensureChannel } from './auth.delivery.server.ts';

export interface CodeStart {
  send_type: 'email' | 'call';
  session: string;
  login: string;
}

/** Sends a sign-in code to a login (already validated). Unknown logins get the same answer (ADR 0005). */
export async function startCodeSignIn(ctx: AuthCtx, rawLogin: string): Promise<CodeStart> {
  const { t } = ctx;
  const login = parseLogin(rawLogin);
  if (!login) throw new HttpError(422, t('validation.login'));
  const channel = login.kind === 'email' ? 'email' : 'call';
  ensureChannel(ctx, channel);
  await enforce(t, LIMITS.sendPerIp, ctx.ip);
  await enforce(t, LIMITS.sendPerLogin, `${login.value}|${ctx.ip}`);
  await countDelivery(t, channel === 'call' ? 'call' : 'mail', login.value, ctx.ip);
  const user = await findUserByLogin(login);
  const challenge = await createChallenge({
    userId: user?.id ?? null,
    login: login.value,
    purpose: 'login',
    channel,
    ip: ctx.ip,
  });
  try {
    if (channel === 'email')
      await deliver(
        ctx,
        user
          ? { kind: 'code-mail', to: login.value, code: challenge.code }
          : { kind: 'no-account-mail', to: login.value },
      );
    else
      await deliver(
        ctx,
        user
          ? {
              kind: 'code-call',
              to: login.value,
              code: challenge.code,
              unique: challenge.token.slice(0, 16),
            }
          : { kind: 'none' },
      );
  } catch (err) {
    await dropChallenge(challenge.token);
    throw err;
  }
  return { send_type: channel, session: challenge.token, login: login.value };
}

export function codeFailure(
  t: AuthCtx['t'],
  result: Exclude<CheckResult, { ok: true }>,
): HttpError {
  const message =
    result.reason === 'attempts'
      ? t('auth.errors.codeAttempts')
      : result.reason === 'expired'
        ? t('auth.errors.codeExpired')
        : t('auth.errors.codeCheck');
  return new HttpError(422, message, { type: 'error', error: message });
}

/** Checks a sign-in code; answers the user id or throws (type 'error' with its text). */
export async function checkCodeSignIn(
  ctx: AuthCtx,
  input: { session: string; type: 'email' | 'call'; code: string; login?: string },
): Promise<{ userId: number; login: string }> {
  const { t } = ctx;
  await ensureBelow(t, LIMITS.checkFailPerIp, ctx.ip);
  if (input.login) {
    const row = await findChallenge(input.session);
    if (row && parseLogin(input.login)?.value !== row.login) {
      await hit(LIMITS.checkFailPerIp, ctx.ip);
      throw codeFailure(t, { ok: false, reason: 'mismatch' });
    }
  }
  const result = await checkCode(input.session, 'login', input.type, input.code);
  if (!result.ok) {
    await hit(LIMITS.checkFailPerIp, ctx.ip);
    throw codeFailure(t, result);
  }
  return { userId: result.userId, login: result.login };
}

/** Password sign-in: one generic message for an unknown login and a wrong password, same timing. */
export async function passwordSignIn(
  ctx: AuthCtx,
  rawLogin: string,
  password: string,
): Promise<User> {
  const { t } = ctx;
  const login = parseLogin(rawLogin);
  if (!login) throw new HttpError(422, t('validation.login'));
  const pair = `${login.value}|${ctx.ip}`;
  // Counted before argon2 runs: parallel guesses cannot all slip through a read-then-count gap.
  const [byIp, byLogin] = await Promise.all([
    hit(LIMITS.passwordFailPerIp, ctx.ip),
    hit(LIMITS.passwordFailPerLogin, pair),
  ]);
  if (!byIp.allowed) throw tooMany(t, byIp);
  if (!byLogin.allowed) throw tooMany(t, byLogin);
  const user = await findUserByLogin(login);
  const ok = await verifyPassword(password, user?.password_hash);
  if (!user || !ok) throw new HttpError(401, t('auth.errors.loginIncorrect'));
  await Promise.all([
    clear(LIMITS.passwordFailPerLogin, pair),
    release(LIMITS.passwordFailPerIp, ctx.ip),
  ]);
  return user;
}

/** Creates the account of a validated registration. E-mail and phone are unique. */
export async function register(ctx: AuthCtx, r: Registration): Promise<User> {
  const { t } = ctx;
  await enforce(t, LIMITS.registerPerIp, ctx.ip);
  const taken = async () => {
    const rows = await db()
      .selectFrom('users')
      .select(['email', 'phone'])
      .where((eb) =>
        eb.or([eb(eb.fn('lower', ['email']), '=', r.email), eb('phone', '=', r.phone)]),
      )
      .execute();
    const errors: Record<string, string> = {};
    if (rows.some((u) => u.email.toLowerCase() === r.email))
      errors.email = t('auth.errors.emailTaken');
    if (rows.some((u) => u.phone === r.phone)) errors.phone = t('auth.errors.phoneTaken');
    return Object.keys(errors).length
      ? new HttpError(409, Object.values(errors)[0]!, { errors })
      : null;
  };
  const before = await taken();
  if (before) throw before;
  const hash = await hashPassword(r.password);
  const t0 = now();
  const user = await insertAccount();
  if (r.account_type === 'corporate' && r.organisation && r.post)
    await linkOrganisation(user.id, r.organisation, r.post, r.organisation_name ?? '');
  return user;

  async function insertAccount(): Promise<User> {
    try {
      return await db()
        .transaction()
        .execute(async (trx) => {
          const user = await trx
            .insertInto('users')
            .values({
              email: r.email,
              phone: r.phone,
              name: r.name,
              surname: r.surname,
              ochestvo: r.patronymic,
              post: r.post,
              account_type: r.account_type,
              password_hash: hash,
              created_at: t0,
              updated_at: t0,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('registrations')
            .values({
              user_id: user.id,
              organisation_inn: r.organisation,
              agreed_at: t0,
              ip: ctx.ip.slice(0, 64),
              user_agent: ctx.userAgent?.slice(0, 300) ?? null,
            })
            .execute();
          return user;
        });
    } catch (err) {
      // A parallel registration won the unique index between the check and the insert.
      const raced = await taken();
      if (raced) throw raced;
      throw err;
    }
  }
}

/**
 * A corporate account starts linked to the organisation it registered with (created from the
 * suggestion provider's data when configured, else named as the person typed it; an INN new to the
 * cabinet without a name is not linked). The account exists either way: a failure here is
 * logged and the user can add the organisation later from their organisations page.
 */
async function linkOrganisation(userId: number, inn: string, post: string, name: string) {
  try {
    await createOrganisation(userId, { inn, post, name });
  } catch (err) {
    log.warn('registration: organisation not linked', { userId, inn, err });
  }
}
