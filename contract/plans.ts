/** A plan or bundle (spec §3 "Plan item"; prices and unlocks from §9). */
export interface PlanItem {
  id: number;
  kind: 'plan' | 'bundle';
  cycle?: 'month' | 'year';
  unlocks: number;
  /** CNY */
  price: number;
  /** USD */
  price_en: number;
  origin_price?: number;
  origin_price_en?: number;
}

/** Spec §9: plans 13 and 23, bundles 1 and 3 (bundles for monthly subscribers only, §6). */
export const PLAN_ITEMS: readonly PlanItem[] = [
  { id: 13, kind: 'plan', cycle: 'month', unlocks: 200, price: 499, price_en: 69.9 },
  {
    id: 23,
    kind: 'plan',
    cycle: 'year',
    unlocks: 3000,
    price: 4999,
    price_en: 699.9,
    origin_price: 5988,
    origin_price_en: 838.9,
  },
  { id: 1, kind: 'bundle', unlocks: 50, price: 69.9, price_en: 9.9 },
  { id: 3, kind: 'bundle', unlocks: 100, price: 99, price_en: 16.9 },
];

/** Spec §4 "Buy": the plan selected when the popup opens. */
export const DEFAULT_PLAN_ID = 13;
