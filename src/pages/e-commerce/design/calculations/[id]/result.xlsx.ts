// GET: the saved calculation (offer, result list, inputs) as an .xlsx download; another user's id 404.
import type { APIRoute } from 'astro';
import { calculationOrThrow } from '#features/calculations/saved/saved.api.server.ts';
import { calculationXlsx } from '#features/calculations/saved/saved-xlsx.server.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, params }) => {
  const c = await calculationOrThrow(requireUser(locals), params.id, locals.t);
  const body = await calculationXlsx(c, locals.t);
  return new Response(new Uint8Array(body), {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${c.request}.xlsx"`,
      'Cache-Control': 'private, no-store',
    },
  });
};
