import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LEAD_STAGES } from '../../../contract/rules.ts';
import { DEPARTMENTS, SENIORITIES } from '../../../contract/people.ts';
import type { ProfileSources } from '../../../contract/api.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Accounts. `point` and `bp_used` are the spec's balance fields (§3, balance = point - bp_used);
 * they change only in the same transaction as a `ledger` row (services/ledger.ts).
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased: email matching is case-insensitive. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    userName: text('user_name').notNull(),
    language: text('language').notNull().default('zh'),
    isAgent: integer('is_agent').notNull().default(0),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    subscriptionStatus: integer('subscription_status').notNull().default(0),
    planGoodsId: integer('plan_goods_id'),
    payCycle: integer('pay_cycle').notNull().default(0),
    serviceExpirationTime: timestamp('service_expiration_time', { withTimezone: true }),
    /**
     * Where the plan's periods count from, as Stripe's billing_cycle_anchor: the n-th period ends n
     * months (years) after it, on its day or the month's last (server/billing/plans.ts).
     */
    planAnchor: timestamp('plan_anchor', { withTimezone: true }),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    point: integer('point').notNull().default(0),
    bpUsed: integer('bp_used').notNull().default(0),
    invitationCode: text('invitation_code'),
    createdAt: createdAt(),
  },
  (t) => [check('balance_not_negative', sql`${t.point} >= ${t.bpUsed}`)],
);

/** A user as the database holds it (the one type every module passes around). */
export type UserRow = typeof users.$inferSelect;

/**
 * Sessions, their tokens stored as SHA-256 hashes: a session ends 30 days after login, after 7
 * days unused, or when revoked; its token is replaced daily (server/accounts/sessions.ts).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    deviceId: text('device_id'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The last request it signed (written at most every few minutes): 7 days later it ends. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the current token was issued: a day later the next request replaces it. */
    tokenCreatedAt: timestamp('token_created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The token it replaced, which works for a short grace after `tokenCreatedAt`. */
    previousTokenHash: text('previous_token_hash').unique(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Emailed verification and reset codes: hashed, single use, expiring, with an attempt counter. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** A sign-up's code carries that sign-up's password and invitation: verifying it activates only those. */
    passwordHash: text('password_hash'),
    invitationCode: text('invitation_code'),
    /**
     * SHA-256 of the sign-up token the register answer gave that sign-up's browser: only the code
     * sent with it activates the sign-up's password (docs/api.md); any other use sets a new one.
     */
    signupTokenHash: text('signup_token_hash'),
  },
  (t) => [index('email_codes_lookup_idx').on(t.email, t.purpose)],
);

/** Fixed-window counters shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** Every change of beans, with its reason; `ref` makes a change idempotent per user. */
export const ledger = pgTable(
  'ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason', {
      enum: ['signup_bonus', 'redeem', 'plan', 'bundle', 'unlock', 'refund', 'adjustment'],
    }).notNull(),
    /** A name as written, in no language: the unlocked lead's, the redeemed code. */
    detail: text('detail').notNull().default(''),
    /** The plan or bundle bought or renewed (its name is shown in the reader's language). */
    goodsId: integer('goods_id'),
    /** What else the change was, shown in the reader's language. */
    note: text('note', { enum: ['', 'renewal', 'demo', 'welcome'] })
      .notNull()
      .default(''),
    ref: text('ref').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_user_ref_idx').on(t.userId, t.ref),
    index('ledger_user_idx').on(t.userId, t.id),
  ],
);

/** Single-use redeem codes (minted by `npm run codes`). */
export const redeemCodes = pgTable('redeem_codes', {
  code: text('code').primaryKey(),
  beans: integer('beans').notNull(),
  createdAt: createdAt(),
  redeemedBy: integer('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
});

/** Invitation codes generated by agents; consumed once at registration. */
export const invitationCodes = pgTable(
  'invitation_codes',
  {
    code: text('code').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('invitation_codes_agent_idx').on(t.agentId)],
);

/** Checkout sessions (Stripe or the built-in test checkout). */
export const payments = pgTable('payments', {
  id: text('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  goodsId: integer('goods_id').notNull(),
  provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
  /** `failed`: a delayed payment (bank debit) Stripe reported failed; never applied. */
  status: text('status', { enum: ['pending', 'paid', 'failed'] })
    .notNull()
    .default('pending'),
  successUrl: text('success_url').notNull(),
  createdAt: createdAt(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
});

/**
 * Secrets every server instance must sign with alike (download links, unsubscribe links and the
 * inbound reply tags), made once by whichever instance starts first (server/platform/secrets.ts).
 * Read only there, never by a route: no API answer carries one.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Payment provider events already applied (webhooks are idempotent on event id). */
export const processedEvents = pgTable('processed_events', {
  id: text('id').primaryKey(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every email the server sends: the local outbox when no SMTP is configured, a log otherwise. */
export const emails = pgTable('emails', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  kind: text('kind').notNull(),
  transport: text('transport', { enum: ['smtp', 'outbox'] }).notNull(),
  createdAt: createdAt(),
});

/**
 * Companies a user can find (issue: leads store). `category_ids` index the 200 product categories
 * of server/leads/data; `search_text` holds names, products and description in both languages,
 * lower-cased, for the lists' keyword filter (`LIKE %word%`: PostgreSQL does not split Chinese
 * into words).
 */
export const leads = pgTable(
  'leads',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    role: text('role', { enum: ['buyer', 'supplier'] }).notNull(),
    country: text('country').notNull(),
    city: text('city').notNull().default(''),
    website: text('website'),
    size: text('size').notNull().default(''),
    /** importer, distributor, wholesaler, retailer, brand, manufacturer or trader; '' when unknown. */
    companyType: text('company_type').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionZh: text('description_zh').notNull().default(''),
    /**
     * Its search keys (server/search/keys.ts): demo category ids, and catalogue product keys
     * (1,000,000 and up) for products no demo category deals in.
     */
    categoryIds: integer('category_ids').array().notNull(),
    searchText: text('search_text').notNull().default(''),
    /** How complete the record is (0–100): ranks equally relevant leads. */
    quality: integer('quality').notNull().default(0),
    /** The year the company was founded; null when not known. */
    foundedYear: integer('founded_year'),
    /**
     * The keys it has shipment records of (`lead_shipments.category_id`, any date):
     * search reads companies with evidence of the asked product first, before its candidate cap.
     */
    tradedCategoryIds: integer('traded_category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index('leads_role_country_idx').on(t.role, t.country),
    // No index on `search_text` or `category_ids`: a search finds its candidates in
    // lead_search_keys, and the lists' keyword filter reads one user's saved or unlocked leads
    // only. Their GIN indexes (migration 0001) cost a first start 14 of its seed's 60 s and every
    // import as much; migration 0015 drops them.
  ],
);

/**
 * One row per lead and search key (a demo category or a catalogue product, server/search/keys.ts), kept by triggers on `leads`, `lead_people`,
 * `lead_shipments` and `lead_contacts` (migrations 0012 to 0014). Search reads its candidates from
 * this index (category, role, traded, country) instead of intersecting the role-and-country and
 * category indexes, which at a million leads means tens of thousands of index entries per search;
 * filters them on the search's conditions (`company_type`, `size`, `phone`, `email`) and ranks
 * them (`quality`, `named`, `shipped`) from these rows alone, without reading each candidate's
 * company, contacts, people or records. `traded`: the lead has shipment records of that category.
 */
export const leadSearchKeys = pgTable(
  'lead_search_keys',
  {
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull(),
    role: text('role', { enum: ['buyer', 'supplier'] }).notNull(),
    country: text('country').notNull(),
    traded: boolean('traded').notNull(),
    /** The lead's `quality` (how complete its record is): the last ranking tie-break. */
    quality: integer('quality').notNull().default(0),
    /**
     * The lead has a person on the side that decides for its role: purchasing or management at a
     * buyer, sales or management at a supplier (`BUYER_SIDE_DEPARTMENTS`, `SELLER_SIDE_DEPARTMENTS`).
     */
    named: boolean('named').notNull().default(false),
    /** The dates of the lead's shipment records of this category, newest first. */
    shipped: date('shipped', { mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    /** The lead's `company_type` and `size` (employee range), for the search's conditions. */
    companyType: text('company_type').notNull().default(''),
    size: text('size').notNull().default(''),
    /** Conditions "with phone" and "with email": a phone, or an email not known to bounce. */
    phone: boolean('phone').notNull().default(false),
    email: boolean('email').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.leadId, t.categoryId] }),
    index('lead_search_keys_find_idx').on(t.categoryId, t.role, t.traded, t.country, t.leadId),
  ],
);

/**
 * The people at a lead's company (issue 14): their names and titles stay behind the lock; before
 * unlocking a card shows only how many there are and their departments. Their emails, phones and
 * social profiles are `lead_contacts` rows with their `person_id`.
 */
export const leadPeople = pgTable(
  'lead_people',
  {
    /** `<lead id>.<n>`: stable, so imports and the demo seed can link contacts without a round trip. */
    id: text('id').primaryKey(),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    department: text('department', { enum: DEPARTMENTS }).notNull().default('other'),
    seniority: text('seniority', { enum: SENIORITIES }).notNull().default('staff'),
    /** Order on the card: buyer-side people first. */
    position: integer('position').notNull().default(0),
    /** Where the person came from: `demo`, or the file an import read. */
    source: text('source').notNull().default(''),
  },
  (t) => [
    index('lead_people_lead_idx').on(t.leadId, t.position),
    check(
      'lead_people_department_check',
      sql`${t.department} IN ('purchasing', 'management', 'sales', 'marketing', 'operations', 'logistics', 'engineering', 'finance', 'other')`,
    ),
    check(
      'lead_people_seniority_check',
      sql`${t.seniority} IN ('owner', 'executive', 'director', 'manager', 'staff')`,
    ),
  ],
);

/**
 * A lead's contact resources: emails (with verification status), phones, social profiles. A row
 * with a `person_id` belongs to that person; without one it is the company's (info@, the switchboard).
 */
export const leadContacts = pgTable(
  'lead_contacts',
  {
    id: serial('id').primaryKey(),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    personId: text('person_id').references(() => leadPeople.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['email', 'phone', 'social'] }).notNull(),
    value: text('value').notNull(),
    /** Emails: valid, risky, unknown or invalid. Social: the platform. */
    label: text('label').notNull().default(''),
    /** Emails beyond the first five are found later by "find more emails". */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('lead_contacts_lead_idx').on(t.leadId, t.kind, t.position),
    index('lead_contacts_person_idx').on(t.personId),
  ],
);

/**
 * Trade evidence (issue 14): shipment records of a lead's imports, from customs or bill-of-lading
 * data (or the fictional demo records). `category_id` is the record's search key
 * (server/search/keys.ts): the demo category it belongs to, else the catalogue product it is of,
 * null when neither is known; `source_ref` makes an import idempotent (unique per lead).
 */
export const leadShipments = pgTable(
  'lead_shipments',
  {
    id: serial('id').primaryKey(),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    shippedOn: date('shipped_on').notNull(),
    /** Digits only, 4 to 10 of them (`940511`); shown as `9405.11`. */
    hsCode: text('hs_code').notNull(),
    categoryId: integer('category_id'),
    product: text('product').notNull(),
    quantity: integer('quantity'),
    quantityUnit: text('quantity_unit').notNull().default(''),
    weightKg: integer('weight_kg'),
    /** ISO 3166-1 alpha-2 of the country the goods came from. */
    origin: text('origin').notNull(),
    destinationPort: text('destination_port').notNull().default(''),
    /** The shipper's name when the record gives it. */
    supplier: text('supplier'),
    sourceName: text('source_name').notNull(),
    /** A link to the record, or the name of the file it was imported from. */
    sourceUrl: text('source_url'),
    sourceRef: text('source_ref').notNull(),
  },
  (t) => [
    index('lead_shipments_lead_idx').on(t.leadId, t.categoryId, t.shippedOn),
    uniqueIndex('lead_shipments_ref_idx').on(t.leadId, t.sourceRef),
  ],
);

/** Who unlocked which lead: charged once per user and lead. */
export const unlocks = pgTable(
  'unlocks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** How many emails the user has revealed (five at unlock, more with "find more emails"). */
    emailsShown: integer('emails_shown').notNull().default(5),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.leadId] })],
);

/** Saved leads with the user's memo. */
export const collects = pgTable(
  'collects',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    memo: text('memo').notNull().default(''),
    /** Where the lead is in the user's sales pipeline (contract/rules.ts LEAD_STAGES). */
    stage: text('stage', { enum: LEAD_STAGES }).notNull().default('new'),
    /** The user's own short labels: trimmed, deduplicated case-insensitively, at most MAX_TAGS_PER_LEAD. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.leadId] }),
    check(
      'collects_stage_check',
      sql`${t.stage} IN ('new', 'contacted', 'replied', 'quoting', 'won', 'lost')`,
    ),
  ],
);

/**
 * Leads a search returned to a user: only these may be saved or unlocked by them, so the lead
 * table cannot be walked by id (issue 11, finding 10).
 */
export const shownLeads = pgTable(
  'shown_leads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.leadId] })],
);

/** Searches that ran, per user and UTC day (spec §9: 30 free a day). */
export const searchUsage = pgTable(
  'search_usage',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Conversations (chat history) and their messages. */
export const chats = pgTable(
  'chats',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chats_user_idx').on(t.userId, t.updatedAt)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    chatId: text('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    /** The assistant's structured answer: what was understood and the lead ids. */
    payload: text('payload').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_chat_idx').on(t.chatId, t.id)],
);

/**
 * A user's company files (spec §7 upload_file/get_file). They belong to the account (issue 15);
 * `client_id` records which browser uploaded each one.
 * The bytes live in storage (local disk or S3) under `storage_key`; `text` is what was extracted
 * (PDF, DOCX, XLSX, TXT) and feeds the company info outreach emails are written from.
 */
export const companyFiles = pgTable(
  'company_files',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    mime: text('mime').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    text: text('text').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('company_files_name_idx').on(t.userId, t.clientId, t.fileName),
    index('company_files_user_idx').on(t.userId, t.clientId, t.createdAt),
  ],
);

/**
 * Outreach emails a user sent to a lead. A row is written with the send request and a job is
 * queued in the same transaction; the worker moves it queued → sending → sent | failed, and
 * `suppressed` when the address opted out before it went. `request_id` makes a retried send
 * request idempotent.
 */
export const outreachEmails = pgTable(
  'outreach_emails',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    requestId: text('request_id').notNull(),
    /** The sequence it is a step of (issue 15); null for emails from before sequences. */
    sequenceId: text('sequence_id').references(() => outreachSequences.id, { onDelete: 'cascade' }),
    /** 1: the first email; 2 and 3: its follow-ups. */
    step: integer('step').notNull().default(1),
    /** When a follow-up goes (and which UTC day's cap it counts on); null: when it was made. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    language: text('language').notNull().default('en'),
    status: text('status', {
      enum: ['scheduled', 'queued', 'sending', 'sent', 'failed', 'suppressed', 'cancelled'],
    })
      .notNull()
      .default('queued'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    messageId: text('message_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outreach_emails_request_idx').on(t.userId, t.requestId),
    index('outreach_emails_user_idx').on(t.userId, t.createdAt),
    index('outreach_emails_sequence_idx').on(t.sequenceId, t.step),
  ],
);

/**
 * One recipient's sequence (issue 15): the first email and up to two follow-ups to one address.
 * `active` while a step is still to go; `finished` when the last went; `stopped` with the reason:
 * the recipient replied (marked by the user or read from the inbound mailbox), bounced,
 * unsubscribed, or a step failed. Stopping cancels the steps still scheduled.
 */
export const outreachSequences = pgTable(
  'outreach_sequences',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    toAddress: text('to_address').notNull(),
    state: text('state', { enum: ['active', 'finished', 'stopped'] })
      .notNull()
      .default('active'),
    stopReason: text('stop_reason', { enum: ['replied', 'bounced', 'unsubscribed', 'failed'] }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outreach_sequences_user_idx').on(t.userId, t.createdAt),
    index('outreach_sequences_address_idx').on(t.toAddress, t.state),
  ],
);

/** Addresses that must never be mailed again (unsubscribe link, complaints, manual). */
export const emailSuppressions = pgTable('email_suppressions', {
  /** Lower-cased. */
  email: text('email').primaryKey(),
  reason: text('reason', { enum: ['unsubscribe', 'complaint', 'bounce', 'manual'] }).notNull(),
  createdAt: createdAt(),
});

/**
 * The seller profile of an account (issue 15): what outreach emails may say about the user's own
 * company. Filled in from the company files (server/profile/extract.ts, or the LLM) and edited on
 * the profile page; `edited` names the fields the user changed, which reading the files again
 * leaves alone, and `from_files` those the files filled in. `products` are taxonomy ids.
 */
export const sellerProfiles = pgTable('seller_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyZh: text('company_zh').notNull().default(''),
  companyEn: text('company_en').notNull().default(''),
  products: text('products')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  strengths: text('strengths')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  certifications: text('certifications')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  moqQuantity: integer('moq_quantity'),
  moqUnit: text('moq_unit').notNull().default(''),
  website: text('website').notNull().default(''),
  nameZh: text('name_zh').notNull().default(''),
  nameEn: text('name_en').notNull().default(''),
  titleZh: text('title_zh').notNull().default(''),
  titleEn: text('title_en').notNull().default(''),
  phone: text('phone').notNull().default(''),
  wechat: text('wechat').notNull().default(''),
  whatsapp: text('whatsapp').notNull().default(''),
  edited: text('edited')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  fromFiles: text('from_files')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Where the files state each fact last read from them (contract ProfileSources; issue 33). */
  sources: jsonb('sources').$type<ProfileSources>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
