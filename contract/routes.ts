/*
 * The one table of page URLs (spec §2 plus the screens whose paths we chose: docs/routes.md), for
 * pages, islands, the server and emails. Plain TypeScript without zod: it ships to the browser.
 */

/**
 * The languages of the UI, emails and drafts (spec §1), which are also the site's locales. Kept
 * here, not with the field rules: every page needs them, and only the forms need the rules.
 */
export const LANGUAGES = ['zh', 'en'] as const;

export type Locale = (typeof LANGUAGES)[number];

/** True when `value` is one of our locales. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Spec §1: Chinese is the default locale and has no prefix; every other locale lives under `/<locale>`. */
export const DEFAULT_LOCALE: Locale = 'zh';

/**
 * The cookie that mirrors the visitor's chosen locale (spec §3 keeps it under `locale` in local
 * storage), so the server answers a page in that language with a redirect before any of it loads
 * (docs/routes.md "Language"). Written by the page script and the language switch, a year long.
 */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_ATTRIBUTES = 'path=/; max-age=31536000; samesite=lax';

/** BCP 47 tags for `<html lang>`, hreflang and the sitemap. */
export const HTML_LANG: Record<Locale, string> = { zh: 'zh-CN', en: 'en' };

/** Locale-free page paths by name. */
export const ROUTES = {
  home: '/',
  homeAlias: '/pages/index/index',
  login: '/pages/login/login',
  signupVerifyEmail: '/pages/signup/verify-email',
  verifyEmail: '/pages/verify-email/verify-email',
  forgotPassword: '/pages/forgot-password/forgot-password',
  resetPassword: '/pages/reset-password/reset-password',
  emailSent: '/pages/email-sent/email-sent',
  leads: '/pages/leads/leads',
  unlockedLeads: '/pages/unlocked-leads/unlocked-leads',
  sentEmails: '/pages/sent-emails/sent-emails',
  profile: '/pages/profile/profile',
  terms: '/pages/legal/terms-of-service',
  privacy: '/pages/legal/privacy-policy',
  chat: '/pages/chat/chat',
  blog: '/pages/official-blog/official-blog',
  blogDetail: '/pages/blog-detail/blog-detail',
  invitationCode: '/pages/invitation-code/invitation-code',
  notFound: '/pages/404/404',
} as const;

export type RouteName = keyof typeof ROUTES;

/** The file the static build writes for unknown paths (Astro's `404.astro`), served with status 404. */
export const NOT_FOUND_DOCUMENT = '/404.html';

/** Spec §4 "Navigation guard": the paths anyone may open without a token. */
export const PUBLIC_ROUTES: readonly RouteName[] = [
  'home',
  'homeAlias',
  'login',
  'signupVerifyEmail',
  'forgotPassword',
  'resetPassword',
  'emailSent',
  'terms',
  'privacy',
  'notFound',
];

/** Content pages that search engines may index (blog pages are added by prefix in `seo.ts`). */
export const CONTENT_ROUTES: readonly RouteName[] = ['home', 'terms', 'privacy', 'blog'];

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
  for (const locale of LANGUAGES) {
    if (locale === DEFAULT_LOCALE) continue;
    if (pathname === `/${locale}` || pathname === `/${locale}/`) return { locale, path: '/' };
    if (pathname.startsWith(`/${locale}/`)) return { locale, path: pathname.slice(locale.length + 1) };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || '/' };
}

/**
 * The URL of a named page in `locale`.
 * @example pagePath('chat', 'en') // '/en/pages/chat/chat'
 */
export function pagePath(name: RouteName, locale: Locale): string {
  return localizedPath(ROUTES[name], locale);
}

/**
 * The locale-free path of a blog post's prebuilt page.
 * @example blogPostPath('hello') // '/pages/blog-detail/blog-detail/hello'
 */
export function blogPostPath(slug: string): string {
  return `${ROUTES.blogDetail}/${slug}`;
}

/**
 * The locale-free path of a legal document's page (`terms` and `privacy` are two of them).
 * @example legalPath('privacy-policy') // '/pages/legal/privacy-policy'
 */
export function legalPath(slug: string): string {
  return `/pages/legal/${slug}`;
}

/**
 * The login page, optionally sending the user back to `redirect` (a same-site path) afterwards.
 * @example loginPath('en', '/en/pages/leads/leads') // '/en/pages/login/login?redirect=%2Fen%2Fpages%2Fleads%2Fleads'
 */
export function loginPath(locale: Locale, redirect?: string): string {
  const login = pagePath('login', locale);
  return redirect === undefined ? login : `${login}?redirect=${encodeURIComponent(redirect)}`;
}

/**
 * The login page on its sign-up tab ("Start free", a first visit's search), optionally sending the
 * new user back to `redirect` afterwards.
 * @example signUpPath('en') // '/en/pages/login/login?mode=signup'
 */
export function signUpPath(locale: Locale, redirect?: string): string {
  const signup = `${pagePath('login', locale)}?mode=signup`;
  return redirect === undefined ? signup : `${signup}&redirect=${encodeURIComponent(redirect)}`;
}

/** What a link to an account page fills in: the address, the emailed code if any, and where to go after. */
export interface EmailLink {
  email: string;
  code?: string;
  /** A same-site path to open once the account is ready (as `loginPath`'s). */
  redirect?: string;
}

const withEmail = (path: string, link: EmailLink) =>
  `${path}?${(['email', 'code', 'redirect'] as const)
    .flatMap((key) => (link[key] === undefined ? [] : [`${key}=${encodeURIComponent(link[key])}`]))
    .join('&')}`;

/**
 * The sign-up verification page, with the address (and the code, in the verification email) filled in.
 * @example verifyEmailPath('zh', { email: 'a@b.co', code: '123456' }) // '/pages/signup/verify-email?email=a%40b.co&code=123456'
 */
export function verifyEmailPath(locale: Locale, link: EmailLink): string {
  return withEmail(pagePath('signupVerifyEmail', locale), link);
}

/**
 * The reset page, with the address (and the code, in the password-reset email) filled in.
 * @example resetPasswordPath('en', { email: 'a@b.co', code: '123456' }) // '/en/pages/reset-password/reset-password?email=a%40b.co&code=123456'
 */
export function resetPasswordPath(locale: Locale, link: EmailLink): string {
  return withEmail(pagePath('resetPassword', locale), link);
}

/**
 * The "forgot password" page, with the address filled in when one is known.
 * @example forgotPasswordPath('en', 'a@b.co') // '/en/pages/forgot-password/forgot-password?email=a%40b.co'
 */
export function forgotPasswordPath(locale: Locale, email = ''): string {
  const page = pagePath('forgotPassword', locale);
  return email ? withEmail(page, { email }) : page;
}

/**
 * The built-in test checkout of one payment (server/billing/testCheckout.ts, served by the API, not
 * a page of the site): its page, or with `'confirm'` where its "pay" button posts.
 * @example testCheckoutPath('pay_abc', 'confirm') // '/api/pay/test/checkout/pay_abc/confirm'
 */
export function testCheckoutPath(paymentId: string, action?: 'confirm'): string {
  const page = `/api/pay/test/checkout/${encodeURIComponent(paymentId)}`;
  return action ? `${page}/${action}` : page;
}
