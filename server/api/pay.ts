import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { html } from 'hono/html';
import { ErrorCode } from '../../contract/api.ts';
import { HTML_LANG } from '../../contract/routes.ts';
import { AppError } from '../errors.ts';
import { message } from '../i18n.ts';
import { payments, users } from '../db/schema.ts';
import { PLAN_GOODS } from '../services/plans.ts';
import {
  cancelSubscription,
  confirmTestPayment,
  createPayUrl,
  handleStripeEvent,
} from '../services/payments.ts';
import { ok, requireUser, valid, type ApiEnv } from './context.ts';

/** Test checkout ids are `pay_` and 20 code characters (services/payments.ts); anything else is unknown. */
const PAYMENT_ID = /^pay_[A-Za-z0-9]{1,64}$/;

/** Plans and payments: spec §7's /pay/stripe/* calls, the Stripe webhook, the built-in test checkout. */
export const payApi = new Hono<ApiEnv>()
  .get(
    '/stripe/pay_url',
    requireUser,
    valid(
      'query',
      z.strictObject({ goods_id: z.coerce.number().int(), success_url: z.string().min(1).max(2000) }),
    ),
    async (c) => {
      const { goods_id, success_url } = c.req.valid('query');
      return ok(c, { url: await createPayUrl(c.get('services'), c.get('user'), goods_id, success_url) });
    },
  )
  .put('/stripe/cancel_subscription', requireUser, async (c) => {
    await cancelSubscription(c.get('services'), c.get('user'));
    return ok(c, null);
  })
  .post('/stripe/webhook', async (c) => {
    const { stripe } = c.get('services');
    if (!stripe?.webhookSecret) throw new AppError(ErrorCode.FEATURE_DISABLED, 'featureDisabled');
    // Verified on the raw body, exactly as Stripe signed it (security guide).
    const raw = await c.req.text();
    let event;
    try {
      event = stripe.client.webhooks.constructEvent(
        raw,
        c.req.header('stripe-signature') ?? '',
        stripe.webhookSecret,
      );
    } catch {
      throw new AppError(ErrorCode.BAD_REQUEST, 'badRequest');
    }
    return ok(c, { result: await handleStripeEvent(c.get('services'), event) });
  })
  .get('/test/checkout/:id', async (c) => {
    const services = c.get('services');
    if (services.stripe || !services.testCheckout || !PAYMENT_ID.test(c.req.param('id')))
      throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
    const [payment] = await services.db
      .select()
      .from(payments)
      .where(eq(payments.id, c.req.param('id')))
      .limit(1);
    if (!payment || payment.provider !== 'test') throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
    const [user] = await services.db.select().from(users).where(eq(users.id, payment.userId)).limit(1);
    const goods = PLAN_GOODS[payment.goodsId]!;
    const lang = user?.language === 'en' ? 'en' : 'zh';
    const title = message(lang, 'checkoutTitle');
    // prettier-ignore
    const action = payment.status === 'paid'
      ? html`<p>${message(lang, 'checkoutPaid')}</p>`
      : html`<form method="post" action="/api/pay/test/checkout/${payment.id}/confirm"><button type="submit">${message(lang, 'checkoutPay')}</button></form>`;
    // prettier-ignore
    const body = html`<!doctype html><html lang="${HTML_LANG[lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,'PingFang SC','Noto Sans CJK SC',sans-serif;max-width:480px;margin:10vh auto;padding:0 20px;color:#1a1d26}.notice{background:#fff4dc;padding:12px 14px;border-radius:10px}button{min-height:48px;padding:0 24px;border:0;border-radius:10px;background:#f5a524;font:inherit;font-weight:600;cursor:pointer}</style></head>
<body><main><h1>${title}</h1><p class="notice">${message(lang, 'checkoutNotice')}</p><p><strong>${goods.name[lang]}</strong> · US$${goods.priceUsd}</p>
${action}
</main></body></html>`;
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    );
    c.header('Cache-Control', 'no-store');
    return c.html(body);
  })
  .post('/test/checkout/:id/confirm', async (c) => {
    const services = c.get('services');
    if (services.stripe || !services.testCheckout || !PAYMENT_ID.test(c.req.param('id')))
      throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
    return c.redirect(await confirmTestPayment(services, c.req.param('id')), 303);
  });
