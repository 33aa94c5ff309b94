// GET: the user's saved calculations (searchText, filter {kind, status, request, title}, pageSize,
// pageNumber, sortField, sortOrder -> data.totalCount, data.entities).
// POST: save (kind, inputs JSON, chosen cids, oid, object) -> { type: 'success', request, id }.
import type { APIRoute } from 'astro';
import { listResponse, saveResponse } from '#features/calculations/saved/saved.api.server.ts';
import { readForm } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = ({ locals, url }) =>
  listResponse(requireUser(locals), url.searchParams, locals.t);

export const POST: APIRoute = async ({ locals, request }) =>
  saveResponse(requireUser(locals), await readForm(request), locals.t);
