// GET /api/v1/calculations/{id}: one saved calculation with inputs, result snapshot, chosen items and documents.
import type { APIRoute } from 'astro';
import { calculationOrThrow } from '#features/calculations/saved/saved.api.server.ts';
import { json } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, params }) =>
  json({ data: await calculationOrThrow(requireUser(locals), params.id, locals.t) });
