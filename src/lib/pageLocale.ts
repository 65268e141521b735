import { DEFAULT_LOCALE, type Locale } from '../i18n/locales.ts';
import { useTranslations, type Translate } from '../i18n/index.ts';

/** The locale of the page being shown: the URL decides it, `<html lang>` carries it. */
export function pageLocale(): Locale {
  if (typeof document === 'undefined') return DEFAULT_LOCALE;
  return document.documentElement.lang === 'en' ? 'en' : 'zh';
}

/** The translator for the page being shown (for messages raised outside components). */
export function pageT(): Translate {
  return useTranslations(pageLocale());
}
