// Interface languages. Pure module: safe for islands.
export const LOCALES = ['ru', 'en', 'de', 'es', 'fr', 'ja', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ru';
export const LOCALE_COOKIE = 'lang';

export const isLocale = (s: unknown): s is Locale =>
  typeof s === 'string' && (LOCALES as readonly string[]).includes(s);

/** Picks the best supported language from an Accept-Language header. */
export function fromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return {
        lang: (tag ?? '').toLowerCase().split('-')[0],
        q: q ? Number(q.trim().slice(2)) : 1,
      };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((x) => x.lang).find(isLocale);
}
