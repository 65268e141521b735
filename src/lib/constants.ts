/**
 * Business constants and limits of spec §9 (and the figures §2–§5 name), in one place.
 * Anything that cites a spec number imports it from here.
 */

/** Spec §9: free searches a day, leads a query, emails a lead; beans an unlock costs; welcome unlocks. */
export {
  FREE_SEARCHES_PER_DAY,
  MAX_LEADS_PER_QUERY,
  MAX_EMAILS_PER_LEAD,
  UNLOCK_COST,
  SIGNUP_BONUS_BEANS,
  MAX_QUERY_LENGTH,
} from '../../contract/limits.ts';

/** Spec §9 "Invitation quantity" and prefix length (the rules both sides check, contract/rules.ts). */
export {
  INVITATION_MIN_QUANTITY,
  INVITATION_MAX_QUANTITY,
  INVITATION_PREFIX_LENGTH,
} from '../../contract/rules.ts';

/** Spec §9 timings, in milliseconds. */
export const NETWORK_TIMEOUT_MS = 60000;
export const BUTTON_DEBOUNCE_MS = 300;
export const RESIZE_THROTTLE_MS = 50;
export const DEFAULT_TOAST_MS = 1500;
/** Spec §8: the default error is shown 5 seconds. */
export const DEFAULT_ERROR_TOAST_MS = 5000;
export const POPUP_ANIMATION_MS = 500;
export const BUY_LOCK_RELEASE_MS = 500;

/** Spec §9 layout: the mobile flag below 1024 px (the 768 px sidebar and its 70 px width are CSS only). */
export const MOBILE_THRESHOLD = 1024;
/** Spec §9 "Desktop breakpoint": the sidebar from 768 px; below it, lists show as cards. */
export const DESKTOP_MIN_WIDTH = 768;

/** Spec §9 "Image preview zoom": 1 to 4; a drag starts past 20 px. */
export const IMAGE_ZOOM_MIN = 1;
export const IMAGE_ZOOM_MAX = 4;
export const IMAGE_DRAG_THRESHOLD_PX = 20;

/** Spec §9 "Currency symbol": ¥ for zh, $ for en. */
export const CURRENCY_SYMBOL = { zh: '¥', en: '$' } as const;

export { PLAN_ITEMS, DEFAULT_PLAN_ID, type PlanItem } from '../../contract/plans.ts';
