// GET ?tags=1,2&from=ISO&to=ISO&points=N: min/max/avg per time bucket for the object's variables
// (at most 2,000 points per series, ranges up to 31 days) -> data [{ tag_id, points [{ t, min, max, avg }] }].
import type { APIRoute } from 'astro';
import { history, MAX_POINTS } from '#features/scada/history.server.ts';
import { getScada, tagsOf } from '#features/scada/scada.server.ts';
import { HttpError, json } from '#lib/http/api.ts';
import { respond, routeId } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

const MAX_RANGE = 31 * 86_400_000;

export const GET: APIRoute = async ({ locals, params, url }) => {
  const user = requireUser(locals);
  const t = locals.t;
  return respond(t, 'scada.errors.history', async () => {
    const item = await getScada(user.id, routeId(params.id));
    if (!item) throw new HttpError(404, t('scada.errors.show'));
    const p = url.searchParams;
    const to = p.get('to') ? Date.parse(p.get('to')!) : Date.now();
    const from = p.get('from') ? Date.parse(p.get('from')!) : to - 3_600_000;
    const points =
      p.get('points') && /^\d{1,5}$/.test(p.get('points')!) ? Number(p.get('points')) : 500;
    if (!Number.isFinite(from) || !Number.isFinite(to) || from >= to || to - from > MAX_RANGE)
      throw new HttpError(400, t('scada.errors.range'));
    const own = await tagsOf(item.id);
    const wanted = (p.get('tags') ?? '').split(',').filter(Boolean).map(Number);
    if (wanted.some((id) => !own.some((tag) => tag.id === id)))
      throw new HttpError(404, t('scada.errors.tags'));
    const ids = wanted.length
      ? wanted.slice(0, 10)
      : own
          .filter((tag) => tag.type !== 'bool')
          .slice(0, 4)
          .map((tag) => tag.id);
    return json({ data: await history(ids, from, to, Math.min(points, MAX_POINTS)) });
  });
};
