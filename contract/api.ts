/**
 * The /api contract shared by the browser client (src/lib/api) and the server (server/):
 * envelope, error codes and payload types. Types and constants only, importing only types,
 * so it ships no bytes to the browser beyond the error codes. docs/api.md documents each call.
 */
import type { LeadStage } from './rules.ts';
import type { CompanyType } from './companies.ts';
import type { Department, Seniority } from './people.ts';
import type { Certification, MoqUnit, ProfileField, Strength } from './profile.ts';
import type { EmailLanguage } from './outreach.ts';

export type { EmailLanguage };
import type { LANGUAGES } from './routes.ts';

/**
 * Request bodies and queries are the zod schemas' types (contract/schemas.ts). Type-only: the
 * import is erased, so the browser's bundle never holds zod.
 */
export type {
  ChangePasswordRequest,
  GenerateEmailRequest,
  GenerateInvitationRequest,
  LoginRequest,
  PayUrlQuery,
  RegisterRequest,
  ResetPasswordRequest,
  ReverifyRequest,
  SaveProfileRequest,
  SendEmailRequest,
  TranslateRequest,
  VerifyRequest,
} from './schemas.ts';

/** Every answer: `code` 0 is success (spec §7). */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Stable non-zero codes the server answers with (spec §8: "product-specific codes"). */
export const ErrorCode = {
  OK: 0,
  BAD_REQUEST: 40000,
  VALIDATION: 40001,
  /** The token is missing, unknown, expired or revoked: the client logs out and goes to login. */
  TOKEN_INVALID: 40100,
  BAD_CREDENTIALS: 40101,
  EMAIL_NOT_VERIFIED: 40102,
  CODE_INVALID: 40103,
  /**
   * register_verification: the code is right but was not sent with the sign-up token of the sign-up
   * it was mailed for (another browser, or someone else's sign-up): resend it with a `password`.
   */
  PASSWORD_REQUIRED: 40104,
  INSUFFICIENT_BEANS: 40200,
  PLAN_UNLOCK_LIMIT: 40201,
  SEARCH_QUOTA: 40202,
  FORBIDDEN: 40300,
  AGENT_ONLY: 40301,
  NOT_FOUND: 40400,
  CONFLICT: 40900,
  REDEEM_CODE_USED: 40901,
  /** Search: the account keeps the most conversations it may (MAX_CHATS_PER_USER); delete some. */
  CHAT_LIMIT: 40902,
  PAYLOAD_TOO_LARGE: 41300,
  UNSUPPORTED_TYPE: 41500,
  /** Outreach: the recipient may not be mailed (not revealed to the user, invalid, or opted out). */
  RECIPIENT_REFUSED: 42200,
  RATE_LIMITED: 42900,
  /** Outreach: the user's emails for today (UTC) are used up. */
  DAILY_SEND_CAP: 42901,
  /** Outreach: today's emails from this user to this recipient are used up (RECIPIENT_DAILY_CAP). */
  RECIPIENT_DAILY_CAP: 42902,
  FEATURE_DISABLED: 50300,
  /**
   * The server is too busy to start this request now (the embedded database's queue is full); it
   * changed nothing: send it again after `data.retry_after` seconds (also the Retry-After header).
   */
  BUSY: 50301,
  INTERNAL: 50000,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export type Language = (typeof LANGUAGES)[number];

/** Spec §3 "User info fields". */
export interface UserInfo {
  user_id: number;
  user_name: string;
  email: string;
  language: Language;
  /** 1 for agents (spec §1). */
  is_agent: 0 | 1;
  /** 0 no plan; 1 or 3 active and renewing; other values: expires (spec §4). */
  subscription_status: number;
  /** ISO 8601 UTC, or null without a plan. */
  service_expiration_time: string | null;
  /** 2 yearly, otherwise monthly (spec §3). */
  pay_cycle: number;
  subscription_info: { goods_id: number; goods_name: string; goods_price: number } | null;
  point: number;
  bp_used: number;
}

/** Company info built from the user's uploaded files (spec §7 get_file). */
export interface CompanyFile {
  file_id: string;
  file_name: string;
  size: number;
  mime: string;
  created_at: string;
}
export interface CompanyInfo {
  client_id: string;
  files: CompanyFile[];
  /** Text the server extracted from the files, used to write outreach emails. */
  company_text: string;
}

/** A product of the search taxonomy, named in both languages (the profile's products). */
export interface ProductName {
  id: string;
  zh: string;
  en: string;
}

/**
 * The seller profile (GET /profile, issue 15): what outreach emails may say about the user's
 * own company, filled in from the company files and edited by the user.
 */
/**
 * Where the company files state each fact the profile read from them: the line quoted (cut to
 * about 160 characters around the fact). A fact without a line here was not found written (a
 * title filled in from its other language).
 */
export interface ProfileSources {
  /** The one-value fields (names, titles, numbers, website, minimum order). */
  fields: Partial<Record<Exclude<ProfileField, 'products' | 'strengths' | 'certifications'>, string>>;
  /** Each product (taxonomy id), selling point and certification. */
  products: Record<string, string>;
  strengths: Partial<Record<Strength, string>>;
  certifications: Partial<Record<Certification, string>>;
  /** Other minimum orders the files state, beside the one read (a conflict to settle). */
  other_moq: string[];
}

export interface SellerProfile {
  company_zh: string;
  company_en: string;
  products: ProductName[];
  strengths: Strength[];
  certifications: Certification[];
  moq: { quantity: number; unit: MoqUnit } | null;
  website: string;
  /** The signature: the contact person's name and title in each language, and their numbers. */
  name_zh: string;
  name_en: string;
  title_zh: string;
  title_en: string;
  phone: string;
  wechat: string;
  whatsapp: string;
  /** Fields the user changed: reading the files again leaves them as they are. */
  edited: ProfileField[];
  /** Fields filled in from the company files that the user has not changed (to check). */
  from_files: ProfileField[];
  /** Company files with text to read (images have none). */
  files_read: number;
  /** Whether an LLM helped read the files (else the built-in reader alone). */
  read_by: 'builtin' | 'llm';
  /** The lines of the files the facts from them were read in (fields from the files only). */
  sources: ProfileSources;
  updated_at: string | null;
}

/** register's answer: keep the token with the address and send it with the emailed code. */
export interface RegisterResponse {
  signup_token: string;
}

/** One change of a user's beans (the ledger of issue 4). */
export interface BeanLedgerEntry {
  id: number;
  /** Positive when beans were added, negative when spent. */
  amount: number;
  reason: 'signup_bonus' | 'redeem' | 'plan' | 'bundle' | 'unlock' | 'refund' | 'adjustment';
  detail: string;
  created_at: string;
}

export interface InvitationCode {
  code: string;
  state: 'unused' | 'used';
  used_by: string | null;
  created_at: string;
  used_at: string | null;
}

export interface ChatHistoryItem {
  chat_id: string;
  title: string;
  created_at: string;
  updated_at: string;
}

/** A contact's email as the API shows it once unlocked. */
export interface LeadEmail {
  email: string;
  status: 'valid' | 'risky' | 'unknown' | 'invalid' | string;
}

/** A person at the company, shown once the lead is unlocked (issue 14). */
export interface LeadPersonView {
  id: string;
  name: string;
  title: string;
  department: Department;
  seniority: Seniority;
  /** The person's own contacts that are revealed (emails count against the five shown at unlock). */
  emails: LeadEmail[];
  phones: string[];
  socials: { platform: string; url: string }[];
}

/** A lead's import records in short: open before unlocking (issue 14). */
export interface LeadTradeSummary {
  /** Shipments in the 12 months before today. */
  shipments_12m: number;
  /** Every shipment on record. */
  shipments_total: number;
  /** The latest shipment's date, YYYY-MM-DD. */
  latest: string;
  /** The most frequent HS codes (`9405.11`) with our product name, most frequent first (at most 3). */
  hs_codes: { code: string; product: string | null }[];
  /** The most frequent countries of origin, most frequent first (at most 3). */
  origins: { code: string; name: string }[];
}

/** The shipment records behind a search match: the asked products' imports (issue 14). */
export interface LeadEvidence {
  /** The lead's products that were shipped (our names, in the page's language). */
  products: string[];
  /** Their HS codes, most frequent first (`9405.11`). */
  hs_codes: string[];
  /** Shipments of them in the last 12 months. */
  shipments_12m: number;
  /** Where they came from, most frequent first (at most 3). */
  origins: { code: string; name: string }[];
  /** The latest such shipment, YYYY-MM-DD. */
  latest: string;
  /** Where the records come from (`Demo customs records (fictional)`, a file name). */
  sources: string[];
  /** Buying signals of these records (server/leads/evidence.ts `buyingSignals`). */
  signals: {
    /** At least 2 shipments in the last 6 months and more than in the 6 before; null otherwise. */
    growing: { last_6m: number; before_6m: number } | null;
    /** Countries the last 6 months' shipments came from that no earlier record did (at most 3). */
    new_origins: { code: string; name: string }[];
    /** A shipper of the last 6 months that no earlier record named. */
    new_supplier: boolean;
  };
}

/** A lead as the API shows it (server/leads/search.ts builds it). */
export interface LeadView {
  id: string;
  name: string;
  role: 'buyer' | 'supplier';
  country: { code: string; name: string };
  city: string;
  website: string | null;
  size: string;
  /** importer, distributor, wholesaler, retailer, brand, contractor, manufacturer, exporter; '' unknown. */
  company_type: string;
  founded_year: number | null;
  description: string;
  products: string[];
  /**
   * Why it matched: its own products that carry the asked ones, its country when countries were
   * asked, its role, and which asked conditions it meets (all of them: a card meets every one).
   * `evidence` is the shipment records of the asked products; null when the match rests on the
   * company's product description only (or outside a search). `broader`: the lead is of a labelled
   * broader set offered because no company deals in the asked products (`products` then names its
   * broader products and `evidence` their records): not a match. `kind`: how it meets the kind of
   * company asked: 'listed' (its own kind), 'records' (an importer by its import records of the
   * asked product), 'reseller' (a buyer of another kind that resells it, found after those that
   * fit: see SearchCriteria's `company_type_only`); null when no kind was asked.
   */
  why: {
    products: string[];
    country: string | null;
    role: 'buyer' | 'supplier';
    conditions: SearchConditionKey[];
    evidence: LeadEvidence | null;
    broader: boolean;
    kind: 'listed' | 'records' | 'reseller' | null;
  };
  /** Its import records in short, open to everyone; null when it has none. */
  trade: LeadTradeSummary | null;
  /**
   * What is behind the lock before unlocking: how many emails (at most the 5 shown at unlock),
   * phones and social profiles, how many named people and their departments (most frequent first).
   */
  locked: { emails: number; phones: number; socials: number; people: number; departments: Department[] };
  unlocked: boolean;
  collected: boolean;
  memo: string | null;
  /** Every revealed contact, the people's included; null until unlocked. */
  contacts: {
    emails: LeadEmail[];
    phones: string[];
    socials: { platform: string; url: string }[];
  } | null;
  /** The named people with their revealed contacts, buyer-side first; null until unlocked. */
  people: LeadPersonView[] | null;
}

/** A row of the saved or unlocked list: the lead plus the user's pipeline fields (issue 16.3). */
export interface ListedLead extends LeadView {
  /** The pipeline stage; null for an unlocked lead that is not saved. */
  stage: LeadStage | null;
  tags: string[];
  /** When the user saved it (saved list) or unlocked it (unlocked list), ISO 8601. */
  listed_at: string;
}
/** GET /leads/collects and /leads/unlocked. */
export interface LeadListPage {
  items: ListedLead[];
  total: number;
}
/** GET /leads/collects/export and /leads/unlocked/export: up to `limit` of the `total` matching rows. */
export interface LeadExport {
  items: ListedLead[];
  total: number;
  limit: number;
}
/** GET /leads/collects/facets and /leads/unlocked/facets: what the filters can pick from. */
export interface LeadFacets {
  countries: { code: string; name: string }[];
  tags: string[];
}

export type { CompanyType };
export type SearchConditionKey = 'phone' | 'email' | 'employees' | 'company_type';

/** What a search looks for: what the chips show, and what an edited chip sends back (POST /chat/search `criteria`). */
export interface SearchCriteria {
  role: 'buyer' | 'supplier';
  /** ISO 3166-1 alpha-2 codes; [] = any country. */
  countries: string[];
  /** Regions named (their countries are in `countries`). */
  regions: string[];
  /** Product ids of the search taxonomy. */
  products: string[];
  /**
   * HS codes (digits) some of `products` were read from ("HS 940511"): the search goes by the code,
   * each kept while its product is asked.
   */
  hs_codes?: string[] | undefined;
  conditions: {
    phone?: true | undefined;
    email?: true | undefined;
    employees?: { min?: number | undefined; max?: number | undefined } | undefined;
    company_type?: CompanyType | undefined;
    /** Several kinds asked together ("进口商或批发商"); `company_type` is the first of them. */
    company_types?: CompanyType[] | undefined;
    /**
     * Only the kinds asked ("only importers", "只要进口商"). Without it, importers, distributors and
     * wholesalers asked are found first and the other buyers that resell follow, marked as such.
     */
    company_type_only?: true | undefined;
  };
}

/** The first event of a search stream: what was understood, named in the page's language. */
export interface SearchUnderstood {
  chat_id: string;
  criteria: SearchCriteria;
  /** False when the sentence did not say buyers or suppliers and buyers were assumed. */
  role_stated: boolean;
  countries: { code: string; name: string }[];
  regions: { id: string; name: string; countries: string[] }[];
  products: { id: string; hs: string; name: string }[];
  /** Each condition with its label ("有电话", "201+ employees", "importers"). */
  conditions: { key: SearchConditionKey; label: string }[];
  /** Misspellings read as something else: "Germnay" → "Germany". */
  corrected: { written: string; read_as: string }[];
  /** Words that were not understood and were left out. */
  unknown: string[];
  /** "Show more": this answer continues the previous one, leaving out leads already shown. */
  more: boolean;
  /** One line: what is searched for. */
  text: string;
}

/** The last event of a search stream. */
export interface SearchSummary {
  text: string;
  count: number;
  /** How many of the shown leads are in each asked country (with 0 for a named one that had none). */
  by_country: { code: string; name: string; count: number }[];
  /** Whether "show more" would find further leads. */
  more: boolean;
  /**
   * The broader products whose companies are shown because no company deals in the asked ones
   * ("batteries" for "lithium battery cells"), by name; empty when the leads match what was asked.
   * Such leads are shown (and `count`ed as shown) but never said to match.
   */
  broader: string[];
  /** Whether this search used one of the day's searches (a search that finds nothing does not). */
  counted: boolean;
  /** Searches left today; null for a subscriber (not held to the free searches). */
  searches_left: number | null;
}

/** Spec §7 upload_file: one file, multipart field `file`, with the browser's `clientId`. */
export interface SignedFileUrl {
  url: string;
  expires_at: string;
}

/** A subject and body. */
export interface DraftText {
  subject: string;
  body: string;
}

/** What a draft's greeting line is for one address: the person it belongs to, or a neutral line. */
export interface DraftGreeting {
  email: string;
  /** The person's name when the address is a named contact (issue 14); null for info@ and the like. */
  person: string | null;
  /** The greeting in the draft's language ("Dear Peter,", "Hello,"). */
  line: string;
  /** The same greeting in the preview's language; null without a preview. */
  preview: string | null;
}

/** A follow-up of the sequence, written like the first email (issue 15). */
export interface DraftFollowUp extends DraftText {
  /** Days after the first email (FOLLOW_UP_DEFAULT_DAYS). */
  days: number;
  preview: DraftText | null;
}

/**
 * An outreach email draft for one unlocked lead, written from the user's seller profile and the
 * lead's data (issue 15): the built-in writer renders the same facts in the email's language and in
 * the reader's (`preview`).
 */
export interface OutreachDraft {
  lead_id: string;
  /** The lead's revealed addresses that may be mailed (never `invalid`, never opted out). */
  to: string[];
  /** The first email; its greeting is the first address's (`greetings[0]`). */
  subject: string;
  body: string;
  language: EmailLanguage;
  /** `llm` when an LLM wrote it, `template` for the built-in writer. */
  source: 'template' | 'llm';
  /** The same email in the reader's language from the same facts; null when it is already in it, or the LLM wrote it. */
  preview: DraftText | null;
  /** The languages the writer can write to this lead, the lead's own first. */
  languages: EmailLanguage[];
  /** The greeting for each address of `to`, in `to`'s order. */
  greetings: DraftGreeting[];
  follow_ups: DraftFollowUp[];
  /** Whether POST /translate works here (an LLM is configured); without it the composer hides translation. */
  translate: boolean;
  /** What the seller profile lacks for this email: the composer says so and links to the profile page. */
  missing: ('products' | 'company' | 'signature')[];
}
/**
 * `scheduled`: a follow-up waiting for its day; `cancelled`: a follow-up that will not go because
 * its sequence stopped (the reply, bounce or unsubscribe is in `error` and `sequence`).
 */
export type OutreachStatus =
  'scheduled' | 'queued' | 'sending' | 'sent' | 'failed' | 'suppressed' | 'cancelled';

/** One recipient's sequence as the sent list shows it (issue 15). */
export interface SequenceView {
  id: string;
  /** `active` while a step is to go, `finished` after the last, `stopped` with `stop_reason`. */
  state: 'active' | 'finished' | 'stopped';
  stop_reason: 'replied' | 'bounced' | 'unsubscribed' | 'failed' | null;
  /** How many emails it holds (1 to 3). */
  steps: number;
  replied: boolean;
  /** The address bounced permanently (it is on the suppression list). */
  bounced: boolean;
  /** The address unsubscribed (from anyone's email). */
  unsubscribed: boolean;
}

/** GET /outreach/thread: one recipient's sequence and every email of it, first step first. */
export interface OutreachThread {
  sequence: SequenceView;
  emails: SentEmail[];
}

/** GET /outreach/quota: today's (UTC) emails against the cap, follow-ups due today included. */
export interface OutreachQuota {
  cap: number;
  used: number;
  left: number;
}

export interface SentEmail {
  id: string;
  lead_id: string;
  lead_name: string;
  to: string;
  subject: string;
  body: string;
  language: EmailLanguage;
  status: OutreachStatus;
  /** Why it failed or was not sent, in the request's language. */
  error: string | null;
  attempts: number;
  created_at: string;
  sent_at: string | null;
  /** 1: the first email; 2 and 3: follow-ups. */
  step: number;
  /** When a follow-up goes (scheduled) or went; null for a first email. */
  due_at: string | null;
  /** Its recipient's sequence; null for emails from before sequences. */
  sequence: SequenceView | null;
}

/** One message of a reopened conversation (GET /chat/messages). */
export interface ChatTranscriptMessage {
  role: 'user' | 'assistant';
  content: string;
  created_at: string;
  /** Assistant turns: what was understood then. */
  understood: Omit<SearchUnderstood, 'chat_id'> | null;
  /** Assistant turns: the leads of that answer in order, with today's unlock and save state. */
  leads: LeadView[];
  /** Assistant turns: whether "show more" would have found more when it was answered. */
  more: boolean;
}
