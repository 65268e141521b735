import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { ErrorCode } from '../../contract/api.ts';
import { testCheckoutPath } from '../../contract/routes.ts';
import { AppError } from '../platform/errors.ts';
import { payments, processedEvents, users, type UserRow } from '../platform/db/schema.ts';
import type { Services } from '../platform/services.ts';
import { randomCode } from '../platform/crypto.ts';
import { grantBeans, type Executor } from './ledger.ts';
import { PLAN_GOODS, planState, purchasedPeriod, renewedPeriod } from './plans.ts';
import { userInfo } from '../accounts/service.ts';

/** `success_url` must be a page of this site (open-redirect protection). */
export function checkSuccessUrl(siteUrl: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw, siteUrl);
  } catch {
    throw new AppError(ErrorCode.VALIDATION, 'redirectInvalid', {}, { field: 'success_url' });
  }
  if (url.origin !== new URL(siteUrl).origin || !/^https?:$/.test(url.protocol)) {
    throw new AppError(ErrorCode.VALIDATION, 'redirectInvalid', {}, { field: 'success_url' });
  }
  // `/.//evil.example/` resolves to the path `//evil.example/`: a later hop could read it as a host.
  url.pathname = url.pathname.replace(/\/{2,}/g, '/');
  return url.href;
}

/** Extra unlock bundles are for monthly subscribers only (spec §6): 40300 for yearly or no plan. */
function requireMonthly(user: UserRow, now: Date): void {
  const info = userInfo(user, now);
  if (!(info.subscription_status && info.pay_cycle !== 2)) {
    throw new AppError(ErrorCode.FORBIDDEN, 'bundleMonthlyOnly');
  }
}

/**
 * A checkout URL for one of spec §9's items: a Stripe Checkout session when Stripe is configured,
 * else the built-in test checkout page. Bundles are for monthly subscribers only (spec §6).
 */
export async function createPayUrl(
  services: Services,
  user: UserRow,
  goodsId: number,
  successUrl: string,
): Promise<string> {
  const goods = PLAN_GOODS[goodsId];
  if (!goods)
    throw new AppError(ErrorCode.VALIDATION, 'invalidField', { field: 'goods_id' }, { field: 'goods_id' });
  if (goods.kind === 'bundle') requireMonthly(user, services.clock.now());
  // A public site without Stripe takes no orders: the test checkout would hand out plans for free.
  if (!services.stripe && !services.testCheckout)
    throw new AppError(ErrorCode.FEATURE_DISABLED, 'paymentsUnavailable');
  const returnTo = checkSuccessUrl(services.siteUrl, successUrl);
  const provider = services.stripe ? 'stripe' : 'test';
  let id = `pay_${randomCode(20)}`;
  let url = `${services.siteUrl}${testCheckoutPath(id)}`;
  if (services.stripe) {
    const lang = user.language === 'en' ? 'en' : 'zh';
    const session = await services.stripe.client.checkout.sessions.create({
      mode: goods.kind === 'plan' ? 'subscription' : 'payment',
      customer_email: user.email,
      client_reference_id: String(user.id),
      success_url: returnTo,
      cancel_url: returnTo.replace(/([?&])action=paySuccess&?/, '$1').replace(/[?&]$/, ''),
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: Math.round(goods.priceUsd * 100),
            product_data: { name: goods.name[lang] },
            ...(goods.kind === 'plan'
              ? { recurring: { interval: goods.cycle === 'year' ? 'year' : 'month' } }
              : {}),
          },
        },
      ],
      metadata: { goods_id: String(goods.id), user_id: String(user.id) },
    });
    id = session.id;
    url = session.url ?? url;
  }
  await services.db.insert(payments).values({ id, userId: user.id, goodsId, provider, successUrl: returnTo });
  return url;
}

/** Applies a paid checkout once: plan period and beans, or bundle beans (idempotent on payment id). */
export async function applyPayment(
  services: Services,
  tx: Executor,
  paymentId: string,
  stripeSubscriptionId?: string | null,
): Promise<boolean> {
  const paid = await tx
    .update(payments)
    .set({ status: 'paid', paidAt: services.clock.now() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning();
  const payment = paid[0];
  if (!payment) return false;
  const goods = PLAN_GOODS[payment.goodsId]!;
  if (goods.kind === 'plan') {
    // The row is held until the transaction ends: a concurrent renewal extends the period after this one.
    const [user] = await tx.select().from(users).where(eq(users.id, payment.userId)).for('update');
    const cycle = goods.cycle === 'year' ? 'year' : 'month';
    const period = purchasedPeriod(planState(user!), cycle, services.clock.now());
    await tx
      .update(users)
      .set({
        subscriptionStatus: 1,
        planGoodsId: goods.id,
        payCycle: cycle === 'year' ? 2 : 1,
        planAnchor: period.anchor,
        serviceExpirationTime: period.expiresAt,
        ...(stripeSubscriptionId ? { stripeSubscriptionId } : {}),
      })
      .where(eq(users.id, payment.userId));
  }
  await grantBeans(
    tx,
    payment.userId,
    goods.unlocks,
    goods.kind === 'plan' ? 'plan' : 'bundle',
    { goodsId: goods.id },
    `payment:${paymentId}`,
  );
  return true;
}

/** The built-in test checkout's "pay" button: marks the payment paid and returns its success URL. */
export async function confirmTestPayment(services: Services, paymentId: string): Promise<string> {
  const [payment] = await services.db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!payment || payment.provider !== 'test' || !services.testCheckout)
    throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
  // No money is taken here, so a bundle is checked again: the user may have left the monthly plan since.
  if (payment.status === 'pending' && PLAN_GOODS[payment.goodsId]?.kind === 'bundle') {
    const [user] = await services.db.select().from(users).where(eq(users.id, payment.userId));
    requireMonthly(user!, services.clock.now());
  }
  await services.db.transaction((tx) => applyPayment(services, tx, paymentId));
  return payment.successUrl;
}

/** A Stripe webhook call: verified on the raw body as Stripe signed it (40000 if not), then applied. */
export async function receiveStripeWebhook(
  services: Services,
  raw: string,
  signature: string,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  const { stripe } = services;
  if (!stripe?.webhookSecret) throw new AppError(ErrorCode.FEATURE_DISABLED, 'featureDisabled');
  let event: Stripe.Event;
  try {
    event = stripe.client.webhooks.constructEvent(raw, signature, stripe.webhookSecret);
  } catch {
    throw new AppError(ErrorCode.BAD_REQUEST, 'badRequest');
  }
  return handleStripeEvent(services, event);
}

/**
 * Applies a verified Stripe event once (idempotent on event id): a checkout completed and paid
 * (at once, or later: async_payment_succeeded) grants its goods, one whose delayed payment failed
 * is closed; a paid renewal invoice extends the plan and grants its unlocks.
 */
export async function handleStripeEvent(
  services: Services,
  event: Stripe.Event,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  return services.db.transaction(async (tx) => {
    const fresh = await tx.insert(processedEvents).values({ id: event.id }).onConflictDoNothing().returning();
    if (fresh.length === 0) return 'duplicate';
    if (
      event.type === 'checkout.session.completed' ||
      event.type === 'checkout.session.async_payment_succeeded'
    ) {
      const session = event.data.object;
      // A delayed method (a bank debit) completes the session unpaid; Stripe says later whether
      // the money came (async_payment_succeeded, then paid) or not (async_payment_failed).
      if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required')
        return 'ignored';
      const subscription =
        typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
      return (await applyPayment(services, tx, session.id, subscription ?? null)) ? 'applied' : 'ignored';
    }
    if (event.type === 'checkout.session.async_payment_failed') {
      // The money never came: the checkout can no longer be applied by a later event.
      const failed = await tx
        .update(payments)
        .set({ status: 'failed' })
        .where(and(eq(payments.id, event.data.object.id), eq(payments.status, 'pending')))
        .returning({ id: payments.id });
      return failed.length > 0 ? 'applied' : 'ignored';
    }
    if (event.type === 'invoice.paid') {
      const invoice = event.data.object;
      if (invoice.billing_reason !== 'subscription_cycle') return 'ignored';
      const subscriptionId =
        (invoice as unknown as { subscription?: string | null }).subscription ??
        invoice.parent?.subscription_details?.subscription;
      const id = typeof subscriptionId === 'string' ? subscriptionId : subscriptionId?.id;
      if (!id) return 'ignored';
      const [user] = await tx
        .select()
        .from(users)
        .where(eq(users.stripeSubscriptionId, id))
        .limit(1)
        .for('update');
      const goods = user?.planGoodsId ? PLAN_GOODS[user.planGoodsId] : undefined;
      if (!user || !goods) return 'ignored';
      // Once per invoice, even when Stripe sends it again under a new event id.
      const granted = await grantBeans(
        tx,
        user.id,
        goods.unlocks,
        'plan',
        { goodsId: goods.id, note: 'renewal' },
        `invoice:${invoice.id}`,
      );
      if (!granted) return 'duplicate';
      // Stripe bills on the subscription's anchor: the period after the current one, on the anchor's day.
      const period = renewedPeriod(
        planState(user),
        goods.cycle === 'year' ? 'year' : 'month',
        services.clock.now(),
      );
      await tx
        .update(users)
        .set({ subscriptionStatus: 1, planAnchor: period.anchor, serviceExpirationTime: period.expiresAt })
        .where(eq(users.id, user.id));
      return 'applied';
    }
    return 'ignored';
  });
}

/** Cancels renewal: the plan stays usable until expiry (spec §4); status 2 reads as "Expires". */
export async function cancelSubscription(services: Services, user: UserRow): Promise<void> {
  const info = userInfo(user, services.clock.now());
  if (info.subscription_status !== 1 && info.subscription_status !== 3) {
    throw new AppError(ErrorCode.CONFLICT, 'noSubscription');
  }
  if (services.stripe && user.stripeSubscriptionId) {
    await services.stripe.client.subscriptions.update(user.stripeSubscriptionId, {
      cancel_at_period_end: true,
    });
  }
  await services.db.update(users).set({ subscriptionStatus: 2 }).where(eq(users.id, user.id));
}
