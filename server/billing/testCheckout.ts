import { eq } from 'drizzle-orm';
import { html } from 'hono/html';
import { ErrorCode } from '../../contract/api.ts';
import { HTML_LANG, testCheckoutPath } from '../../contract/routes.ts';
import { syncHtml } from '../html.ts';
import { message } from '../i18n.ts';
import { AppError } from '../platform/errors.ts';
import { payments, users } from '../platform/db/schema.ts';
import type { Services } from '../platform/services.ts';
import { PLAN_GOODS, type Goods } from './plans.ts';
import { confirmTestPayment } from './payments.ts';

/** Test checkout ids are `pay_` and 20 code characters (payments.ts); anything else is unknown. */
const PAYMENT_ID = /^pay_[A-Za-z0-9]{1,64}$/;

/** What the test checkout page shows. */
export interface TestCheckoutView {
  paymentId: string;
  goods: Goods;
  paid: boolean;
  en: boolean;
}

/** The built-in test checkout is on only without Stripe and where TEST_CHECKOUT allows it: else 40400. */
function requireTestCheckout(services: Services, paymentId: string): void {
  if (services.stripe || !services.testCheckout || !PAYMENT_ID.test(paymentId))
    throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
}

/** A test payment and its payer's language, for the test checkout page (40400 unless a test payment). */
export async function testCheckoutView(services: Services, paymentId: string): Promise<TestCheckoutView> {
  requireTestCheckout(services, paymentId);
  const [payment] = await services.db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!payment || payment.provider !== 'test') throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
  const [user] = await services.db.select().from(users).where(eq(users.id, payment.userId)).limit(1);
  return {
    paymentId: payment.id,
    goods: PLAN_GOODS[payment.goodsId]!,
    paid: payment.status === 'paid',
    en: user?.language === 'en',
  };
}

/** The test checkout's "pay" button: marks the payment paid and returns where to send the browser. */
export async function confirmTestCheckout(services: Services, paymentId: string): Promise<string> {
  requireTestCheckout(services, paymentId);
  return confirmTestPayment(services, paymentId);
}

/** The test checkout page: no script, in the payer's language, escaped by hono/html. */
export function testCheckoutPage({ paymentId, goods, paid, en }: TestCheckoutView): string {
  const lang = en ? 'en' : 'zh';
  const title = message(lang, 'checkoutTitle');
  // prettier-ignore
  const action = paid
    ? html`<p>${message(lang, 'checkoutPaid')}</p>`
    : html`<form method="post" action="${testCheckoutPath(paymentId, 'confirm')}"><button type="submit">${message(lang, 'checkoutPay')}</button></form>`;
  // prettier-ignore
  return syncHtml(html`<!doctype html><html lang="${HTML_LANG[lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,'PingFang SC','Noto Sans CJK SC',sans-serif;max-width:480px;margin:10vh auto;padding:0 20px;color:#1a1d26}.notice{background:#fff4dc;padding:12px 14px;border-radius:10px}button{min-height:48px;padding:0 24px;border:0;border-radius:10px;background:#f5a524;font:inherit;font-weight:600;cursor:pointer}</style></head>
<body><main><h1>${title}</h1><p class="notice">${message(lang, 'checkoutNotice')}</p><p><strong>${goods.name[lang]}</strong> · US$${goods.priceUsd}</p>
${action}
</main></body></html>`).toString();
}
