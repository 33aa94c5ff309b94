// /auth/forgot-password: ask for recovery; then either follow the e-mailed link (?token=...) or, for a
// phone login, type the code from the call; both end with a new password.
import type { AstroGlobal } from 'astro';
import { HttpError, readForm } from '#lib/http/api.ts';
import {
  NewPasswordSchema,
  parseWith,
  RecoverySchema,
  translateErrors,
  type FieldErrors,
} from './auth.schema.ts';
import { linkIsLive } from './auth.challenges.server.ts';
import { authCtx } from './auth.context.server.ts';
import { str } from './auth.page.server.ts';
import { requestRecovery, resetPassword } from './auth.recovery.server.ts';
import { clearPendingReset, pendingReset, setPendingReset } from './auth.web.server.ts';
import { paths, withQuery } from '#lib/paths.ts';

export interface RecoveryView {
  /** request: the login form; link: new password from a link; code: code from a call and new password; done: finished. */
  mode: 'request' | 'link' | 'code' | 'done';
  login: string;
  token: string;
  errors: FieldErrors;
  success: string | null;
  danger: string | null;
}

const CODE_FIELD_ERROR = 'code';

export async function recoveryPage(Astro: AstroGlobal): Promise<Response | RecoveryView> {
  const { t } = Astro.locals;
  const token = Astro.url.searchParams.get('token') ?? '';
  const view: RecoveryView = {
    mode: 'request',
    login: '',
    token: '',
    errors: {},
    success: null,
    danger: null,
  };
  if (Astro.url.searchParams.has('done'))
    return { ...view, mode: 'done', success: t('auth.recovery.done') };
  if (Astro.request.method === 'GET') {
    if (token) {
      if (await linkIsLive(token)) return { ...view, mode: 'link', token };
      return { ...view, danger: t('auth.errors.resetLinkInvalid') };
    }
    return pendingReset(Astro.cookies)
      ? { ...view, mode: 'code', success: t('auth.recovery.sentCall') }
      : view;
  }

  const form = await readForm(Astro.request);
  const action = str(form.action);
  const auth = authCtx(Astro);
  if (action === 'cancel') {
    clearPendingReset(Astro.cookies);
    return Astro.redirect(paths.auth.forgotPassword(), 303);
  }
  if (action === 'link' || action === 'code') {
    const session = pendingReset(Astro.cookies);
    if (action === 'code' && !session) return Astro.redirect(paths.auth.forgotPassword(), 303);
    Object.assign(view, { mode: action, token: str(form.token) });
    const parsed = parseWith(NewPasswordSchema, {
      password: str(form.password),
      password_confirmation: str(form.password_confirmation),
    });
    const code = str(form.code).replace(/\D/g, '');
    if (action === 'code' && !/^\d{4}$/.test(code))
      view.errors[CODE_FIELD_ERROR] = t(code ? 'validation.code' : 'validation.required');
    if (!parsed.ok) Object.assign(view.errors, translateErrors(parsed.errors, t));
    if (Object.keys(view.errors).length || !parsed.ok) {
      Astro.response.status = 422;
      return view;
    }
    try {
      await resetPassword(
        auth,
        action === 'link' ? { token: view.token } : { session: session!, code },
        parsed.value.password,
      );
      clearPendingReset(Astro.cookies);
      return Astro.redirect(withQuery(paths.auth.forgotPassword(), { done: 1 }), 303);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      Astro.response.status = err.status;
      // A dead link cannot be retried; a wrong code can, until its attempts run out.
      return err.status === 410
        ? { ...view, mode: 'request', danger: err.message }
        : { ...view, danger: err.message };
    }
  }

  view.login = str(form.login);
  const parsed = parseWith(RecoverySchema, { login: view.login });
  if (!parsed.ok) {
    view.errors = translateErrors(parsed.errors, t);
    Astro.response.status = 422;
    return view;
  }
  try {
    const started = await requestRecovery(auth, parsed.value.login);
    if (started.send_type === 'call') {
      setPendingReset(Astro.cookies, started.session!);
      return Astro.redirect(paths.auth.forgotPassword(), 303);
    }
    return { ...view, success: started.message };
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    Astro.response.status = err.status;
    return { ...view, danger: err.message };
  }
}
