// GET: the user's requests (id, title, status, created_at, unread_messages). POST: create a request
// (title, type[, message, url]) -> id, text.
import type { APIRoute } from 'astro';
import { createResponse, listResponse } from '#features/support/support.api.server.ts';
import { readForm } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = ({ locals }) => listResponse(requireUser(locals), locals.t);

export const POST: APIRoute = async ({ locals, request }) =>
  createResponse(requireUser(locals), await readForm(request), request.headers.get('user-agent'), locals.t);
