// GET: the dashboard -> data: changeLog [id, dateClear, typeColor, title, text], version {numb, date},
// request_count, sales_count, news [id, title, url, preview, description].
import type { APIRoute } from 'astro';
import { homeData } from '#features/home/home.server.ts';
import { json } from '#lib/http/api.ts';
import { respond } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals }) => {
  const user = requireUser(locals);
  return respond(locals.t, 'home.errors.load', async () => json({ data: await homeData(user.id) }));
};
