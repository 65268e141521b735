import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../contract/api.ts';
import { AppError } from '../platform/errors.ts';
import { payments, users } from '../db/schema.ts';
import type { Services } from '../platform/services.ts';
import { PLAN_GOODS, type Goods } from './plans.ts';
import { confirmTestPayment } from './payments.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

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

/** The test checkout page: no script, in the payer's language. */
export function testCheckoutPage({ paymentId, goods, paid, en }: TestCheckoutView): string {
  const title = en ? 'Test checkout' : '测试收银台';
  const notice = en
    ? 'Stripe is not configured on this server (STRIPE_SECRET_KEY), so this built-in test checkout stands in for it. No card is needed and no money is taken.'
    : '本服务器未配置 Stripe（STRIPE_SECRET_KEY），此页面是内置的测试收银台：无需银行卡，不会真实扣款。';
  return `<!doctype html><html lang="${en ? 'en' : 'zh-CN'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,'PingFang SC','Noto Sans CJK SC',sans-serif;max-width:480px;margin:10vh auto;padding:0 20px;color:#1a1d26}.notice{background:#fff4dc;padding:12px 14px;border-radius:10px}button{min-height:48px;padding:0 24px;border:0;border-radius:10px;background:#f5a524;font:inherit;font-weight:600;cursor:pointer}</style></head>
<body><main><h1>${title}</h1><p class="notice">${escapeHtml(notice)}</p><p><strong>${escapeHtml(goods.name[en ? 'en' : 'zh'])}</strong> · US$${goods.priceUsd}</p>
${paid ? `<p>${en ? 'Already paid.' : '已支付。'}</p>` : `<form method="post" action="/api/pay/test/checkout/${escapeHtml(paymentId)}/confirm"><button type="submit">${en ? 'Pay (test)' : '支付（测试）'}</button></form>`}
</main></body></html>`;
}
