import Stripe from 'stripe';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { systemClock, type Clock, type Services } from './context.ts';
import { createMailer } from './mail.ts';

/** Builds the services from validated config: each integration on only when configured. */
export async function createServices(
  config: Config,
  db: Db,
  overrides: { clock?: Clock; log?: (line: string) => void; stripe?: Stripe } = {},
): Promise<Services> {
  const siteUrl = (config.SITE_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  const mailer = await createMailer({
    db,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    ...(overrides.log ? { log: overrides.log } : {}),
  });
  const stripeClient =
    overrides.stripe ?? (config.STRIPE_SECRET_KEY ? new Stripe(config.STRIPE_SECRET_KEY) : undefined);
  return {
    db,
    clock: overrides.clock ?? systemClock,
    mailer,
    siteUrl,
    stripe: stripeClient ? { client: stripeClient, webhookSecret: config.STRIPE_WEBHOOK_SECRET } : null,
    signupBonus: config.SIGNUP_BONUS_BEANS,
    rateLimitScale: config.RATE_LIMIT_SCALE,
  };
}
