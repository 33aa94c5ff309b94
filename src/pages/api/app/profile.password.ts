// Legacy password change: GET with oldPassword, newPassword, verifyPassword (each base64) and token
// -> { ok: true, message } or { ok: false, message, errors }. Other sessions end on success.
// A GET is followed from any site with the cookie attached, so this call accepts only the token it
// is documented with (query or bearer), never the browser's session cookie.
import type { APIRoute } from 'astro';
import { fromBase64, passwordResponse } from '#features/profile/profile.api.server.ts';
import { HttpError } from '#lib/http/api.ts';
import { explicitCredentials } from '#lib/http/csrf.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = ({ locals, url, request }) => {
  if (!explicitCredentials(request, url)) throw new HttpError(401, locals.t('errors.unauthorized'));
  const q = url.searchParams;
  const values = {
    oldPassword: fromBase64(q.get('oldPassword')),
    newPassword: fromBase64(q.get('newPassword')),
    verifyPassword: fromBase64(q.get('verifyPassword')),
  };
  return passwordResponse(requireUser(locals), locals.session?.id, values, locals.t);
};
