/**
 * Rules of the outreach email composer and the Sent emails page, framework-free
 * (docs/outreach-ui.md explains each decision).
 */
import type { DraftGreeting, EmailLanguage, Language, OutreachStatus } from '../../contract/api.ts';
import { MAX_EMAIL_BODY_LENGTH, MAX_SUBJECT_LENGTH, OUTREACH_DAILY_CAP } from '../../contract/limits.ts';
import { FOLLOW_UP_MAX_DAYS, isFollowUpDays } from '../../contract/outreach.ts';
import type { UIKey } from '../i18n/index.ts';
import { validateEmail, validateRecipients } from './validation.ts';

export { MAX_EMAIL_BODY_LENGTH, MAX_SUBJECT_LENGTH, OUTREACH_DAILY_CAP };

/**
 * What "Translate" turns a draft into: the other of the UI's two languages; null for a German,
 * Spanish or French draft (the user asks the writer for the draft in another language instead).
 * @example translationTarget('zh') // 'en'
 */
export function translationTarget(language: EmailLanguage): Language | null {
  if (language === 'zh') return 'en';
  return language === 'en' ? 'zh' : null;
}

/**
 * The text with its greeting line for the address `to`: a body that still begins with the
 * greeting of one of the draft's addresses gets `to`'s greeting instead ("Dear Peter," for Peter,
 * "Hello," for info@); a greeting the user rewrote stays as written. `which` picks the draft's
 * language or the preview's.
 * @example greetFor('Dear Peter,\n\nHi', greetings, 'info@x.de') // 'Hello,\n\nHi'
 */
export function greetFor(
  body: string,
  greetings: readonly DraftGreeting[],
  to: string,
  which: 'line' | 'preview' = 'line',
): string {
  const target = greetings.find((g) => g.email === to)?.[which];
  const current = greetings
    .map((g) => g[which])
    .find((line): line is string => Boolean(line) && (body === line || body.startsWith(`${line}\n`)));
  if (!target || !current || current === target) return body;
  return target + body.slice(current.length);
}

/**
 * Countries whose law requires the recipient's prior consent for advertising email to businesses
 * too (opt-in even in B2B), each with the law its note cites (issue 5: "Germany forbids unsolicited
 * business email"). The note's text lives in the dictionaries under `outreach.legal.<code>`.
 */
export const CONSENT_COUNTRIES = {
  /** UWG §7(2) No. 2: advertising email without prior express consent, consumers and businesses alike. */
  DE: 'outreach.legal.DE',
  /** TKG 2021 §174 (formerly TKG 2003 §107): direct-marketing email needs prior consent, businesses included. */
  AT: 'outreach.legal.AT',
  /** Markedsføringsloven §10: no marketing email to anyone without a prior request. */
  DK: 'outreach.legal.DK',
  /** Codice privacy art. 130: prior consent for automated marketing communications, including email. */
  IT: 'outreach.legal.IT',
  /** Prawo komunikacji elektronicznej art. 398 (formerly Prawo telekomunikacyjne art. 172): prior consent. */
  PL: 'outreach.legal.PL',
} as const satisfies Record<string, UIKey>;

/**
 * The dictionary key of the legal note to show before sending to a lead in `countryCode`, or null.
 * @example legalNoteKey('DE') // 'outreach.legal.DE'
 */
export function legalNoteKey(countryCode: string): UIKey | null {
  const code = countryCode.toUpperCase();
  return Object.hasOwn(CONSENT_COUNTRIES, code)
    ? CONSENT_COUNTRIES[code as keyof typeof CONSENT_COUNTRIES]
    : null;
}

/** One address the composer lists, and whether it may be ticked. */
export interface RecipientOption {
  email: string;
  /** The verification status the lead shows (valid, risky, unknown, invalid). */
  status: string;
  /** Null when it may be selected; otherwise why not. */
  blocked: UIKey | null;
}

/**
 * The addresses to offer: the draft's mailable ones first, then the lead's other revealed ones,
 * each once (case-insensitive). An address is blocked when its status is `invalid`, its format
 * fails (spec §5 "Email recipient format is checked"), or the server left it out of `draft.to`
 * (the contract's only other reason: the address opted out).
 * @example recipientOptions(['a@x.de'], [{ email: 'b@x.de', status: 'invalid' }])
 *   // [{ email: 'a@x.de', status: 'unknown', blocked: null }, { email: 'b@x.de', status: 'invalid', blocked: 'outreach.blocked.invalid' }]
 */
export function recipientOptions(
  draftTo: readonly string[],
  revealed: readonly { email: string; status: string }[],
): RecipientOption[] {
  const statusOf = new Map(revealed.map((e) => [e.email.trim().toLowerCase(), e.status]));
  const mailable = new Set(draftTo.map((e) => e.trim().toLowerCase()));
  const seen = new Set<string>();
  const options: RecipientOption[] = [];
  for (const raw of [...draftTo, ...revealed.map((e) => e.email)]) {
    const email = raw.trim();
    const key = email.toLowerCase();
    if (!email || seen.has(key)) continue;
    seen.add(key);
    const status = statusOf.get(key) ?? 'unknown';
    const blocked: UIKey | null =
      status === 'invalid'
        ? 'outreach.blocked.invalid'
        : validateEmail(email) !== null
          ? 'outreach.blocked.format'
          : mailable.has(key)
            ? null
            : 'outreach.blocked.optedOut';
    options.push({ email, status, blocked });
  }
  return options;
}

/**
 * The addresses ticked when a draft arrives: the first selectable `valid` one, else the first
 * selectable one. One address per company by default keeps a first contact from reading as a blast.
 */
export function defaultRecipients(options: readonly RecipientOption[]): string[] {
  const open = options.filter((o) => o.blocked === null);
  const first = open.find((o) => o.status === 'valid') ?? open[0];
  return first ? [first.email] : [];
}

/** Draws a fresh idempotency key (crypto.randomUUID; injectable in tests). */
export type IdSource = () => string;
const randomId: IdSource = () => crypto.randomUUID();

/**
 * The send request ids of one draft: one id per recipient, drawn once and reused, so a double click
 * or a retry of the same draft is sent once per address (the server keys idempotency on the id).
 * A new draft (generated again, or in another language) gets a new set.
 * @example const ids = draftRequestIds(); ids.for('a@x.de') === ids.for('a@x.de') // true
 */
export function draftRequestIds(newId: IdSource = randomId) {
  const ids = new Map<string, string>();
  return {
    for(email: string): string {
      const key = email.trim().toLowerCase();
      let id = ids.get(key);
      if (!id) {
        id = newId();
        ids.set(key, id);
      }
      return id;
    },
  };
}
export type DraftRequestIds = ReturnType<typeof draftRequestIds>;

/** A text field's length against its limit, for the counter beside it. */
export function lengthState(value: string, max: number): { count: number; max: number; over: boolean } {
  return { count: value.length, max, over: value.length > max };
}

/** Whether an ISO timestamp falls on the same UTC day as `now` (the daily cap counts UTC days). */
export function isSameUtcDay(iso: string, now: Date): boolean {
  const d = new Date(iso);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === now.toISOString().slice(0, 10);
}

/** What the composer checks before it sends. */
export interface SendCheck {
  subject: string;
  body: string;
  recipients: readonly string[];
  /** Null while the cap is not known yet (the server still enforces it). */
  leftToday: number | null;
  /** Whether the lead's country needs the consent box, and whether it is ticked. */
  needsConsent: boolean;
  consent: boolean;
}

/** Why a draft cannot be sent: a message key and its parameters. */
export interface Blocker {
  key: UIKey;
  params?: Record<string, string | number>;
}

/**
 * The first reason the draft cannot be sent, or null: subject and body present and within limits,
 * at least one well-formed recipient, enough of today's cap for every recipient, consent where the
 * law needs it.
 * @example sendBlocker({ subject: '', ... }) // { key: 'outreach.error.subjectRequired' }
 */
export function sendBlocker(check: SendCheck): Blocker | null {
  if (!check.subject.trim()) return { key: 'outreach.error.subjectRequired' };
  if (check.subject.length > MAX_SUBJECT_LENGTH)
    return { key: 'outreach.error.subjectTooLong', params: { max: MAX_SUBJECT_LENGTH } };
  if (!check.body.trim()) return { key: 'outreach.error.bodyRequired' };
  if (check.body.length > MAX_EMAIL_BODY_LENGTH)
    return { key: 'outreach.error.bodyTooLong', params: { max: MAX_EMAIL_BODY_LENGTH } };
  const recipients = validateRecipients(check.recipients);
  if (recipients.key) return { key: recipients.key, params: { email: recipients.email ?? '' } };
  if (check.leftToday !== null && check.recipients.length > check.leftToday)
    return { key: 'outreach.error.cap', params: { left: check.leftToday } };
  if (check.needsConsent && !check.consent) return { key: 'outreach.error.consent' };
  return null;
}

/** Statuses the worker has not finished with: the Sent emails page polls while any is shown. */
export function isPending(status: OutreachStatus): boolean {
  return status === 'queued' || status === 'sending';
}

/** How often the Sent emails page reloads while a shown email is still queued or sending. */
export const SENT_POLL_MS = 3000;

/** The statuses, in the order the filter lists them. */
export const OUTREACH_STATUSES: readonly OutreachStatus[] = [
  'scheduled',
  'queued',
  'sending',
  'sent',
  'failed',
  'suppressed',
  'cancelled',
];

/** A follow-up as the composer edits it (issue 15). */
export interface FollowUpDraft {
  /** Sent only when ticked. */
  include: boolean;
  /** Days after the first email, as typed. */
  days: string;
  subject: string;
  body: string;
}

/**
 * The follow-ups to send: the ticked ones, with their days as numbers.
 * @example chosenFollowUps([{ include: true, days: '4', subject: 's', body: 'b' }]) // [{ days: 4, subject: 's', body: 'b' }]
 */
export function chosenFollowUps(followUps: readonly FollowUpDraft[]) {
  return followUps
    .filter((f) => f.include)
    .map((f) => ({ days: Number(f.days.trim()), subject: f.subject, body: f.body }));
}

/**
 * Why the ticked follow-ups cannot go, or null: whole days 1 to 60, each later than the one
 * before (contract/outreach.ts), and a subject and body like the first email's.
 */
export function followUpBlocker(followUps: readonly FollowUpDraft[]): Blocker | null {
  const chosen = chosenFollowUps(followUps);
  if (!isFollowUpDays(chosen.map((f) => f.days)))
    return { key: 'outreach.error.followUpDays', params: { max: FOLLOW_UP_MAX_DAYS } };
  for (const f of chosen) {
    if (!f.subject.trim() || f.subject.length > MAX_SUBJECT_LENGTH || /[\r\n]/.test(f.subject))
      return { key: 'outreach.error.followUpSubject', params: { max: MAX_SUBJECT_LENGTH } };
    if (!f.body.trim() || f.body.length > MAX_EMAIL_BODY_LENGTH)
      return { key: 'outreach.error.followUpBody', params: { max: MAX_EMAIL_BODY_LENGTH } };
  }
  return null;
}

/**
 * A follow-up's subject after the first email's subject changed: one that still is the old subject
 * (drafted follow-ups keep it as it is), or answers it ("Re: old", as a user may write), follows to
 * the new one; one the user rewrote stays.
 * @example answerSubject('Re: Cat food', 'Cat food', 'Pet food') // 'Re: Pet food'
 */
export function answerSubject(subject: string, oldFirst: string, newFirst: string): string {
  if (!oldFirst || !subject.endsWith(oldFirst)) return subject;
  return subject.slice(0, subject.length - oldFirst.length) + newFirst;
}
