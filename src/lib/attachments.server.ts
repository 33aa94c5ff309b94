// Document attachments (order documents, files in order conversations): the type is decided by the
// file's bytes (src/lib/sniff.ts), never by its name or the client's Content-Type, and must agree
// with the name's extension. Pictures can be re-encoded to WebP (dropping metadata and anything
// hidden in them).
import { config } from './config.ts';
import { files, safeName, type StoredFile } from './files.server.ts';
import { log } from './log.ts';
import { extensionMatches, sniff, type SniffKind } from './sniff.ts';

/** What an order document or a conversation file may be. */
const DOCUMENT_KINDS: readonly SniffKind[] = [
  'pdf',
  'png',
  'jpeg',
  'webp',
  'docx',
  'xlsx',
  'doc',
  'xls',
  'zip',
];
const RASTER_KINDS: readonly SniffKind[] = ['png', 'jpeg', 'webp'];

export type AttachmentResult =
  { ok: true; file: StoredFile } | { ok: false; reason: 'size' | 'type' };

/** Checks and stores an uploaded document for the given owner (who may then read it at /files/{id}). */
export async function storeAttachment(
  file: File,
  owner: number,
  kind: string,
): Promise<AttachmentResult> {
  if (file.size === 0 || file.size > config().uploadLimit) return { ok: false, reason: 'size' };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sniffed = sniff(bytes, file.name);
  if (
    !sniffed ||
    !(DOCUMENT_KINDS as readonly string[]).includes(sniffed.kind) ||
    !extensionMatches(sniffed, file.name)
  )
    return { ok: false, reason: 'type' };
  return {
    ok: true,
    file: await files().put(bytes, { owner, kind, name: safeName(file.name), type: sniffed.mime }),
  };
}

/** True for PNG, JPEG and WebP bytes (the picture types the back office may upload). */
export const isRasterImage = (bytes: Uint8Array): boolean =>
  (RASTER_KINDS as readonly string[]).includes(sniff(bytes)?.kind ?? '');

const MAX_INPUT_PIXELS = 40_000_000;

/** Decodes a picture and re-encodes it as WebP, at most maxWidth wide; null when it cannot be decoded. */
export async function toWebp(bytes: Uint8Array, maxWidth: number): Promise<Buffer | null> {
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: maxWidth, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (err) {
    log.info('image rejected', { err });
    return null;
  }
}
