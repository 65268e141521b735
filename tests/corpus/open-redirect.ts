/**
 * Open-redirect payloads (security guide: `?redirect=` and payment `success_url` only ever lead to
 * a path on this site). Collected from the classic lists (OWASP, PayloadsAllTheThings "Open
 * Redirect", browser URL-parser quirks): scheme-relative and backslash tricks, encoded slashes,
 * whitespace and control characters browsers drop, userinfo and fragment confusion, unicode
 * look-alike slashes and dots, and script schemes. The site in them is `SITE_HOST`.
 */
import { LOCALE_BOOTSTRAP } from '../../src/i18n/bootstrap.ts';

export const SITE_ORIGIN = 'http://localhost:4321';
const SITE_HOST = 'localhost:4321';

export const OPEN_REDIRECT_PAYLOADS: readonly string[] = [
  // Absolute and scheme-relative.
  'https://evil.example',
  'http://evil.example/pages/chat/chat',
  'HTTPS://EVIL.EXAMPLE',
  '//evil.example',
  '///evil.example',
  '////evil.example/',
  '//evil.example/%2F..',
  '//evil.example:443/',
  ' //evil.example',
  '\t//evil.example',
  // Backslashes: browsers read `\` as `/` in http(s) URLs.
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  'http:/\\evil.example',
  'https:\\\\evil.example',
  // Scheme without slashes.
  'https:evil.example',
  'https:/evil.example',
  'http:evil.example/pages/chat/chat',
  // Encoded slashes and backslashes (decoded by a later hop).
  '%2F%2Fevil.example',
  '%2f%2fevil.example',
  '/%2F/evil.example',
  '/%2f%2fevil.example',
  '/%5Cevil.example',
  '/%5cevil.example',
  '%5C%5Cevil.example',
  // Whitespace and control characters that URL parsers drop.
  '/%09/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/\u0000//evil.example',
  '/%0D%0A/evil.example',
  // Dot segments.
  '/..//evil.example',
  '/../..//evil.example',
  '/.//evil.example',
  '/pages/../..//evil.example',
  // Repeated slashes a later hop folds into a host: a trailing-slash 301, the locale bootstrap
  // (`/en//evil.example` -> `//evil.example`), or both after `success_url` accepted the path.
  '//evil.example/',
  '///evil.example/pages/chat/chat/',
  '/.//evil.example/',
  '/en//evil.example',
  '/en//evil.example/',
  '/en/.//evil.example/',
  '/en///evil.example?x=1',
  '/pages/..//evil.example/',
  '/\\evil.example/',
  '/en/\\evil.example',
  '/en/%2F/evil.example/',
  // Userinfo, fragment and query confusion with our own host.
  `https://${SITE_HOST}@evil.example`,
  `//${SITE_HOST}@evil.example`,
  `https://evil.example#@${SITE_HOST}`,
  `https://evil.example?@${SITE_HOST}`,
  `https://evil.example\\@${SITE_HOST}`,
  `https://${SITE_HOST}.evil.example`,
  `//evil.example\\@${SITE_HOST}`,
  // Unicode look-alikes: fullwidth solidus, division slash, ideographic full stop, RTL override.
  '／／evil.example',
  '/／evil.example',
  '\u2215\u2215evil.example',
  '//evil\u3002example',
  '\u202e//evil.example',
  '//ⓔⓥⓘⓛ.example',
  // Script and other schemes.
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  ' javascript:alert(1)',
  'javascript://%0Aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://evil.example',
  'blob:https://evil.example/uuid',
  // IP and port forms.
  '//127.0.0.1:8080',
  '//0x7f.0.0.1',
  '//[::1]/',
  '//2130706433',
];

/** Paths on this site that must keep working (the guard is not allowed to refuse everything). */
export const ON_SITE_TARGETS: readonly string[] = [
  '/pages/chat/chat',
  '/en/pages/leads/leads?page=2',
  '/pages/chat/chat?type=plan&action=paySuccess',
  '/en/pages/blog-detail/blog-detail/some-post#top',
];

/** Whether `target`, followed from a page of the site, stays on the site. */
export function staysOnSite(target: string, origin = SITE_ORIGIN): boolean {
  try {
    return new URL(target, `${origin}/pages/login/login`).origin === origin;
  } catch {
    return false;
  }
}

/** Where the inline locale bootstrap sends a visitor who remembered `stored` and opens `href`. */
export function bootstrapTarget(href: string, stored: 'zh' | 'en'): string | undefined {
  let replaced: string | undefined;
  // The server answers /en and /en/… with the English page (or the English 404).
  const lang = /^\/en(?:\/|$)/.test(new URL(href).pathname) ? 'en' : 'zh-CN';
  const storage = { getItem: (key: string) => (key === 'locale' ? stored : null), setItem: () => {} };
  new Function('document', 'location', 'localStorage', 'history', LOCALE_BOOTSTRAP)(
    { documentElement: { lang, setAttribute: () => {} }, cookie: '' },
    { href, replace: (to: string) => (replaced = to) },
    storage,
    { state: null, replaceState: () => {} },
  );
  return replaced;
}

/**
 * Follows `target` the way a visitor with locale `stored` (and its cookie) does: the server's
 * redirects, then the locale bootstrap on the page it answers, until a page stays put. Returns every URL visited; the
 * first one off the site ends the walk.
 */
export async function visit(
  fetchPage: (request: Request) => Response | Promise<Response>,
  target: string,
  stored: 'zh' | 'en',
): Promise<string[]> {
  let url = new URL(target, `${SITE_ORIGIN}/pages/login/login`);
  const seen = [url.href];
  for (let hop = 0; hop < 8 && url.origin === SITE_ORIGIN; hop++) {
    // The page script keeps the choice in a cookie too, which the server redirects by.
    const res = await fetchPage(new Request(url.href, { headers: { cookie: `locale=${stored}` } }));
    const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
    const next =
      location ?? (res.status < 300 || res.status === 404 ? bootstrapTarget(url.href, stored) : null);
    if (!next) break;
    url = new URL(next, url);
    seen.push(url.href);
  }
  return seen;
}
