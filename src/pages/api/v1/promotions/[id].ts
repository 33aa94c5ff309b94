// GET: one published promotion (full HTML text, sanitised) -> data; with include=detail its product
// rows too (data.detail: position, preview, title, sku, unit, price, discount_price, count).
import type { APIRoute } from 'astro';
import { getPromotion } from '#features/promotions/promotions.server.ts';
import { HttpError, json } from '#lib/http/api.ts';
import { respond, routeId } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, params, url }) => {
  requireUser(locals);
  return respond(locals.t, 'promotions.errors.show', async () => {
    const id = routeId(params.id);
    const promotion = id ? await getPromotion(id) : null;
    if (!promotion) throw new HttpError(404, locals.t('promotions.errors.show'));
    const includes = (url.searchParams.get('include') ?? '').split(',');
    const { detail: _detail, ...rest } = promotion;
    return json({ data: includes.includes('detail') ? promotion : rest });
  });
};
