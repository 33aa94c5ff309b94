// Serves the built client assets (dist/client). @astrojs/node in middleware mode serves none itself.
//
// The folder is read once when the server starts: every file (and its precompressed .br/.gz sibling,
// written by scripts/compress.ts) is kept in memory with its headers and ETag already built, so a
// request is one Map lookup and one write: no stat, no open, no stream per request. The bundle is a
// few megabytes; files above MAX_IN_MEMORY (none today) are streamed from disk with the size found
// at start. A new build is picked up by a restart (npm start rebuilds first).
// Hashed files under /_astro/ are immutable; everything else may be cached for an hour.
import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/** Files larger than this are streamed from disk rather than held in memory. */
export const MAX_IN_MEMORY = 4 * 1024 * 1024;

interface Variant {
  /** The bytes, or the file to stream when too large to keep. */
  body: Buffer | string;
  headers: Record<string, string | number>;
  etag: string;
}

interface Asset {
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

function walk(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const p = join(dir, e);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

function variant(
  file: string,
  base: Record<string, string>,
  tag: string,
  encoding?: string,
): Variant {
  const size = statSync(file).size;
  const body = size <= MAX_IN_MEMORY ? readFileSync(file) : file;
  const etag = `"${tag}${encoding ? `-${encoding}` : ''}"`;
  const headers: Record<string, string | number> = { ...base, 'Content-Length': size, ETag: etag };
  if (encoding) headers['Content-Encoding'] = encoding;
  return { body, headers, etag };
}

/** Reads every client file under root into a map from URL path to its ready-made answers. */
export function loadAssets(root: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const all = new Set(walk(root));
  for (const file of all) {
    if (/\.(br|gz)$/.test(file) && all.has(file.replace(/\.(br|gz)$/, ''))) continue;
    const path = '/' + relative(root, file).split(sep).join('/');
    const stat = statSync(file);
    // The tag names the content: a hash when it is in memory anyway, else size and time.
    const tag =
      stat.size <= MAX_IN_MEMORY
        ? createHash('sha256').update(readFileSync(file)).digest('base64url').slice(0, 22)
        : `${stat.size.toString(36)}-${Math.round(stat.mtimeMs).toString(36)}`;
    const base = {
      'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Cache-Control': path.startsWith('/_astro/')
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
    };
    const asset: Asset = { identity: variant(file, base, tag) };
    if (all.has(file + '.br')) asset.br = variant(file + '.br', base, tag, 'br');
    if (all.has(file + '.gz')) asset.gzip = variant(file + '.gz', base, tag, 'gzip');
    assets.set(path, asset);
  }
  return assets;
}

/** True when If-None-Match names this representation (or is "*"). */
function notModified(req: IncomingMessage, etag: string): boolean {
  const inm = req.headers['if-none-match'];
  if (!inm) return false;
  return inm === '*' || inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

export function createStaticHandler(root: string) {
  const assets = loadAssets(root);
  return function serveStatic(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    let path = q === -1 ? url : url.slice(0, q);
    if (path.includes('%')) {
      try {
        path = decodeURIComponent(path);
      } catch {
        return false;
      }
    }
    // Only paths of files found at start match: nothing outside the folder can be named.
    const asset = assets.get(path);
    if (!asset) return false;

    const accept = req.headers['accept-encoding'] ?? '';
    const chosen =
      (asset.br && accept.includes('br') && asset.br) ||
      (asset.gzip && accept.includes('gzip') && asset.gzip) ||
      asset.identity;
    if (notModified(req, chosen.etag)) {
      const {
        'Content-Length': _length,
        'Content-Encoding': _encoding,
        ...headers
      } = chosen.headers;
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    res.writeHead(200, chosen.headers);
    if (req.method === 'HEAD') res.end();
    else if (typeof chosen.body === 'string') createReadStream(chosen.body).pipe(res);
    else res.end(chosen.body);
    return true;
  };
}
