import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales.ts';

/** The `[...locale]` param of a locale: undefined for the unprefixed default. */
export function localeParam(locale: Locale): string | undefined {
  return locale === DEFAULT_LOCALE ? undefined : locale;
}

/** `getStaticPaths` shared by every page built once per locale. */
export function localeStaticPaths() {
  return LOCALES.map((locale) => ({ params: { locale: localeParam(locale) }, props: { locale } }));
}
