// Valibot schemas of the sign-in forms, shared by the page form posts, the API and the islands.
// Messages are dictionary keys ('validation.*'); the caller translates them. Pure: no server imports.
import * as v from 'valibot';
import { cleanInn, isValidInn } from '#lib/inn.ts';
import { fieldErrors, type FieldErrors } from '#lib/validation.ts';

export { parseWith, translateErrors, type FieldErrors } from '#lib/validation.ts';

export type LoginKind = 'email' | 'phone';
export interface Login {
  kind: LoginKind;
  /** Normalised: lower-case e-mail, or +7 and ten digits. */
  value: string;
}

const EMAIL_RE =
  /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:".]+(\.[^\s@<>()[\]\\,;:".]+)*\.[^\s@<>()[\]\\,;:".\d]{2,}$/;

export function normaliseEmail(input: string): string | null {
  const s = input.trim().toLowerCase();
  return s.length <= 254 && EMAIL_RE.test(s) ? s : null;
}

/** A Russian number in any common notation (+7 or 8, spaces, dashes, brackets) as +7 and ten digits. */
export function normalisePhone(input: string): string | null {
  const s = input.trim().replace(/[\s\-().]/g, '');
  let d: string;
  if (/^\+7\d{10}$/.test(s)) d = s.slice(2);
  else if (/^[78]\d{10}$/.test(s)) d = s.slice(1);
  else if (/^\d{10}$/.test(s)) d = s;
  else return null;
  // Russian numbering: geographic codes start with 3 or 4, toll-free with 8, mobile with 9.
  return /^[3489]\d{9}$/.test(d) ? `+7${d}` : null;
}

export function parseLogin(input: string): Login | null {
  if (input.includes('@')) {
    const email = normaliseEmail(input);
    return email ? { kind: 'email', value: email } : null;
  }
  const phone = normalisePhone(input);
  return phone ? { kind: 'phone', value: phone } : null;
}

/** Shows where a code went without spelling out the whole address (a shared screen may be watched). */
export function maskLogin(login: string): string {
  if (login.includes('@')) {
    const [user = '', domain = ''] = login.split('@');
    return `${user.slice(0, 2)}***@${domain}`;
  }
  return `${login.slice(0, 2)} *** ***-${login.slice(-4, -2)}-${login.slice(-2)}`;
}

const text = (max: number) =>
  v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.maxLength(max, 'validation.tooLong'),
  );

export const LoginField = v.pipe(
  v.optional(v.string(), ''),
  v.trim(),
  v.nonEmpty('validation.required'),
  v.check((s) => parseLogin(s) !== null, 'validation.login'),
);

export const PasswordLoginSchema = v.object({
  login: LoginField,
  password: v.pipe(
    v.optional(v.string(), ''),
    v.nonEmpty('validation.required'),
    v.maxLength(256, 'validation.tooLong'),
  ),
});

export const CodeSendSchema = v.object({ login: LoginField });

export const CodeCheckSchema = v.object({
  session: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.maxLength(100, 'validation.tooLong'),
  ),
  type: v.picklist(['email', 'call'], 'validation.codeType'),
  code: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.regex(/^\d{4,6}$/, 'validation.code'),
  ),
  login: v.optional(v.string()),
});

export const RecoverySchema = v.object({ login: LoginField });

/** Password rules of the specification. Letters must be Latin; digits and symbols are allowed. */
export const PasswordField = v.pipe(
  v.optional(v.string(), ''),
  v.nonEmpty('validation.required'),
  v.minLength(8, 'validation.passwordLength'),
  v.maxLength(128, 'validation.passwordTooLong'),
  v.check((s) => !/[^\x20-\x7e]/.test(s), 'validation.passwordLatin'),
  v.check(
    (s) => /[A-Z]/.test(s) && /[a-z]/.test(s) && /\d/.test(s),
    'validation.passwordComplexity',
  ),
);

const confirmation = v.pipe(v.optional(v.string(), ''), v.nonEmpty('validation.required'));
export const NewPasswordSchema = v.pipe(
  v.object({ password: PasswordField, password_confirmation: confirmation }),
  // The confirmation must equal the password; the issue belongs to the confirmation field.
  v.forward(
    v.partialCheck(
      [['password'], ['password_confirmation']],
      (i) => i.password === i.password_confirmation,
      'validation.passwordMismatch',
    ),
    ['password_confirmation'],
  ),
);

export const RegistrationStep1 = v.object({
  name: text(100),
  surname: text(100),
  patronymic: text(100),
});

export const RegistrationStep2 = v.pipe(
  v.object({
    email: v.pipe(
      v.optional(v.string(), ''),
      v.trim(),
      v.nonEmpty('validation.required'),
      v.check((s) => normaliseEmail(s) !== null, 'validation.email'),
    ),
    phone: v.pipe(
      v.optional(v.string(), ''),
      v.trim(),
      v.nonEmpty('validation.required'),
      v.check((s) => normalisePhone(s) !== null, 'validation.phone'),
    ),
    account_type: v.optional(
      v.picklist(['personal', 'corporate'], 'validation.accountType'),
      'personal',
    ),
    post: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(200, 'validation.tooLong')),
    organisation: v.pipe(v.optional(v.string(), ''), v.trim()),
    // Without a suggestions provider nobody can name an INN new to the cabinet but the person.
    organisation_name: v.pipe(
      v.optional(v.string(), ''),
      v.trim(),
      v.maxLength(300, 'validation.tooLong'),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['account_type'], ['post']],
      (i) => i.account_type !== 'corporate' || i.post !== '',
      'validation.required',
    ),
    ['post'],
  ),
  v.forward(
    v.partialCheck(
      [['account_type'], ['organisation']],
      (i) => i.account_type !== 'corporate' || i.organisation !== '',
      'validation.required',
    ),
    ['organisation'],
  ),
  v.forward(
    v.partialCheck(
      [['account_type'], ['organisation']],
      (i) => i.account_type !== 'corporate' || i.organisation === '' || isValidInn(i.organisation),
      'validation.inn',
    ),
    ['organisation'],
  ),
);

export const RegistrationStep3 = v.pipe(
  v.object({
    password: PasswordField,
    password_confirmation: confirmation,
    agree: v.pipe(
      v.optional(v.boolean(), false),
      v.check((b) => b, 'validation.agree'),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['password_confirmation']],
      (i) => i.password === i.password_confirmation,
      'validation.passwordMismatch',
    ),
    ['password_confirmation'],
  ),
);

export const REGISTRATION_STEPS = [
  RegistrationStep1,
  RegistrationStep2,
  RegistrationStep3,
] as const;

/** Field names of each wizard step, in the order they appear. */
export const STEP_FIELDS = [
  ['name', 'surname', 'patronymic'],
  ['email', 'phone', 'account_type', 'post', 'organisation', 'organisation_name'],
  ['password', 'password_confirmation', 'agree'],
] as const;

export type RegistrationInput = Record<string, string | boolean | undefined>;

export function validateStep(step: number, input: RegistrationInput): FieldErrors {
  const r = v.safeParse(REGISTRATION_STEPS[step]!, input);
  return r.success ? {} : fieldErrors(r.issues);
}

export interface Registration {
  name: string;
  surname: string;
  patronymic: string;
  email: string;
  phone: string;
  account_type: 'personal' | 'corporate';
  post: string | null;
  organisation: string | null;
  organisation_name: string | null;
  password: string;
}

/** All three steps at once: the normalised registration, or the errors of every step. */
export function parseRegistration(
  input: RegistrationInput,
): { ok: true; value: Registration } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  for (let step = 0; step < REGISTRATION_STEPS.length; step++)
    Object.assign(errors, validateStep(step, input));
  if (Object.keys(errors).length) return { ok: false, errors };
  const s = (k: string) => String(input[k] ?? '').trim();
  const corporate = s('account_type') === 'corporate';
  return {
    ok: true,
    value: {
      name: s('name'),
      surname: s('surname'),
      patronymic: s('patronymic'),
      email: normaliseEmail(s('email'))!,
      phone: normalisePhone(s('phone'))!,
      account_type: corporate ? 'corporate' : 'personal',
      post: corporate ? s('post') : s('post') || null,
      organisation: corporate ? cleanInn(s('organisation')) : null,
      organisation_name: corporate ? s('organisation_name') || null : null,
      password: String(input.password ?? ''),
    },
  };
}
