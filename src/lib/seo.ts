import { splitLocale } from '../i18n/paths.ts';
import { CONTENT_ROUTES, ROUTES } from '../../contract/routes.ts';

const indexablePaths = new Set<string>(CONTENT_ROUTES.map((name) => ROUTES[name]));

/**
 * Whether search engines should index a built page: home, blog list, blog posts and legal pages.
 * App pages, the home alias, the bare blog-detail route and 404 stay out of the sitemap.
 * @example isIndexable('/en/pages/blog-detail/blog-detail/some-post') // true
 */
export function isIndexable(pathname: string): boolean {
  const path = splitLocale(pathname.replace(/\.html$/, '')).path;
  return indexablePaths.has(path) || path.startsWith(`${ROUTES.blogDetail}/`);
}
