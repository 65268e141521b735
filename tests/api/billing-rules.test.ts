import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantBeans, spendBeans } from '../../server/billing/ledger.ts';
import { mintCodes } from '../../server/billing/redeem.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import { ledger, payments, redeemCodes, users } from '../../server/platform/db/schema.ts';
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
import { emailAt, setClock, testLead, userIdOf } from './fixtures.ts';
import { showLeads } from './shown.ts';

/*
 * The rest of the money rules (issue 30), each from what a user or Stripe would see: the test
 * checkout's page and its guards, Stripe's invoice shapes and renewals paid late, redeem codes as
 * people type them, the ledger's signs, pages and idempotence.
 */

const checkoutPath = (url: string) => new URL(url).pathname.replace(/^\/api/, '');
let accounts = 0;
const fresh = () => `billing-${++accounts}-${randomBytes(3).toString('hex')}@example.com`;

/** A fresh session (clocks move by months here). */
async function signIn(api: Api, email: string): Promise<string> {
  const login = await api.call('POST', '/user/login', {
    body: { email, password: 'Secret123' },
    ip: `198.51.100.${accounts % 250}`,
  });
  expect(login.body.code).toBe(0);
  return login.body.data;
}
const infoOf = async (api: Api, email: string) =>
  (await api.call('GET', '/user/user_info', { token: await signIn(api, email) })).body.data;

describe('the built-in test checkout (local, no Stripe)', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi({ outreach: false });
  });
  afterAll(() => api.close());

  it('its page offers to pay in the payer’s language, and once paid says so without a button', async () => {
    const email = fresh();
    const token = await api.signUp(email, 'Secret123', { language: 'en' });
    const { url } = (await api.call('GET', payUrl(13), { token })).body.data;
    const before = await (await api.raw('GET', checkoutPath(url))).text();
    expect(before).toContain('<html lang="en"');
    expect(before).toContain('Pay (test)');
    expect(before).toContain('Monthly plan');
    expect(before).not.toContain('Already paid.');
    expect((await api.raw('POST', `${checkoutPath(url)}/confirm`)).status).toBe(303);
    const after = await (await api.raw('GET', checkoutPath(url))).text();
    expect(after).toContain('Already paid.');
    expect(after).not.toContain('<form');
    const zh = await api.signUp(fresh());
    const page = await (
      await api.raw('GET', checkoutPath((await api.call('GET', payUrl(13), { token: zh })).body.data.url))
    ).text();
    expect(page).toContain('支付（测试）');
    expect(page).toContain('月度套餐');
  });

  it('an unknown payment, or an id that is not a test payment’s, is not found and grants nothing', async () => {
    for (const id of ['pay_doesnotexist0000000', 'cs_test_1', 'pay_']) {
      expect((await api.call('GET', `/pay/test/checkout/${id}`)).body.code, id).toBe(40400);
      expect((await api.call('POST', `/pay/test/checkout/${id}/confirm`)).body.code, id).toBe(40400);
    }
    // A Stripe payment's row is not the test checkout's, even with a pay_ id.
    const email = fresh();
    await api.signUp(email);
    await api.database.db.insert(payments).values({
      id: 'pay_stripeRowInDisguise01',
      userId: await userIdOf(api, email),
      goodsId: 13,
      provider: 'stripe',
      successUrl: PAY_SUCCESS,
    });
    expect((await api.call('POST', '/pay/test/checkout/pay_stripeRowInDisguise01/confirm')).body.code).toBe(
      40400,
    );
    expect((await api.call('GET', '/pay/test/checkout/pay_stripeRowInDisguise01')).body.code).toBe(40400);
    expect((await infoOf(api, email)).subscription_status).toBe(0);
  });

  it('a paid bundle’s page confirmed again after the plan ended returns to the success page and grants nothing more', async () => {
    setClock(api, '2027-05-01T10:00:00.000Z');
    const email = fresh();
    const token = await api.signUp(email);
    await api.raw(
      'POST',
      `${checkoutPath((await api.call('GET', payUrl(13), { token })).body.data.url)}/confirm`,
    );
    const bundle = checkoutPath((await api.call('GET', payUrl(1), { token })).body.data.url);
    expect((await api.raw('POST', `${bundle}/confirm`)).status).toBe(303);
    const paid = await infoOf(api, email);
    setClock(api, '2027-07-01T10:00:00.000Z');
    const again = await api.raw('POST', `${bundle}/confirm`);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(PAY_SUCCESS);
    expect((await infoOf(api, email)).point).toBe(paid.point);
  });

  it('refuses goods it does not sell and a success_url that is no address, in plain words', async () => {
    const token = await api.signUp(fresh(), 'Secret123', { language: 'en' });
    expect((await api.call('GET', payUrl(2), { token, lang: 'en' })).body).toMatchObject({
      code: 40001,
      msg: 'Invalid goods_id.',
      data: { field: 'goods_id' },
    });
    expect((await api.call('GET', payUrl(13, 'http://[::1'), { token })).body).toMatchObject({
      code: 40001,
      data: { field: 'success_url' },
    });
  });

  it('without Stripe the webhook is not there: 50300 in plain words, nothing applied', async () => {
    const res = await api.call('POST', '/pay/stripe/webhook', {
      rawBody: invoicePaid('evt_x', 'in_x', 'subscription_cycle'),
      lang: 'en',
      headers: { 'stripe-signature': 't=1,v1=abc' },
    });
    expect(res.body).toMatchObject({ code: 50300, msg: 'This feature is not available.' });
  });
});

describe('a public site without Stripe or TEST_CHECKOUT', () => {
  it('a test payment left in the database cannot be shown nor confirmed', async () => {
    const api = await startApi({ outreach: false, env: { SITE_URL: 'https://honeyleads.example' } });
    try {
      const email = fresh();
      await api.signUp(email);
      await api.database.db.insert(payments).values({
        id: 'pay_leftover000000000001',
        userId: await userIdOf(api, email),
        goodsId: 23,
        provider: 'test',
        successUrl: PAY_SUCCESS,
      });
      expect((await api.call('GET', '/pay/test/checkout/pay_leftover000000000001')).body.code).toBe(40400);
      expect((await api.call('POST', '/pay/test/checkout/pay_leftover000000000001/confirm')).body.code).toBe(
        40400,
      );
      expect((await infoOf(api, email)).subscription_status).toBe(0);
    } finally {
      await api.close();
    }
  });
});

describe('Stripe: the shapes of its objects, renewals paid late, test payments refused', () => {
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

  const stripeSays = async (payload: string) =>
    (await sendWebhook(api, fake.stripe, payload)).body.data.result;
  /** A user with the plan `goods` bought through Checkout at `iso`, its session carrying `subscription`. */
  async function subscribedAt(iso: string, goods: number, subscription: unknown): Promise<string> {
    setClock(api, iso);
    const email = fresh();
    const token = await api.signUp(email);
    const before = fake.requests.length;
    expect((await api.call('GET', payUrl(goods), { token })).body.code).toBe(0);
    const index = fake.requests.findIndex((r, i) => i >= before && r.path === '/v1/checkout/sessions');
    const session = JSON.parse(
      sessionEvent(
        'checkout.session.completed',
        { id: `cs_test_${index + 1}`, payment_status: 'paid' },
        `evt_${email}`,
      ),
    );
    session.data.object.subscription = subscription;
    expect(await stripeSays(JSON.stringify(session))).toBe('applied');
    return email;
  }
  const ends = async (email: string) => (await infoOf(api, email)).service_expiration_time;

  it('with Stripe on, a test payment is neither shown nor confirmed', async () => {
    const email = fresh();
    await api.signUp(email);
    await api.database.db.insert(payments).values({
      id: 'pay_whileStripeIsOn00001',
      userId: await userIdOf(api, email),
      goodsId: 13,
      provider: 'test',
      successUrl: PAY_SUCCESS,
    });
    expect((await api.call('GET', '/pay/test/checkout/pay_whileStripeIsOn00001')).body.code).toBe(40400);
    expect((await api.call('POST', '/pay/test/checkout/pay_whileStripeIsOn00001/confirm')).body.code).toBe(
      40400,
    );
    expect((await infoOf(api, email)).subscription_status).toBe(0);
  });

  it('an expanded subscription object on the session is stored by its id, and its renewal invoice renews', async () => {
    const email = await subscribedAt('2027-03-10T09:00:00.000Z', 13, {
      id: 'sub_expanded',
      object: 'subscription',
    });
    const [row] = await api.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.stripeSubscriptionId).toBe('sub_expanded');
    setClock(api, '2027-04-10T09:00:05.000Z');
    expect(await stripeSays(invoicePaid('evt_exp_1', 'in_exp_1', 'subscription_cycle', 'sub_expanded'))).toBe(
      'applied',
    );
    expect(await ends(email)).toBe('2027-05-10T09:00:00.000Z');
  });

  it('an invoice of the current API (subscription under parent.subscription_details, expanded or not) renews', async () => {
    const email = await subscribedAt('2027-03-10T09:00:00.000Z', 13, 'sub_parent');
    const invoice = (id: string, subscription: unknown) =>
      JSON.stringify({
        id: `evt_${id}`,
        object: 'event',
        type: 'invoice.paid',
        data: {
          object: {
            id,
            object: 'invoice',
            billing_reason: 'subscription_cycle',
            parent: { type: 'subscription_details', subscription_details: { subscription } },
          },
        },
      });
    setClock(api, '2027-04-10T09:00:05.000Z');
    expect(await stripeSays(invoice('in_parent_1', 'sub_parent'))).toBe('applied');
    expect(await ends(email)).toBe('2027-05-10T09:00:00.000Z');
    setClock(api, '2027-05-10T09:00:05.000Z');
    expect(await stripeSays(invoice('in_parent_2', { id: 'sub_parent', object: 'subscription' }))).toBe(
      'applied',
    );
    expect(await ends(email)).toBe('2027-06-10T09:00:00.000Z');
    // An invoice naming no subscription at all renews nobody.
    const before = await infoOf(api, email);
    const orphan = JSON.parse(invoice('in_orphan', null));
    delete orphan.data.object.parent;
    expect(await stripeSays(JSON.stringify(orphan))).toBe('ignored');
    expect(await infoOf(api, email)).toEqual(before);
  });

  it('a failed renewal payment (invoice.payment_failed) renews nothing', async () => {
    const email = await subscribedAt('2027-03-10T09:00:00.000Z', 13, 'sub_failing');
    const before = await infoOf(api, email);
    const failed = JSON.parse(invoicePaid('evt_pf', 'in_pf', 'subscription_cycle', 'sub_failing'));
    failed.type = 'invoice.payment_failed';
    expect(await stripeSays(JSON.stringify(failed))).toBe('ignored');
    expect(await infoOf(api, email)).toEqual(before);
  });

  it('a renewal paid two periods late runs to the first anchor date after the payment; the history says renewal', async () => {
    const email = await subscribedAt('2027-01-31T10:15:00.000Z', 13, 'sub_late');
    expect(await ends(email)).toBe('2027-02-28T10:15:00.000Z');
    setClock(api, '2027-05-05T08:00:00.000Z');
    expect(await stripeSays(invoicePaid('evt_late', 'in_late', 'subscription_cycle', 'sub_late'))).toBe(
      'applied',
    );
    expect(await ends(email)).toBe('2027-05-31T10:15:00.000Z');
    const token = await signIn(api, email);
    const history = (await api.call('GET', '/user/bean_history?page=1&page_size=1', { token, lang: 'en' }))
      .body.data;
    expect(history.items[0]).toMatchObject({ amount: 200, reason: 'plan', detail: 'Monthly plan renewal' });
  });

  it('a yearly plan from 29 February renewed early, year by year, comes back to 29 February 2032', async () => {
    const email = await subscribedAt('2028-02-29T08:00:00.000Z', 23, 'sub_leap');
    const rebuy = async (iso: string) => {
      setClock(api, iso);
      const token = await signIn(api, email);
      const before = fake.requests.length;
      await api.call('GET', payUrl(23), { token });
      const index = fake.requests.findIndex((r, i) => i >= before && r.path === '/v1/checkout/sessions');
      expect(
        await stripeSays(
          sessionEvent(
            'checkout.session.completed',
            { id: `cs_test_${index + 1}`, payment_status: 'paid', subscription: 'sub_leap' },
            `evt_leap_${iso}`,
          ),
        ),
      ).toBe('applied');
      return ends(email);
    };
    expect(await rebuy('2029-01-10T00:00:00.000Z')).toBe('2030-02-28T08:00:00.000Z');
    expect(await rebuy('2029-01-11T00:00:00.000Z')).toBe('2031-02-28T08:00:00.000Z');
    expect(await rebuy('2029-01-12T00:00:00.000Z')).toBe('2032-02-29T08:00:00.000Z');
  });

  it('bought again at the very instant the plan ends: a new plan from that instant, not a renewal', async () => {
    const email = await subscribedAt('2027-01-31T10:15:00.000Z', 13, 'sub_instant');
    setClock(api, '2027-02-28T10:15:00.000Z');
    const token = await signIn(api, email);
    const before = fake.requests.length;
    await api.call('GET', payUrl(13), { token });
    const index = fake.requests.findIndex((r, i) => i >= before && r.path === '/v1/checkout/sessions');
    await stripeSays(
      sessionEvent(
        'checkout.session.completed',
        { id: `cs_test_${index + 1}`, payment_status: 'paid', subscription: 'sub_instant2' },
        'evt_instant',
      ),
    );
    expect(await ends(email)).toBe('2027-03-28T10:15:00.000Z');
  });

  it('a second "payment failed" for the same checkout changes nothing', async () => {
    const email = fresh();
    const token = await api.signUp(email);
    const before = fake.requests.length;
    await api.call('GET', payUrl(13), { token });
    const index = fake.requests.findIndex((r, i) => i >= before && r.path === '/v1/checkout/sessions');
    const failed = (n: number) =>
      sessionEvent(
        'checkout.session.async_payment_failed',
        { id: `cs_test_${index + 1}`, payment_status: 'unpaid' },
        `evt_f${n}_${index}`,
      );
    expect(await stripeSays(failed(1))).toBe('applied');
    expect(await stripeSays(failed(2))).toBe('ignored');
  });

  it('the 50-unlock bundle is named on Stripe’s page in the buyer’s language', async () => {
    const email = await subscribedAt('2027-06-01T09:00:00.000Z', 13, 'sub_bundle_names');
    const token = await signIn(api, email);
    await api.call('POST', '/user/modify_language', { token, body: { language: 'en' } });
    const before = fake.requests.length;
    await api.call('GET', payUrl(1), { token });
    const created = fake.requests.slice(before).find((r) => r.path === '/v1/checkout/sessions')!;
    expect(new URLSearchParams(created.body).get('line_items[0][price_data][product_data][name]')).toBe(
      '50 extra unlocks',
    );
  });

  it('a plan granted before Stripe was set up is cancelled here without asking Stripe', async () => {
    const email = fresh();
    await api.signUp(email);
    await api.database.db
      .update(users)
      .set({
        subscriptionStatus: 1,
        planGoodsId: 13,
        payCycle: 1,
        serviceExpirationTime: new Date(api.clock.now().getTime() + 10 * 86_400_000),
      })
      .where(eq(users.email, email));
    const before = fake.requests.length;
    expect(
      (
        await api.call('PUT', '/pay/stripe/cancel_subscription', {
          token: await signIn(api, email),
          body: {},
        })
      ).body.code,
    ).toBe(0);
    expect(fake.requests.slice(before).filter((r) => r.path.startsWith('/v1/subscriptions'))).toEqual([]);
    expect((await infoOf(api, email)).subscription_status).toBe(2);
  });
});

describe('redeem codes and the ledger', () => {
  let api: Api;
  const LEAD = testLead('L991001', { contacts: [emailAt('x@ledger.example', 0)] });
  beforeAll(async () => {
    api = await startApi({ outreach: false, leads: [LEAD] });
  });
  afterAll(() => api.close());

  it('a code typed in lower case between spaces is redeemed; the history names the code', async () => {
    const token = await api.signUp(fresh(), 'Secret123', { language: 'en' });
    const [code] = await mintCodes(api.database.db, 30, 1);
    const res = await api.call('POST', '/user/redeem_point', {
      token,
      body: { code: `  ${code!.toLowerCase()} ` },
    });
    expect(res.body).toMatchObject({ code: 0, data: 30 });
    const history = (await api.call('GET', '/user/bean_history?page=1&page_size=5', { token, lang: 'en' }))
      .body.data;
    expect(history.items[0]).toMatchObject({ amount: 30, reason: 'redeem', detail: code });
  });

  it('20 redemptions per account in 10 minutes: the 21st is refused even with a good code', async () => {
    const token = await api.signUp(fresh());
    for (let i = 0; i < 20; i++)
      expect(
        (
          await api.call('POST', '/user/redeem_point', {
            token,
            body: { code: `NOPE-${i}` },
            ip: `192.0.2.${i}`,
          })
        ).body.code,
      ).toBe(40901);
    const [code] = await mintCodes(api.database.db, 5, 1);
    const refused = await api.call('POST', '/user/redeem_point', { token, body: { code }, ip: '192.0.2.99' });
    expect(refused.body).toMatchObject({ code: 42900 });
    api.clock.advance(10 * 60_000 + 1000);
    expect(
      (await api.call('POST', '/user/redeem_point', { token, body: { code }, ip: '192.0.2.99' })).body.code,
    ).toBe(0);
  });

  it('an unlock is written as −1; the history pages from newest to oldest; every balance equals its ledger', async () => {
    const email = fresh();
    const token = await api.signUp(email, 'Secret123', { language: 'en' });
    await showLeads(api, email, [LEAD.id]);
    for (const code of await mintCodes(api.database.db, 2, 2))
      await api.call('POST', '/user/redeem_point', { token, body: { code } });
    expect((await api.call('POST', '/leads/unlock', { token, body: { lead_id: LEAD.id } })).body.code).toBe(
      0,
    );
    const page = async (n: number) =>
      (await api.call('GET', `/user/bean_history?page=${n}&page_size=2`, { token, lang: 'en' })).body.data;
    const [first, second] = [await page(1), await page(2)];
    expect(first.total).toBe(4);
    expect(
      [...first.items, ...second.items].map((i: { amount: number; reason: string }) => [i.reason, i.amount]),
    ).toEqual([
      ['unlock', -1],
      ['redeem', 2],
      ['redeem', 2],
      ['signup_bonus', 5],
    ]);
    expect((await page(3)).items).toEqual([]);
    const mismatched = rowsOf(
      await api.database.db.execute(sql`
        SELECT u.id FROM users u LEFT JOIN ledger l ON l.user_id = u.id
        GROUP BY u.id, u.point, u.bp_used HAVING coalesce(sum(l.amount), 0) <> u.point - u.bp_used`),
    );
    expect(mismatched).toEqual([]);
  });

  it('a spend is charged once per reference, and a refused one leaves no ledger row', async () => {
    const email = fresh();
    await api.signUp(email);
    const id = await userIdOf(api, email);
    const db = api.database.db;
    const spend = () => db.transaction((tx) => spendBeans(tx, id, 3, 'unlock', { text: 'x' }, 'unlock:once'));
    expect(await spend()).toBe('spent');
    expect(await spend()).toBe('duplicate');
    expect(await db.transaction((tx) => spendBeans(tx, id, 10, 'unlock', {}, 'unlock:toomuch'))).toBe(
      'insufficient',
    );
    const [user] = await db.select().from(users).where(eq(users.id, id));
    expect(user!.bpUsed).toBe(3);
    const refs = (await db.select().from(ledger).where(eq(ledger.userId, id))).map((r) => r.ref);
    expect(refs.sort()).toEqual(['signup-bonus', 'unlock:once']);
    expect(await db.transaction((tx) => grantBeans(tx, id, 4, 'redeem', {}, 'redeem:TWICE'))).toBe(true);
    expect(await db.transaction((tx) => grantBeans(tx, id, 4, 'redeem', {}, 'redeem:TWICE'))).toBe(false);
    expect((await db.select().from(users).where(eq(users.id, id)))[0]!.point).toBe(9);
  });

  it('minting makes exactly the codes asked for, unused', async () => {
    const before = (await api.database.db.select().from(redeemCodes)).length;
    const codes = await mintCodes(api.database.db, 50, 3);
    expect(codes).toHaveLength(3);
    expect(new Set(codes).size).toBe(3);
    for (const code of codes) expect(code).toMatch(/^HONEY-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect((await api.database.db.select().from(redeemCodes)).length).toBe(before + 3);
  });
});
