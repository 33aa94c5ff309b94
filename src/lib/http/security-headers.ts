// Headers every answer carries. HSTS only when the public address is https: announcing it on a
// plain-http deployment would lock browsers out of it.
import { config } from '#lib/config.ts';
import { scriptSources } from './csp.ts';

const YEAR = 365 * 24 * 3600;
const cached = new Map<string, Record<string, string>>();

/** `framable`: the embeddable dispatching pages, which our own pages frame (never another site). */
export function securityHeaders(framable = false): Record<string, string> {
  const publicUrl = config().publicUrl ?? '';
  const key = `${publicUrl}|${framable}`;
  const hit = cached.get(key);
  if (hit) return hit;
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': framable ? 'SAMEORIGIN' : 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Content-Security-Policy': [
      "default-src 'self'",
      `script-src ${scriptSources()}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      "font-src 'self'",
      "connect-src 'self' ws: wss:",
      framable ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join('; '),
  };
  if (publicUrl.startsWith('https:')) headers['Strict-Transport-Security'] = `max-age=${YEAR}; includeSubDomains`;
  // A token in the address of an embedded page must not travel on in a Referer header.
  if (framable) headers['Referrer-Policy'] = 'no-referrer';
  cached.set(key, headers);
  return headers;
}
