import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, users } from '../../server/platform/db/schema.ts';
import { startApi, type Api } from './harness.ts';
import {
  payUrl,
  STRIPE_ENV,
  checkoutCompleted,
  invoicePaid,
  sendWebhook,
  startFakeStripe,
  type FakeStripe,
} from './fakeStripe.ts';

/**
 * Plan periods are calendar months and years counted from the purchase (Stripe's
 * billing_cycle_anchor): the n-th period ends n months after it, on its day or the month's last.
 */

const MONTHLY = 13;
const YEARLY = 23;

/** Moves the API's clock to an ISO time (backwards too). */
const at = (api: Api, iso: string) => api.clock.advance(Date.parse(iso) - api.clock.now().getTime());
let logins = 0;
/** What the account menu reads: user_info, through a fresh login (the clock moves by months). */
async function expiry(api: Api, email: string): Promise<string | null> {
  const login = await api.call('POST', '/user/login', {
    body: { email, password: 'Secret123' },
    ip: `198.51.100.${++logins % 250}`,
  });
  const info = await api.call('GET', '/user/user_info', { token: login.body.data });
  return info.body.data.service_expiration_time;
}

describe('the test checkout', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi({ outreach: false });
  });
  afterAll(() => api.close());

  async function buy(email: string, goods: number): Promise<string | null> {
    const login = await api.call('POST', '/user/login', {
      body: { email, password: 'Secret123' },
      ip: `198.51.100.${++logins % 250}`,
    });
    const { data } = (await api.call('GET', payUrl(goods), { token: login.body.data })).body;
    const path = new URL(data.url).pathname.replace(/^\/api/, '');
    expect((await api.raw('POST', `${path}/confirm`)).status).toBe(303);
    return expiry(api, email);
  }
  /** Signs a new user up at `iso` and buys `goods` there. */
  async function boughtAt(iso: string, goods = MONTHLY): Promise<{ email: string; ends: string | null }> {
    at(api, iso);
    const email = `buyer-${iso.slice(0, 10)}-${goods}-${++logins}@example.com`;
    await api.signUp(email);
    return { email, ends: await buy(email, goods) };
  }

  // Every month end of 2027, then the leap-year rules (2028 and 2000 are leap years, 2100 is not).
  it.each([
    ['2027-01-31T10:15:00.000Z', '2027-02-28T10:15:00.000Z'],
    ['2027-02-28T10:15:00.000Z', '2027-03-28T10:15:00.000Z'],
    ['2027-03-31T10:15:00.000Z', '2027-04-30T10:15:00.000Z'],
    ['2027-04-30T10:15:00.000Z', '2027-05-30T10:15:00.000Z'],
    ['2027-05-31T10:15:00.000Z', '2027-06-30T10:15:00.000Z'],
    ['2027-06-30T10:15:00.000Z', '2027-07-30T10:15:00.000Z'],
    ['2027-07-31T10:15:00.000Z', '2027-08-31T10:15:00.000Z'],
    ['2027-08-31T10:15:00.000Z', '2027-09-30T10:15:00.000Z'],
    ['2027-09-30T10:15:00.000Z', '2027-10-30T10:15:00.000Z'],
    ['2027-10-31T10:15:00.000Z', '2027-11-30T10:15:00.000Z'],
    ['2027-11-30T10:15:00.000Z', '2027-12-30T10:15:00.000Z'],
    ['2027-12-31T10:15:00.000Z', '2028-01-31T10:15:00.000Z'],
    ['2028-01-31T23:59:59.000Z', '2028-02-29T23:59:59.000Z'],
    ['2028-02-29T00:00:00.000Z', '2028-03-29T00:00:00.000Z'],
    ['2100-01-31T12:00:00.000Z', '2100-02-28T12:00:00.000Z'],
    ['2000-01-31T12:00:00.000Z', '2000-02-29T12:00:00.000Z'],
  ])(
    'a monthly plan bought at %s ends at %s (same day next month, or its last day)',
    async (bought, ends) => {
      expect((await boughtAt(bought)).ends).toBe(ends);
    },
  );

  it.each([
    ['2028-02-29T08:00:00.000Z', '2029-02-28T08:00:00.000Z'],
    ['2027-02-28T08:00:00.000Z', '2028-02-28T08:00:00.000Z'],
    ['2099-02-28T08:00:00.000Z', '2100-02-28T08:00:00.000Z'],
    ['2000-02-29T08:00:00.000Z', '2001-02-28T08:00:00.000Z'],
  ])('a yearly plan bought at %s ends at %s', async (bought, ends) => {
    expect((await boughtAt(bought, YEARLY)).ends).toBe(ends);
  });

  it('buying again before the end keeps the days left: one more month on the purchase day', async () => {
    const { email, ends } = await boughtAt('2027-01-31T10:15:00.000Z');
    expect(ends).toBe('2027-02-28T10:15:00.000Z');
    at(api, '2027-02-10T09:00:00.000Z');
    expect(await buy(email, MONTHLY)).toBe('2027-03-31T10:15:00.000Z');
    at(api, '2027-02-11T09:00:00.000Z');
    expect(await buy(email, MONTHLY)).toBe('2027-04-30T10:15:00.000Z');
    // Bought again after it ran out: the new plan counts from the new purchase.
    at(api, '2027-05-31T18:00:00.000Z');
    expect(await buy(email, MONTHLY)).toBe('2027-06-30T18:00:00.000Z');
  });

  it('moving to the yearly plan keeps the month bought: the year starts where the month ends', async () => {
    const { email } = await boughtAt('2027-01-31T10:15:00.000Z');
    at(api, '2027-02-20T09:00:00.000Z');
    expect(await buy(email, YEARLY)).toBe('2028-02-28T10:15:00.000Z');
  });

  it('a plan bought before anchors were stored renews from its end, on that day', async () => {
    const { email } = await boughtAt('2027-03-01T10:00:00.000Z');
    // As migration 0016 leaves a plan bought with the old arithmetic (31 January + 1 month = 3 March).
    await api.database.db
      .update(users)
      .set({ planAnchor: null, serviceExpirationTime: new Date('2027-03-31T10:00:00.000Z') })
      .where(eq(users.email, email));
    at(api, '2027-03-20T10:00:00.000Z');
    expect(await buy(email, MONTHLY)).toBe('2027-04-30T10:00:00.000Z');
    at(api, '2027-03-21T10:00:00.000Z');
    expect(await buy(email, MONTHLY)).toBe('2027-05-31T10:00:00.000Z');
  });
});

describe('Stripe renewals count from the subscription anchor, never from the last period', () => {
  let fake: FakeStripe;
  let api: Api;
  beforeAll(async () => {
    fake = await startFakeStripe();
    api = await startApi({ env: STRIPE_ENV, stripe: fake.stripe, outreach: false });
  });
  afterAll(async () => {
    await api.close();
    await fake.close();
  });

  /** A user who subscribes through Checkout at `iso` (subscription `sub`). */
  async function subscribed(iso: string, goods: number, sub: string): Promise<string> {
    at(api, iso);
    const email = `${sub}@example.com`;
    const token = await api.signUp(email);
    expect((await api.call('GET', payUrl(goods), { token })).body.code).toBe(0);
    const [payment] = await api.database.db
      .select()
      .from(payments)
      .where(eq(payments.userId, (await api.call('GET', '/user/user_info', { token })).body.data.user_id));
    const applied = await sendWebhook(api, fake.stripe, checkoutCompleted(payment!.id, `evt_${sub}`, sub));
    expect(applied.body.data.result).toBe('applied');
    return email;
  }
  let invoices = 0;
  /** Stripe's renewal invoice for `sub`, paid at `iso`. */
  async function renewedAt(iso: string, sub: string): Promise<void> {
    at(api, iso);
    const n = ++invoices;
    const paid = await sendWebhook(
      api,
      fake.stripe,
      invoicePaid(`evt_in_${n}`, `in_${n}`, 'subscription_cycle', sub),
    );
    expect(paid.body.data.result).toBe('applied');
  }

  it('monthly from 31 January: 28 February, 31 March, 30 April, 31 May (also when paid late)', async () => {
    const email = await subscribed('2027-01-31T10:15:00.000Z', MONTHLY, 'sub_month');
    expect(await expiry(api, email)).toBe('2027-02-28T10:15:00.000Z');
    await renewedAt('2027-02-28T10:16:00.000Z', 'sub_month');
    expect(await expiry(api, email)).toBe('2027-03-31T10:15:00.000Z');
    // Paid two days late (Stripe retried the card): the period still ends on the anchor's day.
    await renewedAt('2027-04-02T08:00:00.000Z', 'sub_month');
    expect(await expiry(api, email)).toBe('2027-04-30T10:15:00.000Z');
    await renewedAt('2027-04-30T10:16:00.000Z', 'sub_month');
    expect(await expiry(api, email)).toBe('2027-05-31T10:15:00.000Z');
  });

  it('yearly from 29 February 2028: 28 February 2029, 2030, 2031, then 29 February 2032', async () => {
    const email = await subscribed('2028-02-29T08:00:00.000Z', YEARLY, 'sub_year');
    expect(await expiry(api, email)).toBe('2029-02-28T08:00:00.000Z');
    for (const [paid, ends] of [
      ['2029-02-28T08:01:00.000Z', '2030-02-28T08:00:00.000Z'],
      ['2030-02-28T08:01:00.000Z', '2031-02-28T08:00:00.000Z'],
      ['2031-02-28T08:01:00.000Z', '2032-02-29T08:00:00.000Z'],
    ] as const) {
      await renewedAt(paid, 'sub_year');
      expect(await expiry(api, email)).toBe(ends);
    }
  });
});
