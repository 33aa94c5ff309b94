// Server-side dictionaries. Loaded once into the bundle; ru is the default and the fallback.
import de from '../../../i18n/de.json' with { type: 'json' };
import en from '../../../i18n/en.json' with { type: 'json' };
import es from '../../../i18n/es.json' with { type: 'json' };
import fr from '../../../i18n/fr.json' with { type: 'json' };
import ja from '../../../i18n/ja.json' with { type: 'json' };
import ru from '../../../i18n/ru.json' with { type: 'json' };
import zh from '../../../i18n/zh.json' with { type: 'json' };
import { DEFAULT_LOCALE, fromAcceptLanguage, isLocale, type Locale } from './locales.ts';
import { makeT, type Messages, type T } from './translate.ts';

export const dictionaries: Record<Locale, Messages> = { ru, en, de, es, fr, ja, zh };

export function translator(locale: Locale): T {
  return makeT(dictionaries[locale], dictionaries[DEFAULT_LOCALE]);
}

/** Cookie set by the language switcher, then the browser's Accept-Language, then Russian. */
export function resolveLocale(cookieValue: string | undefined, acceptLanguage: string | null): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  return fromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}

export * from './locales.ts';
export type { Messages, T } from './translate.ts';
