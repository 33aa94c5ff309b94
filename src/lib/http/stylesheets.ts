// Stylesheets inline on a first visit, from the browser's cache afterwards (issue 26).
//
// The build emits hashed stylesheets under /_astro/ (immutable for a year, src/lib/http/static.ts).
// Inline, text paints as the HTML arrives on a slow link (decision 0015), but every navigation then
// downloads the same 14-16 KB of CSS again. So a page's head is rewritten on its way out: each
// stylesheet the browser does not have yet is inlined as <style> and prefetched at the end of the
// body, and a cookie remembers which files it was given; a stylesheet it has stays a <link>, served
// from the cache. The cookie names the build (its stylesheets' names, which carry their content
// hashes), so a new build starts over. A cookie that claims a file the cache lost costs one request
// for it, never a page without styles.
//
// The files are read once at start-up by src/server.ts; `astro dev` installs none and leaves links.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const STYLES_COOKIE = 'css';
/** How long the cookie (and so the claim that the browser keeps the files) lasts: 30 days. */
const COOKIE_MAX_AGE = 30 * 24 * 3600;
/** A page's head is read whole before it is rewritten; a longer one passes unchanged. */
const MAX_HEAD = 256 * 1024;

export interface Stylesheets {
  /** A short name of this build's set of stylesheets. */
  build: string;
  /** URL path -> index (its bit in the cookie) and text. */
  files: Map<string, { index: number; css: string }>;
}

const KEY = Symbol.for('cabinet.stylesheets');
type Holder = { [KEY]?: Stylesheets };

/** This build's stylesheets under dist/client/_astro, or null when there are none. */
export function loadStylesheets(astroDir: string): Stylesheets | null {
  let names: string[];
  try {
    names = readdirSync(astroDir)
      .filter((n) => n.endsWith('.css'))
      .sort();
  } catch {
    return null;
  }
  if (!names.length) return null;
  const files = new Map(
    names.map((name, index) => [
      `/_astro/${name}`,
      { index, css: readFileSync(join(astroDir, name), 'utf8') },
    ]),
  );
  return {
    build: createHash('sha256').update(names.join('\n')).digest('base64url').slice(0, 8),
    files,
  };
}

export function installStylesheets(sheets: Stylesheets | null): void {
  (globalThis as Holder)[KEY] = sheets ?? undefined;
}

export const installedStylesheets = (): Stylesheets | null => (globalThis as Holder)[KEY] ?? null;

/** The files a cookie value says the browser has (their indexes), for this build only. */
export function filesHad(cookie: string | undefined, sheets: Stylesheets): Set<number> {
  const had = new Set<number>();
  const [build, mask] = (cookie ?? '').split('.');
  if (build !== sheets.build || !mask || !/^[0-9a-z]{1,40}$/.test(mask)) return had;
  let bits: bigint;
  try {
    bits = [...mask].reduce((n, c) => n * 36n + BigInt(parseInt(c, 36)), 0n);
  } catch {
    return had;
  }
  for (let i = 0; bits > 0n; i++, bits >>= 1n) if (bits & 1n) had.add(i);
  return had;
}

export function cookieValue(had: Set<number>, sheets: Stylesheets): string {
  let bits = 0n;
  for (const i of had) bits |= 1n << BigInt(i);
  return `${sheets.build}.${bits.toString(36)}`;
}

const LINK = /<link\b[^>]*\brel=["']?stylesheet["']?[^>]*>/gi;
const attr = (tag: string, name: string) =>
  new RegExp(`\\b${name}=["']?([^"'\\s>]+)`, 'i').exec(tag)?.[1];
// A stylesheet's text inside <style>: only "</style" could end the element early.
const safeCss = (css: string) => css.replace(/<\/style/gi, '<\\/style');

export interface RewrittenHead {
  head: string;
  /** Files inlined here, to prefetch at the end of the body. */
  inlined: string[];
  had: Set<number>;
}

/** The head with every stylesheet the browser lacks inlined; `had` gains them. */
export function rewriteHead(head: string, sheets: Stylesheets, had: Set<number>): RewrittenHead {
  const now = new Set(had);
  const inlined: string[] = [];
  const out = head.replace(LINK, (tag) => {
    const href = attr(tag, 'href');
    const file = href ? sheets.files.get(href) : undefined;
    if (!href || !file || had.has(file.index)) return tag;
    now.add(file.index);
    inlined.push(href);
    const media = attr(tag, 'media');
    return `<style${media ? ` media="${media}"` : ''}>${safeCss(file.css)}</style>`;
  });
  return { head: out, inlined, had: now };
}

export const prefetchLinks = (hrefs: string[]): string =>
  hrefs.map((h) => `<link rel="prefetch" href="${h}" as="style">`).join('');

export const setCookieHeader = (value: string, secure: boolean): string =>
  `${STYLES_COOKIE}=${value}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;

const HEAD_END = '</head>';
const HEAD_END_RE = /<\/head>/i;

/** The cookie names every stylesheet of this build. */
const hasAll = (had: Set<number>, sheets: Stylesheets): boolean =>
  [...sheets.files.values()].every((f) => had.has(f.index));
const BODY_END = '</body>';
/** Where the last </body> (any case) starts, or -1. */
function lastBodyEnd(text: string): number {
  let at = -1;
  for (const m of text.matchAll(/<\/body>/gi)) at = m.index;
  return at;
}

/**
 * An HTML response with the stylesheets its browser lacks inlined: reads the head (the first bytes
 * Astro sends), rewrites it, sets the cookie, and passes the rest through with the prefetch links
 * put before </body>. Anything unexpected (no head within MAX_HEAD, no stylesheet to inline) gives
 * the response back as it was.
 */
export async function withInlineStylesheets(
  response: Response,
  cookie: string | undefined,
  secure: boolean,
): Promise<Response> {
  const sheets = installedStylesheets();
  if (!sheets || !response.body) return response;
  const had = filesHad(cookie, sheets);
  // The browser has every file of this build: nothing to inline, the body passes untouched.
  if (hasAll(had, sheets)) return response;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const read: Uint8Array[] = [];
  let text = '';
  let end = -1;
  while (end === -1 && text.length <= MAX_HEAD) {
    const { done, value } = await reader.read();
    if (done) break;
    read.push(value);
    // Only the new text is searched, with the few characters before it where a </head> split
    // between two chunks begins: the head is read once, not once per chunk. Searched in the text
    // itself: lower-casing may change lengths (İ), and so every index after it.
    const from = Math.max(0, text.length - (HEAD_END.length - 1));
    text += decoder.decode(value, { stream: true });
    const at = text.slice(from).search(HEAD_END_RE);
    if (at !== -1) end = from + at;
  }
  const rewritten = end === -1 ? null : rewriteHead(text.slice(0, end), sheets, had);
  if (!rewritten || !rewritten.inlined.length) return new Response(replay(read, reader), response);
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  headers.append('Set-Cookie', setCookieHeader(cookieValue(rewritten.had, sheets), secure));
  const tail = prefetchLinks(rewritten.inlined);
  return new Response(rewrittenBody(rewritten.head + text.slice(end), tail, reader, decoder), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** The bytes already read, then the rest of the stream, unchanged. */
function replay(
  read: Uint8Array[],
  reader: ReadableStreamDefaultReader<Uint8Array>,
): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of read) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * The rewritten start, then the rest decoded with the same decoder (a character split between two
 * chunks stays whole) and `tail` put before </body>; the last few characters are held back so a
 * close tag split between chunks is still found.
 */
function rewrittenBody(
  start: string,
  tail: string,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  decoder: TextDecoder,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let pending = start;
  let placed = false;
  const place = (text: string): string => {
    if (placed) return text;
    const at = lastBodyEnd(text);
    if (at === -1) return text;
    placed = true;
    return text.slice(0, at) + tail + text.slice(at);
  };
  return new ReadableStream<Uint8Array>({
    // A pull must enqueue something or end the stream, or the stream never asks again: read on
    // while a chunk yields no whole character past the held-back tail.
    async pull(controller) {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          const rest = place(pending + decoder.decode());
          controller.enqueue(encoder.encode(placed ? rest : rest + tail));
          controller.close();
          return;
        }
        const text = place(pending + decoder.decode(value, { stream: true }));
        const keep = placed ? 0 : Math.min(text.length, BODY_END.length - 1);
        pending = text.slice(text.length - keep);
        const out = text.slice(0, text.length - keep);
        if (out) {
          controller.enqueue(encoder.encode(out));
          return;
        }
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
