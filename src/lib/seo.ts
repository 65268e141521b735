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

/**
 * An SVG as a `data:` URL for `<link rel="icon">`: the page's icon comes with its HTML instead of
 * taking a request (and, over HTTP/1.1, a second connection) beside the LCP image (issue 17).
 * Only the characters a URL cannot carry are escaped; double quotes become single ones.
 * @example svgDataUri('<svg fill="#fff"/>') // "data:image/svg+xml,%3Csvg fill='%23fff'/%3E"
 */
export function svgDataUri(svg: string): string {
  const body = svg
    .trim()
    .replace(/\s*\n\s*/g, ' ')
    .replace(/"/g, "'");
  return `data:image/svg+xml,${body.replace(/[<>#%{}\n\r]/g, (c) => encodeURIComponent(c))}`;
}
