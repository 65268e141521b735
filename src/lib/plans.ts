import { atom } from 'nanostores';
import type { UserInfo } from '../../contract/api.ts';
import type { Locale } from '../i18n/locales.ts';
import { DEFAULT_PLAN_ID, PLAN_ITEMS, type PlanItem } from './constants.ts';
import { formatPrice, planPrices } from './format.ts';
import { billingCycle, hasPlan } from './subscription.ts';

/** The plan selected in the plan popup; id 13 when it opens (spec §4 "Buy"). */
export const $selectedPlanId = atom<number>(DEFAULT_PLAN_ID);

/** Selects a plan or bundle by id. */
export function selectPlan(id: number): void {
  $selectedPlanId.set(id);
}

/**
 * The saving between origin and current price in the locale's currency, or null without one
 * (spec §3 "A badge shows the saving").
 * @example savingAmount(yearly, 'zh') // '¥989'
 */
export function savingAmount(item: PlanItem, locale: Locale): string | null {
  const { price, origin } = planPrices(item, locale);
  if (origin === undefined || origin <= price) return null;
  return formatPrice(Math.round((origin - price) * 100) / 100, locale);
}

/** Spec §6: extra unlock bundles are for monthly subscribers only. */
export function canBuyBundles(
  user: Pick<UserInfo, 'subscription_status' | 'pay_cycle'> | null | undefined,
): boolean {
  return Boolean(user && hasPlan(user) && billingCycle(user.pay_cycle) === 'month');
}

/** The items the plan popup offers this user: the plans, and bundles to monthly subscribers. */
export function offeredItems(
  user: Pick<UserInfo, 'subscription_status' | 'pay_cycle'> | null | undefined,
): PlanItem[] {
  return PLAN_ITEMS.filter((item) => item.kind === 'plan' || canBuyBundles(user));
}
