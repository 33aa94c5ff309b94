// Legacy organisation save: POST with query (or body) inn, post, token -> data.
import type { APIRoute } from 'astro';
import { createResponse } from '#features/organisations/organisations.api.server.ts';
import { legacyValues } from '#lib/http/legacy.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, url, request }) =>
  createResponse(requireUser(locals), await legacyValues(url, request), locals.t);
