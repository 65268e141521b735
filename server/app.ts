import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { createApi, type ApiOptions } from './api/index.ts';
import type { Services } from './platform/services.ts';
import { StaticFiles, cacheControlFor } from './static.ts';
import { NOTHING_POLICY, withFrameAncestors } from '../contract/csp.ts';
import {
  LOCALE_COOKIE,
  NOT_FOUND_DOCUMENT,
  ROUTES,
  isLocale,
  localizedPath,
  splitLocale,
} from '../contract/routes.ts';

export interface AppOptions extends ApiOptions {
  distDir: string;
  /** Public origin; HSTS is sent when it is https. */
  siteUrl?: string | undefined;
  /** The API's services; without them every /api call answers 404 (static-only serving). */
  services?: Services;
}

/** `pathname` with repeated (or backslash) separators collapsed and no trailing slash; always one leading `/`. */
export function canonicalPath(pathname: string): string {
  return `/${pathname
    .split(/[/\\]+/)
    .filter(Boolean)
    .join('/')}`;
}

/** The whole HTTP surface of `npm start`: security headers, `/api`, then the static site. */
export function createApp({ distDir, siteUrl, services, ...apiOptions }: AppOptions) {
  const app = new Hono();
  const files = new StaticFiles(distDir);
  const https = siteUrl?.startsWith('https:') ?? false;

  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    // A route may ask for a stricter policy (the unsubscribe page: its URL holds a token).
    if (!c.res.headers.has('Referrer-Policy')) c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
    // A page brings its own policy (server/static.ts), as do the API's few HTML answers; anything
    // else loads nothing. frame-ancestors works only as a header, so every policy gets it.
    const policy = c.res.headers.get('Content-Security-Policy');
    c.header('Content-Security-Policy', policy ? withFrameAncestors(policy) : NOTHING_POLICY);
    if (https) c.header('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  });

  if (services) app.route('/api', createApi(services, apiOptions));
  else app.all('/api/*', (c) => c.json({ code: 40400, msg: 'Not Found', data: null }, 404));

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const url = new URL(c.req.url);
    let { pathname } = url;
    // One URL per page: `/pages/chat/chat/` -> `/pages/chat/chat`. Repeated slashes collapse too, so
    // a Location never starts with `//` (`GET //evil.example/` must not answer `//evil.example`).
    const canonical = canonicalPath(pathname);
    if (canonical !== pathname) return c.redirect(canonical + url.search, 301);
    // Spec §2: the bare details route takes `?id=<slug>`; send it to the prebuilt post.
    const { locale, path } = splitLocale(pathname);
    const id = url.searchParams.get('id');
    if (path === ROUTES.blogDetail && id && /^[a-z0-9-]+$/.test(id)) {
      const target = `${pathname}/${id}`;
      if (await files.resolve(target)) return c.redirect(target, 302);
    }
    // The 404 document is only ever served with status 404.
    const notFoundDocument = localizedPath(NOT_FOUND_DOCUMENT, locale);
    if (pathname === NOT_FOUND_DOCUMENT.replace(/\.html$/, '') || pathname === notFoundDocument)
      pathname = '/__none__';
    const found = await files.resolve(pathname);
    if (found) {
      const page = found.file.endsWith('.html');
      // A visitor who chose the other language gets that page before any of this one loads: the
      // page script mirrors the choice in a cookie (src/i18n/bootstrap.ts). `?locale=zh|en` is a
      // language link being followed, which changes the choice instead (as in the page script).
      const chosen = getCookie(c, LOCALE_COOKIE);
      if (page && isLocale(chosen) && chosen !== locale && !isLocale(url.searchParams.get('locale'))) {
        const target = localizedPath(path, chosen);
        if (await files.resolve(target)) {
          c.header('Cache-Control', 'private, no-store');
          c.header('Vary', 'Cookie');
          return c.redirect(target + url.search, 302);
        }
      }
      const res = await files.respond(c, found.entry, 200, cacheControlFor(pathname, found.file));
      if (page) res.headers.set('Vary', 'Accept-Encoding, Cookie');
      return res;
    }
    const notFound = await files.resolve(notFoundDocument);
    if (!notFound) return c.text('Not Found', 404);
    return files.respond(c, notFound.entry, 404, 'no-cache');
  });

  return app;
}
