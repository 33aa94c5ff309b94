// /auth/registration: the three steps post together (the island only shows one at a time). A
// failure re-renders the wizard at the first step with an error, keeping what was typed (except the
// passwords) and showing the 'Error' dialog for server-side refusals.
import type { AstroGlobal } from 'astro';
import { formBool, HttpError, readForm } from '#lib/http/api.ts';
import {
  parseRegistration,
  STEP_FIELDS,
  translateErrors,
  type FieldErrors,
} from './auth.schema.ts';
import { authCtx } from './auth.context.server.ts';
import { str } from './auth.page.server.ts';
import { register } from './auth.signin.server.ts';
import { signInBrowser } from './auth.web.server.ts';
import { paths, withQuery } from '#lib/paths.ts';

export interface RegistrationView {
  values: Record<string, string | boolean>;
  errors: FieldErrors;
  step: number;
  dialog: string | null;
}

const TEXT_FIELDS = [
  'name',
  'surname',
  'patronymic',
  'email',
  'phone',
  'account_type',
  'post',
  'organisation',
  'organisation_name',
] as const;

/** The step to reopen: the first with an error, else the last one (where the form was sent). */
export const firstStepWithError = (errors: FieldErrors): number => {
  const i = STEP_FIELDS.findIndex((fields) => fields.some((f) => f in errors));
  return i < 0 ? STEP_FIELDS.length - 1 : i;
};

export async function registrationPage(Astro: AstroGlobal): Promise<Response | RegistrationView> {
  const { t } = Astro.locals;
  const view: RegistrationView = {
    values: { account_type: 'personal', agree: false },
    errors: {},
    step: 0,
    dialog: null,
  };
  if (Astro.request.method !== 'POST') return view;
  const form = await readForm(Astro.request);
  for (const f of TEXT_FIELDS) view.values[f] = str(form[f]);
  view.values.agree = formBool(form.agree);
  const parsed = parseRegistration({
    ...view.values,
    password: str(form.password),
    password_confirmation: str(form.password_confirmation),
  });
  if (!parsed.ok) {
    view.errors = translateErrors(parsed.errors, t);
    view.step = firstStepWithError(view.errors);
    Astro.response.status = 422;
    return view;
  }
  const auth = authCtx(Astro);
  try {
    const user = await register(auth, parsed.value);
    await signInBrowser(Astro, auth, user.id, user.email);
    return Astro.redirect(withQuery(paths.home(), { welcome: 'registered' }), 303);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    Astro.response.status = err.status;
    view.dialog = err.message;
    view.errors = (err.body.errors as FieldErrors | undefined) ?? {};
    view.step = firstStepWithError(view.errors);
    return view;
  }
}
