/** Limits both sides enforce (spec §9), shared by the browser's constants and the server. */
export const FREE_SEARCHES_PER_DAY = 30;
/**
 * Subscribers are not held to the free searches; this fair-use ceiling per UTC day only stops
 * scripted use (docs/search.md). A search that finds no lead counts for nobody.
 */
export const SUBSCRIBER_SEARCHES_PER_DAY = 300;
export const MAX_LEADS_PER_QUERY = 10;
export const MAX_EMAILS_PER_LEAD = 5;
export const UNLOCK_COST = 1;
/** The longest search sentence: the box stops there and the server refuses longer ones. */
export const MAX_QUERY_LENGTH = 300;
/** Unlocks a new account gets when its email is verified (the server's SIGNUP_BONUS_BEANS default). */
export const SIGNUP_BONUS_BEANS = 5;

/**
 * Company files (upload_file): the size cap, and how many files one account may hold. Files belong
 * to the account (issue 15), whichever browser (`clientId`) uploaded them.
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_FILES_PER_ACCOUNT = 10;
/** The file types accepted, sniffed from content (never the name). */
export const UPLOAD_TYPES = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/plain': 'txt',
  'image/png': 'png',
  'image/jpeg': 'jpg',
} as const;

/** Outreach: emails one user may send per UTC day, and the longest subject and body. */
export const OUTREACH_DAILY_CAP = 50;
export const MAX_SUBJECT_LENGTH = 200;
export const MAX_EMAIL_BODY_LENGTH = 10_000;
