// POST (employees): close (status=0) or reopen (status=1) a request (support_id, status).
import type { APIRoute } from 'astro';
import { statusResponse } from '#features/support/support.api.server.ts';
import { readForm } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, request }) =>
  statusResponse(requireUser(locals), await readForm(request), locals.t);
