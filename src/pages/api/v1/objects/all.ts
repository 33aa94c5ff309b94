// GET: every object of the user (for maps and pickers) -> data.totalCount, data.entities.
import type { APIRoute } from 'astro';
import { allResponse } from '#features/objects/objects.api.server.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = ({ locals }) => allResponse(requireUser(locals), locals.t);
