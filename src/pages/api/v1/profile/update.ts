// POST: save the signed-in user's profile (name, surname, ochestvo, sex, birthday, place, phone,
// email, post; optional avatar file, avatar_remove) -> { message, data } or { message, errors }.
import type { APIRoute } from 'astro';
import { updateResponse } from '#features/profile/profile.api.server.ts';
import { readForm } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, request }) =>
  updateResponse(requireUser(locals), await readForm(request), locals.t);
