// Sends a file from the FileStore with its stored type and an RFC 6266 Content-Disposition; null when
// it does not exist. Callers check who may read it first. Ids are random and never reused, so a long
// private cache is safe.
import { contentDisposition, files } from '#lib/files.server.ts';

export async function storedFileResponse(id: string, disposition: 'inline' | 'attachment', accept: (kind: string) => boolean = () => true): Promise<Response | null> {
  const store = files();
  const info = await store.info(id);
  const data = info && accept(info.kind) ? await store.read(info.id) : null;
  if (!info || !data) return null;
  return new Response(new Uint8Array(data), {
    headers: {
      'Content-Type': info.type,
      'Content-Length': String(data.byteLength),
      'Content-Disposition': contentDisposition(disposition, info.name),
      'Cache-Control': 'private, max-age=31536000, immutable',
    },
  });
}
