// A product's stored file (picture, document, shipment file) for a reader of the product: the owner or
// a granted colleague. Anyone else, or a file that is not the product's, gets the 404 of a missing file.
// Raster pictures show inline; everything else downloads. no-store: a grant can be withdrawn.
import type { APIRoute } from 'astro';
import { canSee, isProductFile } from '#features/registry/registry.server.ts';
import { storedFileResponse } from '#lib/http/file-response.ts';
import { routeId } from '#lib/http/respond.ts';

export const GET: APIRoute = ({ params, locals }) => {
  const productId = routeId(params.id);
  const fileId = params.file ?? '';
  return storedFileResponse(fileId, {
    notFound: locals.t('errors.notFound', { name: locals.t('list.file') }),
    allow: async () =>
      !!locals.user &&
      !!productId &&
      (await canSee(locals.user.id, productId)) &&
      (await isProductFile(productId, fileId)),
    disposition: (info) => (/^image\/(png|jpeg|webp)$/.test(info.type) ? 'inline' : 'attachment'),
    cache: 'no-store',
  });
};
