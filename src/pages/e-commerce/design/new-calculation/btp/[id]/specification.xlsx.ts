// GET: the specification of a calculated substation project as .xlsx (GOST 21.110 Form 1 columns);
// employees only (the site map guards the path), the owner's own: another id answers 404.
import type { APIRoute } from 'astro';
import { HttpError } from '#lib/http/api.ts';
import { requireUser } from '#lib/http/user.ts';
import { projectOrThrow, sheetHeading } from '#features/calculations/btp/btp.server.ts';
import { specificationXlsx } from '#features/calculations/btp/spec-xlsx.server.ts';
import { specification } from '#features/calculations/btp/spec.ts';

export const GET: APIRoute = async ({ locals, params }) => {
  const p = await projectOrThrow(requireUser(locals), params.id, locals.t);
  if (!p.result)
    throw new HttpError(404, locals.t('errors.notFound', { name: locals.t('calcBtp.entity') }));
  const body = await specificationXlsx(
    sheetHeading(p, locals.t),
    specification(p.result, locals.t).sections,
    locals.t,
  );
  return new Response(new Uint8Array(body), {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${p.number}-specification.xlsx"`,
      'Cache-Control': 'private, no-store',
    },
  });
};
