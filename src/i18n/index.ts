import { DEFAULT_LOCALE, FALLBACK_LOCALE, isLocale, type Locale } from './locales.ts';
import type { UIKey } from './ui/zh.ts';
import { dictionaries } from './dictionaries.ts';

export type { Locale } from './locales.ts';
export type { UIKey } from './ui/zh.ts';

export type Translate = (key: UIKey, params?: Record<string, string | number>) => string;

/**
 * The translator for one locale, shared by `.astro` pages and React islands.
 * A key missing at run time (only possible through an untyped caller) falls back to en (spec §1).
 * @example useTranslations('en')('home.freeNote', { count: 30 }) // '30 free searches every day…'
 */
export function useTranslations(locale: Locale): Translate {
  const dict = dictionaries[locale] ?? dictionaries[DEFAULT_LOCALE];
  return (key, params) => {
    const text = dict?.[key] ?? dictionaries[FALLBACK_LOCALE]?.[key] ?? key;
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in params ? String(params[name]) : whole,
    );
  };
}

/** The locale named in an Astro route param (`undefined` is the unprefixed default). */
export function localeFromParam(param: string | undefined): Locale {
  return isLocale(param) ? param : DEFAULT_LOCALE;
}
