/** Limits both sides enforce (spec §9), shared by the browser's constants and the server. */
export const FREE_SEARCHES_PER_DAY = 30;
export const MAX_LEADS_PER_QUERY = 10;
export const MAX_EMAILS_PER_LEAD = 5;
export const UNLOCK_COST = 1;
