import { DEFAULT_LOCALE, LANGUAGES, isLocale, type Locale } from '../../contract/routes.ts';

/** The site's locales (spec §1: default zh, fallback en; §3: persisted under `locale`), from the contract shared with the server. */
export const LOCALES = LANGUAGES;
export { DEFAULT_LOCALE, isLocale, type Locale };
export const FALLBACK_LOCALE: Locale = 'en';

/** localStorage key that remembers the visitor's chosen locale (spec §3). */
export const LOCALE_STORAGE_KEY = 'locale';

/** BCP 47 tags for `<html lang>`, hreflang and the sitemap (shared with the server's pages). */
export { HTML_LANG } from '../../contract/routes.ts';

/** Open Graph locale tags. */
export const OG_LOCALE: Record<Locale, string> = { zh: 'zh_CN', en: 'en_US' };
