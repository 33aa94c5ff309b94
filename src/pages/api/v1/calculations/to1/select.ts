// POST /api/v1/calculations/to1/select: JSON (or form) inputs in the user's units ->
// { type, entities, error, warning, ... } (see docs/api.md, Heat exchangers). Bad input: 400 naming the field.
import type { APIRoute } from 'astro';
import { rawInput } from '#features/calculations/hx/hx.schema.ts';
import { hxAnswer } from '#features/calculations/hx/hx.server.ts';
import { json, readForm } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, request }) => {
  requireUser(locals);
  const r = hxAnswer('to1', rawInput(await readForm(request)), locals.t);
  return json(r.body, r.status);
};
