// GET /api/v1/flow-meter/regions, /cities?region=, /organisations?city= answering
// { type: 'success', entity: [...] } as the spec has it; bounded: q (search in the name), limit
// (1..100, default 50), after (the last code of the previous page, key-based). A bad query answers
// 400 { type: 'error', error, errors }; an unknown region or city 404.
import type { APIContext } from 'astro';
import { db } from '#lib/db/index.ts';
import { json } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';
import { respond } from '#lib/http/respond.ts';
import { parseWith } from '#lib/validation.ts';
import { ListQuerySchema } from './reference.schema.ts';
import { getCity, getRegion, listCities, listOrganisations, listRegions, refDb } from './reference.server.ts';

type Kind = 'regions' | 'cities' | 'organisations';

export function referenceList(ctx: APIContext, kind: Kind): Promise<Response> {
  const t = ctx.locals.t;
  return respond(t, 'calcFlow.errors.list', async () => {
    requireUser(ctx.locals);
    const q = parseWith(ListQuerySchema, Object.fromEntries([...ctx.url.searchParams.entries()].filter(([k]) => k in ListQuerySchema.entries)));
    const bad = (errors: Record<string, string>) => json({ type: 'error', message: Object.values(errors)[0], entity: [], error: Object.values(errors)[0], errors }, 400);
    if (!q.ok) return bad(Object.fromEntries(Object.entries(q.errors).map(([k, m]) => [k, t(m, { max: 100 })])));
    const d = refDb(db());
    if (kind === 'regions') return json({ type: 'success', entity: await listRegions(d, q.value) });
    const parent = kind === 'cities' ? q.value.region : q.value.city;
    const field = kind === 'cities' ? 'region' : 'city';
    if (!parent) return bad({ [field]: t(`calcFlow.validation.need_${field}`) });
    const exists = kind === 'cities' ? await getRegion(d, parent) : await getCity(d, parent);
    if (!exists) return json({ type: 'error', message: t(`calcFlow.validation.unknown_${field}`), entity: [], error: t(`calcFlow.validation.unknown_${field}`) }, 404);
    return json({ type: 'success', entity: kind === 'cities' ? await listCities(d, parent, q.value) : await listOrganisations(d, parent, q.value) });
  });
}

