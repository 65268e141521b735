import { atom } from 'nanostores';
import { patch } from './patch.ts';
import type { DraftText, EmailLanguage, Language, LeadView, OutreachDraft } from '../../../contract/api.ts';
import {
  answerSubject,
  defaultRecipients,
  draftRequestIds,
  followUpBlocker,
  greetFor,
  legalNoteKey,
  recipientOptions,
  translationTarget,
  sendBlocker,
  type Blocker,
  type DraftRequestIds,
  type FollowUpDraft,
  type RecipientOption,
} from '../outreach.ts';
import {
  generateDraft,
  loadEmailsLeftToday,
  sendDraft,
  translateText,
  type Refusal,
  type SendOutcome,
} from './outreach.ts';

/** A translation the composer shows: done, running, or refused with the server's message. */
export type Translation =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'done'; subject: string; body: string }
  | { state: 'refused'; refusal: Refusal; unavailable: boolean };

/** The draft being edited: its text, language, addresses, consent and what sending found. */
export interface DraftState {
  draft: OutreachDraft;
  subject: string;
  body: string;
  /** The language the text is in now (a translation changes it). */
  language: EmailLanguage;
  options: RecipientOption[];
  recipients: string[];
  consent: boolean;
  /** Emails left today; null until known. */
  leftToday: number | null;
  translation: Translation;
  /**
   * The draft read in the reader's language, when it is written in another: the built-in writer's
   * (same facts), or a translation. `previewOf` is the text it reads; after an edit they differ.
   */
  preview: Translation;
  previewOf: DraftText | null;
  /** The follow-ups, each with the built-in writer's preview (issue 15). */
  followUps: (FollowUpDraft & { preview: DraftText | null })[];
  /** Why the draft cannot be sent as it is. */
  problem: Blocker | null;
  /** Every address refused (nothing was sent). */
  refusals: SendOutcome[];
}

/** The outreach composer (the `email` popup): a draft being written, edited, or sent. */
export interface ComposerState {
  lead: LeadView | null;
  /** The language the draft is asked for in; null: the lead's own (the server knows it). */
  language: EmailLanguage | null;
  /** The page's language: a draft in the other one shows a preview in it. */
  reader: Language;
  /** Counts the drafts asked for; the form starts afresh with each. */
  attempt: number;
  /** Null while a draft is being written. */
  form: DraftState | null;
  /** Why no draft could be written. */
  refusal: Refusal | null;
  /** What each address got, once sent. */
  outcomes: SendOutcome[] | null;
}

const closed = (attempt: number): ComposerState => ({
  lead: null,
  language: null,
  reader: 'zh',
  attempt,
  form: null,
  refusal: null,
  outcomes: null,
});

export const $composer = atom<ComposerState>(closed(0));

/** The composer closed: answers still on their way are dropped and the next opening starts afresh. */
export function closeComposer(): void {
  $composer.set(closed($composer.get().attempt + 1));
}

// One set of request ids per draft: a double click or a retry sends each address once.
let ids: DraftRequestIds = draftRequestIds();

/** Changes the draft being edited (nothing when there is none). */
function edit(change: Partial<DraftState>): void {
  const form = $composer.get().form;
  if (form) patch($composer, { form: { ...form, ...change } });
}

/** Whether `attempt` is still the draft shown (a late answer for an older one is dropped). */
const current = (attempt: number) => $composer.get().attempt === attempt && $composer.get().form !== null;

/** Translates subject, then body, into `target`: both or neither (a refused subject skips the body). */
export async function translateBoth(subject: string, body: string, target: Language): Promise<Translation> {
  const s = await translateText(subject, target);
  if ('refusal' in s) return { state: 'refused', refusal: s.refusal, unavailable: s.unavailable };
  const b = await translateText(body, target);
  if ('refusal' in b) return { state: 'refused', refusal: b.refusal, unavailable: b.unavailable };
  return { state: 'done', subject: s.text, body: b.text };
}

/** Asks for a new draft in the composer's language; the form starts afresh when it arrives. */
async function writeDraft(): Promise<void> {
  const attempt = $composer.get().attempt + 1;
  $composer.set({ ...$composer.get(), attempt, form: null, refusal: null });
  const { lead, language, reader } = $composer.get();
  if (!lead) return;
  const result = await generateDraft(lead, language);
  if ($composer.get().attempt !== attempt) return;
  if (!('draft' in result)) return patch($composer, { refusal: result.refusal });
  const draft = result.draft;
  const options = recipientOptions(draft.to, lead.contacts?.emails ?? []);
  ids = draftRequestIds();
  const recipients = defaultRecipients(options);
  // The body greets the address ticked first (the server greets the first of `to`).
  const greet = (text: string, which: 'line' | 'preview') =>
    recipients[0] ? greetFor(text, draft.greetings, recipients[0], which) : text;
  const body = greet(draft.body, 'line');
  patch($composer, {
    language: draft.language,
    form: {
      draft,
      subject: draft.subject,
      body,
      language: draft.language,
      options,
      recipients,
      consent: false,
      leftToday: null,
      translation: { state: 'idle' },
      preview: draft.preview
        ? { state: 'done', subject: draft.preview.subject, body: greet(draft.preview.body, 'preview') }
        : { state: 'idle' },
      previewOf: draft.preview ? { subject: draft.subject, body } : null,
      followUps: draft.follow_ups.map((f) => ({
        include: true,
        days: String(f.days),
        subject: f.subject,
        body: greet(f.body, 'line'),
        preview: f.preview && { subject: f.preview.subject, body: greet(f.preview.body, 'preview') },
      })),
      problem: null,
      refusals: [],
    },
  });
  void loadEmailsLeftToday().then((leftToday) => current(attempt) && edit({ leftToday }));
  // An LLM's draft in the other language is read through the translator, when there is one.
  if (!draft.preview && draft.language !== reader && draft.translate) void readPreview();
}

/** Opens the composer for `lead`: a draft is written at once in the lead's language. */
export function startComposer(lead: LeadView, reader: Language): Promise<void> {
  $composer.set({
    lead,
    language: null,
    reader,
    attempt: $composer.get().attempt,
    form: null,
    refusal: null,
    outcomes: null,
  });
  return writeDraft();
}

/** Asks for a new draft in `language` (always new, even when a translation already switched the form). */
export function chooseDraftLanguage(language: EmailLanguage): Promise<void> {
  patch($composer, { language });
  return writeDraft();
}

/** Tries again after no draft could be written. */
export const retryDraft = (): Promise<void> => writeDraft();

/** Edits the subject, body or consent; follow-ups still answering the old subject answer the new one. */
export function editDraft(change: Partial<Pick<DraftState, 'subject' | 'body' | 'consent'>>): void {
  const form = $composer.get().form;
  if (!form) return;
  const subject = change.subject;
  edit(
    subject === undefined
      ? change
      : {
          ...change,
          followUps: form.followUps.map((f) => ({
            ...f,
            subject: answerSubject(f.subject, form.subject, subject),
          })),
        },
  );
}

/** Edits one follow-up: ticked or not, its day, subject or body. */
export function editFollowUp(index: number, change: Partial<FollowUpDraft>): void {
  const form = $composer.get().form;
  if (!form?.followUps[index]) return;
  edit({ followUps: form.followUps.map((f, i) => (i === index ? { ...f, ...change } : f)) });
}

/**
 * Ticks or unticks an address. The body (and its preview) greets the first ticked address, unless
 * the user rewrote the greeting.
 */
export function toggleRecipient(email: string): void {
  const form = $composer.get().form;
  if (!form) return;
  const recipients = form.recipients.includes(email)
    ? form.recipients.filter((e) => e !== email)
    : [...form.recipients, email];
  const first = recipients[0];
  if (!first) return edit({ recipients });
  const { greetings } = form.draft;
  const regreet = (text: string, which: 'line' | 'preview' = 'line') =>
    greetFor(text, greetings, first, which);
  edit({
    recipients,
    body: regreet(form.body),
    preview:
      form.preview.state === 'done'
        ? {
            ...form.preview,
            body: regreet(form.preview.body, 'preview'),
          }
        : form.preview,
    previewOf: form.previewOf && { ...form.previewOf, body: regreet(form.previewOf.body) },
    followUps: form.followUps.map((f) => ({
      ...f,
      body: regreet(f.body),
      preview: f.preview && { ...f.preview, body: regreet(f.preview.body, 'preview') },
    })),
  });
}

/** Reads the draft in the reader's language through the translator (after edits, on request). */
export async function readPreview(): Promise<void> {
  const { form, attempt, reader } = $composer.get();
  if (!form || !form.draft.translate) return;
  const of = { subject: form.subject, body: form.body };
  edit({ preview: { state: 'busy' } });
  const preview = await translateBoth(of.subject, of.body, reader);
  if (current(attempt)) edit({ preview, previewOf: preview.state === 'done' ? of : form.previewOf });
}

/** Translates the draft into the other language; a refusal keeps the text and says why. */
export async function translateDraft(): Promise<void> {
  const { form, attempt } = $composer.get();
  if (!form) return;
  const target = translationTarget(form.language);
  if (!target || !form.draft.translate) return;
  edit({ translation: { state: 'busy' } });
  const translation = await translateBoth(form.subject, form.body, target);
  if (!current(attempt)) return;
  if (translation.state !== 'done') return edit({ translation });
  edit({
    translation,
    subject: translation.subject,
    body: translation.body,
    language: target,
    preview: { state: 'idle' },
    previewOf: null,
  });
}

/**
 * Sends the draft to the ticked addresses once it passes the checks (sendBlocker); when any address
 * got it the composer shows what each got, else the refusals stay beside the form.
 */
export async function sendComposedDraft(): Promise<void> {
  const { form, lead } = $composer.get();
  if (!form || !lead) return;
  edit({ refusals: [] });
  const { subject, body, recipients, leftToday, consent, language } = form;
  const problem =
    sendBlocker({
      subject,
      body,
      recipients,
      leftToday,
      needsConsent: legalNoteKey(lead.country.code) !== null,
      consent,
    }) ?? followUpBlocker(form.followUps);
  edit({ problem });
  if (problem) return;
  const greetings = form.draft.greetings;
  const outcomes = await sendDraft({
    lead,
    recipients,
    subject,
    body,
    language,
    ids,
    greetings,
    followUps: form.followUps,
  });
  if (outcomes.some((o) => o.sent)) patch($composer, { outcomes });
  else edit({ refusals: outcomes });
}
