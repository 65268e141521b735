import { atom } from 'nanostores';
import type { UserInfo } from '../../contract/api.ts';
import {
  FREE_SEARCHES_PER_DAY,
  MAX_EMAILS_PER_LEAD,
  OUTREACH_DAILY_CAP,
  SUBSCRIBER_SEARCHES_PER_DAY,
} from '../../contract/limits.ts';
import { MAX_FOLLOW_UPS } from '../../contract/outreach.ts';
import type { Translate } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import { DEFAULT_PLAN_ID, PLAN_ITEMS, type PlanItem } from './constants.ts';
import { counted, formatNumber, formatPrice, planPrices } from './format.ts';
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

/**
 * What a plan or bundle gives, line by line, from the same limits the server enforces (issue 35:
 * the cards listed only unlocks): its unlocks, what one unlock buys, the searches a day, the
 * outreach emails a day with their follow-ups (said to be the free plan's too: no plan changes
 * them), and for the monthly plan the bundles it opens.
 * @example planIncludes(t, monthly, 'en') // ['200 unlocks that never expire', 'One unlock opens one company: …', …]
 */
export function planIncludes(t: Translate, item: PlanItem, locale: Locale): string[] {
  const lines = [
    counted(t, 'plan.includesUnlocks', item.unlocks, locale, formatNumber(item.unlocks, locale)),
    t('plan.includesBean', { emails: MAX_EMAILS_PER_LEAD }),
  ];
  if (item.kind === 'bundle') return lines;
  lines.push(
    t('plan.includesSearches', {
      count: formatNumber(SUBSCRIBER_SEARCHES_PER_DAY, locale),
      free: formatNumber(FREE_SEARCHES_PER_DAY, locale),
    }),
    t('plan.includesEmails', { cap: OUTREACH_DAILY_CAP, followUps: MAX_FOLLOW_UPS }),
  );
  if (item.cycle === 'month') lines.push(t('plan.includesBundles'));
  return lines;
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
