import Stripe from 'stripe';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { systemClock, type Clock, type Services } from './services.ts';
import { createMailer } from './mail.ts';
import { createStorage } from './storage.ts';
import { loadSigningSecrets } from './secrets.ts';
import { createLlm } from './llm/openai.ts';
import type { Llm } from './llm/types.ts';

/** Builds the services from validated config: each integration on only when configured. */
export async function createServices(
  config: Config,
  db: Db,
  overrides: {
    clock?: Clock;
    log?: (line: string) => void;
    stripe?: Stripe;
    /** An LLM to use instead of the configured one (or `null` for none). */
    llm?: Llm | null;
    /** The read replica the search statement reads from (openDatabase's `replica`). */
    replica?: Db | null;
  } = {},
): Promise<Services> {
  const siteUrl = (config.SITE_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  const mailer = await createMailer({
    db,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    ...(overrides.log ? { log: overrides.log } : {}),
  });
  // Made once in the database when not set: every instance signs and checks links alike.
  const signing = await loadSigningSecrets(db, config);
  const stripeClient =
    overrides.stripe ?? (config.STRIPE_SECRET_KEY ? new Stripe(config.STRIPE_SECRET_KEY) : undefined);
  return {
    db,
    replica: overrides.replica ?? null,
    clock: overrides.clock ?? systemClock,
    mailer,
    siteUrl,
    stripe: stripeClient ? { client: stripeClient, webhookSecret: config.STRIPE_WEBHOOK_SECRET } : null,
    testCheckout: config.TEST_CHECKOUT,
    signupBonus: config.SIGNUP_BONUS_BEANS,
    rateLimitScale: config.RATE_LIMIT_SCALE,
    signing,
    storage: createStorage(config, signing.fileLinks, overrides.log),
    llm:
      overrides.llm !== undefined
        ? overrides.llm
        : createLlm(config, overrides.log ? { log: overrides.log } : {}),
    inbound:
      config.INBOUND_DOMAIN && config.INBOUND_SECRET
        ? { domain: config.INBOUND_DOMAIN.toLowerCase(), secret: config.INBOUND_SECRET }
        : null,
    outreach: null,
  };
}
