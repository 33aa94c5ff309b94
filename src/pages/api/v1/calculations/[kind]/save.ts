// POST /api/v1/calculations/{kind}/save: { inputs, chosen, oid?, object? } -> { type: 'success', request, id }
// (the same as POST /api/v1/calculations with that kind; see docs/api.md, Saved calculations). The
// kind is a saved-calculation kind (to1, to2, to3, flow-meter as documented; the pump kinds too);
// any other: 404.
import type { APIRoute } from 'astro';
import { calcKind } from '#features/calculations/saved/kinds/index.server.ts';
import { saveResponse } from '#features/calculations/saved/saved.api.server.ts';
import { readForm } from '#lib/http/api.ts';
import { notFound } from '#lib/http/not-found.ts';
import { requireUser } from '#lib/http/user.ts';

export const POST: APIRoute = async ({ locals, params, request }) => {
  const kind = calcKind(params.kind ?? '') ?? notFound();
  return saveResponse(
    requireUser(locals),
    { ...(await readForm(request)), kind: kind.kind },
    locals.t,
  );
};
