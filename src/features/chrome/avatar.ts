// The avatar stand-in: the first letter of the name on one of five colours chosen by that letter, so
// a user keeps the same colour everywhere. Pure module.
import { paths } from '#lib/paths.ts';

export const AVATAR_COLOURS = 5;

export function avatarLetter(name: string | null | undefined): string {
  const first = Array.from((name ?? '').trim())[0];
  return first ? first.toLocaleUpperCase() : '?';
}

/** 0..4: the colour class of a name's avatar. */
export function avatarColour(name: string | null | undefined): number {
  return (avatarLetter(name).codePointAt(0) ?? 0) % AVATAR_COLOURS;
}

/**
 * Where the user's picture is served from: users.avatar holds a stored file's id (served by
 * /files/:id) or already that path. Anything else is ignored and the letter is shown.
 */
export function avatarSrc(avatar: string | null | undefined): string | null {
  if (!avatar) return null;
  if (/^\/files\/[A-Za-z0-9_-]{21}$/.test(avatar)) return avatar;
  return /^[A-Za-z0-9_-]{21}$/.test(avatar) ? paths.files.one(avatar) : null;
}
