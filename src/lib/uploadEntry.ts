/**
 * How pages open the upload modal (spec §2: the Upload item opens it, or goes to login without a
 * token). Kept apart from the upload rules: every app page loads this, the rules load with the modal.
 */
import type { Locale } from '../i18n/locales.ts';
import { loginPath } from '../../contract/routes.ts';

/** The query parameter that opens the upload modal on load (the Upload nav item's link). */
export const UPLOAD_PARAM = 'upload';

/**
 * Whether a page's query asks for the upload modal (`?upload=1`).
 * @example uploadRequested('?q=led&upload=1') // true
 */
export function uploadRequested(search: string): boolean {
  return new URLSearchParams(search).get(UPLOAD_PARAM) === '1';
}

/**
 * A path and query without the upload parameter, so a reload does not reopen the modal.
 * @example withoutUploadParam('/pages/chat/chat', '?upload=1&q=led') // '/pages/chat/chat?q=led'
 */
export function withoutUploadParam(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(UPLOAD_PARAM);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/**
 * Where the Upload item sends an anonymous visitor: login, then back to this page with the modal.
 * @example uploadLoginUrl('en', '/en/pages/leads/leads', '') // '/en/pages/login/login?redirect=%2Fen%2Fpages%2Fleads%2Fleads%3Fupload%3D1'
 */
export function uploadLoginUrl(locale: Locale, pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.set(UPLOAD_PARAM, '1');
  const back = `${pathname}?${params.toString()}`;
  return loginPath(locale, back);
}
