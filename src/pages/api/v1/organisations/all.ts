// GET: every organisation of the user (for pickers) -> data.totalCount, data.entities.
import type { APIRoute } from 'astro';
import { allResponse } from '#features/organisations/organisations.api.server.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = ({ locals }) => allResponse(requireUser(locals), locals.t);
