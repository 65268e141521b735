/**
 * Business constants and limits of spec §9 (and the figures §2–§5 name), in one place.
 * Anything that cites a spec number imports it from here.
 */

/** Spec §9 "Free searches": 30 per day. */
export const FREE_SEARCHES_PER_DAY = 30;
/** Spec §9 "Leads per query": at most 10. */
export const MAX_LEADS_PER_QUERY = 10;
/** Spec §9 "Emails per lead": at most 5. */
export const MAX_EMAILS_PER_LEAD = 5;
/** Beans one unlock costs (issue 5: 1 bean per lead). */
export const UNLOCK_COST = 1;

/** Spec §9 "Invitation quantity" and prefix length. */
export const INVITATION_MIN_QUANTITY = 1;
export const INVITATION_MAX_QUANTITY = 5;
export const INVITATION_PREFIX_LENGTH = 4;

/** Spec §9 timings, in milliseconds. */
export const NETWORK_TIMEOUT_MS = 60000;
export const BUTTON_DEBOUNCE_MS = 300;
export const RESIZE_THROTTLE_MS = 50;
export const DEFAULT_TOAST_MS = 1500;
/** Spec §8: the default error is shown 5 seconds. */
export const DEFAULT_ERROR_TOAST_MS = 5000;
export const POPUP_ANIMATION_MS = 500;
export const BUY_LOCK_RELEASE_MS = 500;

/** Spec §9 layout: sidebar from 768 px, mobile flag below 1024 px, sidebar 70 px wide. */
export const DESKTOP_BREAKPOINT = 768;
export const MOBILE_THRESHOLD = 1024;
export const SIDEBAR_WIDTH = 70;

/** Spec §9 "Image preview zoom": 1 to 4; a drag starts past 20 px. */
export const IMAGE_ZOOM_MIN = 1;
export const IMAGE_ZOOM_MAX = 4;
export const IMAGE_DRAG_THRESHOLD_PX = 20;

/** Spec §9 "Default date format", shown in local time. */
export const DATE_FORMAT = 'YYYY-MM-DD HH:mm';

/** Spec §9 "Currency symbol": ¥ for zh, $ for en. */
export const CURRENCY_SYMBOL = { zh: '¥', en: '$' } as const;

/** A plan or bundle (spec §3 "Plan item"; prices from §9). */
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
