import { uploadLoginUrl, uploadRequested, withoutUploadParam } from '../../lib/uploadEntry.ts';
import { pageLocale } from '../../lib/pageLocale.ts';
import { $token, navigation } from '../../lib/stores/session.ts';
import { openPopup } from '../../lib/stores/ui.ts';

/**
 * The Upload item (spec §2): opens the upload modal in place when logged in, else goes to login
 * with a way back to `back` (default: this page) and the modal. Menus it was picked from close first.
 */
export function openUpload(back?: string): void {
  if (!$token.get()) {
    const target = new URL(back ?? location.href, location.href);
    navigation.go(uploadLoginUrl(pageLocale(), target.pathname, target.search));
    return;
  }
  try {
    for (const menu of document.querySelectorAll<HTMLElement>(':popover-open')) menu.hidePopover();
  } catch {
    // `:popover-open` is unknown to older browsers; the modal still opens over the menu.
  }
  openPopup('upload');
}

/**
 * Wires the page to the upload modal: clicks on `a[data-upload]` (the nav item, a plain link
 * until hydration) open it in place, and `?upload=1` opens it on load for a logged-in user.
 * Returns the cleanup.
 */
export function wireUploadEntry(loggedIn: boolean): () => void {
  if (loggedIn && uploadRequested(location.search)) {
    history.replaceState(
      history.state,
      '',
      withoutUploadParam(location.pathname, location.search) + location.hash,
    );
    openPopup('upload');
  }
  const onClick = (event: MouseEvent) => {
    // A modified click opens the link in a new tab, as the visitor asked.
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.('a[data-upload]');
    if (!link) return;
    event.preventDefault();
    // Anonymous: the same login and way back as the plain link takes before hydration.
    openUpload(link.getAttribute('href') ?? undefined);
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
