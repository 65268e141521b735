import { localizedPath, splitLocale } from '../../contract/routes.ts';
import type { Locale } from './locales.ts';

/** Built from the one route table (contract/routes.ts). */
export { localizedPath, splitLocale };

/**
 * The same page in another locale.
 * @example switchLocalePath('/en/pages/leads/leads', 'zh') // '/pages/leads/leads'
 */
export function switchLocalePath(pathname: string, locale: Locale): string {
  return localizedPath(splitLocale(pathname).path, locale);
}
