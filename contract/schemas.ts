/**
 * The zod schemas of the /api's fields, built from the shared rules (contract/rules.ts) so the
 * server refuses exactly what the browser's forms refuse. Full zod: server and Node scripts only;
 * the browser imports the rules themselves (ESLint keeps `src/` from importing this module).
 */
import { z } from 'zod';
import {
  CHAT_ID_MAX_LENGTH,
  MAX_SEARCH_COUNTRIES,
  MAX_SEARCH_PRODUCTS,
  PRODUCT_ID_PATTERN,
  EMAIL_CODE_PATTERN,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  INVITATION_MAX_QUANTITY,
  INVITATION_MIN_QUANTITY,
  INVITATION_PREFIX_PATTERN,
  LEAD_ID_PATTERN,
  PAGE_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  REDEEM_CODE_MAX_LENGTH,
  LEAD_STAGES,
  MAX_BULK_LEADS,
  MAX_TAGS_PER_LEAD,
  TAG_MAX_LENGTH,
  isPassword,
} from './rules.ts';
import { LANGUAGES } from './routes.ts';
import { MAX_EMAIL_BODY_LENGTH, MAX_QUERY_LENGTH, MAX_SUBJECT_LENGTH } from './limits.ts';
import { COMPANY_TYPES } from './companies.ts';
import { EMAIL_LANGUAGES, isFollowUpDays, MAX_FOLLOW_UPS } from './outreach.ts';
import {
  CERTIFICATIONS,
  isMoqQuantity,
  isPhone,
  isProfileText,
  isWebsite,
  isWechat,
  MAX_PROFILE_PRODUCTS,
  MOQ_UNITS,
  PROFILE_TEXT_MAX,
  STRENGTHS,
} from './profile.ts';

/** Spec §5: a valid address, trimmed. */
export const email = z.string().trim().max(EMAIL_MAX_LENGTH).regex(EMAIL_PATTERN);
/** Spec §5's password shape (sign-up, reset); the service also refuses common passwords. */
export const password = z.string().max(64).refine(isPassword);
/** The emailed sign-up or reset code, trimmed. */
export const emailCode = z.string().trim().regex(EMAIL_CODE_PATTERN);
/** Spec §5: the redeem code cannot be empty. */
export const redeemCode = z.string().trim().min(1).max(REDEEM_CODE_MAX_LENGTH);
/** Spec §5: the invitation prefix and how many codes to make. */
export const invitationPrefix = z.string().trim().regex(INVITATION_PREFIX_PATTERN);
export const invitationQuantity = z.coerce
  .number()
  .int()
  .min(INVITATION_MIN_QUANTITY)
  .max(INVITATION_MAX_QUANTITY);
export const leadId = z.string().regex(LEAD_ID_PATTERN);
export const language = z.enum(LANGUAGES);
export const chatId = z.string().max(CHAT_ID_MAX_LENGTH);

/** A paged list's query: `page` from 1, `page_size` up to `maxPageSize` (default 100). */
export function paging(maxPageSize = PAGE_SIZE_MAX) {
  return {
    page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
    page_size: z.coerce.number().int().min(1).max(maxPageSize).default(PAGE_SIZE_DEFAULT),
  };
}

/** `clientId` (spec §3): the browser's id; accepted and checked, but files belong to the account. */
export const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;
/** Public file ids: 128 random bits, hex. */
export const FILE_ID = /^[a-f0-9]{32}$/;
export const clientId = z.string().regex(CLIENT_ID);
export const fileId = z.string().regex(FILE_ID);
/** The token register answered (docs/api.md "Sign-up"): 43 base64url characters when genuine. */
export const signupToken = z.string().max(128);

/** Whether `text` holds a control character (C0, DEL or C1) other than those `allowed`. */
function hasControl(text: string, allowed = ''): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if ((code < 0x20 || (code >= 0x7f && code <= 0x9f)) && !allowed.includes(char)) return true;
  }
  return false;
}

/** Whether `text` breaks a line: a control character, or U+2028/U+2029 (line and paragraph separators). */
const breaksLine = (text: string) => hasControl(text) || /[\u2028\u2029]/.test(text);

// ---- Requests: each route's body, query or parameters (docs/api.md), and the type it yields. ----

/** A query of only `page` and `page_size` (GET /user/bean_history). */
export const pagingQuery = z.strictObject(paging());
export type PagingQuery = z.infer<typeof pagingQuery>;

// Accounts (/user/*)
export const loginRequest = z.strictObject({
  email,
  password: z.string().min(1).max(64),
  device_id: z.string().max(128).optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;
export const registerRequest = z.strictObject({
  email,
  password,
  invitation_code: z.string().trim().max(32).optional(),
  language: language.optional(),
});
export type RegisterRequest = z.infer<typeof registerRequest>;
/** reverify_email: with the sign-up token, the new code still activates that sign-up's password. */
export const reverifyRequest = z.strictObject({ email, signup_token: signupToken.optional() });
export type ReverifyRequest = z.infer<typeof reverifyRequest>;
export const verifyRequest = z.strictObject({
  email,
  code: emailCode,
  /** The token register answered in this browser: with it the code activates that sign-up's password. */
  signup_token: signupToken.optional(),
  /** Without the sign-up's token (PASSWORD_REQUIRED), the password the mailbox holder chooses now. */
  password: password.optional(),
});
export type VerifyRequest = z.infer<typeof verifyRequest>;
export const resetTokenRequest = z.strictObject({ email });
export type ResetTokenRequest = z.infer<typeof resetTokenRequest>;
export const resetPasswordRequest = z.strictObject({ email, code: emailCode, password });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;
/** change_password: the current password (checked, not shaped) and a new one of spec §5's shape. */
export const changePasswordRequest = z.strictObject({
  old_password: z.string().min(1).max(64),
  password,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
export const modifyLanguageRequest = z.strictObject({ language });
export type ModifyLanguageRequest = z.infer<typeof modifyLanguageRequest>;
export const redeemRequest = z.strictObject({ code: redeemCode });
export type RedeemRequest = z.infer<typeof redeemRequest>;
export const generateInvitationRequest = z.strictObject({
  prefix: invitationPrefix,
  quantity: invitationQuantity,
});
export type GenerateInvitationRequest = z.infer<typeof generateInvitationRequest>;

// Search, chats and leads (/chat/*, /leads/*, root calls)
/** Bounds on a company's employees, inclusive. */
const employees = z
  .strictObject({
    min: z.int().min(0).max(1_000_000).optional(),
    max: z.int().min(0).max(1_000_000).optional(),
  })
  .refine((b) => b.min !== undefined || b.max !== undefined)
  .refine((b) => b.min === undefined || b.max === undefined || b.min <= b.max);
/** What a search looks for, as the answer's chips show it and the user edits it. */
export const searchCriteria = z.strictObject({
  role: z.enum(['buyer', 'supplier']),
  countries: z
    .array(z.string().regex(/^[A-Z]{2}$/))
    .max(MAX_SEARCH_COUNTRIES)
    .default([]),
  regions: z
    .array(z.string().regex(/^[a-z_]{2,30}$/))
    .max(10)
    .default([]),
  products: z.array(z.string().max(80).regex(PRODUCT_ID_PATTERN)).min(1).max(MAX_SEARCH_PRODUCTS),
  hs_codes: z
    .array(z.string().regex(/^\d{4,10}$/))
    .max(MAX_SEARCH_PRODUCTS)
    .optional(),
  conditions: z
    .strictObject({
      phone: z.literal(true).optional(),
      email: z.literal(true).optional(),
      employees: employees.optional(),
      company_type: z.enum(COMPANY_TYPES).optional(),
      company_types: z.array(z.enum(COMPANY_TYPES)).min(2).max(COMPANY_TYPES.length).optional(),
      company_type_only: z.literal(true).optional(),
    })
    .default({}),
});
export type SearchCriteriaInput = z.infer<typeof searchCriteria>;
/**
 * A sentence (`query`), or the edited chips of an answer (`criteria`), or "show more" (`more`) of
 * the conversation's last search; the last two continue a conversation (`chat_id`).
 */
export const searchRequest = z
  .strictObject({
    query: z.string().trim().min(1).max(MAX_QUERY_LENGTH).optional(),
    chat_id: chatId.optional(),
    criteria: searchCriteria.optional(),
    more: z.literal(true).optional(),
  })
  .refine((r) => [r.query, r.criteria, r.more].filter((x) => x !== undefined).length === 1, {
    path: ['query'],
  })
  .refine((r) => r.query !== undefined || r.chat_id !== undefined, { path: ['chat_id'] });
export type SearchRequest = z.infer<typeof searchRequest>;
/** One chat: GET /chat/messages's query, POST /chat/delete_chat_history's body. */
export const chatRef = z.strictObject({ chat_id: chatId });
export type ChatRef = z.infer<typeof chatRef>;
/** One lead: unlock, collect, get_delve_email. */
export const leadRef = z.strictObject({ lead_id: leadId });
export type LeadRef = z.infer<typeof leadRef>;
export const uncollectRequest = z.strictObject({ lead_ids: z.array(leadId).min(1).max(500) });
export type UncollectRequest = z.infer<typeof uncollectRequest>;
/** The filters of the saved and unlocked lists (and of their CSV export). */
const leadFilters = {
  q: z.string().trim().max(100).optional(),
  /** A country code or name in either language ("AU", "Australia", "澳大利亚"); unknown matches nothing. */
  country: z.string().trim().max(60).optional(),
  role: z.enum(['buyer', 'supplier']).optional(),
  stage: z.enum(LEAD_STAGES).optional(),
  tag: z.string().trim().max(TAG_MAX_LENGTH).optional(),
  sort: z.enum(['newest', 'oldest', 'name', 'country', 'role', 'stage']).optional(),
  /** Direction of a name, country, role or stage sort (newest and oldest carry their own). */
  dir: z.enum(['asc', 'desc']).optional(),
};
/** GET /leads/unlocked and /leads/collects. */
export const leadListQuery = z.strictObject({ ...paging(), ...leadFilters });
/** GET /leads/unlocked/export and /leads/collects/export: every row the filters match, up to EXPORT_MAX_ROWS. */
export const leadExportQuery = z.strictObject(leadFilters);
export type LeadExportQuery = z.infer<typeof leadExportQuery>;
/** One tag as typed: trimmed, 1–TAG_MAX_LENGTH characters. */
const tag = z.string().trim().min(1).max(TAG_MAX_LENGTH);
const bulkLeadIds = z.array(leadId).min(1).max(MAX_BULK_LEADS);
/** POST /leads/stage: one stage for one or several of the user's leads. */
export const setStageRequest = z.strictObject({ lead_ids: bulkLeadIds, stage: z.enum(LEAD_STAGES) });
export type SetStageRequest = z.infer<typeof setStageRequest>;
/** POST /leads/tags: tags added to and removed from one or several of the user's saved leads. */
export const leadTagsRequest = z
  .strictObject({
    lead_ids: bulkLeadIds,
    add: z.array(tag).max(MAX_TAGS_PER_LEAD).default([]),
    remove: z.array(tag).max(MAX_TAGS_PER_LEAD).default([]),
  })
  .refine((body) => body.add.length + body.remove.length > 0, { path: ['add'] });
export type LeadTagsRequest = z.infer<typeof leadTagsRequest>;
export type LeadListQuery = z.infer<typeof leadListQuery>;
export const defaultQueryQuery = z.strictObject({ language: language.optional() });
export type DefaultQueryQuery = z.infer<typeof defaultQueryQuery>;
export const completeQueryQuery = z.strictObject({ q: z.string().max(100), language: language.optional() });
export type CompleteQueryQuery = z.infer<typeof completeQueryQuery>;
export const verifyMediaRequest = z.strictObject({ url: z.string().min(1).max(500) });
export type VerifyMediaRequest = z.infer<typeof verifyMediaRequest>;
export const setMemoRequest = z.strictObject({ lead_id: leadId, memo: z.string().max(2000) });
export type SetMemoRequest = z.infer<typeof setMemoRequest>;

// Payments (/pay/*)
export const payUrlQuery = z.strictObject({
  goods_id: z.coerce.number().int(),
  success_url: z.string().min(1).max(2000),
});
export type PayUrlQuery = z.infer<typeof payUrlQuery>;

// Company files
export const companyFilesQuery = z.strictObject({ clientId });
export type CompanyFilesQuery = z.infer<typeof companyFilesQuery>;
/** One file: GET /get_s3_url's query, POST /delete_file's body. */
export const fileRef = z.strictObject({ file_id: fileId });
export type FileRef = z.infer<typeof fileRef>;

// Seller profile (/profile)
/** A one-line text of the profile, trimmed (contract/profile.ts isProfileText). */
const profileText = (max: number) =>
  z
    .string()
    .refine((value) => isProfileText(value, max))
    .transform((value) => value.trim());
/** A list of choices from `options`, each once. */
const choices = <T extends string>(options: readonly [T, ...T[]]) =>
  z
    .array(z.enum(options))
    .max(options.length * 2)
    .transform((values) => [...new Set(values)]);
/** PUT /profile: the whole profile as the page edits it. */
export const saveProfileRequest = z.strictObject({
  company_zh: profileText(PROFILE_TEXT_MAX.company_zh),
  company_en: profileText(PROFILE_TEXT_MAX.company_en),
  products: z
    .array(z.string().max(80).regex(PRODUCT_ID_PATTERN))
    .max(MAX_PROFILE_PRODUCTS)
    .transform((ids) => [...new Set(ids)]),
  strengths: choices(STRENGTHS),
  certifications: choices(CERTIFICATIONS),
  moq: z.strictObject({ quantity: z.number().refine(isMoqQuantity), unit: z.enum(MOQ_UNITS) }).nullable(),
  website: z
    .string()
    .refine(isWebsite)
    .transform((value) => value.trim()),
  name_zh: profileText(PROFILE_TEXT_MAX.name_zh),
  name_en: profileText(PROFILE_TEXT_MAX.name_en),
  title_zh: profileText(PROFILE_TEXT_MAX.title_zh),
  title_en: profileText(PROFILE_TEXT_MAX.title_en),
  phone: z
    .string()
    .refine(isPhone)
    .transform((value) => value.trim()),
  wechat: z
    .string()
    .refine(isWechat)
    .transform((value) => value.trim()),
  whatsapp: z
    .string()
    .refine(isPhone)
    .transform((value) => value.trim()),
});
export type SaveProfileRequest = z.input<typeof saveProfileRequest>;
/** POST /profile/refresh: read the files again; `reset` forgets the user's edits first. */
export const refreshProfileRequest = z.strictObject({ reset: z.boolean().optional() });
/** GET /profile/products: products whose names match what the user typed. */
export const productSuggestQuery = z.strictObject({ q: z.string().trim().min(1).max(80) });
export type ProductSuggestQuery = z.infer<typeof productSuggestQuery>;

// LLM
export const translateRequest = z.strictObject({
  text: z.string().trim().min(1).max(10_000),
  target: language,
});
export type TranslateRequest = z.infer<typeof translateRequest>;

// Outreach email (/outreach/*)
/** The language of an outreach email: the UI's two and the buyers' the writer knows (contract/outreach.ts). */
export const emailLanguage = z.enum(EMAIL_LANGUAGES);
export const generateEmailRequest = z.strictObject({
  lead_id: leadId,
  /** Without it: the lead's own language when the writer writes it, else English. */
  language: emailLanguage.optional(),
  /** The browser's client id (spec §3); accepted for older clients: the account's profile is used. */
  client_id: clientId.optional(),
});
export type GenerateEmailRequest = z.infer<typeof generateEmailRequest>;
// Checked before trimming: a line break anywhere (header injection) is refused, not trimmed away.
const emailSubject = z
  .string()
  .refine((s) => !breaksLine(s))
  .transform((s) => s.trim())
  .pipe(z.string().min(1).max(MAX_SUBJECT_LENGTH));
const emailBody = z
  .string()
  .max(MAX_EMAIL_BODY_LENGTH)
  .refine((s) => s.trim().length > 0 && !hasControl(s, '\t\n\r'))
  .transform((s) => s.replace(/\r\n?/g, '\n'));
/** The follow-ups of a send: whole days after the first email, each later than the one before. */
const followUps = z
  .array(z.strictObject({ days: z.number(), subject: emailSubject, body: emailBody }))
  .max(MAX_FOLLOW_UPS)
  .refine((steps) => isFollowUpDays(steps.map((s) => s.days)))
  .default([]);
export const sendEmailRequest = z.strictObject({
  lead_id: leadId,
  to: email.transform((to) => to.toLowerCase()),
  subject: emailSubject,
  body: emailBody,
  /** Up to two follow-ups, sent on their day unless the sequence stops (issue 15). */
  follow_ups: followUps,
  language: emailLanguage,
  /** Chosen by the client once per address and draft: a retried or double-clicked send is sent once. */
  request_id: z.string().regex(/^[A-Za-z0-9_.:-]{8,64}$/),
});
/** What a client sends (`follow_ups` may be left out). */
export type SendEmailRequest = z.input<typeof sendEmailRequest>;
/** What the server works with, once checked. */
export type SendEmailInput = z.infer<typeof sendEmailRequest>;
export const sentQuery = z.strictObject({
  ...paging(50),
  status: z.enum(['scheduled', 'queued', 'sending', 'sent', 'failed', 'suppressed', 'cancelled']).optional(),
});
/** One recipient's sequence: GET /outreach/thread's query, POST /outreach/replied's body. */
export const sequenceRef = z.strictObject({ sequence_id: z.uuid() });
export type SequenceRef = z.infer<typeof sequenceRef>;
export type SentQuery = z.infer<typeof sentQuery>;
