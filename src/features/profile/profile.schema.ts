// Profile and password-change rules of the specification, shared by the form posts, the API and the
// islands. Messages are dictionary keys. Pure: no server imports.
import * as v from 'valibot';
import { normaliseEmail, normalisePhone } from '#features/auth/auth.schema.ts';
import { textField } from '#lib/validation.ts';

/** Optional plus, three digits, three digits, four to six digits; spaces, dashes and brackets allowed between. */
export const PHONE_RE = /^\+?\d{3}\d{3}\d{4,6}$/;
const phoneDigits = (s: string) => s.replace(/[\s\-().]/g, '');

/** The stored form of a valid phone: +7XXXXXXXXXX for Russian numbers (as sign-in expects), else as typed. */
export function storedPhone(s: string): string | null {
  const d = phoneDigits(s.trim());
  if (!d) return null;
  return normalisePhone(d) ?? d;
}

const BIRTHDAY = /^(\d{4})-(\d{2})-(\d{2})$/;
export function isBirthday(s: string): boolean {
  const m = BIRTHDAY.exec(s);
  if (!m) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return (
    !Number.isNaN(d.getTime()) &&
    d.toISOString().startsWith(s) &&
    Number(m[1]) >= 1900 &&
    d.getTime() <= Date.now()
  );
}

export const ProfileSchema = v.object({
  name: v.pipe(
    textField(),
    v.nonEmpty('profile.errors.nameRequired'),
    v.maxLength(100, 'profile.errors.tooLong'),
  ),
  surname: v.pipe(
    textField(),
    v.nonEmpty('profile.errors.surnameRequired'),
    v.maxLength(100, 'profile.errors.tooLong'),
  ),
  ochestvo: v.pipe(textField(), v.maxLength(100, 'profile.errors.tooLong')),
  sex: v.pipe(textField(), v.picklist(['', '1', '2'], 'profile.errors.sex')),
  // No message of its own in the spec: the generic '{name} is not valid' with the field's label.
  birthday: v.pipe(
    textField(),
    v.check((s) => s === '' || isBirthday(s), 'validation.generic.invalid'),
  ),
  place: v.pipe(textField(), v.maxLength(500, 'profile.errors.tooLong')),
  phone: v.pipe(
    textField(),
    v.check((s) => s === '' || PHONE_RE.test(phoneDigits(s)), 'profile.errors.phone'),
  ),
  email: v.pipe(
    textField(),
    v.nonEmpty('profile.errors.emailRequired'),
    v.check((s) => normaliseEmail(s) !== null, 'profile.errors.emailFormat'),
  ),
  post: v.pipe(textField(), v.maxLength(200, 'profile.errors.tooLong')),
});

export type ProfileInput = v.InferOutput<typeof ProfileSchema>;

/** Translates profile errors; the spec's generic '{name} is …' messages get the field's label. */
export function translateProfileErrors(
  errors: Record<string, string>,
  t: (key: string, params?: Record<string, string | number>) => string,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, key]) => [
      field,
      key.startsWith('validation.generic.')
        ? t(key, { name: t(`profile.fields.${field}`) })
        : t(key),
    ]),
  );
}

/** Password rule of the specification: 8+ characters with an uppercase letter, a lowercase letter and a digit. */
export const isStrongPassword = (s: string): boolean =>
  s.length >= 8 && /[A-Z]/.test(s) && /[a-z]/.test(s) && /\d/.test(s);

/** Field names as in the spec's password-change call. */
export const PasswordChangeSchema = v.pipe(
  v.object({
    oldPassword: v.pipe(
      v.optional(v.string(), ''),
      v.nonEmpty('profile.password.errors.currentRequired'),
      v.maxLength(256, 'profile.errors.tooLong'),
    ),
    newPassword: v.pipe(
      v.optional(v.string(), ''),
      v.nonEmpty('profile.password.errors.newRequired'),
      v.maxLength(128, 'profile.errors.tooLong'),
      v.check(isStrongPassword, 'profile.password.errors.simple'),
    ),
    verifyPassword: v.pipe(
      v.optional(v.string(), ''),
      v.nonEmpty('profile.password.errors.confirmationRequired'),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['verifyPassword']],
      (i) => i.newPassword === i.verifyPassword,
      'profile.password.errors.mismatch',
    ),
    ['verifyPassword'],
  ),
);

export type PasswordChange = v.InferOutput<typeof PasswordChangeSchema>;

export const AVATAR_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
export const AVATAR_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';
