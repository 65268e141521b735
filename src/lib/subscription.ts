import type { UserInfo } from '../../contract/api.ts';
import { formatMoney } from './format.ts';

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
 * @example goodsPriceLabel(6990) // 'US$69.90'
 */
export function goodsPriceLabel(cents: number | null | undefined): string {
  if (typeof cents !== 'number' || !Number.isFinite(cents)) return '--';
  return `US${formatMoney(Math.round(cents) / 100, 'USD', 'en-US')}`;
}

/** Whether the user has a plan now (the Your Plan entry and bundles depend on it). */
export function hasPlan(user: Pick<UserInfo, 'subscription_status'> | null | undefined): boolean {
  return Boolean(user && user.subscription_status);
}

/**
 * Why an unlock of `amount` beans is refused before it is asked for, or null when the balance
 * covers it (docs/plans.md): a subscriber whose plan's unlocks are used up is told the plan limit
 * is reached (spec §8: subscribe for more / contact sales); anyone else gets 蜜豆不足 (spec §5).
 * The server answers the same split (40201 on a plan, 40200 otherwise).
 * @example unlockRefusal({ subscription_status: 1 }, 0, 1) // 'errors.planUnlockLimit'
 * @example unlockRefusal({ subscription_status: 0 }, 0, 1) // 'beans.insufficient'
 */
export function unlockRefusal(
  user: Pick<UserInfo, 'subscription_status'> | null | undefined,
  balance: number | undefined,
  amount: number,
): 'beans.insufficient' | 'errors.planUnlockLimit' | null {
  if ((balance ?? 0) >= amount) return null;
  return hasPlan(user) ? 'errors.planUnlockLimit' : 'beans.insufficient';
}

/** The plan (id 13 or 23) the user is on now, or null without one. */
export function currentPlanId(
  user: Pick<UserInfo, 'subscription_status' | 'pay_cycle' | 'subscription_info'> | null | undefined,
): number | null {
  if (!user || !hasPlan(user)) return null;
  return user.subscription_info?.goods_id ?? (billingCycle(user.pay_cycle) === 'year' ? 23 : 13);
}

/**
 * What buying `item` means for this user (docs/plans.md): `buy` without a plan and for bundles;
 * `renew` for the plan they are on (another period after the current one: warned first);
 * `upgrade` from monthly to yearly; `switch` from yearly to monthly.
 */
export function planAction(
  user: Pick<UserInfo, 'subscription_status' | 'pay_cycle' | 'subscription_info'> | null | undefined,
  item: { id: number; kind: 'plan' | 'bundle'; cycle?: 'month' | 'year' },
): 'buy' | 'renew' | 'upgrade' | 'switch' {
  const current = currentPlanId(user);
  if (current === null || item.kind === 'bundle') return 'buy';
  if (current === item.id) return 'renew';
  return item.cycle === 'year' ? 'upgrade' : 'switch';
}
