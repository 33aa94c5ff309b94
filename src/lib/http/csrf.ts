// Cross-site request forgery. A browser attaches cookies to cross-site form posts, so every unsafe
// request whose credentials are ambient (the session cookie, or none yet, as on the sign-in forms)
// must come from our own origin. Requests that carry their own credentials (Authorization or
// X-Api-Key header, the legacy `token` parameter) are not forgeable by another site — a page cannot
// set those headers cross-site without a CORS preflight we never grant, nor know the token — and the
// middleware then ignores the cookie for them.
import { isEmbed } from './access.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
// Content types a cross-site <form> can send (anything else needs a preflight).
const FORM_TYPES = new Set(['', 'application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

// Only a bearer token counts: browsers send other schemes (e.g. Basic behind a staging proxy) on
// every request by themselves, so those are ambient like cookies.
export function explicitCredentials(request: Request, url: URL): boolean {
  return /^Bearer\s/i.test(request.headers.get('authorization') ?? '') || request.headers.has('x-api-key') || ((url.pathname.startsWith('/api/') || isEmbed(url.pathname)) && url.searchParams.has('token'));
}

/** True when the request must be refused as a possible cross-site forgery. */
export function isForgeable(request: Request, url: URL): boolean {
  if (SAFE.has(request.method) || explicitCredentials(request, url)) return false;
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(type)) return false;
  return request.headers.get('origin') !== url.origin;
}
