// POST /api/v1/calculations/btp/select: the substation composition (JSON or form, the page form's
// fields) -> { type, entities (one per circuit), error, warning, errors, warnings, totals, engine }
// as the pump calls answer. Employees only: a customer gets 403. Bad input: 400 naming the field.
import type { APIRoute } from 'astro';
import { btpRaw } from '#features/calculations/btp/btp.schema.ts';
import { requireEmployee, selectBtp } from '#features/calculations/btp/btp.server.ts';
import { json, readForm } from '#lib/http/api.ts';

export const POST: APIRoute = async ({ locals, request }) => {
  requireEmployee(locals);
  const r = await selectBtp(btpRaw(await readForm(request)), locals.t);
  return json(r.body, r.status);
};
