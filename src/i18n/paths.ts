import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales.ts';

/**
 * Prefixes a locale-free path for `locale`: zh stays unprefixed, en lives under `/en`.
 * @example localizedPath('/pages/chat/chat', 'en') // '/en/pages/chat/chat'
 */
export function localizedPath(path: string, locale: Locale): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/**
 * Splits a pathname into its locale and the locale-free rest.
 * @example splitLocale('/en/pages/chat/chat') // { locale: 'en', path: '/pages/chat/chat' }
 */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE) continue;
    if (pathname === `/${locale}` || pathname === `/${locale}/`) return { locale, path: '/' };
    if (pathname.startsWith(`/${locale}/`)) return { locale, path: pathname.slice(locale.length + 1) };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || '/' };
}

/**
 * The same page in another locale.
 * @example switchLocalePath('/en/pages/leads/leads', 'zh') // '/pages/leads/leads'
 */
export function switchLocalePath(pathname: string, locale: Locale): string {
  return localizedPath(splitLocale(pathname).path, locale);
}
