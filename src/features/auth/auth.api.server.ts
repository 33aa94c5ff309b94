// The profile calls of the API (spec section 7). Answer fields are named as the specification names
// them: access_token, send_type, session, login, token, errors, isAdmin, isEmployee. Tokens issued
// here are sessions of kind 'bearer'.
import type { APIContext } from 'astro';
import { config } from '#lib/config.ts';
import type { User } from '#lib/db/schema.ts';
import { formBool, HttpError, json, readForm, type FormValues } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';
import {
  CodeCheckSchema,
  CodeSendSchema,
  NewPasswordSchema,
  parseRegistration,
  parseWith,
  PasswordLoginSchema,
  RecoverySchema,
  translateErrors,
} from './auth.schema.ts';
import { authCtx, type AuthCtx } from './auth.context.server.ts';
import { requestRecovery, resetPassword } from './auth.recovery.server.ts';
import { createSession, revokeSession } from './auth.session.server.ts';
import {
  checkCodeSignIn,
  passwordSignIn,
  register,
  startCodeSignIn,
} from './auth.signin.server.ts';
import { safeBack, START_INFO_COOKIE } from './auth.web.server.ts';

const text = (form: FormValues, key: string) =>
  typeof form[key] === 'string' ? (form[key] as string) : undefined;

/** 422 with the first message and the translated message per field (decision 0034: thrown, answered by the middleware). */
function invalid(
  ctx: APIContext,
  errors: Record<string, string>,
  extra: Record<string, unknown> = {},
): never {
  const translated = translateErrors(errors, ctx.locals.t);
  throw new HttpError(422, Object.values(translated)[0]!, { errors: translated, ...extra });
}

/** A refusal that must name a field (the old client tells failure by `errors`): the field gets the message. */
function naming(err: unknown, field: string): never {
  if (!(err instanceof HttpError)) throw err;
  const { message, ...extra } = err.body;
  throw new HttpError(err.status, String(message), { ...extra, errors: { [field]: err.message } });
}

const bearer = (auth: AuthCtx, userId: number) =>
  createSession(userId, 'bearer', { ip: auth.ip, userAgent: auth.userAgent });

export async function loginCall(ctx: APIContext): Promise<Response> {
  const form = await readForm(ctx.request);
  const parsed = parseWith(PasswordLoginSchema, {
    login: text(form, 'login'),
    password: text(form, 'password'),
  });
  if (!parsed.ok) invalid(ctx, parsed.errors);
  const auth = authCtx(ctx);
  const user = await passwordSignIn(auth, parsed.value.login, parsed.value.password);
  return json({ access_token: await bearer(auth, user.id), token_type: 'Bearer' });
}

export async function registerCall(ctx: APIContext): Promise<Response> {
  const form = await readForm(ctx.request);
  const input: Record<string, string | boolean | undefined> = {};
  for (const key of [
    'name',
    'surname',
    'patronymic',
    'email',
    'phone',
    'account_type',
    'post',
    'organisation',
    'organisation_name',
    'password',
    'password_confirmation',
  ])
    input[key] = text(form, key);
  input.agree = formBool(form.agree);
  const parsed = parseRegistration(input);
  if (!parsed.ok) invalid(ctx, parsed.errors);
  const auth = authCtx(ctx);
  const user = await register(auth, parsed.value);
  return json(
    {
      access_token: await bearer(auth, user.id),
      token_type: 'Bearer',
      message: ctx.locals.t('auth.registration.success'),
    },
    201,
  );
}

export async function codeSendCall(ctx: APIContext): Promise<Response> {
  const form = await readForm(ctx.request);
  const parsed = parseWith(CodeSendSchema, { login: text(form, 'login') });
  if (!parsed.ok) invalid(ctx, parsed.errors);
  return json(await startCodeSignIn(authCtx(ctx), parsed.value.login));
}

export async function codeCheckCall(ctx: APIContext): Promise<Response> {
  const form = await readForm(ctx.request);
  const parsed = parseWith(CodeCheckSchema, {
    session: text(form, 'session'),
    type: text(form, 'type'),
    code: text(form, 'code')?.replace(/[\s-]/g, ''),
    login: text(form, 'login'),
  });
  if (!parsed.ok) {
    const error = ctx.locals.t(Object.values(parsed.errors)[0]!);
    invalid(ctx, parsed.errors, { type: 'error', error });
  }
  const auth = authCtx(ctx);
  // A refused code throws the spec's shape ({ message, type: 'error', error }): the one error answer keeps those extras.
  const { userId } = await checkCodeSignIn(auth, parsed.value);
  return json({ type: 'success', token: await bearer(auth, userId) });
}

/** Recovery failures always carry `errors` (the old client tells failure by that field). */
export async function recoveryCall(ctx: APIContext): Promise<Response> {
  const form = await readForm(ctx.request);
  const parsed = parseWith(RecoverySchema, { login: text(form, 'login') });
  if (!parsed.ok) invalid(ctx, parsed.errors);
  try {
    return json(await requestRecovery(authCtx(ctx), parsed.value.login));
  } catch (err) {
    naming(err, 'login');
  }
}

/** The new password, proven by the link's token or by the session and code of a recovery call. */
export async function recoveryResetCall(ctx: APIContext): Promise<Response> {
  const form = await readForm(ctx.request);
  const parsed = parseWith(NewPasswordSchema, {
    password: text(form, 'password'),
    password_confirmation: text(form, 'password_confirmation'),
  });
  if (!parsed.ok) invalid(ctx, parsed.errors);
  const token = text(form, 'token');
  const session = text(form, 'session');
  const code = text(form, 'code')?.replace(/\D/g, '') ?? '';
  const { t } = ctx.locals;
  if (!token && !(session && code))
    invalid(
      ctx,
      token === undefined && session === undefined
        ? { token: 'validation.required' }
        : { code: 'validation.required' },
    );
  try {
    await resetPassword(
      authCtx(ctx),
      token ? { token } : { session: session!, code },
      parsed.value.password,
    );
  } catch (err) {
    naming(err, token ? 'token' : 'code');
  }
  return json({ message: t('auth.recovery.done') });
}

export function publicUser(u: User) {
  return {
    id: u.id,
    name: u.name,
    surname: u.surname,
    ochestvo: u.ochestvo,
    sex: u.sex,
    birthday: u.birthday,
    place: u.place,
    phone: u.phone,
    email: u.email,
    avatar: u.avatar,
    post: u.post,
    account_type: u.account_type,
    module: { scada: { enable: u.module_scada === 1 } },
    isAdmin: u.is_admin === 1,
    isEmployee: u.is_employee === 1,
  };
}

export function profileCall(ctx: APIContext): Response {
  const user = publicUser(requireUser(ctx.locals));
  return json({ user, isAdmin: user.isAdmin, isEmployee: user.isEmployee });
}

/** Ends the session the request was made with (bearer token or cookie). */
export async function logoutCall(ctx: APIContext): Promise<Response> {
  requireUser(ctx.locals);
  if (ctx.locals.token) await revokeSession(ctx.locals.token);
  return new Response(null, { status: 204 });
}

/** Closes the start-info dialog until the next sign-in. */
export async function startInfoCall(ctx: APIContext): Promise<Response> {
  requireUser(ctx.locals);
  const form = await readForm(ctx.request);
  ctx.cookies.set(START_INFO_COOKIE, 'hidden', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config().secureCookies,
    maxAge: 365 * 86400,
  });
  if ((ctx.request.headers.get('accept') ?? '').includes('application/json'))
    return new Response(null, { status: 204 });
  return ctx.redirect(safeBack(form.back), 303);
}
