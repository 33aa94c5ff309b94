// GET: the user's objects for pickers, bounded: search (3+ characters: name or address), limit
// (default 50, at most 100) -> data.totalCount (all matches), data.entities (newest first).
import type { APIRoute } from 'astro';
import { allResponse } from '#features/objects/objects.api.server.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = ({ locals, url }) =>
  allResponse(requireUser(locals), url.searchParams, locals.t);
