import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SIGNUP_BONUS_BEANS } from '../../contract/limits.ts';
import { CONTACT_QR_PLACEHOLDER } from '../../contract/contact.ts';

/** A switch left unset (or empty) follows the install: on for a local demo, off for a public site. */
const optionalFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((value) => (value ? value === '1' || value === 'true' || value === 'yes' : undefined));
const optional = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * Connections one instance opens to PostgreSQL by default (DATABASE_POOL_SIZE): 7 for requests, 3
 * for the outreach queue. Two cores keep a handful of statements busy; ten instances at this size
 * take PostgreSQL's default max_connections of 100 (docs/deploy.md).
 */
export const DEFAULT_POOL_SIZE = 10;

/** Environment variables the server reads, validated once at start (README: Configuration). */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().min(1).default('0.0.0.0'),
  SITE_URL: z.url().optional(),
  DIST_DIR: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../../dist', import.meta.url))),
  DATA_DIR: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../../data', import.meta.url))),
  DATABASE_URL: optional.pipe(z.url().optional()),
  /**
   * A read replica of DATABASE_URL (streaming replication) the search statement reads from; the
   * user's own unlocks, saves and the leads a search shows stay on DATABASE_URL (read-your-writes).
   */
  DATABASE_READ_URL: optional.pipe(z.url().optional()),
  /**
   * Connections one instance opens to PostgreSQL, all told: DATABASE_POOL_SIZE - 3 for requests and
   * 3 for the outreach queue (2 pooled and its LISTEN). With DATABASE_READ_URL, as many again to
   * the replica for searches. Instances × this must stay under the server's max_connections.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(4).max(1000).default(DEFAULT_POOL_SIZE),
  /** The embedded PGlite without DATABASE_URL; default: on for a local install, refused on a public one. */
  EMBEDDED_DATABASE: optionalFlag,
  /** Proxies in front of the server: X-Forwarded-For entries they appended are trusted (`true`/`yes` = 1). */
  TRUST_PROXY: z
    .string()
    .regex(/^(?:\d|true|false|yes|no|)$/, 'a number of proxy hops (0-9), or true/false')
    .optional()
    .transform((value) =>
      value === 'true' || value === 'yes' ? 1 : /^\d$/.test(value ?? '') ? Number(value) : 0,
    ),
  /** `production` makes the install public (no demo seed, no test checkout unless switched on). */
  NODE_ENV: optional,
  /** Demo data, demo account and demo agent; default: on for a local install only (isLocalInstall). */
  DEMO_SEED: optionalFlag,
  /** The built-in test checkout when Stripe is not configured; default: on for a local install only. */
  TEST_CHECKOUT: optionalFlag,
  /** Time a client has to send its request headers (slow-header attacks), ms. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Time a client has to send its whole request, body included (a 10 MB upload on a slow line), ms. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  /** Idle time before a keep-alive connection is closed, ms (behind a load balancer: above its idle timeout). */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** Open connections the server accepts at once; more are closed on arrival. */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  /** Extra redeem codes to seed, `CODE:BEANS,CODE:BEANS` (demos, staging and browser tests). */
  SEED_REDEEM_CODES: z
    .string()
    .regex(/^([A-Z0-9-]{4,40}:\d{1,6})(,[A-Z0-9-]{4,40}:\d{1,6})*$/)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Multiplies every rate limit; only benchmarks raise it (npm run bench:api). */
  RATE_LIMIT_SCALE: z.coerce.number().min(1).max(1_000_000).default(1),
  SIGNUP_BONUS_BEANS: z.coerce.number().int().min(0).max(1000).default(SIGNUP_BONUS_BEANS),
  SMTP_URL: optional.pipe(z.url().optional()),
  MAIL_FROM: z.string().min(3).default('HoneyLeads <no-reply@honeyleads.example>'),
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ENDPOINT: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  /** Signs local download links (/api/files/…); random per start when unset (links die on restart). */
  FILE_URL_SECRET: optional.pipe(z.string().min(32).optional()),
  /** Signs unsubscribe links in outreach emails; kept in DATA_DIR/unsubscribe-secret when unset. */
  UNSUBSCRIBE_SECRET: optional.pipe(z.string().min(32).optional()),
  /** What the zh plan popup's customer-service QR code encodes (read when the site is built). */
  CONTACT_QR_URL: optional.pipe(z.url().optional()),
  /**
   * The inbound mailbox of outreach (issue 15): replies go to reply+…@INBOUND_DOMAIN and bounces to
   * bounce+…@INBOUND_DOMAIN; the mail server for that domain posts each message to
   * /api/outreach/inbound with INBOUND_SECRET. Unset: replies go to the user's own address.
   */
  INBOUND_DOMAIN: optional.pipe(
    z
      .string()
      .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}$/i)
      .optional(),
  ),
  INBOUND_SECRET: optional.pipe(z.string().min(32).optional()),
  LLM_BASE_URL: optional.pipe(z.url().optional()),
  LLM_API_KEY: optional,
  LLM_MODEL: optional,
});

/** Every environment variable the server reads (a text for users must never name one: issue 15). */
export const ENV_NAMES = Object.keys(EnvSchema.shape) as readonly (keyof typeof EnvSchema.shape)[];

export type Config = Omit<z.infer<typeof EnvSchema>, 'DEMO_SEED' | 'TEST_CHECKOUT' | 'EMBEDDED_DATABASE'> & {
  DEMO_SEED: boolean;
  TEST_CHECKOUT: boolean;
  EMBEDDED_DATABASE: boolean;
};

/**
 * Whether this install is a local demo rather than a public site: public when SITE_URL is https or
 * NODE_ENV is production. Only a local install gets the demo seed and the test checkout by default.
 */
export function isLocalInstall(env: {
  SITE_URL?: string | undefined;
  NODE_ENV?: string | undefined;
}): boolean {
  return !env.SITE_URL?.toLowerCase().startsWith('https:') && env.NODE_ENV !== 'production';
}

/** Parses the environment or throws one message naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (parsed.success && parsed.data.HEADERS_TIMEOUT_MS > parsed.data.REQUEST_TIMEOUT_MS)
    problems.push('HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS');
  if (parsed.success && parsed.data.DATABASE_READ_URL && !parsed.data.DATABASE_URL)
    problems.push('DATABASE_READ_URL: a replica needs DATABASE_URL, the database it replicates');
  if (!parsed.success || problems.length) {
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const local = isLocalInstall(parsed.data);
  return {
    ...parsed.data,
    DEMO_SEED: parsed.data.DEMO_SEED ?? local,
    TEST_CHECKOUT: parsed.data.TEST_CHECKOUT ?? local,
    EMBEDDED_DATABASE: parsed.data.EMBEDDED_DATABASE ?? local,
  };
}

/** A configuration that validates but that the server refuses to start with; its message says what to set. */
export class ConfigurationRefused extends Error {
  override name = 'ConfigurationRefused';
}

/**
 * Why this configuration may not start on the embedded database, or null when it may. A public
 * install is meant to run as several instances on one PostgreSQL; each instance without
 * DATABASE_URL would silently keep its own embedded database (its own accounts, its own beans), so
 * it is refused unless EMBEDDED_DATABASE=1 says one instance on PGlite is meant.
 */
export function embeddedDatabaseRefusal(config: Config): string | null {
  if (config.DATABASE_URL || config.EMBEDDED_DATABASE) return null;
  return isLocalInstall(config)
    ? 'EMBEDDED_DATABASE=0 and no DATABASE_URL: set DATABASE_URL to a PostgreSQL database, or unset EMBEDDED_DATABASE to use the embedded one.'
    : 'This is a public install (https SITE_URL or NODE_ENV=production) without DATABASE_URL. ' +
        'Set DATABASE_URL to the PostgreSQL database every instance shares (docs/deploy.md), ' +
        `or set EMBEDDED_DATABASE=1 to run this one instance on the embedded PGlite in ${config.DATA_DIR}/pglite.`;
}

/** What each optional integration is doing, for the start-up banner: on, or why it is off. */
export function featureReport(config: Config): string[] {
  return [
    config.STRIPE_SECRET_KEY
      ? `Payments: Stripe Checkout${config.STRIPE_WEBHOOK_SECRET ? '' : ' (STRIPE_WEBHOOK_SECRET missing: webhooks refused)'}`
      : config.TEST_CHECKOUT
        ? 'Payments: built-in test checkout, no money taken (set STRIPE_SECRET_KEY for Stripe)'
        : 'Payments: not available (set STRIPE_SECRET_KEY; TEST_CHECKOUT=1 for the built-in test checkout)',
    config.S3_BUCKET
      ? `Files: S3 bucket ${config.S3_BUCKET}`
      : `Files: local disk in ${config.DATA_DIR}/files (set S3_BUCKET for S3)`,
    config.INBOUND_DOMAIN && config.INBOUND_SECRET
      ? `Outreach replies: read at ${config.INBOUND_DOMAIN} (POST /api/outreach/inbound); sequences stop on a reply or bounce`
      : 'Outreach replies: to each user’s own address; sequences stop when the user marks a reply (set INBOUND_DOMAIN and INBOUND_SECRET to read them)',
    config.LLM_BASE_URL && config.LLM_API_KEY && config.LLM_MODEL
      ? `LLM: ${config.LLM_MODEL} at ${new URL(config.LLM_BASE_URL).host}`
      : 'LLM: built-in parser and templates (set LLM_BASE_URL, LLM_API_KEY, LLM_MODEL)',
    ...(!config.CONTACT_QR_URL || config.CONTACT_QR_URL === CONTACT_QR_PLACEHOLDER
      ? [
          `WARNING: the Chinese plan popup's customer-service QR code encodes the placeholder ${CONTACT_QR_PLACEHOLDER} (set CONTACT_QR_URL, then build)`,
        ]
      : []),
  ];
}
