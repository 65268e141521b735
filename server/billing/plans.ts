import { PLAN_ITEMS, type PlanItem } from '../../contract/plans.ts';
import { inUtc } from '../platform/time.ts';

/** What the server sells: spec §9's items with display names for checkout and user info. */
export interface Goods extends PlanItem {
  name: { zh: string; en: string };
  priceUsd: number;
}

const NAMES: Record<number, { zh: string; en: string }> = {
  13: { zh: '月度套餐', en: 'Monthly plan' },
  23: { zh: '年度套餐', en: 'Yearly plan' },
  1: { zh: '加购 50 次解锁', en: '50 extra unlocks' },
  3: { zh: '加购 100 次解锁', en: '100 extra unlocks' },
};

export const PLAN_GOODS: Record<number, Goods> = Object.fromEntries(
  PLAN_ITEMS.map((item) => [item.id, { ...item, name: NAMES[item.id]!, priceUsd: item.price_en }]),
);

/** Spec §9: billing cycles are month and year. */
export type Cycle = 'month' | 'year';
const MONTHS: Record<Cycle, number> = { month: 1, year: 12 };

/**
 * The end of the `n`-th period counted from `anchor`, as Stripe counts from a subscription's
 * billing_cycle_anchor: the anchor plus n months (or years), on the anchor's day or, in a shorter
 * month, that month's last day. Never from the previous period's end, so the day does not drift:
 * 31 January → 28 February → 31 March → 30 April; 29 February 2028 → 28 February 2029 → … →
 * 29 February 2032.
 * @example periodEnd(new Date('2027-01-31T10:00:00Z'), 'month', 2) // 2027-03-31T10:00:00Z
 */
export function periodEnd(anchor: Date, cycle: Cycle, n: number): Date {
  return inUtc(anchor)
    .add(n * MONTHS[cycle], 'month')
    .toDate();
}

/**
 * The first period end of `anchor` later than `after` (at least the first period's), counted one
 * period at a time: a plan of decades is a few hundred steps.
 */
export function nextPeriodEnd(anchor: Date, cycle: Cycle, after: Date): Date {
  let n = 1;
  while (periodEnd(anchor, cycle, n) <= after) n++;
  return periodEnd(anchor, cycle, n);
}

/** A user's plan as the billing rules read it. */
export interface PlanState {
  /** Where the periods count from (null for plans bought before anchors were stored). */
  anchor: Date | null;
  expiresAt: Date | null;
  cycle: Cycle | null;
}

/**
 * The plan after a purchase of one `cycle` period at `now`. Without a running plan it starts now,
 * anchored today. A running plan of the same cycle is renewed early: it keeps the days left and
 * ends one period after its current end, on its anchor's day. A running plan of the other cycle is
 * followed by the new one, anchored at its end.
 */
export function purchasedPeriod(plan: PlanState, cycle: Cycle, now: Date): { anchor: Date; expiresAt: Date } {
  if (!plan.expiresAt || plan.expiresAt <= now) return { anchor: now, expiresAt: periodEnd(now, cycle, 1) };
  if (plan.cycle !== cycle) return { anchor: plan.expiresAt, expiresAt: periodEnd(plan.expiresAt, cycle, 1) };
  const anchor = plan.anchor ?? plan.expiresAt;
  return { anchor, expiresAt: nextPeriodEnd(anchor, cycle, plan.expiresAt) };
}

/**
 * The plan after a paid renewal invoice at `now` (Stripe renews on its own anchor, also after a
 * late payment): the next period end of the anchor after both the current end and now.
 */
export function renewedPeriod(plan: PlanState, cycle: Cycle, now: Date): { anchor: Date; expiresAt: Date } {
  const anchor = plan.anchor ?? plan.expiresAt ?? now;
  const after = plan.expiresAt && plan.expiresAt > now ? plan.expiresAt : now;
  return { anchor, expiresAt: nextPeriodEnd(anchor, cycle, after) };
}

/** A user row's plan state (spec §3: pay_cycle 2 is yearly, 1 monthly, 0 no plan bought). */
export function planState(user: {
  planAnchor: Date | null;
  serviceExpirationTime: Date | null;
  payCycle: number;
}): PlanState {
  return {
    anchor: user.planAnchor,
    expiresAt: user.serviceExpirationTime,
    cycle: user.payCycle === 2 ? 'year' : user.payCycle === 1 ? 'month' : null,
  };
}
