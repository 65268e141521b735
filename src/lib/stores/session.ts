import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import type { CompanyInfo, LoginRequest, RegisterRequest, UserInfo } from '../../../contract/api.ts';
import type { Locale } from '../../i18n/locales.ts';
import { localizedPath } from '../../i18n/paths.ts';
import * as api from '../api/calls.ts';
import { configureApi } from '../api/client.ts';
import { browserFingerprintSource, fingerprintHash, makeClientId } from '../identity.ts';
import { pageLocale, pageT } from '../pageLocale.ts';
import { ROUTES, loginPath, verifyEmailPath } from '../../../contract/routes.ts';
import { showToast } from '../toast.ts';
import { isPublicRoute, safeRedirect } from '../guard.ts';
import { splitLocale } from '../../i18n/paths.ts';
import { paymentReturn } from '../payment.ts';

/** Spec §3: the token persists in local storage and is sent in the `token` header. */
export const $token = persistentAtom<string | undefined>('token', undefined);
/** Spec §3: a browser fingerprint hash, generated once if absent, persisted. */
export const $deviceId = persistentAtom<string | undefined>('deviceId', undefined);
/** Spec §3: the email entered at sign-up, for the verification step (kept for this tab only). */
export const $verifyEmail = atom<string | undefined>(readSession('verifyEmail'));
/**
 * The sign-up token register answered this browser, with its address (docs/api.md "Sign-up"): sent
 * with the emailed code, it activates the password chosen here. Kept in local storage so the link
 * opened in another tab of this browser still verifies in one step; cleared by finishSignIn.
 */
export const $signupToken = persistentAtom<{ email: string; token: string } | undefined>(
  'signupToken',
  undefined,
  {
    encode: JSON.stringify,
    decode: (raw) => {
      try {
        const value = JSON.parse(raw) as { email?: unknown; token?: unknown };
        return typeof value.email === 'string' && typeof value.token === 'string'
          ? { email: value.email, token: value.token }
          : undefined;
      } catch {
        return undefined;
      }
    },
  },
);
/** This browser's sign-up token for `email`, if it signed that address up. */
export function signupTokenFor(email: string): string | undefined {
  const kept = $signupToken.get();
  return kept && kept.email === email.trim().toLowerCase() ? kept.token : undefined;
}
/** Spec §3: loaded after login. */
export const $userInfo = atom<UserInfo | null>(null);
export const $companyInfo = atom<CompanyInfo | null>(null);

function readSession(key: string): string | undefined {
  try {
    return globalThis.sessionStorage?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}
$verifyEmail.listen((email) => {
  try {
    if (email) sessionStorage.setItem('verifyEmail', email);
    else sessionStorage.removeItem('verifyEmail');
  } catch {
    // Storage blocked: the value still lives for this page.
  }
});

/** Page navigation, replaceable in tests. */
export const navigation = { go: (url: string) => globalThis.location?.assign(url) };

/** Spec §3 "Client id": made once, kept in browser storage. */
export function getClientId(): string {
  const key = 'clientId';
  try {
    const stored = localStorage.getItem(key);
    if (stored) return stored;
    const id = makeClientId();
    localStorage.setItem(key, id);
    return id;
  } catch {
    return makeClientId();
  }
}

/** Makes the deviceId once (spec §3) and returns it. */
export async function ensureDeviceId(): Promise<string> {
  const existing = $deviceId.get();
  if (existing) return existing;
  const id = await fingerprintHash(browserFingerprintSource());
  $deviceId.set(id);
  return id;
}

/** Loads user info (spec §7 GET /user/user_info). */
export async function loadUserInfo(extra?: { toast?: boolean }): Promise<UserInfo> {
  const user = await api.getUserInfo(extra);
  $userInfo.set(user);
  return user;
}

/** Loads company info for this browser's client id (spec §7 GET /get_file). */
export async function loadCompanyInfo(): Promise<CompanyInfo | null> {
  const info = await api.getFile({ clientId: getClientId() }, { toast: false }).catch(() => null);
  $companyInfo.set(info);
  return info;
}

/** Where a finished sign-in goes: the `redirect` target when it is on this site, else search. */
export interface SignInTarget {
  locale?: Locale;
  /** Defaults to this page's `?redirect=` (see signInRedirect). */
  redirect?: string | null;
}

/**
 * The one place the after-login target is read: this page's `?redirect=` when it is a path on this
 * site (safeRedirect), else null. Sign-up carries it on to the verification page.
 */
export function signInRedirect(search = globalThis.location?.search ?? ''): string | null {
  return safeRedirect(new URLSearchParams(search).get('redirect'));
}

/** The verification page for `email`, carrying the sign-in's way back (signInRedirect). */
export function verifyPageFor(email: string, locale: Locale): string {
  const redirect = signInRedirect();
  return verifyEmailPath(locale, { email, ...(redirect ? { redirect } : {}) });
}

/**
 * Spec §3/§4: the one way every sign-in ends (login page, both verify-email pages): deviceId made
 * if absent, token stored, user and company info loaded, then on to `redirect` if it is a path on
 * this site (safeRedirect), else the locale's search page.
 */
export async function finishSignIn(token: string, target: SignInTarget = {}): Promise<UserInfo> {
  await ensureDeviceId();
  $token.set(token);
  $verifyEmail.set(undefined);
  $signupToken.set(undefined);
  const [user] = await Promise.all([loadUserInfo(), loadCompanyInfo()]);
  const redirect = target.redirect === undefined ? signInRedirect() : safeRedirect(target.redirect);
  navigation.go(redirect ?? localizedPath(ROUTES.chat, target.locale ?? pageLocale()));
  return user;
}

/** Spec §4 "Login": code 0 stores the token, user info and company info load, then `target`. */
export async function logIn(
  credentials: Omit<LoginRequest, 'device_id'>,
  target: SignInTarget = {},
  extra?: { toast?: boolean },
): Promise<UserInfo> {
  const token = await api.login({ ...credentials, device_id: await ensureDeviceId() }, extra);
  return finishSignIn(token, target);
}

/** Spec §4 "Signup": on success the entered email is kept as verifyEmail. */
export async function signUp(body: RegisterRequest, extra?: { toast?: boolean }): Promise<void> {
  const { signup_token } = await api.register(body, extra);
  $verifyEmail.set(body.email.trim());
  $signupToken.set({ email: body.email.trim().toLowerCase(), token: signup_token });
}

function clearSession(): void {
  $token.set(undefined);
  $userInfo.set(null);
  $companyInfo.set(null);
}

/** Spec §4 "Logout": clears token and userInfo (the server revokes the token) and goes to login. */
export async function logOut(): Promise<void> {
  if ($token.get()) await api.logout({ toast: false }).catch(() => undefined);
  clearSession();
  navigation.go(localizedPath(ROUTES.login, pageLocale()));
}

/**
 * An invalid or expired token: clear the session; on a private page, tell the user and go to
 * login with a way back (public pages just show the logged-out state).
 */
export function sessionExpired(): void {
  if (!$token.get()) return;
  clearSession();
  const here = globalThis.location ? location.pathname + location.search : '/';
  if (isPublicRoute(splitLocale(globalThis.location?.pathname ?? '/').path)) return;
  showToast(pageT()('errors.sessionExpired'), { kind: 'error' });
  navigation.go(loginPath(pageLocale(), here));
}

let started: Promise<void> | undefined;
/**
 * Once per page: loads the user when a token is stored, and handles the return from payment
 * (spec §2: type=plan&action=paySuccess shows a success toast and `action` leaves the URL).
 */
export function startSession(): Promise<void> {
  started ??= (async () => {
    if (globalThis.location) {
      const { paid, url } = paymentReturn(location.href);
      if (paid) {
        history.replaceState(history.state, '', url);
        showToast(pageT()('pay.success'), { kind: 'success' });
      }
    }
    if ($token.get() && !$userInfo.get()) await loadUserInfo({ toast: false }).catch(() => undefined);
    if ($userInfo.get()) await import('./locale.ts').then((m) => m.finishLanguageSwitch());
  })();
  return started;
}

configureApi({
  getToken: () => $token.get(),
  onTokenInvalid: sessionExpired,
  // Spec §3: the token persists in local storage; other tabs read the new one from there.
  onTokenRenewed: (token) => $token.set(token),
});
