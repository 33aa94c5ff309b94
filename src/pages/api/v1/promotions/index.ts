// GET: published promotions (orderBy=id, sortedBy=desc|asc; limit (up to 100, the default), page) -> data[] with id,
// title, description, preview {url, full_webp}, date_start, date_end, active; meta.pagination.total.
import type { APIRoute } from 'astro';
import { countPromotions, listPromotions } from '#features/promotions/promotions.server.ts';
import { json } from '#lib/http/api.ts';
import { respond } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';
import { ListQueryError, MAX_PAGE_SIZE } from '#lib/list.ts';

const positive = (s: string | null, fallback: number) =>
  s && /^\d{1,6}$/.test(s) && Number(s) > 0 ? Number(s) : fallback;

export const GET: APIRoute = async ({ locals, url }) => {
  requireUser(locals);
  return respond(locals.t, 'promotions.errors.list', async () => {
    const p = url.searchParams;
    if (p.has('orderBy') && p.get('orderBy') !== 'id')
      throw new ListQueryError('orderBy must be id');
    const total = await countPromotions();
    // Without limit "all" of them, bounded like every answer (MAX_PAGE_SIZE; meta tells the total).
    const limit = Math.min(positive(p.get('limit'), MAX_PAGE_SIZE), MAX_PAGE_SIZE);
    const page = positive(p.get('page'), 1);
    const data = await listPromotions({
      order: p.get('sortedBy')?.toLowerCase() === 'asc' ? 'asc' : 'desc',
      limit,
      offset: (page - 1) * limit,
    });
    const pagination = {
      total,
      count: data.length,
      per_page: limit,
      current_page: page,
      total_pages: Math.max(1, Math.ceil(total / limit)),
    };
    return json({ data, meta: { pagination } });
  });
};
