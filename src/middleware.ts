// Every request passes here: locale, session (cookie, bearer or legacy token parameter), route
// guards, security headers and compression.
import { defineMiddleware } from 'astro:middleware';
import { sessionCookieName, validateSession } from '#features/auth/session.server.ts';
import { bearerToken, errorResponse, HttpError, json } from '#lib/http/api.ts';
import { isApi, isAuthArea, isPublic } from '#lib/http/access.ts';
import { explicitCredentials, isForgeable } from '#lib/http/csrf.ts';
import { LOCALE_COOKIE, resolveLocale, translator } from '#lib/i18n/index.ts';

const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline'",
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

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml))/;

export const onRequest = defineMiddleware(async (ctx, next) => {
  const path = ctx.url.pathname;
  const locals = ctx.locals;
  // A request that brings its own credentials is judged by them alone, never by the cookie.
  const explicit = explicitCredentials(ctx.request, ctx.url);
  const token = explicit
    ? (bearerToken(ctx.request) ?? (isApi(path) ? ctx.url.searchParams.get('token') : null))
    : (ctx.cookies.get(sessionCookieName())?.value ?? null);
  const auth = token ? await validateSession(token) : null;
  locals.user = auth?.user ?? null;
  locals.session = auth?.session ?? null;
  locals.token = auth ? token : null;
  if (token && !auth && !explicit) ctx.cookies.delete(sessionCookieName(), { path: '/' });
  // The switcher's cookie wins; a signed-in user's saved language follows them to a new device.
  const chosen = ctx.cookies.get(LOCALE_COOKIE)?.value ?? locals.user?.locale ?? undefined;
  locals.locale = resolveLocale(chosen, ctx.request.headers.get('accept-language'));
  locals.t = translator(locals.locale);
  if (isForgeable(ctx.request, ctx.url)) return finish(ctx.request, forbidden(path, locals.t), false);

  let response: Response;
  const unknownRoute = ctx.routePattern === '/404' || ctx.routePattern === '/[...path]';
  if (!locals.user && !isPublic(path) && !unknownRoute) {
    response = isApi(path) ? json({ message: locals.t('errors.unauthorized') }, 401) : ctx.redirect('/auth/fast', 302);
  } else if (locals.user && isAuthArea(path)) {
    response = ctx.redirect('/', 302);
  } else {
    try {
      response = await next();
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      response = errorResponse(err);
    }
  }
  return finish(ctx.request, response, !!locals.user);
});

function forbidden(path: string, t: App.Locals['t']): Response {
  const message = t('errors.crossSite');
  return isApi(path) ? json({ message }, 403) : new Response(message, { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

function finish(request: Request, response: Response, signedIn: boolean): Response {
  // Redirect responses from ctx.redirect() have immutable headers; copy when needed.
  let res = response;
  try {
    for (const [k, val] of Object.entries(SECURITY_HEADERS)) res.headers.set(k, val);
  } catch {
    res = new Response(response.body, response);
    for (const [k, val] of Object.entries(SECURITY_HEADERS)) res.headers.set(k, val);
  }
  const type = res.headers.get('content-type') ?? '';
  if (signedIn && type.startsWith('text/html')) res.headers.set('Cache-Control', 'private, no-store');
  const accepts = request.headers.get('accept-encoding') ?? '';
  if (res.body && COMPRESSIBLE.test(type) && !res.headers.has('content-encoding') && /\bgzip\b/.test(accepts) && request.method !== 'HEAD') {
    const headers = new Headers(res.headers);
    headers.set('Content-Encoding', 'gzip');
    headers.delete('Content-Length');
    headers.append('Vary', 'Accept-Encoding');
    res = new Response(res.body.pipeThrough(new CompressionStream('gzip')), { status: res.status, statusText: res.statusText, headers });
  }
  return res;
}

