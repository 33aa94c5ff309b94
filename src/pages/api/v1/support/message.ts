// POST: a text message to a request (support_id, message); empty or whitespace-only answers 422.
import type { APIRoute } from 'astro';
import { messageResponse } from '#features/support/support.api.server.ts';
import { readForm } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, request }) =>
  messageResponse(requireUser(locals), await readForm(request), false, locals.t);
