// GET: the user's objects (searchText, filter, pageSize, pageNumber, sortField, sortOrder ->
// data.totalCount, data.entities). POST: create an object (name, address, coords or lat + lon) -> data (201).
import type { APIRoute } from 'astro';
import { createResponse, listResponse } from '#features/objects/objects.api.server.ts';
import { readForm } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = ({ locals, url }) =>
  listResponse(requireUser(locals), url.searchParams, locals.t);

export const POST: APIRoute = async ({ locals, request }) =>
  createResponse(requireUser(locals), await readForm(request), locals.t);
