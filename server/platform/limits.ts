/**
 * Every rate limit and server-side quota in one table (issue 12). Fixed windows are counted in the
 * database by `hit()` (server/platform/rateLimit.ts), which multiplies every `max` by
 * RATE_LIMIT_SCALE (1 in production; benchmarks raise it). Limits users see in the interface live
 * in contract/limits.ts (free searches, daily sends, files per client).
 */
import { ErrorCode } from '../../contract/api.ts';
import { AppError } from './errors.ts';
import { hitAll, type Limit } from './rateLimit.ts';
import type { Services } from './services.ts';

/** A fixed-window rate: at most `max` hits per `windowSeconds`. */
export interface Rate {
  max: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * LLM calls one user may start per minute: every call made for the user counts (drafts,
 * translations, reading a search sentence and writing its answer, reading the company files).
 */
export const LLM_CALLS_PER_MINUTE = 30;
/**
 * LLM calls one user may start per day, every kind together: a subscriber's 300 searches (up to two
 * calls each) and a day of drafts fit; a script does not.
 */
export const LLM_CALLS_PER_DAY = 1_000;

/** The rate limits, by what they guard. Keys are `<name>:<who>:<id>` in the rate_limits table. */
export const RATES = {
  /** POST /user/register: sign-ups from one client address, 10 an hour. */
  registerPerIp: { max: 10, windowSeconds: HOUR },
  /** POST /user/register: sign-ups for one email address, 5 an hour. */
  registerPerEmail: { max: 5, windowSeconds: HOUR },
  /** POST /user/reverify_email: a new code for one address, 1 a minute… */
  reverifyPerEmail: { max: 1, windowSeconds: MINUTE },
  /** …and 5 an hour… */
  reverifyPerEmailHour: { max: 5, windowSeconds: HOUR },
  /** …and 20 an hour from one client address. */
  reverifyPerIp: { max: 20, windowSeconds: HOUR },
  /** POST /user/register_verification: code tries for one address, 10 in 10 minutes. */
  verifyPerEmail: { max: 10, windowSeconds: 10 * MINUTE },
  /** POST /user/register_verification: code tries from one client address, 30 in 10 minutes. */
  verifyPerIp: { max: 30, windowSeconds: 10 * MINUTE },
  /** POST /user/login: tries from one client address, 30 in 10 minutes (failures also back off, LOGIN_BACKOFF). */
  loginPerIp: { max: 30, windowSeconds: 10 * MINUTE },
  /** POST /user/reset_token: reset codes for one address, 5 an hour. */
  resetPerEmail: { max: 5, windowSeconds: HOUR },
  /** POST /user/reset_token: reset codes from one client address, 20 an hour. */
  resetPerIp: { max: 20, windowSeconds: HOUR },
  /** POST /user/reset_password: code tries for one address, 10 in 10 minutes. */
  resetConfirmPerEmail: { max: 10, windowSeconds: 10 * MINUTE },
  /** POST /user/reset_password: code tries from one client address, 30 in 10 minutes. */
  resetConfirmPerIp: { max: 30, windowSeconds: 10 * MINUTE },
  /** POST /user/change_password: tries by one user, 10 an hour (each hashes with argon2; failures also back off, LOGIN_BACKOFF). */
  changePasswordPerUser: { max: 10, windowSeconds: HOUR },
  /** POST /user/redeem_point: tries by one user, 20 in 10 minutes (guessing codes). */
  redeemPerUser: { max: 20, windowSeconds: 10 * MINUTE },
  /** POST /user/redeem_point: tries from one client address, 60 in 10 minutes. */
  redeemPerIp: { max: 60, windowSeconds: 10 * MINUTE },
  /** POST /leads/collect: saves by one user, 120 a minute… */
  collectPerUser: { max: 120, windowSeconds: MINUTE },
  /** …and 1000 a day. */
  collectPerUserDay: { max: 1000, windowSeconds: DAY },
  /** POST /upload_file: uploads one user may start, 30 in 10 minutes (every attempt counts, refused ones too). */
  uploadPerUser: { max: 30, windowSeconds: 10 * MINUTE },
  /** POST /translate: translations by one user, 20 a minute (on top of the LLM budget). */
  translatePerUser: { max: 20, windowSeconds: MINUTE },
  /** POST /profile/refresh: readings of the company files asked for by one user, 10 an hour (each reads every file, with the LLM when there is one). */
  profileRefreshPerUser: { max: 10, windowSeconds: HOUR },
  /** The LLM budget (every LLM call made for a user counts: llmLimits): calls by one user a minute… */
  llmPerUser: { max: LLM_CALLS_PER_MINUTE, windowSeconds: MINUTE },
  /** …and a day. */
  llmPerUserDay: { max: LLM_CALLS_PER_DAY, windowSeconds: DAY },
} as const satisfies Record<string, Rate>;

/** One of the table's rates, counted under `key`. */
export const limit = (rate: Rate, key: string): Limit => ({ key, ...rate });

/** Failed logins (docs/api.md): per account and client address, each further try waits, doubling. */
export const LOGIN_BACKOFF = {
  /** Failures one address may make on one account before each further try waits. */
  freeFailures: 5,
  /** Failures on one account (from every address) within `accountWindowSeconds` after which each address gets one free failure. */
  accountFailures: 20,
  accountWindowSeconds: HOUR,
  /** The first wait; each further failure doubles it, up to `maxSeconds`. */
  baseSeconds: MINUTE,
  maxSeconds: HOUR,
  /** A streak this long without a try starts over. */
  resetSeconds: DAY,
} as const;

/**
 * The embedded database (PGlite) runs one statement at a time, so requests queue for it
 * (server/platform/db/queue.ts, issue 36). A request that has not had the database yet waits at
 * most `firstWaitMs` for it, then is answered 50301 (busy, HTTP 503, Retry-After), having changed
 * nothing; a request that has had it (a search streaming) goes first from then on and is never
 * refused. The server's own work (the outreach queue, start-up) waits behind requests, at most
 * `backgroundMaxWaitMs` at a time.
 */
export const DATABASE_QUEUE = {
  firstWaitMs: 600,
  backgroundMaxWaitMs: 1_000,
  retryAfterSeconds: 1,
} as const;

/** Quotas per user (not counted in windows). */
export const QUOTAS = {
  /** Conversations one user may keep (40901 beyond it). */
  chatsPerUser: 500,
  /** Emails from one user to one recipient address per UTC day, across leads (42902). */
  recipientEmailsPerDay: 2,
  /**
   * What all of one account's files may take together: ten full-size files (10 × 10 MB), far more
   * than the text outreach uses, and a bound on what one account costs in storage.
   */
  fileBytesPerAccount: 100 * 1024 * 1024,
  /** Wrong tries that kill an emailed sign-up or reset code. */
  codeAttempts: 5,
  /** Uploaded files waiting for a text-extraction child process (server/files/worker.ts), per process; more are refused as busy (42900). */
  extractionsQueued: 16,
  /** One user's extractions running or waiting at once (a few files picked together); more: busy (42900). */
  extractionsPerUser: 4,
} as const;

/**
 * The per-user budget of LLM calls, hit before each call so a refused one costs nothing: the
 * calls a user asks for (POST /outreach/generate, POST /translate) are refused with 42900 past it;
 * the calls a feature makes on its own (a search sentence, a search's answer, reading the company
 * files) use `llmCallAllowed` and go on without the LLM.
 */
export function llmLimits(userId: number): Limit[] {
  return [
    limit(RATES.llmPerUser, `llm:user:${userId}`),
    limit(RATES.llmPerUserDay, `llm:user-day:${userId}`),
  ];
}

/**
 * Counts one LLM call against the user's budget (`llmLimits`): true when it may be made, false when
 * the budget is spent (the caller then goes on with its built-in reader or text).
 */
export async function llmCallAllowed(
  services: Pick<Services, 'db' | 'clock' | 'rateLimitScale'>,
  userId: number,
): Promise<boolean> {
  try {
    await hitAll(services, llmLimits(userId));
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.RATE_LIMITED) return false;
    throw error;
  }
}
