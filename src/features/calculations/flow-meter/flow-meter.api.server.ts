// GET /api/v1/flow-meter/regions, /cities?region=, /organisations?city= answering
// { type: 'success', entity: [...] } as the spec has it; bounded: q (search in the name), limit
// (1..100, default 50), after (the last code of the previous page, key-based). A bad query answers
// 400 { type: 'error', error, errors }; an unknown region or city 404. Refusals are thrown HttpErrors
// in the one error shape with the spec's `type`, `entity` and `error` as extras (decision 0034).
import type { APIContext } from 'astro';
import { db } from '#lib/db/index.ts';
import { HttpError, json } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';
import { respond } from '#lib/http/respond.ts';
import { parseWith } from '#lib/validation.ts';
import { ListQuerySchema } from './reference.schema.ts';
import {
  getCity,
  getRegion,
  listCities,
  listOrganisations,
  listRegions,
  refDb,
} from './reference.server.ts';

type Kind = 'regions' | 'cities' | 'organisations';

export function referenceList(ctx: APIContext, kind: Kind): Promise<Response> {
  const t = ctx.locals.t;
  return respond(t, 'calcFlow.errors.list', async () => {
    requireUser(ctx.locals);
    const q = parseWith(
      ListQuerySchema,
      Object.fromEntries(
        [...ctx.url.searchParams.entries()].filter(([k]) => k in ListQuerySchema.entries),
      ),
    );
    const refuse = (status: number, message: string, errors?: Record<string, string>) =>
      new HttpError(status, message, {
        type: 'error',
        entity: [],
        error: message,
        ...(errors ? { errors } : {}),
      });
    const bad = (errors: Record<string, string>) => refuse(400, Object.values(errors)[0]!, errors);
    if (!q.ok)
      throw bad(
        Object.fromEntries(Object.entries(q.errors).map(([k, m]) => [k, t(m, { max: 100 })])),
      );
    const d = refDb(db());
    if (kind === 'regions') return json({ type: 'success', entity: await listRegions(d, q.value) });
    const parent = kind === 'cities' ? q.value.region : q.value.city;
    const field = kind === 'cities' ? 'region' : 'city';
    if (!parent) throw bad({ [field]: t(`calcFlow.validation.need_${field}`) });
    const exists = kind === 'cities' ? await getRegion(d, parent) : await getCity(d, parent);
    if (!exists) throw refuse(404, t(`calcFlow.validation.unknown_${field}`));
    return json({
      type: 'success',
      entity:
        kind === 'cities'
          ? await listCities(d, parent, q.value)
          : await listOrganisations(d, parent, q.value),
    });
  });
}
