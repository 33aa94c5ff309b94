// Form posts of /auth/fast, /auth/code and /auth/login. Each handler answers a redirect (after a
// successful post) or the view the page renders, with the submitted values and the errors.
import type { AstroGlobal } from 'astro';
import { HttpError, readForm, type FormValues } from '#lib/http/api.ts';
import {
  CodeCheckSchema,
  CodeSendSchema,
  maskLogin,
  parseWith,
  PasswordLoginSchema,
  translateErrors,
  type FieldErrors,
} from './auth.schema.ts';
import { CODE_RULES, findChallenge } from './auth.challenges.server.ts';
import { authCtx } from './auth.context.server.ts';
import { checkCodeSignIn, passwordSignIn, startCodeSignIn } from './auth.signin.server.ts';
import {
  clearPendingCode,
  forgetDevice,
  pendingCode,
  rememberedUser,
  setPendingCode,
  signInBrowser,
  type RememberedUser,
} from './auth.web.server.ts';
import { paths } from '#lib/paths.ts';

export const str = (value: FormValues[string] | undefined): string =>
  typeof value === 'string' ? value : '';

/** Where a signed-in user lands; the root sends them on to the home dashboard. */
export const AFTER_SIGN_IN = '/';

/** Seconds a user waits before asking for another code (the countdown on the code page). */
export const RESEND_AFTER_S = 60;

/** Renders a failure: the status of the error and its message for the dialog or alert. */
function failed(Astro: AstroGlobal, err: unknown): string {
  if (!(err instanceof HttpError)) throw err;
  Astro.response.status = err.status;
  return err.message;
}

export interface FastView {
  login: string;
  errors: FieldErrors;
  dialog: string | null;
  remembered: RememberedUser | null;
}

export async function fastPage(Astro: AstroGlobal): Promise<Response | FastView> {
  const { t } = Astro.locals;
  const view: FastView = { login: '', errors: {}, dialog: null, remembered: null };
  if (Astro.request.method === 'POST') {
    const form = await readForm(Astro.request);
    const action = str(form.action);
    if (action === 'forget') {
      await forgetDevice(Astro.cookies);
      return Astro.redirect(paths.auth.fast(), 303);
    }
    let login: string | null = null;
    if (action === 'continue') {
      login = (await rememberedUser(Astro.cookies))?.login ?? null;
      if (!login) return Astro.redirect(paths.auth.fast(), 303);
    } else {
      view.login = str(form.login);
      const parsed = parseWith(CodeSendSchema, { login: view.login });
      if (parsed.ok) login = parsed.value.login;
      else {
        view.errors = translateErrors(parsed.errors, t);
        Astro.response.status = 422;
      }
    }
    if (login) {
      try {
        const started = await startCodeSignIn(authCtx(Astro), login);
        setPendingCode(Astro.cookies, { type: started.send_type, session: started.session });
        return Astro.redirect(paths.auth.code(), 303);
      } catch (err) {
        view.dialog = failed(Astro, err);
      }
    }
  }
  view.remembered = await rememberedUser(Astro.cookies);
  return view;
}

export interface CodeView {
  type: 'email' | 'call';
  /** Where the code went, partly hidden. */
  to: string;
  digits: number;
  error: string | null;
  notice: string | null;
  /** Seconds until another code may be requested. */
  resendIn: number;
}

export async function codePage(Astro: AstroGlobal): Promise<Response | CodeView> {
  const { t } = Astro.locals;
  const pending = pendingCode(Astro.cookies);
  const challenge = pending && (await findChallenge(pending.session));
  if (!pending || !challenge) {
    clearPendingCode(Astro.cookies);
    return Astro.redirect(paths.auth.fast(), Astro.request.method === 'POST' ? 303 : 302);
  }
  const view: CodeView = {
    type: pending.type,
    to: maskLogin(challenge.login),
    digits: CODE_RULES[pending.type].digits,
    error: null,
    notice: null,
    resendIn: 0,
  };
  let createdAt = challenge.created_at;
  if (Astro.request.method === 'POST') {
    const form = await readForm(Astro.request);
    const action = str(form.action) || 'check';
    const auth = authCtx(Astro);
    if (action === 'back') {
      clearPendingCode(Astro.cookies);
      return Astro.redirect(paths.auth.fast(), 303);
    }
    if (action === 'resend') {
      try {
        const started = await startCodeSignIn(auth, challenge.login);
        setPendingCode(Astro.cookies, { type: started.send_type, session: started.session });
        createdAt = new Date().toISOString();
        view.notice = t('auth.code.resent');
      } catch (err) {
        view.error = failed(Astro, err);
      }
    } else {
      // People paste codes with spaces or dashes; only the digits count.
      const parsed = parseWith(CodeCheckSchema, {
        session: pending.session,
        type: pending.type,
        code: str(form.code).replace(/\D/g, ''),
      });
      if (!parsed.ok) {
        view.error = t(Object.values(parsed.errors)[0]!);
        Astro.response.status = 422;
      } else {
        try {
          const { userId, login } = await checkCodeSignIn(auth, parsed.value);
          await signInBrowser(Astro, auth, userId, login);
          return Astro.redirect(AFTER_SIGN_IN, 303);
        } catch (err) {
          view.error = failed(Astro, err);
        }
      }
    }
  }
  view.resendIn = Math.max(
    0,
    Math.ceil((Date.parse(createdAt) + RESEND_AFTER_S * 1000 - Date.now()) / 1000),
  );
  return view;
}

export interface LoginView {
  login: string;
  errors: FieldErrors;
  dialog: string | null;
}

export async function loginPage(Astro: AstroGlobal): Promise<Response | LoginView> {
  const { t } = Astro.locals;
  const view: LoginView = { login: '', errors: {}, dialog: null };
  if (Astro.request.method !== 'POST') return view;
  const form = await readForm(Astro.request);
  view.login = str(form.login);
  const parsed = parseWith(PasswordLoginSchema, {
    login: view.login,
    password: str(form.password),
  });
  if (!parsed.ok) {
    view.errors = translateErrors(parsed.errors, t);
    Astro.response.status = 422;
    return view;
  }
  const auth = authCtx(Astro);
  try {
    const user = await passwordSignIn(auth, parsed.value.login, parsed.value.password);
    const login = parsed.value.login.includes('@') ? user.email : (user.phone ?? user.email);
    await signInBrowser(Astro, auth, user.id, login);
    return Astro.redirect(AFTER_SIGN_IN, 303);
  } catch (err) {
    view.dialog = failed(Astro, err);
    return view;
  }
}
