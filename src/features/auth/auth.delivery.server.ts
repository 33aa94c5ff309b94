// Delivers challenges: codes and reset links by e-mail, codes by flash call. For a login without an
// account nothing reveals that fact to the requester (ADR 0005): an e-mail address gets a note that
// it has no account, a phone number gets no call (calls cost money and would ring strangers).
import { callChannel, placeFlashCall } from '#lib/calls/flash-call.ts';
import { HttpError } from '#lib/http/api.ts';
import { log } from '#lib/log.ts';
import { mailChannel, sendMail } from '#lib/mail/mailer.ts';
import type { AuthCtx } from './auth.context.server.ts';

export type Delivery =
  | { kind: 'code-mail'; to: string; code: string }
  | { kind: 'code-call'; to: string; code: string; unique: string }
  | { kind: 'reset-mail'; to: string; url: string }
  | { kind: 'no-account-mail'; to: string }
  | { kind: 'none' };

/** Refuses a channel that has no provider (production without SMTP_URL or CALL_PROVIDER_URL). */
export function ensureChannel(ctx: AuthCtx, channel: 'email' | 'call'): void {
  const ready = channel === 'email' ? mailChannel() !== null : callChannel() !== null;
  if (!ready)
    throw new HttpError(
      503,
      ctx.t(channel === 'email' ? 'auth.errors.emailUnavailable' : 'auth.errors.callUnavailable'),
    );
}

export async function deliver(ctx: AuthCtx, d: Delivery): Promise<void> {
  const { t } = ctx;
  try {
    switch (d.kind) {
      case 'code-mail':
        return await sendMail({
          to: d.to,
          subject: t('auth.mail.codeSubject'),
          text: t('auth.mail.codeText', { code: d.code, minutes: 10 }),
          meta: { code: d.code, kind: 'code' },
        });
      case 'reset-mail':
        return await sendMail({
          to: d.to,
          subject: t('auth.mail.resetSubject'),
          text: t('auth.mail.resetText', { url: d.url, minutes: 30 }),
          meta: { url: d.url, kind: 'reset' },
        });
      case 'no-account-mail':
        return await sendMail({
          to: d.to,
          subject: t('auth.mail.noAccountSubject'),
          text: t('auth.mail.noAccountText', { url: `${ctx.baseUrl ?? ''}/auth/registration` }),
          meta: { kind: 'no-account' },
        });
      case 'code-call':
        return await placeFlashCall(d.to, d.code, d.unique);
      case 'none':
        return;
    }
  } catch (err) {
    log.error('auth: delivery failed', {
      kind: d.kind,
      err: err instanceof Error ? err.message : String(err),
    });
    throw new HttpError(
      502,
      t(d.kind === 'code-call' ? 'auth.errors.callFailed' : 'auth.errors.emailFailed'),
    );
  }
}
