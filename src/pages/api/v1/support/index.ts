// GET: the user's requests, newest first (id, title, status, created_at, unread_messages), one page:
// searchText (3+ characters, in the title), before (id key of the next page), limit (default 30,
// at most 100) -> data, meta.next. POST: create a request (title, type[, message, url]) -> id, text.
import type { APIRoute } from 'astro';
import { createResponse, listResponse } from '#features/support/support.api.server.ts';
import { readForm } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = ({ locals, url }) =>
  listResponse(requireUser(locals), url.searchParams, locals.t);

export const POST: APIRoute = async ({ locals, request }) =>
  createResponse(
    requireUser(locals),
    await readForm(request),
    request.headers.get('user-agent'),
    locals.t,
  );
