// GET: a promotion or news picture, for any signed-in user. Other stored files are served by
// /files/{id} to their owners only.
import type { APIRoute } from 'astro';
import { HttpError } from '#lib/http/api.ts';
import { storedFileResponse } from '#lib/http/file-response.ts';
import { requireUser } from '#lib/http/user.ts';
import { isMediaKind } from '#lib/media.server.ts';

export const GET: APIRoute = async ({ locals, params }) => {
  requireUser(locals);
  const response = await storedFileResponse(params.id ?? '', 'inline', isMediaKind);
  if (!response) throw new HttpError(404, locals.t('errors.notFound', { name: locals.t('promotions.image') }));
  return response;
};
