import { LOCALE_COOKIE, LOCALE_COOKIE_ATTRIBUTES } from '../../contract/routes.ts';
import { en } from './ui/en.ts';
import { zh } from './ui/zh.ts';

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
export const LOCALE_BOOTSTRAP = `(function(){try{var d=document.documentElement,page=d.lang==='en'?'en':'zh',u=new URL(location.href),q=u.searchParams.get('locale'),ok=function(l){return l==='zh'||l==='en'},keep=function(l){document.cookie='${LOCALE_COOKIE}='+l+'; ${LOCALE_COOKIE_ATTRIBUTES}'};if(ok(q)){var was=localStorage.getItem('locale');d.setAttribute('data-locale-from',ok(was)?was:q==='en'?'zh':'en');localStorage.setItem('locale',q);keep(q);u.searchParams.delete('locale');history.replaceState(history.state,'',u.pathname+u.search+u.hash);return}var s=localStorage.getItem('locale');if(!ok(s)){document.cookie='${LOCALE_COOKIE}=; path=/; max-age=0';return}keep(s);if(s!==page){d.setAttribute('data-leaving','');var p=u.pathname.replace(/\\/{2,}/g,'/').replace(/^\\/en(?=\\/|$)/,'')||'/';location.replace((s==='en'?(p==='/'?'/en':'/en'+p):p)+u.search+u.hash)}}catch(e){}})();`;

/**
 * Run right after LOCALE_BOOTSTRAP on every page, before any island (issue 35), so content pages
 * do it without loading a script:
 * 1. A stored session marks <html data-signed-in>: the home header's 登录 / "Log in" gives its place
 *    to the way into the app (both sit in one box, so nothing moves; HomePage.astro).
 * 2. Back from a payment (spec §2: `type=plan&action=paySuccess`), unless the locale script is
 *    sending the visitor on (the next page does it): `action` leaves the address and a success toast
 *    shows for the default toast duration (spec §9: 1500 ms), styled by global.css `.boot-toast`.
 *    Its text is the dictionaries' `pay.success`.
 * Kept as source text so the build can hash exactly what it inlines; tested in tests/unit.
 */
export const ARRIVAL_BOOTSTRAP = `(function(){try{var d=document.documentElement;if(localStorage.getItem('token'))d.setAttribute('data-signed-in','');if(d.hasAttribute('data-leaving'))return;var u=new URL(location.href);if(u.searchParams.get('type')!=='plan'||u.searchParams.get('action')!=='paySuccess')return;u.searchParams.delete('action');history.replaceState(history.state,'',u.pathname+u.search+u.hash);var t=document.createElement('div');t.className='boot-toast';t.setAttribute('role','status');t.textContent=d.lang==='en'?${JSON.stringify(en['pay.success'])}:${JSON.stringify(zh['pay.success'])};document.body.appendChild(t);setTimeout(function(){t.remove()},1500)}catch(e){}})();`;

/** The one inline script of every page: the locale, then the arrival (its hash is in every page's CSP). */
export const PAGE_BOOTSTRAP = LOCALE_BOOTSTRAP + ARRIVAL_BOOTSTRAP;
