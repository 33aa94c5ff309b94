// Legacy password change: GET with oldPassword, newPassword, verifyPassword (each base64) and token
// -> { ok: true, message } or { ok: false, message, errors }. Other sessions end on success.
import type { APIRoute } from 'astro';
import { fromBase64, passwordResponse } from '#features/profile/profile.api.server.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = ({ locals, url }) => {
  const q = url.searchParams;
  const values = { oldPassword: fromBase64(q.get('oldPassword')), newPassword: fromBase64(q.get('newPassword')), verifyPassword: fromBase64(q.get('verifyPassword')) };
  return passwordResponse(requireUser(locals), locals.session?.id, values, locals.t);
};
