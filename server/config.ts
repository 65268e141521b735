import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((value) => value === '1' || value === 'true' || value === 'yes');
const optional = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));

/** Environment variables the server reads, validated once at start (README: Configuration). */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().min(1).default('0.0.0.0'),
  SITE_URL: z.url().optional(),
  DIST_DIR: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../dist', import.meta.url))),
  DATA_DIR: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../data', import.meta.url))),
  DATABASE_URL: optional.pipe(z.url().optional()),
  TRUST_PROXY: flag.default(false),
  DEMO_SEED: flag.default(true),
  /** Extra redeem codes to seed, `CODE:BEANS,CODE:BEANS` (demos, staging and browser tests). */
  SEED_REDEEM_CODES: z
    .string()
    .regex(/^([A-Z0-9-]{4,40}:\d{1,6})(,[A-Z0-9-]{4,40}:\d{1,6})*$/)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Multiplies every rate limit; only benchmarks raise it (npm run bench:api). */
  RATE_LIMIT_SCALE: z.coerce.number().min(1).max(1_000_000).default(1),
  SIGNUP_BONUS_BEANS: z.coerce.number().int().min(0).max(1000).default(5),
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
  LLM_BASE_URL: optional.pipe(z.url().optional()),
  LLM_API_KEY: optional,
  LLM_MODEL: optional,
});

export type Config = z.infer<typeof EnvSchema>;

/** Parses the environment or throws one message naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

/** What each optional integration is doing, for the start-up banner: on, or why it is off. */
export function featureReport(config: Config): string[] {
  return [
    config.STRIPE_SECRET_KEY
      ? `Payments: Stripe Checkout${config.STRIPE_WEBHOOK_SECRET ? '' : ' (STRIPE_WEBHOOK_SECRET missing: webhooks refused)'}`
      : 'Payments: built-in test checkout (set STRIPE_SECRET_KEY for Stripe)',
    config.S3_BUCKET
      ? `Files: S3 bucket ${config.S3_BUCKET}`
      : `Files: local disk in ${config.DATA_DIR}/files (set S3_BUCKET for S3)${config.FILE_URL_SECRET ? '' : '; download links end with a restart (set FILE_URL_SECRET)'}`,
    config.LLM_BASE_URL && config.LLM_API_KEY && config.LLM_MODEL
      ? `LLM: ${config.LLM_MODEL} at ${new URL(config.LLM_BASE_URL).host}`
      : 'LLM: built-in parser and templates (set LLM_BASE_URL, LLM_API_KEY, LLM_MODEL)',
  ];
}
