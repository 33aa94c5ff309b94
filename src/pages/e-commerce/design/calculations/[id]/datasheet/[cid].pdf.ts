// GET: one chosen item's datasheet as a PDF download (the printable page printed by headless Chromium).
import type { APIRoute } from 'astro';
import { documentPdf } from '#features/calculations/saved/pdf.server.ts';
import { notFound } from '#lib/http/not-found.ts';
import { routeId } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';
import { paths, withQuery } from '#lib/paths.ts';

export const GET: APIRoute = async ({ locals, params, request, url }) => {
  const user = requireUser(locals);
  const id = routeId(params.id);
  const cid = routeId(params.cid);
  if (id === null || cid === null) notFound();
  const line = routeId(url.searchParams.get('line') ?? undefined);
  return documentPdf(
    request,
    withQuery(paths.design.calculations.datasheet(id, cid), { line: line || undefined }),
    `datasheet-${id}-${cid}.pdf`,
    user.id,
  );
};
