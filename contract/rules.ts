/**
 * The field rules of spec §5 and the /api's identifiers, one source for both sides: the browser's
 * form checks (src/lib/validation.ts) call these predicates and the server's zod schemas
 * (contract/schemas.ts) wrap them. Plain functions importing nothing, because they ship to the
 * browser: about 0.3 KB gzipped, where the same rules as zod/mini schemas measured 5.3 KB on
 * every page with a form (the chat page had 9.6 KB left of its 110 KB budget).
 */

/** The longest address SMTP carries (RFC 5321's 254-octet path). */
export const EMAIL_MAX_LENGTH = 254;
/**
 * ASCII addresses only: dot-separated local parts of letters, digits and `_'+-`, a dotted
 * host of letters, digits and hyphens ending in a 2+ letter top-level domain. Zod 4's own email
 * pattern, which the server applied before the rules were shared; non-ASCII (`müller@…`,
 * IDN hosts) is refused because not every mail server accepts SMTPUTF8.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Spec §5: a valid address. Pass it trimmed: both sides trim before checking. */
export function isEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** Spec §5: 8–14 characters. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 14;
// Chinese characters, CJK punctuation and full-width forms.
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** Which of spec §5's password rules hold (the live checklist beside the field shows each). */
export function passwordChecks(password: string) {
  const chars = !/\s/.test(password) && !CJK.test(password);
  const kinds = [/[a-z]/i, /\d/, /[^a-z\d\s]/i].filter((kind) => kind.test(password)).length;
  return {
    length: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
    kinds: kinds >= 2,
    chars,
  };
}

/**
 * Spec §5: 8–14 characters, at least two of letters, digits and symbols, no Chinese characters
 * or spaces. The shape only: the server also refuses the most common passwords.
 */
export function isPassword(password: string): boolean {
  const checks = passwordChecks(password);
  return checks.length && checks.kinds && checks.chars;
}

/** The emailed sign-up and reset codes: 6 digits (server/platform/crypto.ts `newCode`). */
export const EMAIL_CODE_PATTERN = /^\d{6}$/;

/** Spec §5: the redeem (authorization) code cannot be empty; pass it trimmed. */
export const REDEEM_CODE_MAX_LENGTH = 64;
export function isRedeemCode(code: string): boolean {
  return code.length >= 1 && code.length <= REDEEM_CODE_MAX_LENGTH;
}

/** Spec §5: an invitation prefix is exactly 4 letters or digits; 1 to 5 codes at a time. */
export const INVITATION_PREFIX_LENGTH = 4;
export const INVITATION_PREFIX_PATTERN = /^[A-Za-z0-9]{4}$/;
export const INVITATION_MIN_QUANTITY = 1;
export const INVITATION_MAX_QUANTITY = 5;
export function isInvitationQuantity(quantity: number): boolean {
  return (
    Number.isInteger(quantity) && quantity >= INVITATION_MIN_QUANTITY && quantity <= INVITATION_MAX_QUANTITY
  );
}

/** A lead's id: `L` and 6 to 9 digits (server/leads). */
export const LEAD_ID_PATTERN = /^L\d{6,9}$/;
/** A conversation's id as the server issues it. */
export const CHAT_ID_MAX_LENGTH = 40;
/** Paged lists: pages from 1, 20 rows unless asked, at most 100 rows a page. */
export const PAGE_MAX = 10_000;
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/** A product of the search taxonomy (server/search/lexicon/products.json), by id. */
export const PRODUCT_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Products and countries one search may ask for at once (a region counts its countries). */
export const MAX_SEARCH_PRODUCTS = 5;
export const MAX_SEARCH_COUNTRIES = 80;

/** Where a saved lead is in the user's sales pipeline (issue 16.3); saved leads start at `new`. */
export const LEAD_STAGES = ['new', 'contacted', 'replied', 'quoting', 'won', 'lost'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];
/** Tags on one saved lead: at most this many, each 1–TAG_MAX_LENGTH characters once trimmed. */
export const MAX_TAGS_PER_LEAD = 10;
export const TAG_MAX_LENGTH = 24;
/** Leads one bulk call (stage, tags, unsave) may change. */
export const MAX_BULK_LEADS = 500;
/** Rows one CSV export holds: every row the filters match, up to this many. */
export const EXPORT_MAX_ROWS = 5000;

/** Tags as stored: trimmed, empty ones dropped, the first spelling kept of case-insensitive twins. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    const key = tag.toLocaleLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

/** A tag the user typed is acceptable once trimmed. */
export function isTag(tag: string): boolean {
  const trimmed = tag.trim();
  return trimmed.length >= 1 && trimmed.length <= TAG_MAX_LENGTH;
}
