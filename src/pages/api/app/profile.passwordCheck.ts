// Legacy password check: POST password (base64, in the query or the body) and token -> { success }.
import type { APIRoute } from 'astro';
import { fromBase64, passwordCheckResponse } from '#features/profile/profile.api.server.ts';
import { legacyValues } from '#lib/http/legacy.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, url, request }) => {
  const { password } = await legacyValues(url, request);
  return passwordCheckResponse(
    requireUser(locals),
    fromBase64(typeof password === 'string' ? password : ''),
    locals.t,
  );
};
