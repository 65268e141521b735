import { persistentAtom } from '@nanostores/persistent';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, isLocale, type Locale } from '../../i18n/locales.ts';
import { LOCALE_COOKIE, LOCALE_COOKIE_ATTRIBUTES } from '../../../contract/routes.ts';
import { useTranslations } from '../../i18n/index.ts';
import { switchLocalePath } from '../../i18n/paths.ts';
import { modifyLanguage } from '../api/calls.ts';
import { showToast } from '../toast.ts';
import { pageLocale } from '../pageLocale.ts';
import { $token, $userInfo, navigation } from './session.ts';

/** Spec §3 "Locale": persisted under the `locale` key; default zh. */
export const $locale = persistentAtom<Locale>(LOCALE_STORAGE_KEY, DEFAULT_LOCALE, {
  encode: (value) => value,
  decode: (value) => (isLocale(value) ? value : DEFAULT_LOCALE),
});

// The cookie copy the server answers pages by (contract LOCALE_COOKIE), kept with every change:
// a switch, its revert and a switch in another tab.
$locale.listen((value) => {
  if (globalThis.document) document.cookie = `${LOCALE_COOKIE}=${value}; ${LOCALE_COOKIE_ATTRIBUTES}`;
});

/** The event emitted when a language switch is reverted (spec §4); its detail is the restored locale. */
export const LANGUAGE_CHANGED_EVENT = 'language-changed';

/** Spec §4: a failed switch reverts the locale, tells the user (in `messageLocale`) and emits the event. */
function revertLocale(restored: Locale, messageLocale: Locale): void {
  $locale.set(restored);
  showToast(useTranslations(messageLocale)('errors.languageUpdateFailed'), { kind: 'error' });
  globalThis.dispatchEvent?.(new CustomEvent(LANGUAGE_CHANGED_EVENT, { detail: restored }));
}

/**
 * Spec §4 "Language switch": sets the locale locally and in the store; when logged in saves it on
 * the server; then loads the same page in that language. On failure reverts, tells the user and
 * emits `language-changed`. Resolves to whether the switch happened.
 */
export async function switchLanguage(next: Locale): Promise<boolean> {
  const previous = $locale.get();
  $locale.set(next);
  if ($token.get()) {
    try {
      await modifyLanguage({ language: next }, { toast: false });
    } catch {
      revertLocale(previous, previous);
      return false;
    }
  }
  navigation.go(switchLocalePath(location.pathname, next) + location.search + location.hash);
  return true;
}

/**
 * A language link clicked before the island hydrated is a plain navigation: the inline bootstrap
 * remembered the new locale and marked `<html data-locale-from>`. Once user info is loaded this
 * saves the page's language on the server, as a hydrated switch would have; on failure the
 * remembered locale reverts (the next page is in the previous language) and the user is told.
 */
export async function finishLanguageSwitch(): Promise<void> {
  const from = globalThis.document?.documentElement.getAttribute('data-locale-from');
  if (!isLocale(from) || !$token.get()) return;
  document.documentElement.removeAttribute('data-locale-from');
  const next = pageLocale();
  const user = $userInfo.get();
  if (!user || user.language === next) return;
  try {
    await modifyLanguage({ language: next }, { toast: false });
    $userInfo.set({ ...user, language: next });
  } catch {
    revertLocale(from, next);
  }
}
