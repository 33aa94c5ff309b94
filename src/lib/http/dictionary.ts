// Pages compressed against the user's own chrome (Compression Dictionary Transport, RFC 9842;
// decision 0045). The chrome (header, menus, notifications dropdown, footer, dialogs) is about 23 KB
// of every signed-in page, 6.4 KB after brotli: on a 400 kbit/s link that is most of a later
// navigation. So each signed-in page links a dictionary, the chrome rendered for this user with an
// empty content area (src/pages/chrome-dictionary.astro), which the browser fetches when idle
// (without cookies: the link names the session by its id) and keeps for ten minutes. Later navigations announce it (`Available-Dictionary`) and accept `dcb`: the
// page is then brotli-compressed with the dictionary, so only what differs from the chrome travels.
//
// The server keeps the dictionaries it gave out in memory (bounded by bytes, per user), because the
// compressor needs the exact bytes the browser holds. A dictionary it no longer has (restart,
// eviction, another instance than the one that served it) costs nothing but the gain: the page goes
// out as plain brotli until the browser's copy expires (ten minutes) and it fetches a new one.
import { createHash } from 'node:crypto';
import { Duplex } from 'node:stream';
import { constants, createBrotliCompress, type BrotliOptions } from 'node:zlib';
import { BROTLI_QUALITY } from './compression.ts';
import { installedStylesheets } from './stylesheets.ts';

/** `Content-Encoding` of a brotli stream compressed with a dictionary. */
export const DICTIONARY_ENCODING = 'dcb';
/** RFC 9842: the dcb stream starts with these four bytes, then the dictionary's SHA-256. */
const DCB_MAGIC = Buffer.from([0xff, 0x44, 0x43, 0x42]);
/** A dictionary larger than this is not kept (the chrome is about 25-40 KB). */
export const MAX_DICTIONARY_BYTES = 256 * 1024;
/** What the server keeps in all, and per user (a second tab may still hold the previous one). */
const DEFAULT_BUDGET_BYTES = 32 * 1024 * 1024;
const PER_USER = 2;
/**
 * How long the browser keeps a dictionary (also its Cache-Control): ten minutes, so that after a
 * restart (the server's copies are gone) the gain is back within that time, for a 5-6 KB fetch.
 */
export const DICTIONARY_MAX_AGE = 600;

/** The `Use-As-Dictionary` header: used for this site's documents only. */
export const USE_AS_DICTIONARY = 'match="/*", match-dest=("document")';

interface Entry {
  userId: number;
  hash: Buffer;
  bytes: Buffer;
}

const KEY = Symbol.for('cabinet.dictionaries');
interface Store {
  budget: number;
  used: number;
  /** `${userId}:${base64 hash}` -> entry, oldest first (Map keeps insertion order). */
  entries: Map<string, Entry>;
}

function store(): Store {
  const g = globalThis as { [KEY]?: Store };
  return (g[KEY] ??= {
    budget: DEFAULT_BUDGET_BYTES,
    used: 0,
    entries: new Map(),
  });
}

/**
 * The link's version (`?v=`): the build's stylesheets' name, the same on every instance of a build,
 * so a page rendered by another instance names the same dictionary (a new build: a new fetch).
 */
export const dictionaryVersion = (): string => installedStylesheets()?.build ?? 'dev';

/**
 * The key that names a session in the dictionary's link (`?k=`): Chromium fetches a dictionary
 * without the session cookie, so the link itself says whose chrome it is. It is the session's id
 * (the SHA-256 of its token, never the token), which any instance can check against the database
 * and which opens nothing once the session has ended; it authenticates nothing but this fetch.
 */
export const dictionaryKey = (sessionId: string): string => sessionId;

/** The session a dictionary key names (its id), or null when malformed. */
export function sessionOfKey(key: string | null): string | null {
  return key && /^[0-9a-f]{64}$/.test(key) ? key : null;
}

/** For tests: a smaller budget and an empty store. */
export function resetDictionaries(budget = DEFAULT_BUDGET_BYTES): void {
  const s = store();
  s.entries.clear();
  s.used = 0;
  s.budget = budget;
}

function drop(s: Store, key: string): void {
  const entry = s.entries.get(key);
  if (!entry) return;
  s.entries.delete(key);
  s.used -= entry.bytes.length;
}

/**
 * Keeps a dictionary given to a user and answers its hash (the `Available-Dictionary` value the
 * browser will send), or null when it is too large to keep.
 */
export function rememberDictionary(userId: number, bytes: Buffer): string | null {
  if (!bytes.length || bytes.length > MAX_DICTIONARY_BYTES) return null;
  const s = store();
  const hash = createHash('sha256').update(bytes).digest();
  const b64 = hash.toString('base64');
  const key = `${userId}:${b64}`;
  drop(s, key);
  // At most PER_USER per user: the oldest of this user's goes first.
  const own = [...s.entries].filter(([, e]) => e.userId === userId);
  for (const [k] of own.slice(0, Math.max(0, own.length - PER_USER + 1))) drop(s, k);
  s.entries.set(key, { userId, hash, bytes });
  s.used += bytes.length;
  for (const k of s.entries.keys()) {
    if (s.used <= s.budget) break;
    drop(s, k);
  }
  return b64;
}

// An sf-binary of a SHA-256: ":" + 44 base64 characters + ":".
const AVAILABLE = /^:([A-Za-z0-9+/]{43}=):$/;

/**
 * The dictionary this user's browser announces, when the server still has it for this user; a
 * hash of another user's dictionary, a malformed header or an evicted one answers null.
 */
export function dictionaryFor(userId: number, available: string | null): Entry | null {
  const m = AVAILABLE.exec((available ?? '').trim());
  if (!m) return null;
  const s = store();
  const key = `${userId}:${m[1]}`;
  const entry = s.entries.get(key);
  if (!entry) return null;
  // Recently used: to the end of the eviction order.
  s.entries.delete(key);
  s.entries.set(key, entry);
  return entry;
}

/** Whether the client accepts dictionary-compressed brotli (`dcb` without q=0). */
export function acceptsDictionary(acceptEncoding: string | null): boolean {
  return (acceptEncoding ?? '')
    .toLowerCase()
    .split(',')
    .some((part) => {
      const [name, ...params] = part.trim().split(';');
      if (name?.trim() !== DICTIONARY_ENCODING) return false;
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((x) => x);
      return q === undefined || Number(q) > 0;
    });
}

/** The body as a dcb stream: the magic, the dictionary's hash, then brotli with the dictionary. */
export function compressWithDictionary(
  body: ReadableStream<Uint8Array>,
  dictionary: Entry,
): ReadableStream<Uint8Array> {
  // node:zlib takes a brotli dictionary (a raw LZ77 prefix, what dcb means); @types/node lacks it.
  const options = {
    dictionary: dictionary.bytes,
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  } as BrotliOptions;
  const compressed = body
    .pipeThrough(
      Duplex.toWeb(createBrotliCompress(options)) as unknown as TransformStream<
        Uint8Array,
        Uint8Array
      >,
    )
    .getReader();
  const header = new Uint8Array(Buffer.concat([DCB_MAGIC, dictionary.hash]));
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(header);
        return;
      }
      const { done, value } = await compressed.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return compressed.cancel(reason);
    },
  });
}

/** Reads a whole (small) body, or null when it is larger than the limit. */
export async function readBounded(
  body: ReadableStream<Uint8Array>,
  limit = MAX_DICTIONARY_BYTES,
): Promise<Buffer | null> {
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    parts.push(value);
  }
  return Buffer.concat(parts);
}
