// POST (JSON or form) { comment? (<= 500) }: acknowledges an alarm (control grant) -> 200 data (the
// alarm); 404 for an alarm the user cannot see (or an id past the integer range), 403 without the
// control grant, 409 when it was acknowledged already (decision 0041), 400 for a comment too long.
import type { APIRoute } from 'astro';
import { AckSchema } from '#features/scada/alarms.schema.ts';
import { acknowledge } from '#features/scada/alarms.query.server.ts';
import { HttpError, json, readForm } from '#lib/http/api.ts';
import { respond, routeId } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';
import { parseWith } from '#lib/validation.ts';

export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const t = locals.t;
  return respond(t, 'scada.alarms.errors.ack', async () => {
    const id = routeId(params.id);
    const r = parseWith(AckSchema, await readForm(request));
    if (!r.ok) {
      const errors = Object.fromEntries(
        Object.entries(r.errors).map(([k, m]) => [k || 'comment', t(m)]),
      );
      throw new HttpError(400, Object.values(errors)[0]!, { errors });
    }
    return json({ data: await acknowledge(user.id, id, r.value.comment, t) });
  });
};
