// Saving the profile (fields and avatar together, nothing half-written) and changing the password
// (current password checked, attempts limited, other sessions ended).
import { revokeUserSessions } from '#features/auth/auth.session.server.ts';
import { normaliseEmail } from '#features/auth/auth.schema.ts';
import { hashPassword, verifyPassword } from '#lib/crypto/password.ts';
import { db, now } from '#lib/db/index.ts';
import type { User } from '#lib/db/schema.ts';
import { clear, hit, type Rule } from '#lib/rate-limit.server.ts';
import { parseWith, type FieldErrors } from '#lib/validation.ts';
import { checkAvatar, dropAvatar, reencodeAvatar, storeAvatar } from './avatar.server.ts';
import { PasswordChangeSchema, ProfileSchema, storedPhone } from './profile.schema.ts';

export type SaveResult =
  { ok: true; user: User } | { ok: false; status: number; errors: FieldErrors };

const isFile = (x: unknown): x is File =>
  typeof File !== 'undefined' && x instanceof File && x.size > 0;

async function taken(
  column: 'email' | 'phone',
  value: string | null,
  userId: number,
): Promise<boolean> {
  if (!value) return false;
  const row = await db()
    .selectFrom('users')
    .select('id')
    .where(column, '=', value)
    .where('id', '!=', userId)
    .executeTakeFirst();
  return !!row;
}

/**
 * Validates the profile fields (and the avatar file, when one is sent) and stores them. `avatar_remove`
 * (1/true/on) drops the current avatar. Errors are dictionary keys per field.
 */
export async function saveProfile(
  user: User,
  values: Record<string, unknown>,
): Promise<SaveResult> {
  const parsed = parseWith(ProfileSchema, values);
  const errors: FieldErrors = parsed.ok ? {} : { ...parsed.errors };
  const file = isFile(values.avatar) ? values.avatar : null;
  const check = file ? await checkAvatar(file) : null;
  if (check && !check.ok) errors.avatar = check.error;
  if (!parsed.ok || Object.keys(errors).length) return { ok: false, status: 422, errors };

  const p = parsed.value;
  const email = normaliseEmail(p.email)!;
  const phone = storedPhone(p.phone);
  if (await taken('email', email, user.id)) errors.email = 'profile.errors.emailTaken';
  if (await taken('phone', phone, user.id)) errors.phone = 'profile.errors.phoneTaken';
  if (Object.keys(errors).length) return { ok: false, status: 409, errors };
  // E-mail and phone receive sign-in codes and recovery links: changing them needs the current
  // password, so a borrowed session cannot take the account over (ASVS 7.5.1).
  if (email !== user.email.toLowerCase() || phone !== user.phone) {
    const current = typeof values.current_password === 'string' ? values.current_password : '';
    if (!current)
      return {
        ok: false,
        status: 422,
        errors: { current_password: 'profile.errors.currentPasswordForContact' },
      };
    const check = await checkCurrentPassword(user.id, current);
    if (!check.ok)
      return {
        ok: false,
        status: check.status,
        errors: { current_password: check.errors.oldPassword! },
      };
  }

  let avatar = user.avatar;
  if (check?.ok) {
    const webp = await reencodeAvatar(check.bytes);
    if (!webp)
      return { ok: false, status: 422, errors: { avatar: 'profile.avatar.errors.unreadable' } };
    avatar = await storeAvatar(user.id, webp);
  } else if (['1', 'true', 'on'].includes(String(values.avatar_remove ?? ''))) {
    avatar = null;
  }

  try {
    await db()
      .updateTable('users')
      .set({
        name: p.name,
        surname: p.surname,
        ochestvo: p.ochestvo || null,
        sex: p.sex ? Number(p.sex) : null,
        birthday: p.birthday || null,
        place: p.place || null,
        phone,
        email,
        post: p.post || null,
        avatar,
        updated_at: now(),
      })
      .where('id', '=', user.id)
      .execute();
  } catch (err) {
    if (avatar !== user.avatar) await dropAvatar(avatar);
    // A concurrent save may have taken the address or number in between.
    if (await taken('email', email, user.id))
      return { ok: false, status: 409, errors: { email: 'profile.errors.emailTaken' } };
    if (await taken('phone', phone, user.id))
      return { ok: false, status: 409, errors: { phone: 'profile.errors.phoneTaken' } };
    throw err;
  }
  if (avatar !== user.avatar) await dropAvatar(user.avatar);
  const fresh = await db()
    .selectFrom('users')
    .selectAll()
    .where('id', '=', user.id)
    .executeTakeFirst();
  if (!fresh) return { ok: false, status: 404, errors: { '': 'profile.errors.user' } };
  return { ok: true, user: fresh };
}

/** Replaces only the avatar. */
export async function saveAvatar(user: User, file: unknown): Promise<SaveResult> {
  if (!isFile(file))
    return { ok: false, status: 422, errors: { avatar: 'profile.avatar.errors.required' } };
  const check = await checkAvatar(file);
  if (!check.ok) return { ok: false, status: 422, errors: { avatar: check.error } };
  const webp = await reencodeAvatar(check.bytes);
  if (!webp)
    return { ok: false, status: 422, errors: { avatar: 'profile.avatar.errors.unreadable' } };
  const avatar = await storeAvatar(user.id, webp);
  await db()
    .updateTable('users')
    .set({ avatar, updated_at: now() })
    .where('id', '=', user.id)
    .execute();
  await dropAvatar(user.avatar);
  return { ok: true, user: { ...user, avatar } };
}

/** Wrong current passwords per user: 10 in 15 minutes. */
const WRONG_PASSWORD: Rule = { name: 'profile-password', limit: 10, windowMs: 15 * 60_000 };

export type PasswordResult =
  { ok: true } | { ok: false; status: number; errors: FieldErrors; retryAfter?: number };

/** Checks the current password of a user (with the attempt limit); errors are dictionary keys. */
export async function checkCurrentPassword(
  userId: number,
  password: string,
): Promise<PasswordResult> {
  const key = String(userId);
  // Counted before argon2 runs, so parallel guesses cannot pass a read-then-count gap.
  const verdict = await hit(WRONG_PASSWORD, key);
  if (!verdict.allowed)
    return {
      ok: false,
      status: 429,
      errors: { oldPassword: 'profile.password.errors.tooMany' },
      retryAfter: verdict.retryAfter,
    };
  const row = await db()
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!(await verifyPassword(password, row?.password_hash ?? null)) || !row?.password_hash) {
    // A wrong value of a field is field validation: 422 (decision 0034).
    return { ok: false, status: 422, errors: { oldPassword: 'profile.password.errors.bad' } };
  }
  await clear(WRONG_PASSWORD, key);
  return { ok: true };
}

/** Validates, checks the current password, stores the new one and ends every other session. */
export async function changePassword(
  user: User,
  sessionId: string | undefined,
  values: Record<string, unknown>,
): Promise<PasswordResult> {
  const parsed = parseWith(PasswordChangeSchema, values);
  if (!parsed.ok) return { ok: false, status: 422, errors: parsed.errors };
  const current = await checkCurrentPassword(user.id, parsed.value.oldPassword);
  if (!current.ok) return current;
  await db()
    .updateTable('users')
    .set({ password_hash: await hashPassword(parsed.value.newPassword), updated_at: now() })
    .where('id', '=', user.id)
    .execute();
  await revokeUserSessions(user.id, sessionId);
  return { ok: true };
}
