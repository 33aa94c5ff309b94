// Avatar uploads: only PNG and JPEG (.png, .jpg, .jpeg) whose bytes really are PNG or JPEG; decoded
// with a pixel limit, re-encoded by sharp to a 256x256 WebP (which also drops metadata and anything
// hidden in the original) and kept in the FileStore.
import { files, fileIdFromUrl } from '#lib/files.server.ts';
import { log } from '#lib/log.ts';
import { AVATAR_EXTENSIONS } from './profile.schema.ts';
import { paths } from '#lib/paths.ts';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 256;
/** Far below sharp's default of 268 MP: a 25 MP photo is plenty for an avatar. */
const MAX_INPUT_PIXELS = 25_000_000;

type Sniffed = 'png' | 'jpeg' | null;

/** The image type by its first bytes (magic numbers), whatever the name or Content-Type claim. */
export function sniffImage(bytes: Uint8Array): Sniffed {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  return null;
}

const extensionOf = (name: string) =>
  (/\.[^.]+$/.exec(name.toLowerCase())?.[0] ?? '') as (typeof AVATAR_EXTENSIONS)[number] | '';

export type AvatarCheck = { ok: true; bytes: Uint8Array } | { ok: false; error: string };

/** Size, extension and content checks before any decoding; errors are dictionary keys. */
export async function checkAvatar(file: File): Promise<AvatarCheck> {
  if (file.size > AVATAR_MAX_BYTES) return { ok: false, error: 'profile.avatar.errors.size' };
  const ext = extensionOf(file.name);
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(ext))
    return { ok: false, error: 'profile.avatar.errors.type' };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImage(bytes);
  if (!kind || (kind === 'png') !== (ext === '.png'))
    return { ok: false, error: 'profile.avatar.errors.type' };
  return { ok: true, bytes };
}

/** Decodes and re-encodes to a square WebP; null when the image cannot be decoded or is too large. */
export async function reencodeAvatar(bytes: Uint8Array): Promise<Buffer | null> {
  // Loaded on first upload only: keeps server start-up fast.
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    log.info('avatar rejected', { err });
    return null;
  }
}

/** Stores the re-encoded avatar; returns its URL for users.avatar. */
export async function storeAvatar(userId: number, webp: Buffer): Promise<string> {
  const stored = await files().put(webp, {
    owner: userId,
    kind: 'avatar',
    name: 'avatar.webp',
    type: 'image/webp',
  });
  return paths.files.one(stored.id);
}

/** Removes a previous avatar file of ours (avatars set elsewhere, e.g. external URLs, are left alone). */
export async function dropAvatar(url: string | null | undefined): Promise<void> {
  const id = fileIdFromUrl(url);
  if (id)
    await files()
      .remove(id)
      .catch((err) => log.warn('old avatar not removed', { err }));
}
