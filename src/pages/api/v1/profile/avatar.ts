// POST multipart: replace the avatar (field avatar: .png/.jpg/.jpeg) -> { message, data: { avatar } }.
import type { APIRoute } from 'astro';
import { avatarResponse } from '#features/profile/profile.api.server.ts';
import { readForm } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, request }) =>
  avatarResponse(requireUser(locals), (await readForm(request)).avatar, locals.t);
