// The profile calls as HTTP answers, shared by /api/v1/profile/{update,avatar,password} and the
// legacy /api/app/profile.* calls. Messages are the spec's; refusals are thrown HttpErrors answered
// by respond() in the one error shape (docs/decisions/0034-one-error-policy.md).
import type { User } from '#lib/db/schema.ts';
import { HttpError, json } from '#lib/http/api.ts';
import { respond } from '#lib/http/respond.ts';
import type { T } from '#lib/i18n/index.ts';
import { translateErrors } from '#lib/validation.ts';
import { publicUser } from '#features/auth/auth.api.server.ts';
import { translateProfileErrors } from './profile.schema.ts';
import { changePassword, checkCurrentPassword, saveAvatar, saveProfile } from './profile.server.ts';

/** A 429 says when to try again (Retry-After). */
const retryOf = (r: { retryAfter?: number }) => (r.retryAfter ? { retryAfter: r.retryAfter } : {});

/** The stored profile as form values: what a field keeps when a call does not send it. */
export function storedValues(user: User): Record<string, string> {
  return {
    name: user.name,
    surname: user.surname,
    ochestvo: user.ochestvo ?? '',
    sex: user.sex ? String(user.sex) : '',
    birthday: user.birthday ?? '',
    place: user.place ?? '',
    phone: user.phone ?? '',
    email: user.email,
    post: user.post ?? '',
  };
}

/** Only the fields present in the call change; the others keep their stored values (issue 10). */
export function updateResponse(
  user: User,
  values: Record<string, unknown>,
  t: T,
): Promise<Response> {
  return respond(t, 'profile.errors.failed', async () => {
    const r = await saveProfile(user, { ...storedValues(user), ...values });
    if (!r.ok)
      throw new HttpError(
        r.status,
        t(r.errors[''] ? 'profile.errors.user' : 'profile.errors.failed'),
        { errors: translateProfileErrors(r.errors, t) },
      );
    return json({ message: t('profile.saved'), data: publicUser(r.user) });
  });
}

export function avatarResponse(user: User, file: unknown, t: T): Promise<Response> {
  return respond(t, 'profile.errors.failed', async () => {
    const r = await saveAvatar(user, file);
    if (!r.ok)
      throw new HttpError(r.status, t('profile.errors.failed'), {
        errors: translateErrors(r.errors, t),
      });
    return json({ message: t('profile.saved'), data: { avatar: r.user.avatar } });
  });
}

export function passwordResponse(
  user: User,
  sessionId: string | undefined,
  values: Record<string, unknown>,
  t: T,
): Promise<Response> {
  return respond(t, 'profile.password.errors.failed', async () => {
    const r = await changePassword(user, sessionId, values);
    // The spec's password answer carries `ok` (an extra of the one error shape, decision 0034).
    if (!r.ok)
      throw new HttpError(r.status, t('profile.password.errors.failed'), {
        ok: false,
        errors: translateErrors(r.errors, t),
        ...retryOf(r),
      });
    return json({ ok: true, message: t('profile.password.changed') });
  });
}

export function passwordCheckResponse(user: User, password: string, t: T): Promise<Response> {
  return respond(t, 'profile.password.errors.failed', async () => {
    const r = await checkCurrentPassword(user.id, password);
    if (r.ok) return json({ success: true });
    // The legacy check answers its spec shape { success: false, message } with 200 (decision 0034 lists it).
    const message = t(r.errors.oldPassword ?? 'profile.password.errors.bad');
    if (r.status === 429) throw new HttpError(429, message, { success: false, ...retryOf(r) });
    return json({ success: false, message });
  });
}

/** Legacy clients send secrets base64-encoded in the query; undecodable input reads as empty. */
export function fromBase64(value: string | null | undefined): string {
  if (!value) return '';
  const s = value.trim().replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(s)) return '';
  return Buffer.from(s, 'base64').toString('utf8');
}
