/**
 * The only script a content page runs before interaction, inlined in <head> (hash in the CSP).
 * 1. `?locale=zh|en` (set by the language links) is remembered under the `locale` key and removed.
 * 2. A visitor whose remembered locale differs from the page's is sent to the same page in it
 *    (repeated slashes collapsed first: `/en//evil.example` must not become `//evil.example`).
 *    It also marks <html data-locale-from> so a signed-in session
 *    saves the new language even when the click outran hydration (see finishLanguageSwitch).
 * 3. A stored token marks <html data-session> so the account slots keep their size until they hydrate.
 * Kept as source text so the build can hash exactly what it inlines; tested in tests/unit.
 */
export const LOCALE_BOOTSTRAP = `(function(){try{var d=document.documentElement;if(localStorage.getItem('token'))d.setAttribute('data-session','');var page=d.lang==='en'?'en':'zh',u=new URL(location.href),q=u.searchParams.get('locale'),ok=function(l){return l==='zh'||l==='en'};if(ok(q)){var was=localStorage.getItem('locale');d.setAttribute('data-locale-from',ok(was)?was:q==='en'?'zh':'en');localStorage.setItem('locale',q);u.searchParams.delete('locale');history.replaceState(history.state,'',u.pathname+u.search+u.hash);return}var s=localStorage.getItem('locale');if(ok(s)&&s!==page){var p=u.pathname.replace(/\\/{2,}/g,'/').replace(/^\\/en(?=\\/|$)/,'')||'/';location.replace((s==='en'?(p==='/'?'/en':'/en'+p):p)+u.search+u.hash)}}catch(e){}})();`;
