// Legacy organisation list-all: token[, search, limit] -> data.totalCount, data.entities (bounded as
// /api/v1/organisations/all).
import type { APIRoute } from 'astro';
import { allResponse } from '#features/organisations/organisations.api.server.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = ({ locals, url }) =>
  allResponse(requireUser(locals), url.searchParams, locals.t);
