import { ofetch } from 'ofetch';
import { ErrorCode, type Envelope } from '../../../contract/api.ts';
import { DEFAULT_ERROR_TOAST_MS, NETWORK_TIMEOUT_MS } from '../constants.ts';
import { pageLocale, pageT } from '../pageLocale.ts';
import { showToast } from '../toast.ts';
import { ApiError, httpErrorKey, runtimeError, RuntimeCode } from './errors.ts';

/** Base path of the API (spec §7: /api); PUBLIC_API_BASE moves it for a separately hosted backend. */
let apiBase: string = import.meta.env?.PUBLIC_API_BASE || '/api';

/** Points the client at another API origin (tests, or a backend configured at run time). */
export function setApiBase(base: string): void {
  apiBase = base;
}

/** What the session store lends the client, so the client never imports stores. */
export interface ApiHooks {
  getToken(): string | undefined;
  /** Called when the server says the token is invalid or expired. */
  onTokenInvalid(): void;
  /** Called with the session's new token when an answer carries one (docs/api.md "Sessions"). */
  onTokenRenewed(token: string): void;
}
let hooks: ApiHooks = { getToken: () => undefined, onTokenInvalid: () => {}, onTokenRenewed: () => {} };

/** The answer header that carries a session's new token (the server replaces it daily). */
export const NEW_TOKEN_HEADER = 'New-Token';

/** Connects the client to the session store (src/lib/stores/session.ts does it once). */
export function configureApi(next: ApiHooks): void {
  hooks = next;
}

/** The absolute or site-relative URL of an API path (for transports other than `request`). */
export function apiUrl(path: string): string {
  return `${apiBase.replace(/\/$/, '')}${path}`;
}

/**
 * Tells the session an answer said the token `sent` is invalid (for transports other than
 * `request`). A token the session no longer holds (replaced meanwhile, New-Token) ends nothing.
 */
export function tokenRejected(sent: string | undefined): void {
  if (hooks.getToken() === sent) hooks.onTokenInvalid();
}

/**
 * Hands the session a new token an answer carried (`New-Token`), if the request was sent with the
 * token the session still holds (not after a logout or another login). Every transport calls it.
 */
export function tokenRenewed(sent: string | undefined, renewed: string | null | undefined): void {
  if (sent && renewed && hooks.getToken() === sent) hooks.onTokenRenewed(renewed);
}

/** The session token, for transports other than `request`. */
export function apiToken(): string | undefined {
  return hooks.getToken();
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Spec §7: the token header is added unless the call's custom auth flag turns it off. */
  auth?: boolean;
  /** Show an error toast on failure (default true). */
  toast?: boolean;
  signal?: AbortSignal;
  timeout?: number;
}

/**
 * What every call says about the page: its language (the server's texts follow it) and the
 * browser's time zone (texts naming the daily reset say it on the user's clock; issue 35).
 */
export function pageHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': pageLocale() };
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) headers['X-Time-Zone'] = zone;
  } catch {
    // No Intl time zone data: the server says the reset in UTC.
  }
  return headers;
}

const apiFetch = ofetch.create({
  timeout: NETWORK_TIMEOUT_MS,
  retry: 0,
  headers: { 'Content-Type': 'application/json' },
  // Envelopes come with error statuses too: read them instead of throwing.
  ignoreResponseError: true,
});

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
  );
}

/**
 * Calls the API and resolves to `data` of a `code: 0` answer. Anything else shows an error toast
 * (unless `toast: false`) and rejects with an ApiError (spec §7, §8).
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const t = pageT();
  const headers = pageHeaders();
  const token = options.auth === false ? undefined : hooks.getToken();
  if (token) headers.token = token;
  const fail = (error: ApiError, duration?: number): never => {
    if (options.toast !== false && error.code !== RuntimeCode.ABORT) {
      showToast(error.message, duration === undefined ? { kind: 'error' } : { kind: 'error', duration });
    }
    throw error;
  };

  let response;
  try {
    response = await apiFetch.raw(path, {
      baseURL: apiBase,
      method: options.method ?? 'GET',
      headers,
      ...(options.query ? { query: options.query } : {}),
      ...(options.body !== undefined ? { body: options.body as Record<string, unknown> } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.timeout ? { timeout: options.timeout } : {}),
    });
  } catch (error) {
    return fail(runtimeError(error, t, options.signal?.aborted ?? false));
  }
  // Whatever the answer, a new token it carries replaces the old one (which soon stops working).
  tokenRenewed(token, response.headers.get(NEW_TOKEN_HEADER));
  const body: unknown = response._data;
  if (isEnvelope(body)) {
    if (body.code === ErrorCode.OK) return body.data as T;
    if (body.code === ErrorCode.TOKEN_INVALID) tokenRejected(token);
    return fail(new ApiError(body.code, body.msg || t('errors.default'), response.status, body.data));
  }
  const key = response.ok ? 'errors.requestFailed' : httpErrorKey(response.status);
  // Spec §8: the default message stays 5 seconds.
  return fail(
    new ApiError(response.status, t(key), response.status),
    key === 'errors.default' ? DEFAULT_ERROR_TOAST_MS : undefined,
  );
}
