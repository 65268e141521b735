import type Stripe from 'stripe';
import type { Db } from './db/client.ts';
import type { Llm } from './llm/types.ts';
import type { Mailer } from './mail.ts';
import type { Storage } from './storage.ts';
import type { SigningSecrets } from './secrets.ts';
import type { PgBoss } from 'pg-boss';

/** The outreach email queue's handle (started by server/outreach/queue.ts startOutreach()). */
export interface OutreachQueue {
  /** Queues delivery of an `outreach_emails` row, inside the caller's transaction (both commit or neither). */
  enqueue(tx: Pick<Db, 'execute'>, id: string): Promise<void>;
  /**
   * Releases the follow-ups that are due (issue 15): each is checked again (sequence still active,
   * address not suppressed, the step before it sent, the day's cap) and queued, postponed or
   * cancelled. Runs on a timer in the worker; answers how many were queued.
   */
  release(): Promise<number>;
  /** Stops taking jobs; an email in flight gets `timeoutMs` to finish, then its job is retried later. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** The secret unsubscribe links are signed with. */
  secret(): string;
  /** For the start-up banner. */
  describe: string;
  boss: PgBoss;
}

/** Time, replaceable in tests (token and code expiry are tested with a fake clock). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** Everything a route needs, made once at start (server/main.ts) or per test. */
export interface Services {
  db: Db;
  /**
   * A read replica of `db` (DATABASE_READ_URL), or null. Only the search statement reads from it
   * (server/leads/search.ts `findLeads`); what a user wrote (unlocks, saves, the leads shown) is
   * always read from `db`.
   */
  replica: Db | null;
  clock: Clock;
  mailer: Mailer;
  /** Public origin of the site: links in emails, checkout return URLs. */
  siteUrl: string;
  stripe: { client: Stripe; webhookSecret: string | undefined } | null;
  /** Without Stripe, whether the built-in test checkout (free plans) stands in: local installs only (config.ts). */
  testCheckout: boolean;
  /** Beans a verified sign-up starts with (docs/api.md). */
  signupBonus: number;
  /** Multiplies every rate limit (1 in production; benchmarks raise it). */
  rateLimitScale: number;
  /**
   * The secrets links are signed with, alike on every instance (server/platform/secrets.ts): from
   * their variables, else made once in the database. Never sent in an answer.
   */
  signing: SigningSecrets;
  /** Company file bytes: S3 when S3_BUCKET is set, else DATA_DIR/files (server/files). */
  storage: Storage;
  /** The LLM (server/platform/llm): null unless LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are all set. */
  llm: Llm | null;
  /**
   * The inbound mailbox of outreach replies and bounces (INBOUND_DOMAIN and INBOUND_SECRET, issue
   * 15); null when not configured (replies go to the user's own address).
   */
  inbound: { domain: string; secret: string } | null;
  /** The outreach email queue (server/outreach), set by startOutreach(); null until it runs. */
  outreach: OutreachQueue | null;
}
