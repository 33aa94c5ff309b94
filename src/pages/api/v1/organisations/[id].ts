// GET: one organisation of the user -> data; another user's (or an unknown) id answers 404.
import type { APIRoute } from 'astro';
import { showResponse } from '#features/organisations/organisations.api.server.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = ({ locals, params }) =>
  showResponse(requireUser(locals), params.id, locals.t);
