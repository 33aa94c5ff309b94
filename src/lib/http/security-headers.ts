// Headers every answer carries. HSTS only when the public address is https: announcing it on a
// plain-http deployment would lock browsers out of it.
import { config } from '#lib/config.ts';
import { scriptSources } from './csp.ts';

const YEAR = 365 * 24 * 3600;
const cached = new Map<string, Record<string, string>>();

/**
 * The WebSocket addresses the pages may connect to: our own host only (the live updates use
 * location.host). CSP3 browsers already count same-host ws:/wss: as 'self'; the explicit source is
 * for those that do not. PUBLIC_URL names it when set; otherwise the request's own host, with both
 * schemes since a proxy in front may end TLS. `ws: wss:` would allow sending data to any host.
 */
function socketSources(publicUrl: string, request: URL | undefined): string {
  if (publicUrl) {
    const u = new URL(publicUrl);
    return `${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}`;
  }
  // A URL's host has no spaces or semicolons, so it cannot add a directive.
  return request ? `ws://${request.host} wss://${request.host}` : '';
}

/**
 * `framable`: the embeddable dispatching pages, which our own pages frame (never another site).
 * `request`: the address asked for, whose host the WebSocket source names when PUBLIC_URL is unset.
 */
export function securityHeaders(framable = false, request?: URL): Record<string, string> {
  const publicUrl = config().publicUrl ?? '';
  const sockets = socketSources(publicUrl, request);
  const key = `${sockets}|${framable}`;
  const hit = cached.get(key);
  if (hit) return hit;
  // Keyed by the Host a client sent when PUBLIC_URL is unset: bounded, so made-up hosts cannot grow it.
  if (cached.size >= 64) cached.clear();
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
      `connect-src 'self'${sockets ? ` ${sockets}` : ''}`,
      framable ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join('; '),
  };
  if (publicUrl.startsWith('https:'))
    headers['Strict-Transport-Security'] = `max-age=${YEAR}; includeSubDomains`;
  // A token in the address of an embedded page must not travel on in a Referer header.
  if (framable) headers['Referrer-Policy'] = 'no-referrer';
  cached.set(key, headers);
  return headers;
}
