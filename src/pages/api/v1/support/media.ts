// POST (multipart): a file for a request (support_id, media[, message]). Size-capped and sniffed by
// content; a refused file is not stored.
import type { APIRoute } from 'astro';
import { messageResponse } from '#features/support/support.api.server.ts';
import { readForm } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, request }) =>
  messageResponse(requireUser(locals), await readForm(request), true, locals.t);
