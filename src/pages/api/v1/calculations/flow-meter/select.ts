// POST /api/v1/calculations/flow-meter/select: JSON (or form) inputs in the user's units ->
// { type, entities, error, warning, pipes, organisation, rejected, warnings, explanation } (docs/api.md,
// Flow meter). Bad input: 400 naming the field in the user's language.
import type { APIRoute } from 'astro';
import { flowMeterAnswer } from '#features/calculations/flow-meter/flow-meter.server.ts';
import { db } from '#lib/db/index.ts';
import { json, readForm } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, request }) => {
  requireUser(locals);
  const r = await flowMeterAnswer(db(), await readForm(request), locals.t);
  return json(r.body, r.status);
};
