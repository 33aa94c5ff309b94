// GET: the latest messages of a request (id, uid, full_name, avatar, message, file {url, name},
// created_at), oldest first, and meta.older; ?before=<message id> gives the page before it, limit
// (default 50, at most 100). The latest page marks them read for the viewer's side. Another
// customer's request answers 404.
import type { APIRoute } from 'astro';
import { showResponse } from '#features/support/support.api.server.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = ({ locals, params, url }) =>
  showResponse(requireUser(locals), params.id, url.searchParams, locals.t);
