import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Language, OutreachDraft } from '../../contract/api.ts';
import { MAX_EMAIL_BODY_LENGTH, MAX_SUBJECT_LENGTH } from '../../contract/limits.ts';
import { companyFiles, type leads, type UserRow } from '../platform/db/schema.ts';
import { CATEGORY_BY_ID, COUNTRY_BY_CODE } from '../leads/reference.ts';
import type { Llm } from '../platform/llm/types.ts';
import type { Services } from '../platform/services.ts';
import { mailable, revealedEmails, suppressedAmong } from './recipients.ts';
import { writeDraft, type DraftLead } from './template.ts';

type LeadRow = typeof leads.$inferSelect;

/** How long generate waits for the LLM before it answers with the built-in draft. */
export const DRAFT_LLM_DEADLINE_MS = 25_000;
/** Company text given to the LLM (the files can be long; the start says who the company is). */
const COMPANY_TEXT_FOR_LLM = 6_000;

/** The company text read at most (as GET /get_file's `company_text`). */
const MAX_COMPANY_TEXT = 30_000;

/**
 * The user's company info: the text extracted from all of their files (they belong to the account,
 * whichever browser uploaded them), newest first as GET /get_file joins it.
 */
export async function companyText(services: Services, userId: number): Promise<string> {
  const rows = await services.db
    .select({ text: companyFiles.text })
    .from(companyFiles)
    .where(eq(companyFiles.userId, userId))
    .orderBy(desc(companyFiles.createdAt), desc(companyFiles.id));
  return rows
    .map((row) => row.text.trim())
    .filter(Boolean)
    .join('\n\n')
    .slice(0, MAX_COMPANY_TEXT);
}

/** The lead as the writers see it, in the draft's language. */
export function draftLead(lead: LeadRow, language: Language): DraftLead {
  const categories = lead.categoryIds.map((id) => CATEGORY_BY_ID.get(id)).filter((c) => c !== undefined);
  const country = COUNTRY_BY_CODE.get(lead.country);
  return {
    name: lead.name,
    role: lead.role,
    country: country ? country[language] : lead.country,
    products: categories.map((c) => c[language]),
    productTerms: categories.flatMap((c) => [c.en, c.zh, ...c.synonyms_en, ...c.synonyms_zh]),
  };
}

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

const SYSTEM_PROMPT = `You write first-contact B2B emails for foreign trade: short, specific, polite, never pushy.
Rules:
- Write in the language asked for ("en": English; "zh": Simplified Chinese).
- To a buyer, the sender offers to supply the products; to a supplier, the sender asks for a quotation (catalogue, prices, MOQ, lead time, certificates).
- Use only facts given about the sender's company. Never invent certificates, numbers, customers or prices. Without company facts, stay general.
- Plain text, no markdown, no placeholders in brackets. Greet the recipient company's team; sign off with the sender's name.
- Subject: one line, at most 90 characters. Body: 90 to 180 words in English, or 150 to 320 characters in Chinese.
Answer with one JSON object only: {"subject": "...", "body": "..."}`;

/** Asks the LLM for the draft; null on any failure (the caller uses the built-in writer). */
async function llmDraft(
  llm: Llm,
  input: { lead: DraftLead; website: string | null; description: string; sender: string; company: string },
  language: Language,
): Promise<{ subject: string; body: string } | null> {
  const brief = {
    language,
    sender: { name: input.sender, company_info: input.company.slice(0, COMPANY_TEXT_FOR_LLM) || null },
    recipient: {
      company: input.lead.name,
      role: input.lead.role,
      country: input.lead.country,
      products: input.lead.products,
      description: input.description || null,
      website: input.website,
    },
    goal:
      input.lead.role === 'buyer'
        ? 'offer our products to this buyer'
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
    return { subject: parsed.data.subject, body: parsed.data.body.replace(/\r\n?/g, '\n') };
  } catch (error) {
    llm.log?.(
      `[outreach] ${llm.model}: draft fell back to the template: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
}

/**
 * A draft for a lead the user unlocked (40400 unknown lead, 40300 not unlocked by this user):
 * written by the LLM when one is configured and its answer holds up, else by the built-in writer.
 * `to` holds the revealed addresses that may be mailed.
 */
export async function generateDraft(
  services: Services,
  user: UserRow,
  input: { lead_id: string; language: Language; client_id?: string | undefined },
): Promise<OutreachDraft> {
  const { lead, emails } = await revealedEmails(services.db, user.id, input.lead_id);
  const suppressed = await suppressedAmong(
    services.db,
    emails.map((e) => e.email),
  );
  const company = await companyText(services, user.id);
  const view = draftLead(lead, input.language);
  const sender = user.userName;
  const description = input.language === 'zh' ? lead.descriptionZh : lead.descriptionEn;
  const fromLlm = services.llm
    ? await llmDraft(
        services.llm,
        { lead: view, website: lead.website, description, sender, company },
        input.language,
      )
    : null;
  const draft = fromLlm ?? writeDraft({ lead: view, sender, companyText: company, language: input.language });
  return {
    lead_id: lead.id,
    to: mailable(emails, suppressed),
    subject: draft.subject,
    body: draft.body,
    language: input.language,
    source: fromLlm ? 'llm' : 'template',
  };
}
