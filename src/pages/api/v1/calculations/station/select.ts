// POST /api/v1/calculations/station/select: JSON (or form) inputs -> { type, entities, error, warning }.
import type { APIRoute } from 'astro';
import { selectAnswer } from '#features/calculations/select.server.ts';
import { rawInput } from '#features/calculations/calculations.schema.ts';
import { db } from '#lib/db/index.ts';
import { json, readForm } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, request }) => {
  requireUser(locals);
  const r = await selectAnswer('station', db(), rawInput(await readForm(request)), locals.t);
  return json(r.body, r.status);
};
