import { atom } from 'nanostores';
import {
  ErrorCode,
  type DraftGreeting,
  type EmailLanguage,
  type Language,
  type LeadView,
  type OutreachDraft,
  type SentEmail,
} from '../../../contract/api.ts';
import * as api from '../api/calls.ts';
import { ApiError } from '../api/errors.ts';
import { chosenFollowUps, greetFor, type DraftRequestIds, type FollowUpDraft } from '../outreach.ts';
import { pageT } from '../pageLocale.ts';
import { getClientId } from './session.ts';
import { openPopup } from './ui.ts';

/** The lead the email composer writes to (set before the `email` popup opens). */
export const $emailLead = atom<LeadView | null>(null);

/** Opens the email composer for an unlocked lead (lead cards and the Unlocked leads rows call it). */
export function openEmailComposer(lead: LeadView): void {
  $emailLead.set(lead);
  openPopup('email');
}

/** A failed call as a message the composer shows inline (the composer turns toasts off). */
export interface Refusal {
  code: number | string;
  message: string;
}

function refusal(error: unknown): Refusal {
  return error instanceof ApiError
    ? { code: error.code, message: error.message }
    : { code: ErrorCode.INTERNAL, message: pageT()('errors.default') };
}

/** Writes a draft for the lead in `language` (null: the lead's own), from the account's seller profile. */
export async function generateDraft(
  lead: LeadView,
  language: EmailLanguage | null,
): Promise<{ draft: OutreachDraft } | { refusal: Refusal }> {
  try {
    return {
      draft: await api.generateEmail(
        { lead_id: lead.id, ...(language ? { language } : {}), client_id: getClientId() },
        { toast: false },
      ),
    };
  } catch (error) {
    return { refusal: refusal(error) };
  }
}

/** The server's answer when it has no translator (FEATURE_DISABLED): asked once per page. */
export const $translatorOff = atom<Refusal | null>(null);

/**
 * Translates text into `target`. `unavailable` is true when the server has no translator
 * (FEATURE_DISABLED): the caller keeps the text and shows the server's message.
 */
export async function translateText(
  text: string,
  target: Language,
): Promise<{ text: string } | { refusal: Refusal; unavailable: boolean }> {
  const off = $translatorOff.get();
  if (off) return { refusal: off, unavailable: true };
  try {
    return { text: (await api.translateText({ text, target }, { toast: false })).text };
  } catch (error) {
    const why = refusal(error);
    const unavailable = why.code === ErrorCode.FEATURE_DISABLED;
    if (unavailable) $translatorOff.set(why);
    return { refusal: why, unavailable };
  }
}

/** What happened to one recipient of a send. */
export interface SendOutcome {
  to: string;
  sent: SentEmail | null;
  refusal: Refusal | null;
}

/**
 * Sends the draft: one call per recipient, one after another, each with that recipient's request id
 * of the draft, so a repeated send of the same draft is sent once per address.
 */
export async function sendDraft(input: {
  lead: LeadView;
  recipients: readonly string[];
  subject: string;
  body: string;
  language: EmailLanguage;
  ids: DraftRequestIds;
  /** Each address is greeted as itself ("Dear Peter," to Peter, "Hello," to info@). */
  greetings: readonly DraftGreeting[];
  /** The follow-ups (only the ticked ones go). */
  followUps: readonly FollowUpDraft[];
}): Promise<SendOutcome[]> {
  const followUps = chosenFollowUps(input.followUps);
  const outcomes: SendOutcome[] = [];
  for (const to of input.recipients) {
    try {
      const sent = await api.sendEmail(
        {
          lead_id: input.lead.id,
          to,
          subject: input.subject,
          body: greetFor(input.body, input.greetings, to),
          follow_ups: followUps.map((f) => ({ ...f, body: greetFor(f.body, input.greetings, to) })),
          language: input.language,
          request_id: input.ids.for(to),
        },
        { toast: false },
      );
      outcomes.push({ to, sent, refusal: null });
    } catch (error) {
      const why = refusal(error);
      outcomes.push({ to, sent: null, refusal: why });
      // Today's emails are used up: the other addresses would be refused the same way.
      if (why.code === ErrorCode.DAILY_SEND_CAP) {
        for (const rest of input.recipients.slice(outcomes.length))
          outcomes.push({ to: rest, sent: null, refusal: why });
        break;
      }
    }
  }
  return outcomes;
}

/** Emails the user may still send today (the server counts follow-ups due today too); null if unknown. */
export async function loadEmailsLeftToday(): Promise<number | null> {
  try {
    return (await api.outreachQuota({ toast: false })).left;
  } catch {
    return null;
  }
}
