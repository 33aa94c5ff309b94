// Headers every answer carries. HSTS only when the public address is https: announcing it on a
// plain-http deployment would lock browsers out of it.
import { config } from '#lib/config.ts';
import { scriptSources } from './csp.ts';

const YEAR = 365 * 24 * 3600;
let cached: { key: string; headers: Record<string, string> } | undefined;

export function securityHeaders(): Record<string, string> {
  const publicUrl = config().publicUrl ?? '';
  if (cached?.key === publicUrl) return cached.headers;
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Content-Security-Policy': [
      "default-src 'self'",
      `script-src ${scriptSources()}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      "font-src 'self'",
      "connect-src 'self' ws: wss:",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join('; '),
  };
  if (publicUrl.startsWith('https:')) headers['Strict-Transport-Security'] = `max-age=${YEAR}; includeSubDomains`;
  cached = { key: publicUrl, headers };
  return headers;
}
