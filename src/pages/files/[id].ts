// Stored files, only for users allowed to read them; others get the 404 of a missing file. Avatars
// show inline, everything else downloads.
import type { APIRoute } from 'astro';
import { canRead } from '#lib/files.server.ts';
import { storedFileResponse } from '#lib/http/file-response.ts';

export const GET: APIRoute = ({ params, locals }) =>
  storedFileResponse(params.id ?? '', {
    notFound: locals.t('errors.notFound', { name: locals.t('list.file') }),
    allow: (info) => canRead(info, locals.user),
    disposition: (info) =>
      info.kind === 'avatar' && info.type.startsWith('image/') ? 'inline' : 'attachment',
  });
