// A public document (manual, certificate, passport) of the product a passport token opens, for anyone
// with the token (decision 0046). A document of another product, of another kind, an unknown or
// revoked token: the 404 of a missing file. Rate-limited per client address with the page (429).
// The file is named by the document's public name, kept out of search indexes and caches.
import type { APIRoute } from 'astro';
import {
  clientIp,
  limitPassport,
  PASSPORT_LIMITS,
  publicDocument,
  publicFileName,
} from '#features/registry/registry.passport.server.ts';
import { storedFileResponse } from '#lib/http/file-response.ts';
import { routeId } from '#lib/http/respond.ts';

export const GET: APIRoute = async (ctx) => {
  const { t } = ctx.locals;
  await limitPassport(PASSPORT_LIMITS.view, clientIp(ctx), t);
  const doc = await publicDocument(ctx.params.token ?? '', routeId(ctx.params.document));
  const res = await storedFileResponse(doc?.file_id ?? '', {
    notFound: t('errors.notFound', { name: t('list.file') }),
    disposition: 'attachment',
    cache: 'no-store',
    name: (info) => publicFileName(doc!.name, info.name),
  });
  res.headers.set('X-Robots-Tag', 'noindex');
  return res;
};
