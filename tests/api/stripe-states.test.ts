import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger, payments, searchUsage, users } from '../../server/platform/db/schema.ts';
import { generateLeads } from '../../server/leads/generate.ts';
import { startApi, type Api } from './harness.ts';
import {
  payUrl,
  PAY_SUCCESS,
  STRIPE_ENV,
  invoicePaid,
  sendWebhook,
  sessionEvent,
  startFakeStripe,
  type FakeStripe,
} from './fakeStripe.ts';
import { calendarMonthsAfter, emailAt, searchAs, setClock, testLead, userIdOf } from './fixtures.ts';
import { showLeads } from './shown.ts';

/*
 * Money, from the plan table (spec §9, docs/plans.md) and Stripe's documented objects: every plan
 * and bundle, each Checkout Session payment state (paid, unpaid then paid or failed later, no payment
 * required), renewal invoices by billing reason, and cancellation at period end, with exact
 * calendar dates and the free tier's limits once a plan has ended.
 */

const MONTHLY = 13;
const YEARLY = 23;
const BUNDLE_50 = 1;
const BUNDLE_100 = 3;

/** A lead with an address, so unlocking it costs a bean. */
const PAID_LEAD = testLead('L910001', { contacts: [emailAt('buyer@zyxorbit.example', 0)] });

let fake: FakeStripe;
let api: Api;
let accounts = 0;

beforeAll(async () => {
  fake = await startFakeStripe();
  api = await startApi({
    env: STRIPE_ENV,
    stripe: fake.stripe,
    outreach: false,
    leads: [...generateLeads({ perMajor: 1, perOther: 0 }), PAID_LEAD],
  });
}, 60_000);
afterAll(async () => {
  await api.close();
  await fake.close();
});

interface Buyer {
  email: string;
}

/** A new account (each from its own address). */
async function buyer(): Promise<Buyer> {
  const email = `stripe-${++accounts}@example.com`;
  await api.signUp(email);
  return { email };
}

let logins = 0;
/** A fresh session: the tests move the clock by months, past any session's life. */
async function token(b: Buyer): Promise<string> {
  const login = await api.call('POST', '/user/login', {
    body: { email: b.email, password: 'Secret123' },
    ip: `198.51.100.${++logins % 250}`,
  });
  expect(login.body.code).toBe(0);
  return login.body.data;
}

const info = async (b: Buyer) =>
  (await api.call('GET', '/user/user_info', { token: await token(b) })).body.data;
const balance = async (b: Buyer) => {
  const i = await info(b);
  return i.point - i.bp_used;
};

/** Opens a Checkout for `goods`: the form the server sent to Stripe and the session's id. */
async function checkout(b: Buyer, goods: number): Promise<{ form: URLSearchParams; session: string }> {
  const before = fake.requests.length;
  const res = await api.call('GET', payUrl(goods), { token: await token(b) });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0 });
  const index = fake.requests.findIndex((r, i) => i >= before && r.path === '/v1/checkout/sessions');
  expect(index, 'a Checkout Session was created').toBeGreaterThanOrEqual(0);
  // The stand-in names each session after its request (tests/api/fakeStripe.ts).
  return { form: new URLSearchParams(fake.requests[index]!.body), session: `cs_test_${index + 1}` };
}

let events = 0;
/** Stripe's event, signed: the server's answer (`applied`, `ignored`, `duplicate`). */
async function stripeSays(payload: string): Promise<string> {
  const res = await sendWebhook(api, fake.stripe, payload);
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data.result;
}
const completed = (session: string, status: 'paid' | 'unpaid' | 'no_payment_required', sub = 'sub_x') =>
  sessionEvent(
    'checkout.session.completed',
    { id: session, payment_status: status, subscription: sub },
    `evt_c${++events}`,
  );

/** A subscriber of `goods` through a paid Checkout at `iso`, on subscription `sub`. */
async function subscriber(goods: number, iso: string, sub: string): Promise<Buyer> {
  setClock(api, iso);
  const b = await buyer();
  const { session } = await checkout(b, goods);
  expect(await stripeSays(completed(session, 'paid', sub))).toBe('applied');
  return b;
}

describe('Checkout Sessions for each item of spec §9', () => {
  it.each([
    [MONTHLY, 'subscription', '6990', 'month'],
    [YEARLY, 'subscription', '69990', 'year'],
  ])('plan %i: a %s session of %s US cents a %s', async (goods, mode, cents, interval) => {
    const { form } = await checkout(await buyer(), goods);
    expect(form.get('mode')).toBe(mode);
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe(cents);
    expect(form.get('line_items[0][price_data][recurring][interval]')).toBe(interval);
    expect(form.get('line_items[0][quantity]')).toBe('1');
    expect(form.get('metadata[goods_id]')).toBe(String(goods));
    expect(form.get('success_url')).toBe(PAY_SUCCESS);
    // Cancelling the checkout returns to the page without the success flag (spec §2).
    expect(form.get('cancel_url')).toBe('http://localhost:4321/en/pages/chat/chat?type=plan');
  });

  it.each([
    [BUNDLE_50, '990'],
    [BUNDLE_100, '1690'],
  ])('bundle %i: a one-time payment of %s US cents, no recurring price', async (goods, cents) => {
    const monthly = await subscriber(MONTHLY, '2027-05-10T08:00:00.000Z', `sub_for_bundle_${goods}`);
    const { form } = await checkout(monthly, goods);
    expect(form.get('mode')).toBe('payment');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe(cents);
    expect(form.get('line_items[0][price_data][recurring][interval]')).toBeNull();
    expect(form.get('metadata[goods_id]')).toBe(String(goods));
  });

  it('the session carries the buyer: email, user id, and the item name in the buyer’s language', async () => {
    const b = await buyer();
    await api.call('POST', '/user/modify_language', { token: await token(b), body: { language: 'en' } });
    const { form } = await checkout(b, YEARLY);
    expect(form.get('customer_email')).toBe(b.email);
    expect(form.get('client_reference_id')).toBe(String(await userIdOf(api, b.email)));
    expect(form.get('metadata[user_id]')).toBe(String(await userIdOf(api, b.email)));
    expect(form.get('line_items[0][price_data][product_data][name]')).toBe('Yearly plan');
    const zh = await buyer();
    expect((await checkout(zh, MONTHLY)).form.get('line_items[0][price_data][product_data][name]')).toBe(
      '月度套餐',
    );
  });
});

describe('paid, unpaid, paid later, failed: only money received grants anything', () => {
  it('a paid yearly session: pay_cycle 2, 3000 unlocks once, a plan that ends one calendar year later to the millisecond', async () => {
    setClock(api, '2027-03-15T09:30:12.345Z');
    const b = await buyer();
    const before = await balance(b);
    const { session } = await checkout(b, YEARLY);
    expect(await stripeSays(completed(session, 'paid', 'sub_yearly'))).toBe('applied');
    expect(await info(b)).toMatchObject({
      subscription_status: 1,
      pay_cycle: 2,
      service_expiration_time: '2028-03-15T09:30:12.345Z',
      subscription_info: { goods_id: YEARLY, goods_name: 'Yearly plan', goods_price: 69990 },
    });
    expect((await balance(b)) - before).toBe(3000);
    const [row] = await api.database.db.select().from(users).where(eq(users.email, b.email));
    expect(row!.stripeSubscriptionId).toBe('sub_yearly');
  });

  it('a session completed but not yet paid (a bank debit clearing) grants nothing; async_payment_succeeded grants it once', async () => {
    setClock(api, '2027-06-01T12:00:00.000Z');
    const b = await buyer();
    const start = await info(b);
    const { session } = await checkout(b, MONTHLY);
    expect(await stripeSays(completed(session, 'unpaid', 'sub_debit'))).toBe('ignored');
    expect(await info(b)).toEqual(start);
    const [pending] = await api.database.db.select().from(payments).where(eq(payments.id, session));
    expect(pending!.status).toBe('pending');

    // The debit clears three days later: the plan starts then, for one calendar month.
    setClock(api, '2027-06-04T07:45:00.000Z');
    const succeeded = sessionEvent(
      'checkout.session.async_payment_succeeded',
      { id: session, payment_status: 'paid', subscription: 'sub_debit' },
      'evt_debit_ok',
    );
    expect(await stripeSays(succeeded)).toBe('applied');
    expect(await info(b)).toMatchObject({
      subscription_status: 1,
      pay_cycle: 1,
      service_expiration_time: '2027-07-04T07:45:00.000Z',
      point: start.point + 200,
    });
    // Sent again, or under another event id: nothing more.
    expect(await stripeSays(succeeded)).toBe('duplicate');
    expect(
      await stripeSays(
        sessionEvent(
          'checkout.session.async_payment_succeeded',
          { id: session, payment_status: 'paid', subscription: 'sub_debit' },
          'evt_debit_ok_again',
        ),
      ),
    ).toBe('ignored');
    expect((await info(b)).point).toBe(start.point + 200);
  });

  it('async_payment_failed grants nothing, and nothing said about that checkout afterwards grants it', async () => {
    const b = await buyer();
    const start = await info(b);
    const { session } = await checkout(b, YEARLY);
    expect(await stripeSays(completed(session, 'unpaid', 'sub_failed'))).toBe('ignored');
    expect(
      await stripeSays(
        sessionEvent('checkout.session.async_payment_failed', {
          id: session,
          payment_status: 'unpaid',
          subscription: 'sub_failed',
        }),
      ),
    ).toBe('applied');
    const [failed] = await api.database.db.select().from(payments).where(eq(payments.id, session));
    expect(failed!.status).toBe('failed');
    expect(
      await stripeSays(
        sessionEvent('checkout.session.async_payment_succeeded', {
          id: session,
          payment_status: 'paid',
          subscription: 'sub_failed',
        }),
      ),
    ).toBe('ignored');
    expect(await info(b)).toEqual(start);
    const rows = await api.database.db
      .select()
      .from(ledger)
      .where(eq(ledger.userId, await userIdOf(api, b.email)));
    expect(rows.map((r) => r.reason)).toEqual(['signup_bonus']);
  });

  it('an expired session (never paid) grants nothing', async () => {
    const b = await buyer();
    const start = await info(b);
    const { session } = await checkout(b, MONTHLY);
    expect(
      await stripeSays(sessionEvent('checkout.session.expired', { id: session, payment_status: 'unpaid' })),
    ).toBe('ignored');
    expect(await info(b)).toEqual(start);
  });

  it('no_payment_required (a 100% discount) is paid in full: the plan is granted', async () => {
    setClock(api, '2027-01-31T23:00:00.000Z');
    const b = await buyer();
    const { session } = await checkout(b, MONTHLY);
    expect(await stripeSays(completed(session, 'no_payment_required', 'sub_free'))).toBe('applied');
    expect(await info(b)).toMatchObject({
      subscription_status: 1,
      service_expiration_time: '2027-02-28T23:00:00.000Z',
    });
  });

  it('a paid bundle adds its unlocks and leaves the plan’s end, cycle and item as they were', async () => {
    const b = await subscriber(MONTHLY, '2027-08-31T10:00:00.000Z', 'sub_bundles');
    const plan = await info(b);
    expect(plan.service_expiration_time).toBe('2027-09-30T10:00:00.000Z');
    for (const [goods, unlocks] of [
      [BUNDLE_50, 50],
      [BUNDLE_100, 100],
    ] as const) {
      const before = await balance(b);
      const { session } = await checkout(b, goods);
      expect(
        await stripeSays(
          sessionEvent(
            'checkout.session.completed',
            { id: session, payment_status: 'paid', mode: 'payment' },
            `evt_bundle_${goods}`,
          ),
        ),
      ).toBe('applied');
      expect((await balance(b)) - before).toBe(unlocks);
      expect(await info(b)).toMatchObject({
        subscription_status: 1,
        pay_cycle: 1,
        service_expiration_time: '2027-09-30T10:00:00.000Z',
        subscription_info: { goods_id: MONTHLY },
      });
    }
    const reasons = (
      await api.database.db
        .select()
        .from(ledger)
        .where(eq(ledger.userId, await userIdOf(api, b.email)))
        .orderBy(ledger.id)
    ).map((r) => [r.reason, r.amount, r.goodsId]);
    expect(reasons).toEqual([
      ['signup_bonus', 5, null],
      ['plan', 200, MONTHLY],
      ['bundle', 50, BUNDLE_50],
      ['bundle', 100, BUNDLE_100],
    ]);
  });
});

describe('renewals, by the invoice’s billing_reason', () => {
  it('a yearly renewal invoice (subscription_cycle) adds a calendar year from the anchor and 3000 unlocks', async () => {
    const b = await subscriber(YEARLY, '2027-04-30T06:00:00.000Z', 'sub_renew_year');
    const before = await balance(b);
    setClock(api, '2028-04-30T06:00:05.000Z');
    expect(await stripeSays(invoicePaid('evt_ry1', 'in_ry1', 'subscription_cycle', 'sub_renew_year'))).toBe(
      'applied',
    );
    expect(await info(b)).toMatchObject({
      subscription_status: 1,
      pay_cycle: 2,
      service_expiration_time: '2029-04-30T06:00:00.000Z',
    });
    expect((await balance(b)) - before).toBe(3000);
  });

  it.each(['subscription_create', 'subscription_update', 'manual', 'subscription_threshold'])(
    'an invoice for %s extends nothing and grants nothing',
    async (reason) => {
      const sub = `sub_reason_${reason}`;
      const b = await subscriber(MONTHLY, '2027-02-10T10:00:00.000Z', sub);
      const before = await info(b);
      expect(await stripeSays(invoicePaid(`evt_${reason}`, `in_${reason}`, reason, sub))).toBe('ignored');
      expect(await info(b)).toEqual(before);
    },
  );

  it('a renewal invoice of an unknown subscription changes no account', async () => {
    const b = await subscriber(MONTHLY, '2027-02-10T10:00:00.000Z', 'sub_known');
    const before = await info(b);
    expect(
      await stripeSays(invoicePaid('evt_unknown', 'in_unknown', 'subscription_cycle', 'sub_nobody')),
    ).toBe('ignored');
    expect(await info(b)).toEqual(before);
  });

  it('buying the yearly plan again early keeps every day left: one more year on the same day', async () => {
    const b = await subscriber(YEARLY, '2027-07-31T15:00:00.000Z', 'sub_early_year');
    setClock(api, '2028-01-20T09:00:00.000Z');
    const { session } = await checkout(b, YEARLY);
    expect(await stripeSays(completed(session, 'paid', 'sub_early_year_2'))).toBe('applied');
    expect((await info(b)).service_expiration_time).toBe('2029-07-31T15:00:00.000Z');
  });
});

describe('cancellation at period end, then the free tier (spec §4, §6, §9)', () => {
  let b: Buyer;
  let ends: string;

  beforeAll(async () => {
    b = await subscriber(MONTHLY, '2027-10-31T20:00:00.000Z', 'sub_cancel');
    ends = (await info(b)).service_expiration_time;
    expect(ends).toBe(calendarMonthsAfter(new Date('2027-10-31T20:00:00.000Z'), 1).toISOString());
    expect(ends).toBe('2027-11-30T20:00:00.000Z');
    await showLeads(api, b.email, [PAID_LEAD.id]);
    // Every unlock used, and 35 searches today: a subscriber's ceiling is 300, the free tier's 30.
    const id = await userIdOf(api, b.email);
    const [row] = await api.database.db.select().from(users).where(eq(users.id, id));
    await api.database.db.update(users).set({ bpUsed: row!.point }).where(eq(users.id, id));
  });

  const searchesToday = async (n: number) => {
    const id = await userIdOf(api, b.email);
    const day = api.clock.now().toISOString().slice(0, 10);
    await api.database.db.delete(searchUsage).where(eq(searchUsage.userId, id));
    await api.database.db.insert(searchUsage).values({ userId: id, day, count: n });
  };
  const unlock = async () =>
    (
      await api.call('POST', '/leads/unlock', {
        token: await token(b),
        body: { lead_id: PAID_LEAD.id },
        lang: 'en',
      })
    ).body;

  it('cancelling asks Stripe to stop at period end; the plan reads "expires" and stays usable to its last millisecond', async () => {
    setClock(api, '2027-11-15T10:00:00.000Z');
    expect(
      (await api.call('PUT', '/pay/stripe/cancel_subscription', { token: await token(b), body: {} })).body
        .code,
    ).toBe(0);
    const call = fake.requests.filter((r) => r.path === '/v1/subscriptions/sub_cancel').at(-1)!;
    expect(call.method).toBe('POST');
    expect(new URLSearchParams(call.body).get('cancel_at_period_end')).toBe('true');

    setClock(api, new Date(Date.parse(ends) - 1).toISOString());
    expect(await info(b)).toMatchObject({
      subscription_status: 2,
      service_expiration_time: ends,
      pay_cycle: 1,
      subscription_info: { goods_id: MONTHLY },
    });
    // Still on the plan: its own refusal, the subscriber's ceiling, bundles.
    expect(await unlock()).toMatchObject({ code: 40201 });
    await searchesToday(35);
    expect(
      (await api.call('GET', '/chat/quota', { token: await token(b) })).body.data.searches_left,
    ).toBeNull();
    const searched = await searchAs(api, await token(b), { query: 'LED panel buyers in Liechtenstein' });
    expect(searched.refused).toBeNull();
    expect(searched.ids).toEqual([PAID_LEAD.id]);
    expect((await api.call('GET', payUrl(BUNDLE_50), { token: await token(b) })).body.code).toBe(0);
  });

  it('at the end to the millisecond: no plan, the free tier’s 30 searches, 蜜豆不足, no bundles', async () => {
    setClock(api, ends);
    expect(await info(b)).toMatchObject({
      subscription_status: 0,
      service_expiration_time: null,
      pay_cycle: 0,
      subscription_info: null,
    });
    expect(await unlock()).toMatchObject({ code: 40200 });
    await searchesToday(35);
    expect((await api.call('GET', '/chat/quota', { token: await token(b) })).body.data.searches_left).toBe(0);
    const refused = await searchAs(api, await token(b), { query: 'LED panel buyers in Liechtenstein' });
    expect(refused.refused).toMatchObject({ code: 40202 });
    expect((await api.call('GET', payUrl(BUNDLE_50), { token: await token(b) })).body).toMatchObject({
      code: 40300,
    });
    // A free user with 29 searches used today has exactly one left.
    await searchesToday(29);
    expect((await api.call('GET', '/chat/quota', { token: await token(b) })).body.data.searches_left).toBe(1);
    expect((await searchAs(api, await token(b), { query: 'LED panel buyers in Liechtenstein' })).ids).toEqual(
      [PAID_LEAD.id],
    );
    expect(
      (await searchAs(api, await token(b), { query: 'LED panel buyers in Liechtenstein' })).refused,
    ).toMatchObject({ code: 40202 });
  });

  it('a renewal invoice paid after the end renews from the anchor: the first anchor date after now', async () => {
    setClock(api, '2027-12-02T08:00:00.000Z');
    expect(await stripeSays(invoicePaid('evt_after', 'in_after', 'subscription_cycle', 'sub_cancel'))).toBe(
      'applied',
    );
    expect(await info(b)).toMatchObject({
      subscription_status: 1,
      service_expiration_time: '2027-12-31T20:00:00.000Z',
    });
  });
});
