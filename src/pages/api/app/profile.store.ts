// Legacy profile save: POST with token and query name, surname, ochestvo, sex, birthday, place,
// phone, email (body fields, e.g. an avatar file, are merged in) -> { message, data } or { message, errors }.
import type { APIRoute } from 'astro';
import { updateResponse } from '#features/profile/profile.api.server.ts';
import { legacyValues } from '#lib/http/legacy.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, url, request }) => {
  const user = requireUser(locals);
  // Fields the legacy call leaves out keep their stored values (updateResponse merges them).
  return updateResponse(user, await legacyValues(url, request), locals.t);
};
