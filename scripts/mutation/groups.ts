/**
 * What `npm run test:mutation` mutates (issue 30: billing, accounts, the unlock and lock code, the
 * saved and unlocked lists, outreach) and which test files may notice: each group runs only its own
 * files, so a mutant costs the few files that exercise its folder, not the whole suite.
 */
export interface MutationGroup {
  /** Files (globs, or `file:start-end` line ranges) Stryker mutates. */
  mutate: string[];
  /** API test files (tests/api, on PGlite). */
  api: string[];
  /** Unit test files (tests/unit). */
  unit: string[];
}

const api = (...names: string[]) => names.map((name) => `tests/api/${name}.test.ts`);
const unit = (...names: string[]) => names.map((name) => `tests/unit/${name}.test.ts`);

const OUTREACH_TESTS = api(
  'outreach',
  'outreach-drafts',
  'outreach-inbound',
  'outreach-sequences',
  'outreach-real-mail',
  'two-accounts',
  'money-security',
);

export const GROUPS = {
  billing: {
    mutate: ['server/billing/**/*.ts'],
    api: api(
      'payments',
      'plan-periods',
      'stripe-states',
      'billing-rules',
      'beans',
      'money-security',
      'two-accounts',
      'platform-security',
    ),
    unit: [],
  },
  accounts: {
    mutate: ['server/accounts/**/*.ts'],
    api: api(
      'accounts',
      'accounts-rules',
      'accounts-security',
      'sessions',
      'password-change',
      'invitations',
      'two-accounts',
      'stripe-states',
    ),
    unit: [],
  },
  // The unlock and the lock (what a card hides until unlocked: viewLeads and the facts it reads),
  // saving, memos, "find more emails", the search allowance, and the saved and unlocked lists.
  // search.ts by lines: departmentsOf through keyed (the card's lock and the filters on the search
  // keys), not the reader's ranking or the read replica; move the range when those lines move.
  leads: {
    mutate: ['server/leads/service.ts', 'server/leads/pipeline.ts', 'server/leads/search.ts:43-253'],
    api: api(
      'leads',
      'leads-pipeline',
      'lead-lists',
      'locked-inference',
      'money-security',
      'two-accounts',
      'lead-evidence',
      'search-stream',
      'llm-budget',
      'lead-cards',
      'search-requests',
      'search',
      'search-keys',
      'llm',
    ),
    unit: unit('list-country-filter'),
  },
  // Outreach in two runs, so a run's results are kept even when the other is not finished (the
  // sending half costs most: each of its mutants replays the queue's stories, about an hour on 2 cores).
  // Writing and reading mail: the drafts, their phrases, the inbound reader and what it files.
  'outreach-writing': {
    mutate: [
      'server/outreach/draft.ts',
      'server/outreach/phrases.ts',
      'server/outreach/writer.ts',
      'server/outreach/inbound.ts',
      'server/outreach/inboundMessage.ts',
    ],
    api: [...OUTREACH_TESTS, ...api('outreach-draft-rules')],
    unit: unit(
      'inbound-message',
      'inbound-message-rules',
      'inbound-reader',
      'writer',
      'writer-rules',
      'phrases-languages',
    ),
  },
  // Sending: the queue, the SMTP send, sequences, recipients and unsubscribes.
  'outreach-sending': {
    mutate: [
      'server/outreach/queue.ts',
      'server/outreach/send.ts',
      'server/outreach/sequences.ts',
      'server/outreach/service.ts',
      'server/outreach/recipients.ts',
      'server/outreach/unsubscribe.ts',
    ],
    api: [...OUTREACH_TESTS, ...api('outreach-send-rules', 'outreach-draft-rules')],
    unit: unit('inbound-message', 'writer', 'smtp-outcome', 'outreach-rules'),
  },
} satisfies Record<string, MutationGroup>;

export type GroupName = keyof typeof GROUPS;
export const GROUP_NAMES = Object.keys(GROUPS) as GroupName[];
