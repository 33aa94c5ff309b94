// GET ?tags=1,2&from=ISO&to=ISO&points=N: min/max/avg per time bucket for the object's variables
// (at most 2,000 points per series, ranges up to 31 days) with the gaps where the line breaks
// -> data [{ tag_id, points [{ t, min, max, avg }], gaps [[from, to]] }], meta { from, to }.
// A wrong range is 400 naming the field (errors.from / errors.to); another user's object 404.
import type { APIRoute } from 'astro';
import { history, MAX_POINTS } from '#features/scada/history.server.ts';
import { getScada, tagsOf } from '#features/scada/scada.server.ts';
import { parseRange } from '#features/scada/trends.server.ts';
import { HttpError, json } from '#lib/http/api.ts';
import { respond, routeId } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, params, url }) => {
  const user = requireUser(locals);
  const t = locals.t;
  return respond(t, 'scada.errors.history', async () => {
    const item = await getScada(user.id, routeId(params.id));
    if (!item) throw new HttpError(404, t('scada.errors.show'));
    const p = url.searchParams;
    const { from, to } = parseRange(p, t);
    const raw = p.get('points');
    if (raw !== null && !/^\d{1,5}$/.test(raw))
      throw new HttpError(400, t('scada.errors.range'), {
        errors: { points: t('scada.trends.errors.points', { max: MAX_POINTS }) },
      });
    const points = raw ? Number(raw) : 500;
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
    return json({
      data: await history(ids, from, to, Math.max(1, Math.min(points, MAX_POINTS))),
      meta: { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
    });
  });
};
