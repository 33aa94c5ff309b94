// POST /api/v1/calculations/to3/select: JSON (or form) inputs in the user's units ->
// { type, entities, error, warning, ... }, each pack with cid, sku, price_kop and its save `pick`
// (see docs/api.md, Heat exchangers). Bad input: 400 naming the field.
import type { APIRoute } from 'astro';
import { rawInput } from '#features/calculations/hx/hx.schema.ts';
import { hxSelectAnswer } from '#features/calculations/hx/hx-save.server.ts';
import { db } from '#lib/db/index.ts';
import { json, readForm } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, request }) => {
  requireUser(locals);
  const r = await hxSelectAnswer('to3', rawInput(await readForm(request)), locals.t, db());
  return json(r.body, r.status);
};
