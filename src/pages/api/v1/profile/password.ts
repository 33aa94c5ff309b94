// POST: change the password (oldPassword, newPassword, verifyPassword) -> { ok, message[, errors] }.
// Every other session of the user ends on success.
import type { APIRoute } from 'astro';
import { passwordResponse } from '#features/profile/profile.api.server.ts';
import { readForm } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, request }) =>
  passwordResponse(requireUser(locals), locals.session?.id, await readForm(request), locals.t);
