// Serves the built client assets (dist/client). @astrojs/node in middleware mode serves none itself.
// Hashed files under /_astro/ are immutable; precompressed .br/.gz siblings are used when present.
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

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

export function createStaticHandler(root: string) {
  const base = normalize(root) + sep;
  return function serveStatic(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      return false;
    }
    if (pathname.endsWith('/') || pathname.includes('\0')) return false;
    const file = normalize(join(base, pathname));
    if (!file.startsWith(base)) return false;
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return false;
    }
    if (!stat.isFile()) return false;

    const accept = String(req.headers['accept-encoding'] ?? '');
    let served = file;
    let encoding: string | undefined;
    for (const [enc, ext] of [['br', '.br'], ['gzip', '.gz']] as const) {
      if (accept.includes(enc) && existsSync(file + ext)) {
        served = file + ext;
        encoding = enc;
        break;
      }
    }
    const size = encoding ? statSync(served).size : stat.size;
    const headers: Record<string, string | number> = {
      'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': size,
      'Cache-Control': pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
    };
    if (encoding) headers['Content-Encoding'] = encoding;
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else createReadStream(served).pipe(res);
    return true;
  };
}
