// Password recovery: a single-use link (30 minutes) by e-mail, or a code by call for phone logins.
// Setting the new password ends every session of the user. Unknown logins get the same answer.
import { hashPassword } from '#lib/crypto/password.ts';
import { db, now } from '#lib/db/index.ts';
import { HttpError } from '#lib/http/api.ts';
import { hit } from '#lib/rate-limit.server.ts';
import { revokeUserSessions } from './auth.session.server.ts';
import { parseLogin } from './auth.schema.ts';
import { checkCode, createChallenge, dropChallenge, redeemLink } from './auth.challenges.server.ts';
import {
  countDelivery,
  enforce,
  ensureBelow,
  findUserByLogin,
  LIMITS,
  type AuthCtx,
} from './auth.context.server.ts';
import { deliver, ensureChannel } from './auth.delivery.server.ts';
import { codeFailure } from './auth.signin.server.ts';

export interface RecoveryStart {
  send_type: 'email' | 'call';
  /** For a call: the challenge to send back with the code. */
  session?: string;
  login: string;
  message: string;
}

export async function requestRecovery(ctx: AuthCtx, rawLogin: string): Promise<RecoveryStart> {
  const { t } = ctx;
  const login = parseLogin(rawLogin);
  if (!login)
    throw new HttpError(422, t('validation.login'), { errors: { login: t('validation.login') } });
  const byCall = login.kind === 'phone';
  ensureChannel(ctx, byCall ? 'call' : 'email');
  if (!byCall && !ctx.baseUrl) throw new HttpError(503, t('auth.errors.emailUnavailable'));
  await enforce(t, LIMITS.sendPerIp, ctx.ip);
  await enforce(t, LIMITS.recoveryPerLogin, `${login.value}|${ctx.ip}`);
  // Reset calls and mails count against the recipient like sign-in codes do.
  await countDelivery(t, byCall ? 'call' : 'mail', login.value, ctx.ip);
  const user = await findUserByLogin(login);
  const challenge = await createChallenge({
    userId: user?.id ?? null,
    login: login.value,
    purpose: 'reset',
    channel: byCall ? 'call' : 'link',
    ip: ctx.ip,
  });
  try {
    if (byCall)
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
    else
      await deliver(
        ctx,
        user
          ? {
              kind: 'reset-mail',
              to: login.value,
              url: `${ctx.baseUrl}/auth/forgot-password?token=${encodeURIComponent(challenge.token)}`,
            }
          : { kind: 'no-account-mail', to: login.value },
      );
  } catch (err) {
    await dropChallenge(challenge.token);
    throw err;
  }
  return byCall
    ? {
        send_type: 'call',
        session: challenge.token,
        login: login.value,
        message: t('auth.recovery.sentCall'),
      }
    : {
        send_type: 'email',
        login: login.value,
        message: t('auth.recovery.sentEmail', { minutes: 30 }),
      };
}

export type ResetProof = { token: string } | { session: string; code: string };

/** Sets a new password (already validated) for the owner of the proof and ends all their sessions. */
export async function resetPassword(
  ctx: AuthCtx,
  proof: ResetProof,
  password: string,
): Promise<number> {
  const { t } = ctx;
  let userId: number;
  if ('token' in proof) {
    const r = await redeemLink(proof.token);
    if (!r.ok) throw new HttpError(410, t('auth.errors.resetLinkInvalid'));
    userId = r.userId;
  } else {
    await ensureBelow(t, LIMITS.checkFailPerIp, ctx.ip);
    const r = await checkCode(proof.session, 'reset', 'call', proof.code);
    if (!r.ok) {
      await hit(LIMITS.checkFailPerIp, ctx.ip);
      throw codeFailure(t, r);
    }
    userId = r.userId;
  }
  await db()
    .updateTable('users')
    .set({ password_hash: await hashPassword(password), updated_at: now() })
    .where('id', '=', userId)
    .execute();
  await revokeUserSessions(userId);
  return userId;
}
