import { PLAN_ITEMS, type PlanItem } from '../../contract/plans.ts';

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

/** Adds one billing period to `from`. */
export function addPeriod(from: Date, cycle: 'month' | 'year'): Date {
  const next = new Date(from);
  if (cycle === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}
