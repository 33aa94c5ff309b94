// Which paths need a signed-in user. Everything not listed here is private: pages redirect to fast
// login, API calls answer 401.

/** Pages anyone may open. The sign-in area itself sends signed-in users home (see isAuthArea).
 *  /locale is the language switcher's form target, usable before sign-in too; /passport/{token} is
 *  a product's public passport behind its QR label. */
const PUBLIC_PAGES = [
  /^\/auth(\/.*)?$/,
  /^\/logout\/?$/,
  /^\/error\/?$/,
  /^\/404\/?$/,
  /^\/locale\/?$/,
  // A product's public passport and its public documents (the token decides, decision 0046).
  /^\/passport\/[^/]+(\/documents\/[^/]+)?\/?$/,
];

/** API calls that work without a session (they create one, or authenticate by other means). */
const PUBLIC_API = [
  /^\/api\/v1\/profile\/(login|register|register\/party|recovery|code\/send|code\/check)\/?$/,
  /^\/api\/v1\/profile\/recovery\/[a-z-]+\/?$/,
  /^\/api\/integration\//,
];

export const isApi = (path: string): boolean => path.startsWith('/api/');
/** The spec's embeddable dispatching pages (scada/project/{id}, scada/chart/{id}): framed by the
 *  object page, and opened on a wall screen with `?token=` (a bearer token) instead of the cookie. */
export const isEmbed = (path: string): boolean => /^\/scada\/(project|chart)\/\d+\/?$/.test(path);
export const isAuthArea = (path: string): boolean => /^\/auth(\/.*)?$/.test(path);
export const isPublic = (path: string): boolean =>
  (isApi(path) ? PUBLIC_API : PUBLIC_PAGES).some((re) => re.test(path));
