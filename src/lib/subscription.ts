import type { UserInfo } from '../../contract/api.ts';

/** What the Your Plan popup shows for `subscription_status` (spec §4); `date` is the UTC expiry, shown with `formatDateTime`. */
export type SubscriptionView =
  | { kind: 'none' }
  | { kind: 'renews'; date: string | null; canUnsubscribe: true }
  | { kind: 'expires'; date: string | null; canUnsubscribe: false };

/**
 * 0: no plan; 1 or 3: active and renewing (Renews + Unsubscribe); other values: Expires.
 * @example subscriptionView({ subscription_status: 1, service_expiration_time: '2026-12-01T00:00:00Z' }).kind // 'renews'
 */
export function subscriptionView(
  user: Pick<UserInfo, 'subscription_status' | 'service_expiration_time'>,
): SubscriptionView {
  const status = user.subscription_status;
  if (!status) return { kind: 'none' };
  const date = user.service_expiration_time;
  return status === 1 || status === 3
    ? { kind: 'renews', date, canUnsubscribe: true }
    : { kind: 'expires', date, canUnsubscribe: false };
}

/** Spec §3: pay_cycle 2 means yearly, anything else monthly. */
export function billingCycle(payCycle: number | null | undefined): 'year' | 'month' {
  return payCycle === 2 ? 'year' : 'month';
}

/**
 * Spec §3: goods_price is in cents and shown as US$ price/100.
 * @example goodsPriceLabel(6990) // 'US$69.9'
 */
export function goodsPriceLabel(cents: number | null | undefined): string {
  if (typeof cents !== 'number' || !Number.isFinite(cents)) return '--';
  return `US$${Math.round(cents) / 100}`;
}

/** Whether the user has a plan now (the Your Plan entry and bundles depend on it). */
export function hasPlan(user: Pick<UserInfo, 'subscription_status'> | null | undefined): boolean {
  return Boolean(user && user.subscription_status);
}
