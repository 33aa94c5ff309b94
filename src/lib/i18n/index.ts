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

/**
 * The language a person chose (the switcher's cookie or the account's saved language), else
 * Russian, the spec's default. Browser page requests pass no Accept-Language: a browser set to
 * English must not turn the cabinet around Russian data into English (issue 11); it may only be
 * offered (suggestedLocale). Programmatic clients pass it to pick their messages' language.
 */
export function resolveLocale(chosen: string | undefined, acceptLanguage: string | null): Locale {
  if (isLocale(chosen)) return chosen;
  return fromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}

/** The browser's language to offer on a page, when the person chose none and it differs. */
export function suggestedLocale(
  chosen: string | null | undefined,
  current: Locale,
  acceptLanguage: string | null,
): Locale | undefined {
  if (isLocale(chosen)) return undefined;
  const browser = fromAcceptLanguage(acceptLanguage);
  return browser && browser !== current ? browser : undefined;
}

export * from './locales.ts';
export type { Messages, T } from './translate.ts';
