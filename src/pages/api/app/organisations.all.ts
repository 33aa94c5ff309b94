// Legacy organisation list-all: token -> data.totalCount, data.entities (every organisation).
import type { APIRoute } from 'astro';
import { allResponse } from '#features/organisations/organisations.api.server.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = ({ locals }) => allResponse(requireUser(locals), locals.t);
