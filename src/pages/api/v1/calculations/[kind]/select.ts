// POST /api/v1/calculations/{kind}/select, kind one of pump, station, control, to1, to2, to3,
// flow-meter, btp: JSON (or form) inputs in the user's units -> the kind's answer { type, entities,
// error, warning, ... } (docs/api.md, one section per kind). Bad input: 400 naming the field. An
// unknown kind: 404 (JSON { message }). btp is for employees only: 403 for anyone else. The kinds are
// the calculator registry's (src/features/calculations/kit/registry.server.ts).
// Routing: /api/v1/calculations/{id} and /{id}/order are [id]/index.ts and [id]/order.ts; a path
// ending in /select is always this route (an id there is an unknown kind).
import type { APIRoute } from 'astro';
import { allowedUser, calculator } from '#features/calculations/kit/calculators/index.server.ts';
import { db } from '#lib/db/index.ts';
import { json, readForm } from '#lib/http/api.ts';
import { notFound } from '#lib/http/not-found.ts';

export const POST: APIRoute = async ({ locals, params, request }) => {
  const c = calculator(params.kind ?? '') ?? notFound();
  const user = allowedUser(c, locals);
  const r = await c.select({ db: db(), t: locals.t, user }, await readForm(request));
  return json(r.body, r.status);
};
