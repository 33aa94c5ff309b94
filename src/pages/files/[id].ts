// Stored files (FileStore), only for users allowed to read them; others get 404 as if it did not
// exist. Ids are generated, so a file's content never changes: it may be cached privately for long.
import type { APIRoute } from 'astro';
import { canRead, contentDisposition, files } from '#lib/files.server.ts';

export const GET: APIRoute = async ({ params, locals }) => {
  const store = files();
  const info = await store.info(params.id ?? '');
  const data = info && canRead(info, locals.user) ? await store.read(info.id) : null;
  if (!info || !data) return new Response(locals.t('errors.notFound', { name: locals.t('list.file') }), { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const image = info.type.startsWith('image/') && info.kind === 'avatar';
  return new Response(new Uint8Array(data), {
    headers: {
      'Content-Type': info.type,
      'Content-Length': String(data.byteLength),
      'Content-Disposition': contentDisposition(image ? 'inline' : 'attachment', info.name),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, max-age=31536000, immutable',
    },
  });
};
