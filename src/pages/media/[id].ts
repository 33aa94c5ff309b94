// GET: a promotion or news picture, for any signed-in user. Other stored files are served by
// /files/{id} to their owners only.
import type { APIRoute } from 'astro';
import { storedFileResponse } from '#lib/http/file-response.ts';
import { requireUser } from '#lib/http/user.ts';
import { isMediaKind } from '#lib/media.server.ts';

export const GET: APIRoute = ({ locals, params }) => {
  requireUser(locals);
  return storedFileResponse(params.id ?? '', {
    notFound: locals.t('errors.notFound', { name: locals.t('promotions.image') }),
    allow: (info) => isMediaKind(info.kind),
    disposition: 'inline',
  });
};
