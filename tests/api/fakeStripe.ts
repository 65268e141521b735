import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { Api } from './harness.ts';

/** The webhook secret the tests sign with (STRIPE_WEBHOOK_SECRET). */
export const WEBHOOK_SECRET = 'whsec_test_secret';
/** The environment that turns Stripe on in startApi. */
export const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_offline', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };

/** Where the plan popup asks a checkout to come back to (spec §2: the success toast). */
export const PAY_SUCCESS = 'http://localhost:4321/en/pages/chat/chat?type=plan&action=paySuccess';

/** GET /pay/stripe/pay_url for a plan or bundle (`goods`), coming back to `url`. */
export const payUrl = (goods: number | string, url = PAY_SUCCESS) =>
  `/pay/stripe/pay_url?goods_id=${goods}&success_url=${encodeURIComponent(url)}`;

export interface FakeStripe {
  /** A Stripe client that talks to the stand-in. */
  stripe: Stripe;
  /** Every request the server made to "Stripe". */
  requests: { method: string; path: string; body: string }[];
  close(): Promise<void>;
}

/**
 * A local stand-in for the Stripe API (offline): Checkout sessions `cs_test_<n>` with a fixed URL;
 * anything else answers as subscription `sub_1`.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripe['requests'] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      requests.push({ method: req.method!, path: req.url!, body });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      if (req.url === '/v1/checkout/sessions') {
        res.end(
          JSON.stringify({
            id: `cs_test_${requests.length}`,
            object: 'checkout.session',
            url: 'https://checkout.stripe.com/c/pay/cs_test',
          }),
        );
      } else res.end(JSON.stringify({ id: 'sub_1', object: 'subscription' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const stripe = new Stripe('sk_test_offline', {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  return {
    stripe,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Posts a webhook payload to the API, signed with WEBHOOK_SECRET (or `header` as given). */
export function sendWebhook(api: Api, stripe: Stripe, payload: string, header?: string) {
  return api.call('POST', '/pay/stripe/webhook', {
    rawBody: payload,
    headers: {
      'stripe-signature':
        header ?? stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
  });
}

/** A `checkout.session.completed` event for a paid session of subscription `subscription`. */
export const checkoutCompleted = (sessionId: string, id = `evt_${sessionId}`, subscription = 'sub_1') =>
  JSON.stringify({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', subscription },
    },
  });

/** An `invoice.paid` event of subscription `subscription` (billing_reason as Stripe says it). */
export const invoicePaid = (eventId: string, invoiceId: string, reason: string, subscription = 'sub_1') =>
  JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'invoice.paid',
    data: { object: { id: invoiceId, object: 'invoice', billing_reason: reason, subscription } },
  });

/** Stripe's Checkout Session payment states (docs: the Checkout Session object, `payment_status`). */
export type PaymentStatus = 'paid' | 'unpaid' | 'no_payment_required';

/**
 * A Checkout Session event as Stripe sends it: `checkout.session.completed` (paid at once, or
 * `unpaid` when a delayed method such as a bank debit is still clearing), then for those
 * `checkout.session.async_payment_succeeded` (paid) or `…_failed` (unpaid).
 */
export function sessionEvent(
  type:
    | 'checkout.session.completed'
    | 'checkout.session.async_payment_succeeded'
    | 'checkout.session.async_payment_failed'
    | 'checkout.session.expired',
  session: {
    id: string;
    payment_status: PaymentStatus;
    mode?: 'payment' | 'subscription';
    subscription?: string | null;
  },
  eventId = `evt_${type}_${session.id}`,
): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2025-09-30.clover',
    livemode: false,
    type,
    data: {
      object: {
        object: 'checkout.session',
        status: type === 'checkout.session.expired' ? 'expired' : 'complete',
        mode: session.mode ?? 'subscription',
        currency: 'usd',
        subscription: session.mode === 'payment' ? null : (session.subscription ?? null),
        ...session,
      },
    },
  });
}
