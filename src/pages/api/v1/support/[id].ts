// GET: the messages of a request (id, uid, full_name, avatar, message, file {url, name}, created_at);
// marks them read for the viewer's side. Another customer's request answers 404.
import type { APIRoute } from 'astro';
import { showResponse } from '#features/support/support.api.server.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = ({ locals, params }) => showResponse(requireUser(locals), params.id, locals.t);
