// Every request passes here: locale, body limits, cross-site check, session (cookie, bearer or
// legacy token parameter), the role guard of the site map, security headers and compression. It is
// also where every failure gets its one answer style: the error page (in the user's language) for a
// browser, JSON { message, errors? } for the API (src/lib/http/failure.ts decides the status).
import { defineMiddleware } from 'astro:middleware';
import type { APIContext, MiddlewareNext } from 'astro';
import { mayAccess } from '#features/chrome/guard.ts';
import {
  sessionCookieName,
  validateSession,
  validateSessionId,
} from '#features/auth/auth.session.server.ts';
import { config } from '#lib/config.ts';
import { bearerToken, HttpError } from '#lib/http/api.ts';
import { isApi, isAuthArea, isEmbed, isPublic } from '#lib/http/access.ts';
import { explicitCredentials, isForgeable } from '#lib/http/csrf.ts';
import { chooseEncoding, compressBody } from '#lib/http/compression.ts';
import {
  acceptsDictionary,
  compressWithDictionary,
  DICTIONARY_ENCODING,
  dictionaryFor,
  readBounded,
  rememberDictionary,
  sessionOfKey,
} from '#lib/http/dictionary.ts';
import { diskLow } from '#lib/http/disk.ts';
import { failureOf, failureResponse } from '#lib/http/failure.ts';
import { loggedPath } from '#lib/http/request-context.ts';
import { securityHeaders } from '#lib/http/security-headers.ts';
import { STYLES_COOKIE, withInlineStylesheets } from '#lib/http/stylesheets.ts';
import { LOCALE_COOKIE, resolveLocale, translator } from '#lib/i18n/index.ts';
import { log } from '#lib/log.ts';
import { paths } from '#lib/paths.ts';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml))/;
const UPLOAD = /^multipart\/form-data\b/i;

export const onRequest = defineMiddleware(async (ctx, next) => {
  const locals = ctx.locals;
  // The error page rendered for a failure below (a rewrite runs the middleware again): all decided.
  if (locals.failure) return next();
  const path = ctx.url.pathname;
  // The language comes first, so that even a failure to read the session answers in it.
  const cookieLocale = ctx.cookies.get(LOCALE_COOKIE)?.value;
  setLocale(locals, cookieLocale, ctx.request);
  locals.user = null;
  locals.session = null;
  locals.token = null;
  let response: Response;
  try {
    response = await handle(ctx, next, path, cookieLocale);
  } catch (err) {
    response = await failed(ctx, path, err);
  }
  // Stylesheets the browser lacks go inline, the others stay cached links (issue 26).
  if (
    ctx.request.method !== 'HEAD' &&
    (response.headers.get('content-type') ?? '').startsWith('text/html')
  ) {
    try {
      response = await withInlineStylesheets(
        response,
        ctx.cookies.get(STYLES_COOKIE)?.value,
        config().secureCookies,
      );
    } catch (err) {
      // The page failed while its head was being read: answered like any failure.
      response = await failed(ctx, path, err);
    }
  }
  // (Read through the declared type: TypeScript narrowed `locals.user` to the null set above.)
  const userId = (locals.user as App.Locals['user'])?.id ?? null;
  // The user's compression dictionary (decision 0045): kept to compress their later pages with.
  if (
    userId !== null &&
    path === paths.chromeDictionary() &&
    response.status === 200 &&
    response.body
  ) {
    const bytes = await readBounded(response.body);
    if (!bytes || !rememberDictionary(userId, bytes)) {
      response = new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
    } else {
      response = new Response(new Uint8Array(bytes), response);
    }
  }
  return finish(ctx.request, response, userId);
});

function setLocale(locals: App.Locals, chosen: string | undefined, request: Request) {
  // A browser (it asks for HTML) starts in Russian unless the person chose a language; the layout
  // only offers the browser's language. Programmatic clients negotiate by Accept-Language (issue 11).
  const browser = (request.headers.get('accept') ?? '').includes('text/html');
  locals.locale = resolveLocale(chosen, browser ? null : request.headers.get('accept-language'));
  locals.t = translator(locals.locale);
}

async function handle(
  ctx: APIContext,
  next: MiddlewareNext,
  path: string,
  cookieLocale: string | undefined,
): Promise<Response> {
  const { locals, request } = ctx;
  if (request.method !== 'GET' && request.method !== 'HEAD') await checkBody(request);
  if (isForgeable(request, ctx.url)) throw new HttpError(403, 'errors.crossSite');
  // A request that brings its own credentials is judged by them alone, never by the cookie.
  const explicit = explicitCredentials(request, ctx.url);
  const token = explicit
    ? (bearerToken(request) ??
      (isApi(path) || isEmbed(path) ? ctx.url.searchParams.get('token') : null))
    : (ctx.cookies.get(sessionCookieName())?.value ?? null);
  let auth = token ? await validateSession(token) : null;
  // The browser fetches the compression dictionary without cookies: its link names the session.
  if (!auth && !explicit && path === paths.chromeDictionary()) {
    const id = sessionOfKey(ctx.url.searchParams.get('k'));
    if (id) auth = await validateSessionId(id);
  }
  locals.user = auth?.user ?? null;
  locals.session = auth?.session ?? null;
  locals.token = auth ? token : null;
  if (token && !auth && !explicit) ctx.cookies.delete(sessionCookieName(), { path: '/' });
  // The switcher's cookie wins; a signed-in user's saved language follows them to a new device.
  if (!cookieLocale && locals.user?.locale) setLocale(locals, locals.user.locale, request);

  const unknownRoute = ctx.routePattern === '/404' || ctx.routePattern === '/[...path]';
  if (unknownRoute && isApi(path)) throw new HttpError(404, 'http.notFound');
  if (!locals.user && !isPublic(path) && !unknownRoute) {
    if (isApi(path)) throw new HttpError(401, 'errors.unauthorized');
    return ctx.redirect(paths.auth.fast(), 302);
  }
  if (locals.user && isAuthArea(path)) return ctx.redirect('/', 302);
  // The site map's role requirements, for every page and API under a guarded entry. Refused the
  // way a missing page is, so a customer cannot tell the employees' pages exist.
  if (locals.user && !mayAccess(path, locals.user)) throw new HttpError(404, 'http.notFound');
  return await next();
}

/** Declared sizes over the limit are refused before reading; uploads wait while the disk is full. */
async function checkBody(request: Request) {
  const cfg = config();
  const type = request.headers.get('content-type') ?? '';
  const limit = UPLOAD.test(type) ? cfg.uploadLimit : cfg.bodyLimit;
  const length = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(length) && length > limit) throw new HttpError(413, 'http.tooLarge');
  if (UPLOAD.test(type) && (await diskLow(cfg.dataDir, cfg.diskMinFreeMb))) {
    const err = Object.assign(new Error(`less than ${cfg.diskMinFreeMb} MB free in DATA_DIR`), {
      code: 'ENOSPC',
    });
    throw err;
  }
}

/** JSON for the API and for clients that ask for it; the error page for everything else. */
function wantsJson(request: Request, path: string): boolean {
  if (isApi(path)) return true;
  const accept = request.headers.get('accept') ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

async function failed(ctx: APIContext, path: string, err: unknown): Promise<Response> {
  const { locals, request } = ctx;
  const failure = failureOf(err, locals.t);
  const logged = loggedPath(path);
  if (failure.unexpected)
    log.error('request failed', { method: request.method, path: logged, err });
  else if (failure.status === 503)
    log.warn('service unavailable', { method: request.method, path: logged, err });
  const headers: Record<string, string> = {};
  // The body of a refused upload is not read: the connection cannot be reused after it.
  if (failure.status === 413) headers.Connection = 'close';
  let response: Response;
  if (wantsJson(request, path)) {
    response = failureResponse(failure, headers);
  } else {
    if (failure.retryAfter) headers['Retry-After'] = String(failure.retryAfter);
    locals.failure = { status: failure.status, message: failure.message };
    try {
      // A GET of its own: the original body may have been read already, which a plain rewrite refuses.
      response = await ctx.rewrite(
        new Request(new URL(paths.error(), ctx.url), { headers: request.headers }),
      );
    } catch (again) {
      // The error page itself failed (it needs nothing but the dictionaries): plain text then.
      log.error('error page failed', { err: again });
      response = new Response(failure.message, {
        status: failure.status,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }
    response = withHeaders(response, headers);
  }
  return response;
}

/** Headers set on a response whose headers may be immutable (redirects, rewrites). */
function withHeaders(response: Response, headers: Record<string, string>): Response {
  let res = response;
  try {
    for (const [k, val] of Object.entries(headers)) res.headers.set(k, val);
  } catch {
    res = new Response(response.body, response);
    for (const [k, val] of Object.entries(headers)) res.headers.set(k, val);
  }
  return res;
}

function finish(request: Request, response: Response, userId: number | null): Response {
  const url = new URL(request.url);
  let res = withHeaders(response, securityHeaders(isEmbed(url.pathname), url));
  const type = res.headers.get('content-type') ?? '';
  const html = type.startsWith('text/html');
  if (userId !== null && html) res.headers.set('Cache-Control', 'private, no-store');
  // Brotli when accepted (smaller pages on a slow link, decision 0028), else gzip; a signed-in
  // page against the user's chrome dictionary when the browser holds one the server kept (0045).
  const acceptEncoding = request.headers.get('accept-encoding');
  const dictionary =
    userId !== null && html && acceptsDictionary(acceptEncoding)
      ? dictionaryFor(userId, request.headers.get('available-dictionary'))
      : null;
  const encoding = dictionary ? DICTIONARY_ENCODING : chooseEncoding(acceptEncoding);
  if (
    res.body &&
    COMPRESSIBLE.test(type) &&
    !res.headers.has('content-encoding') &&
    encoding &&
    request.method !== 'HEAD'
  ) {
    const headers = new Headers(res.headers);
    headers.set('Content-Encoding', encoding);
    headers.delete('Content-Length');
    headers.append(
      'Vary',
      html && userId !== null ? 'Accept-Encoding, Available-Dictionary' : 'Accept-Encoding',
    );
    const body = dictionary
      ? compressWithDictionary(res.body, dictionary)
      : compressBody(res.body, encoding as 'br' | 'gzip');
    res = new Response(body, {
      status: res.status,
      statusText: res.statusText,
      headers,
    });
  }
  return res;
}
