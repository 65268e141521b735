import {
  PUBLIC_ROUTES,
  ROUTES,
  loginPath,
  pagePath,
  signUpPath,
  splitLocale,
} from '../../contract/routes.ts';

const known = new Set<string>(Object.values(ROUTES));
const publicPaths = new Set<string>(PUBLIC_ROUTES.map((name) => ROUTES[name]));

/** Whether a locale-free path is one of our routes (blog posts live under the details route). */
export function isKnownRoute(path: string): boolean {
  return known.has(path) || path.startsWith(`${ROUTES.blogDetail}/`);
}

/** Whether anyone may open a path without a token (spec §4 "Navigation guard"). */
export function isPublicRoute(path: string): boolean {
  return publicPaths.has(path) || path === ROUTES.blog || path.startsWith(ROUTES.blogDetail);
}

/**
 * Where the navigation guard sends a visitor (spec §4), or null to stay:
 * unknown routes go to the 404 page, private ones without a token to login with `redirect`. The
 * home page's search (`/pages/chat/chat?q=`) from a browser that has never signed in (no deviceId,
 * made at the first sign-in) is someone new trying the product: it lands on the sign-up tab (issue
 * 35), one click from the login tab, and comes back to the search once the account is ready.
 * @example guardRedirect('/en/pages/chat/chat', '?q=led', false, true) // '/en/pages/login/login?redirect=%2Fen%2Fpages%2Fchat%2Fchat%3Fq%3Dled'
 * @example guardRedirect('/en/pages/chat/chat', '?q=led', false, false) // '/en/pages/login/login?mode=signup&redirect=…'
 */
export function guardRedirect(
  pathname: string,
  search: string,
  hasToken: boolean,
  signedInBefore = true,
): string | null {
  const { locale, path } = splitLocale(pathname);
  if (!isKnownRoute(path)) return pagePath('notFound', locale);
  if (isPublicRoute(path) || hasToken) return null;
  const firstSearch = !signedInBefore && path === ROUTES.chat && new URLSearchParams(search).has('q');
  return (firstSearch ? signUpPath : loginPath)(locale, pathname + search);
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++)
    if (text.charCodeAt(i) < 0x20 || text.charCodeAt(i) === 0x7f) return true;
  return false;
}

/**
 * A `redirect` value made safe: only a path on this site, else null (open-redirect protection).
 * @example safeRedirect('//evil.example') // null
 */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw) return null;
  // Browsers treat `\` like `/` and drop tabs and newlines, so `/\evil` and `/\t/evil` leave the site.
  if (!raw.startsWith('/') || raw.includes('\\') || hasControlCharacter(raw) || raw.startsWith('//'))
    return null;
  try {
    const url = new URL(raw, 'https://site.invalid');
    if (url.origin !== 'https://site.invalid') return null;
    // Dot segments fold `/..//evil` into `//evil`, and a locale switch turns `/en//evil` into it too.
    if (url.pathname.includes('//')) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}
