// GET: the commercial offer as a PDF download (the printable page printed by headless Chromium).
import type { APIRoute } from 'astro';
import { documentPdf } from '#features/calculations/saved/pdf.server.ts';
import { notFound } from '#lib/http/not-found.ts';
import { routeId } from '#lib/http/respond.ts';
import { requireUser } from '#lib/http/user.ts';
import { paths } from '#lib/paths.ts';

export const GET: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const id = routeId(params.id);
  if (id === null) notFound();
  return documentPdf(request, paths.design.calculations.offer(id), `offer-${id}.pdf`, user.id);
};
