// POST (form data or JSON): tag_id, value ("true" for an error reset) -> { message, data { id,
// result confirmed|not_confirmed|refused|failed, reason, old_value, value } }. 200 confirmed, 202
// sent but not confirmed, 403/409/422/429 refused (audited up to the attempt limit; 429 with Retry-After), 404 for another user's variable.
import type { APIRoute } from 'astro';
import { runAction } from '#features/scada/action.server.ts';
import { ActionSchema } from '#features/scada/scada.schema.ts';
import { HttpError, json, readForm } from '#lib/http/api.ts';
import { respond } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';
import { parseWith } from '#lib/validation.ts';

export const POST: APIRoute = async (ctx) => {
  const user = requireUser(ctx.locals);
  const t = ctx.locals.t;
  return respond(t, 'scada.errors.action', async () => {
    const r = parseWith(ActionSchema, await readForm(ctx.request));
    if (!r.ok) {
      const first = Object.values(r.errors)[0] ?? 'scada.action.tag';
      throw new HttpError(422, t(first), {
        errors: Object.fromEntries(Object.entries(r.errors).map(([k, m]) => [k, t(m)])),
      });
    }
    let ip: string | null = null;
    try {
      ip = ctx.clientAddress;
    } catch {
      ip = null;
    }
    const answer = await runAction(user, r.value.tag_id, r.value.value, ip, t);
    return json(answer.body, answer.status, answer.headers);
  });
};
