/**
 * The built site the build checks read: its HTML pages, and which of them are content pages
 * (budgets.md: home, blog list, blog posts, legal, 404), named once for every check.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { splitLocale } from '@/i18n/paths.ts';
import { isIndexable } from '@/lib/seo.ts';
import { ROUTES } from '../../contract/routes.ts';

/** The built site; DIST_DIR (as the server reads it) checks another build. */
export const dist = process.env.DIST_DIR ?? join(import.meta.dirname, '../../dist');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return name === '_astro' ? [] : htmlFiles(file);
    return name.endsWith('.html') ? [file] : [];
  });
}

export interface BuiltPage {
  file: string;
  /** The file's path under dist, e.g. `/en/pages/legal/privacy-policy.html`. */
  url: string;
}

/** Every HTML page of the build (none when it has not been built). */
export const builtPages: BuiltPage[] = existsSync(dist)
  ? htmlFiles(dist).map((file) => ({ file, url: `/${relative(dist, file)}` }))
  : [];

/**
 * Whether a built page is a content page: indexable (home, blog list, posts, legal), the home
 * alias, or a not-found page. The rest are app pages.
 * @example isContentPage('/en/pages/index/index.html') // true
 */
export function isContentPage(url: string): boolean {
  if (url === '/index.html' || url === '/en.html' || url.endsWith('/404.html')) return true;
  return isIndexable(url) || splitLocale(url.replace(/\.html$/, '')).path === ROUTES.homeAlias;
}

export const contentPages = builtPages.filter(({ url }) => isContentPage(url));
export const appPages = builtPages.filter(({ url }) => !isContentPage(url));
