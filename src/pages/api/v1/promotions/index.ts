// GET: published promotions (orderBy=id, sortedBy=desc|asc; limit, page optional) -> data[] with id,
// title, description, preview {url, full_webp}, date_start, date_end, active; meta.pagination.total.
import type { APIRoute } from 'astro';
import { listPromotions } from '#features/promotions/promotions.server.ts';
import { json } from '#lib/http/api.ts';
import { respond } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';
import { ListQueryError } from '#lib/list.ts';

const positive = (s: string | null, fallback: number) => (s && /^\d{1,6}$/.test(s) && Number(s) > 0 ? Number(s) : fallback);

export const GET: APIRoute = async ({ locals, url }) => {
  requireUser(locals);
  return respond(locals.t, 'promotions.errors.list', async () => {
    const p = url.searchParams;
    if (p.has('orderBy') && p.get('orderBy') !== 'id') throw new ListQueryError('orderBy must be id');
    const all = await listPromotions({ order: p.get('sortedBy')?.toLowerCase() === 'asc' ? 'asc' : 'desc' });
    const limit = positive(p.get('limit'), all.length || 1);
    const page = positive(p.get('page'), 1);
    const data = all.slice((page - 1) * limit, page * limit);
    const pagination = { total: all.length, count: data.length, per_page: limit, current_page: page, total_pages: Math.max(1, Math.ceil(all.length / limit)) };
    return json({ data, meta: { pagination } });
  });
};
