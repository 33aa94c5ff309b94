// Legacy object list: query search, filter, pageSize, pageNumber, sortField, sortOrder, token ->
// data.totalCount, data.entities. With only the token it answers as
// /api/v1/objects/all (the first 50, newest first; limit up to 100).
import type { APIRoute } from 'astro';
import { allResponse, listResponse } from '#features/objects/objects.api.server.ts';
import { wantsAll } from '#lib/http/legacy.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = ({ locals, url }) =>
  wantsAll(url.searchParams)
    ? allResponse(requireUser(locals), url.searchParams, locals.t)
    : listResponse(requireUser(locals), url.searchParams, locals.t);
