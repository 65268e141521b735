import { Hono } from 'hono';
import { payUrlQuery } from '../../contract/schemas.ts';
import { cancelSubscription, createPayUrl, receiveStripeWebhook } from '../billing/payments.ts';
import { confirmTestCheckout, testCheckoutPage, testCheckoutView } from '../billing/testCheckout.ts';
import { ok, requireUser, valid, type ApiEnv } from './context.ts';

/** Plans and payments: spec §7's /pay/stripe/* calls, the Stripe webhook, the built-in test checkout. */
export const payApi = new Hono<ApiEnv>()
  .get('/stripe/pay_url', requireUser, valid('query', payUrlQuery), async (c) => {
    const { goods_id, success_url } = c.req.valid('query');
    return ok(c, { url: await createPayUrl(c.get('services'), c.get('user'), goods_id, success_url) });
  })
  .put('/stripe/cancel_subscription', requireUser, async (c) => {
    await cancelSubscription(c.get('services'), c.get('user'));
    return ok(c, null);
  })
  .post('/stripe/webhook', async (c) => {
    // Verified on the raw body, exactly as Stripe signed it (security guide).
    const result = await receiveStripeWebhook(
      c.get('services'),
      await c.req.text(),
      c.req.header('stripe-signature') ?? '',
    );
    return ok(c, { result });
  })
  .get('/test/checkout/:id', async (c) => {
    const page = testCheckoutPage(await testCheckoutView(c.get('services'), c.req.param('id')));
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    );
    c.header('Cache-Control', 'no-store');
    return c.html(page);
  })
  .post('/test/checkout/:id/confirm', async (c) =>
    c.redirect(await confirmTestCheckout(c.get('services'), c.req.param('id')), 303),
  );
