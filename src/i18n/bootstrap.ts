import { LOCALE_COOKIE, LOCALE_COOKIE_ATTRIBUTES } from '../../contract/routes.ts';

/**
 * The site's own script on every page, inlined at the end of <body> (hash in the CSP) so that
 * nothing runs before the page's content is parsed (issue 17: first paint).
 * 1. `?locale=zh|en` (set by the language links) is remembered under the `locale` key and removed.
 *    It also marks <html data-locale-from> so a signed-in session saves the new language even when
 *    the click outran hydration (see finishLanguageSwitch).
 * 2. The remembered locale is mirrored in the `locale` cookie (dropped when none is remembered),
 *    from which the server answers the next page in that language with a redirect before sending
 *    it (server/app.ts).
 * 3. A visitor whose remembered locale differs from the page's and whom the server did not send
 *    on (no cookie yet, or a plain static host) is sent to the same page in it (repeated slashes
 *    collapsed first: `/en//evil.example` must not become `//evil.example`).
 * Kept as source text so the build can hash exactly what it inlines; tested in tests/unit.
 */
export const LOCALE_BOOTSTRAP = `(function(){try{var d=document.documentElement,page=d.lang==='en'?'en':'zh',u=new URL(location.href),q=u.searchParams.get('locale'),ok=function(l){return l==='zh'||l==='en'},keep=function(l){document.cookie='${LOCALE_COOKIE}='+l+'; ${LOCALE_COOKIE_ATTRIBUTES}'};if(ok(q)){var was=localStorage.getItem('locale');d.setAttribute('data-locale-from',ok(was)?was:q==='en'?'zh':'en');localStorage.setItem('locale',q);keep(q);u.searchParams.delete('locale');history.replaceState(history.state,'',u.pathname+u.search+u.hash);return}var s=localStorage.getItem('locale');if(!ok(s)){document.cookie='${LOCALE_COOKIE}=; path=/; max-age=0';return}keep(s);if(s!==page){var p=u.pathname.replace(/\\/{2,}/g,'/').replace(/^\\/en(?=\\/|$)/,'')||'/';location.replace((s==='en'?(p==='/'?'/en':'/en'+p):p)+u.search+u.hash)}}catch(e){}})();`;
