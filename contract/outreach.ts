/**
 * Outreach email rules both sides need (issue 15): the languages the built-in writer writes, and
 * the follow-up sequence's shape. Plain TypeScript, importing nothing: it ships to the composer.
 */

/**
 * The languages the built-in writer writes an email in: the UI's two, and the buyer's language for
 * the countries where it is German, Spanish or French (server/leads/data/countries.json `language`).
 */
export const EMAIL_LANGUAGES = ['en', 'zh', 'de', 'es', 'fr'] as const;
export type EmailLanguage = (typeof EMAIL_LANGUAGES)[number];

/** Whether a language code is one the writer writes. */
export function isEmailLanguage(code: string): code is EmailLanguage {
  return (EMAIL_LANGUAGES as readonly string[]).includes(code);
}

/** A sequence is the first email and at most this many follow-ups. */
export const MAX_FOLLOW_UPS = 2;
/** The days after the first email the follow-ups go, unless the user picks others. */
export const FOLLOW_UP_DEFAULT_DAYS: readonly number[] = [4, 10];
/** The latest a follow-up may go, in days after the first email. */
export const FOLLOW_UP_MAX_DAYS = 60;

/**
 * Follow-up days as the user picks them: whole days from 1 to FOLLOW_UP_MAX_DAYS after the first
 * email, each later than the one before, at most MAX_FOLLOW_UPS.
 * @example isFollowUpDays([4, 10]) // true
 * @example isFollowUpDays([10, 4]) // false
 */
export function isFollowUpDays(days: readonly number[]): boolean {
  if (days.length > MAX_FOLLOW_UPS) return false;
  return days.every(
    (day, i) =>
      Number.isInteger(day) && day >= 1 && day <= FOLLOW_UP_MAX_DAYS && (i === 0 || day > days[i - 1]!),
  );
}
