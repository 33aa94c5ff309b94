// GET ?tags=1,2&from=ISO&to=ISO: the raw samples of the object's variables over the range as CSV
// (streamed; times ISO 8601 UTC; one column per variable with its unit; values at the variable's
// precision). Same checks as the history: 400 naming the field, another user's object 404; a range
// with more than 200,000 samples of one variable is 400 (shorten it).
import type { APIRoute } from 'astro';
import { getScada, tagsOf } from '#features/scada/scada.server.ts';
import { checkExportSize, exportCsv, parseRange } from '#features/scada/trends.server.ts';
import { HttpError } from '#lib/http/api.ts';
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
    const own = await tagsOf(item.id);
    const wanted = (p.get('tags') ?? '').split(',').filter(Boolean).map(Number);
    if (wanted.some((id) => !own.some((tag) => tag.id === id)))
      throw new HttpError(404, t('scada.errors.tags'));
    // At most 10 variables, as the JSON history: the first 10 when none are named.
    const tags = wanted.length
      ? wanted.slice(0, 10).map((id) => own.find((tag) => tag.id === id)!)
      : own.slice(0, 10);
    await checkExportSize(tags, from, to, t);
    const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace(/[:T]/g, '-');
    return new Response(exportCsv(tags, from, to, t), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="scada-${item.id}-${stamp(from)}-${stamp(to)}.csv"`,
        'Cache-Control': 'no-store',
      },
    });
  });
};
