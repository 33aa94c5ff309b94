// POST /api/v1/calculations/to1/save: { inputs, chosen, oid?, object? } -> { type: 'success', request, id }
// (the same as POST /api/v1/calculations with kind 'to1'; see docs/api.md, Saved calculations).
import type { APIRoute } from 'astro';
import { saveResponse } from '#features/calculations/saved/saved.api.server.ts';
import { readForm } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, request }) => saveResponse(requireUser(locals), { ...(await readForm(request)), kind: 'to1' }, locals.t);
