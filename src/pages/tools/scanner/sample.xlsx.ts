// GET: the scanner's sample specification (GOST 21.110 Form 1, .xlsx) in the user's language.
// Under /tools/scanner in the site map, so the same guard as the scanner page applies.
import type { APIRoute } from 'astro';
import { sampleSpecification } from '#features/scanner/wizard/sample.server.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals }) => {
  requireUser(locals);
  const body = await sampleSpecification(locals.t);
  return new Response(new Uint8Array(body), {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="specification-sample.xlsx"`,
      'Cache-Control': 'private, max-age=3600',
    },
  });
};
