// Downloads a support attachment: only the request's customer and employees; everyone else gets the
// 404 of a missing file. Always an attachment with the original (sanitised) name; not cached, since
// access follows the request.
import type { APIRoute } from 'astro';
import { findAttachment } from '#features/support/support.server.ts';
import { isFileId } from '#lib/files.server.ts';
import { storedFileResponse } from '#lib/http/file-response.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  const id = params.id ?? '';
  const allowed = isFileId(id) ? await findAttachment(user, id) : null;
  return storedFileResponse(allowed ? id : '', {
    notFound: locals.t('errors.notFound', { name: locals.t('list.file') }),
    disposition: 'attachment',
    name: allowed?.file_name,
    cache: 'no-store',
  });
};
