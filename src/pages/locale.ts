// The language switcher's target: stores the chosen interface language in the `lang` cookie (and on
// the signed-in user), then returns to the page it came from. A plain form post, so it works without
// JavaScript; the return path must stay on this site.
import type { APIRoute } from 'astro';
import { saveLocale } from '#features/chrome/locale.server.ts';
import { safeReturnPath } from '#features/chrome/return-path.ts';
import { config } from '#lib/config.ts';
import { HttpError, readForm } from '#lib/http/api.ts';
import { isLocale, LOCALE_COOKIE } from '#lib/i18n/locales.ts';

const YEAR = 365 * 86400;

export const POST: APIRoute = async ({ request, cookies, locals, redirect }) => {
  const form = await readForm(request);
  const lang = form.lang;
  if (!isLocale(lang)) throw new HttpError(400, locals.t('errors.notFound', { name: 'lang' }));
  cookies.set(LOCALE_COOKIE, lang, {
    path: '/',
    maxAge: YEAR,
    sameSite: 'lax',
    httpOnly: true,
    secure: config().secureCookies,
  });
  if (locals.user) await saveLocale(locals.user.id, lang);
  return redirect(safeReturnPath(form.back), 303);
};
