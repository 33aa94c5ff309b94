// Pictures every signed-in user may see (promotions, their products, news): re-encoded to WebP,
// kept in the FileStore under a media kind and served by /media/{id} (src/pages/media/[id].ts).
import { isRasterImage, toWebp } from './attachments.server.ts';
import { files } from './files.server.ts';

export const MEDIA_KINDS = ['promotion', 'news'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const isMediaKind = (s: string): s is MediaKind =>
  (MEDIA_KINDS as readonly string[]).includes(s);

/** Widest picture kept; cards and tables show them much smaller. */
const MAX_WIDTH = 1200;

/**
 * Stores a PNG, JPEG or WebP picture (or an SVG when `trusted`, i.e. our own demo files) as WebP;
 * returns the FileStore id, or null when the bytes are not a picture we accept.
 */
export async function storeMedia(
  bytes: Uint8Array,
  kind: MediaKind,
  owner: number,
  trusted = false,
): Promise<string | null> {
  if (!trusted && !isRasterImage(bytes)) return null;
  const webp = await toWebp(bytes, MAX_WIDTH);
  if (!webp) return null;
  const stored = await files().put(webp, { owner, kind, name: `${kind}.webp`, type: 'image/webp' });
  return stored.id;
}
