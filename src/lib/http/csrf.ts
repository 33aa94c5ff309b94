// Cross-site request forgery. A browser attaches cookies to cross-site form posts, so every unsafe
// request whose credentials are ambient (the session cookie, or none yet, as on the sign-in forms)
// must come from our own origin. Requests that carry their own credentials in a header
// (Authorization: Bearer or X-Api-Key) are not forgeable by another site — a page cannot set those
// headers cross-site without a CORS preflight we never grant — and the middleware then ignores the
// cookie for them. The legacy `token` parameter is different: it sits in the URL, so another site
// can put a token it knows (its own) there and make a victim's browser act in that account (login
// CSRF). It decides whose session is used, never whether a browser's cross-site request may pass.
import { isApi, isEmbed } from './access.ts';

const INTEGRATION = /^\/api\/integration\//;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
// Content types a cross-site <form> can send (anything else needs a preflight).
const FORM_TYPES = new Set([
  '',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/plain',
]);

// Only a bearer token counts: browsers send other schemes (e.g. Basic behind a staging proxy) on
// every request by themselves, so those are ambient like cookies.
const headerCredentials = (request: Request): boolean =>
  /^Bearer\s/i.test(request.headers.get('authorization') ?? '') || request.headers.has('x-api-key');

const tokenParameter = (url: URL): boolean =>
  (isApi(url.pathname) || isEmbed(url.pathname)) && url.searchParams.has('token');

/** The request brings its own credentials (header or legacy parameter): the cookie is not used. */
export function explicitCredentials(request: Request, url: URL): boolean {
  return headerCredentials(request) || tokenParameter(url);
}

/**
 * A browser says where a request comes from: Origin on every unsafe request, Sec-Fetch-Site on
 * every request of a current browser ('none' is the user's own navigation). A client that is not a
 * browser sends neither and is judged by its credentials.
 */
function fromAnotherSite(request: Request, url: URL): boolean {
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  return (
    (origin !== null && origin !== url.origin) ||
    (site !== null && site !== 'same-origin' && site !== 'none')
  );
}

/** True when the request must be refused as a possible cross-site forgery. */
export function isForgeable(request: Request, url: URL): boolean {
  if (SAFE.has(request.method) || headerCredentials(request)) return false;
  // The integration API authenticates by its key header alone and never reads a cookie, so a
  // forged request has nothing ambient to borrow: a keyless call is answered 401 by the key check.
  if (INTEGRATION.test(url.pathname)) return false;
  // Whatever its content type: with ?token= no cookie is needed, so nothing else limits the forger.
  if (tokenParameter(url)) return fromAnotherSite(request, url);
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(type)) return false;
  return request.headers.get('origin') !== url.origin;
}
