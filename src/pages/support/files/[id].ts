// Downloads a support attachment: only the request's customer and employees; everyone else gets the
// 404 page. Always an attachment with the original (sanitised) name and nosniff.
import type { APIRoute } from 'astro';
import { findAttachment } from '#features/support/support.server.ts';
import { contentDisposition, files, isFileId } from '#lib/files.server.ts';
import { requireUser } from '#lib/http/user.ts';

export const GET: APIRoute = async ({ locals, params, rewrite }) => {
  const user = requireUser(locals);
  const id = params.id ?? '';
  const allowed = isFileId(id) ? await findAttachment(user, id) : null;
  const [info, data] = allowed ? await Promise.all([files().info(id), files().read(id)]) : [null, null];
  if (!allowed || !info || !data) return rewrite('/404');
  return new Response(new Uint8Array(data), {
    headers: {
      'Content-Type': info.type,
      'Content-Length': String(data.byteLength),
      'Content-Disposition': contentDisposition('attachment', allowed.file_name),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
};
