import { z } from 'zod';
import type { DraftText, OutreachDraft } from '../../contract/api.ts';
import { MAX_EMAIL_BODY_LENGTH, MAX_SUBJECT_LENGTH } from '../../contract/limits.ts';
import { FOLLOW_UP_DEFAULT_DAYS, type EmailLanguage } from '../../contract/outreach.ts';
import { CERTIFICATIONS } from '../../contract/profile.ts';
import type { UserRow } from '../platform/db/schema.ts';
import type { Lang } from '../i18n.ts';
import type { Llm } from '../platform/llm/types.ts';
import type { Services } from '../platform/services.ts';
import { profileValues } from '../profile/service.ts';
import { mailable, revealedEmails, suppressedAmong } from './recipients.ts';
import {
  companyName,
  countryName,
  draftFacts,
  greetingLine,
  leadFacts,
  leadLanguage,
  signature,
  writeEmail,
  type DraftFacts,
} from './writer.ts';

/** How long generate waits for the LLM before it answers with the built-in draft. */
export const DRAFT_LLM_DEADLINE_MS = 25_000;

const noLineBreak = (text: string) => !/[\r\n]/.test(text);

/** What an LLM answer must be to become a draft. */
const LlmDraft = z.object({
  subject: z.string().trim().min(1).max(MAX_SUBJECT_LENGTH).refine(noLineBreak),
  body: z
    .string()
    .trim()
    .min(40)
    .max(MAX_EMAIL_BODY_LENGTH)
    // A template placeholder left in ("[Your Name]", "【公司名称】") is not a finished draft.
    .refine((body) => !/[[【]\s*(?:your|company|name|sender|insert|您的|你的|公司|姓名|名字)/i.test(body)),
});

const LANGUAGE_NAMES: Record<EmailLanguage, string> = {
  en: 'English',
  zh: 'Simplified Chinese',
  de: 'German',
  es: 'Spanish',
  fr: 'French',
};

const SYSTEM_PROMPT = `You write first-contact B2B emails for foreign trade: short, specific, polite, never pushy.
Rules:
- Write in the language asked for.
- To a buyer, the sender offers to supply the products listed in "offer"; to a supplier, the sender asks for a quotation (catalogue, prices, MOQ, lead time, certificates).
- Use only the facts given about the sender. Never name a product, certificate, number, customer or price that is not given. Without a fact, leave it out.
- Plain text, no markdown, no placeholders in brackets. Write only the paragraphs: no greeting line, no sign-off, no signature (they are added).
- Subject: one line, at most 90 characters. Body: 60 to 150 words in English, or 120 to 280 characters in Chinese.
Answer with one JSON object only: {"subject": "...", "body": "..."}`;

/** Every run of digits in a text. */
const numbersIn = (text: string) => text.match(/\d+/g) ?? [];

/**
 * Whether an LLM's text holds only facts it was given: each number appears in the facts (the
 * profile, the lead's name) and each certification is the profile's.
 */
export function statesOnlyFacts(text: string, facts: DraftFacts): boolean {
  // Whole numbers: "50" is not in a profile that says 500 (a MOQ of 500 kg).
  const known = new Set(numbersIn(JSON.stringify(facts)));
  if (!numbersIn(text).every((n) => known.has(n))) return false;
  return CERTIFICATIONS.every(
    (name) =>
      facts.seller.certifications.includes(name) ||
      !new RegExp(`(?<![A-Za-z])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z])`).test(text),
  );
}

/** A greeting or sign-off the LLM wrote anyway (the writer adds its own). */
const GREETING =
  /^(?:dear|hello|hi|good (?:morning|day)|您好|尊敬的|guten tag|sehr geehrte|hola|buenos días|estimad|bonjour|madame)/i;
const SIGN_OFF =
  /^(?:best regards|kind regards|regards|sincerely|best,|此致|顺祝|mit freundlichen|viele grüße|saludos|atentamente|cordialement|bien à vous)/i;

function paragraphsOnly(body: string): string {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  while (
    lines.length &&
    (lines[0]!.trim() === '' || (GREETING.test(lines[0]!.trim()) && lines[0]!.length < 60))
  )
    lines.shift();
  const end = lines.findIndex((line) => SIGN_OFF.test(line.trim()));
  return (end >= 0 ? lines.slice(0, end) : lines).join('\n').trim();
}

/** Asks the LLM for the first email's paragraphs; null on any failure or invented fact. */
async function llmDraft(
  llm: Llm,
  facts: DraftFacts,
  language: EmailLanguage,
  lead: { description: string; website: string | null },
): Promise<DraftText | null> {
  const { seller } = facts;
  const named = (p: { zh: string; en: string }) => (language === 'zh' ? p.zh : p.en);
  const brief = {
    language: LANGUAGE_NAMES[language],
    sender: {
      company: companyName(seller, language),
      offer: seller.offer.map(named),
      strengths: seller.strengths,
      certifications: seller.certifications,
      minimum_order: seller.moq,
    },
    recipient: {
      company: facts.lead.name,
      role: facts.lead.role,
      country: countryName(facts.lead.country, language),
      products: facts.lead.categories.map(named),
      description: lead.description || null,
      website: lead.website,
    },
    goal:
      facts.lead.role === 'buyer'
        ? 'offer the sender’s products to this buyer'
        : 'ask this supplier for a quotation on its products',
  };
  try {
    const answer = await llm.complete({
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: JSON.stringify(brief) },
      ],
      json: true,
      maxTokens: 900,
      temperature: 0.6,
      signal: AbortSignal.timeout(DRAFT_LLM_DEADLINE_MS),
    });
    const start = answer.indexOf('{');
    const end = answer.lastIndexOf('}');
    if (start < 0 || end < start) throw new Error('the answer holds no JSON object');
    const parsed = LlmDraft.safeParse(JSON.parse(answer.slice(start, end + 1)));
    if (!parsed.success) throw new Error(`unusable draft: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    const body = paragraphsOnly(parsed.data.body);
    if (body.length < 40) throw new Error('the draft holds no paragraphs');
    if (!statesOnlyFacts(`${parsed.data.subject}\n${body}`, facts))
      throw new Error('the draft states a number or certificate the profile does not hold');
    return { subject: parsed.data.subject, body };
  } catch (error) {
    llm.log?.(
      `[outreach] ${llm.model}: draft fell back to the built-in writer: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
}

/**
 * A draft for a lead the user unlocked (40400 unknown lead, 40300 not unlocked by this user), from
 * the user's seller profile: the first email (by the LLM when one is configured and its answer
 * holds up, else by the built-in writer) and its follow-ups, each with the reader's preview when
 * the built-in writer wrote it in another language. `to` holds the addresses that may be mailed,
 * and the first one's person is greeted by name.
 */
export async function generateDraft(
  services: Services,
  user: UserRow,
  input: { lead_id: string; language?: EmailLanguage | undefined },
  reader: Lang,
): Promise<OutreachDraft> {
  const { lead, emails } = await revealedEmails(services.db, user.id, input.lead_id);
  const suppressed = await suppressedAmong(
    services.db,
    emails.map((e) => e.email),
  );
  const to = mailable(emails, suppressed);
  const people = new Map(emails.map((e) => [e.email, e.person]));
  const { values } = await profileValues(services, user.id);
  const own = leadLanguage(lead.country);
  const language = input.language ?? own;
  const facts = draftFacts(values, { ...leadFacts(lead), categoryIds: lead.categoryIds });
  const person = people.get(to[0] ?? '') ?? null;
  const inOther = language !== reader;

  const fromLlm = services.llm
    ? await llmDraft(services.llm, facts, language, {
        description: language === 'zh' ? lead.descriptionZh : lead.descriptionEn,
        website: lead.website,
      })
    : null;
  const first = fromLlm
    ? {
        subject: fromLlm.subject,
        body: [greetingLine(language, person), fromLlm.body, signature(values, language)].join('\n\n'),
      }
    : writeEmail(facts, language, 1, person);
  const preview = (step: 1 | 2 | 3) => (inOther ? writeEmail(facts, reader, step, person) : null);

  const missing: OutreachDraft['missing'] = [];
  if (lead.role === 'buyer' && values.products.length === 0) missing.push('products');
  if (!companyName(values, language)) missing.push('company');
  if (!values.name_zh && !values.name_en) missing.push('signature');

  return {
    lead_id: lead.id,
    to,
    subject: first.subject,
    body: first.body,
    language,
    source: fromLlm ? 'llm' : 'template',
    preview: fromLlm ? null : preview(1),
    languages: [...new Set<EmailLanguage>([own, 'en', 'zh'])],
    greetings: to.map((email) => ({
      email,
      person: people.get(email) ?? null,
      line: greetingLine(language, people.get(email) ?? null),
      preview: inOther ? greetingLine(reader, people.get(email) ?? null) : null,
    })),
    follow_ups: FOLLOW_UP_DEFAULT_DAYS.map((days, i) => {
      const step = (i + 2) as 2 | 3;
      // A follow-up keeps the first email's subject, whoever wrote it: it threads under the first
      // (In-Reply-To, References) without a "Re:" that would pretend the buyer had answered.
      const subject = first.subject.slice(0, MAX_SUBJECT_LENGTH);
      return { days, subject, body: writeEmail(facts, language, step, person).body, preview: preview(step) };
    }),
    translate: services.llm !== null,
    missing,
  };
}
