import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../server/platform/db/schema.ts';
import { startApi, type Api } from './harness.ts';
import {
  payUrl,
  PAY_SUCCESS,
  STRIPE_ENV,
  WEBHOOK_SECRET,
  checkoutCompleted,
  invoicePaid,
  sendWebhook,
  startFakeStripe,
  type FakeStripe,
} from './fakeStripe.ts';
import { calendarMonthsAfter } from './fixtures.ts';

describe('built-in test checkout (no STRIPE_SECRET_KEY)', () => {
  let api: Api;
  let token: string;
  beforeAll(async () => {
    api = await startApi();
    token = await api.signUp('buyer@example.com');
  });
  afterAll(() => api.close());
  const info = async () => (await api.call('GET', '/user/user_info', { token })).body.data;

  async function pay(goods: number): Promise<Response> {
    const { data } = (await api.call('GET', payUrl(goods), { token })).body;
    const path = new URL(data.url).pathname.replace(/^\/api/, '');
    const page = await api.raw('GET', path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('no money is taken'.split(' ')[0]);
    return api.raw('POST', `${path}/confirm`);
  }

  it('says plainly that it is a test checkout, then grants the plan once and returns to success_url', async () => {
    const before = await info();
    const { data } = (await api.call('GET', payUrl(13), { token })).body;
    expect(data.url).toMatch(/^http:\/\/localhost:4321\/api\/pay\/test\/checkout\/pay_/);
    const path = new URL(data.url).pathname.replace(/^\/api/, '');
    const page = await api.raw('GET', path);
    const html = await page.text();
    expect(html).toContain('内置的测试收银台');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const confirm = await api.raw('POST', `${path}/confirm`);
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(PAY_SUCCESS);

    const after = await info();
    expect(after).toMatchObject({
      subscription_status: 1,
      pay_cycle: 1,
      subscription_info: { goods_id: 13, goods_name: 'Monthly plan', goods_price: 6990 },
    });
    expect(after.point - before.point).toBe(200);
    // One calendar month after the purchase, to the millisecond (docs/plans.md "Plan periods").
    expect(after.service_expiration_time).toBe(calendarMonthsAfter(api.clock.now(), 1).toISOString());

    // A replayed confirmation changes nothing.
    expect((await api.raw('POST', `${path}/confirm`)).status).toBe(303);
    expect((await info()).point).toBe(after.point);
  });

  it('sells bundles to monthly subscribers only', async () => {
    const before = await info();
    const res = await pay(1);
    expect(res.status).toBe(303);
    expect((await info()).point).toBe(before.point + 50);
    const stranger = await api.signUp('no-plan@example.com');
    const refused = await api.call('GET', payUrl(3), { token: stranger });
    expect(refused.body).toMatchObject({ code: 40300, msg: '加购包仅面向月度订阅用户' });
  });

  it('refuses an off-site success_url and unknown goods, storing nothing', async () => {
    const count = (await api.database.db.select().from(payments)).length;
    for (const url of ['https://evil.example/pages/chat/chat', '//evil.example/x', 'javascript:alert(1)']) {
      const res = await api.call('GET', payUrl(13, url), { token });
      expect(res.body, url).toMatchObject({ code: 40001, data: { field: 'success_url' } });
    }
    expect((await api.call('GET', payUrl(99), { token })).body).toMatchObject({
      code: 40001,
      data: { field: 'goods_id' },
    });
    expect((await api.database.db.select().from(payments)).length).toBe(count);
  });

  it('cancelling keeps the plan until expiry and then reads as no plan (spec §4)', async () => {
    const res = await api.call('PUT', '/pay/stripe/cancel_subscription', { token, body: {} });
    expect(res.body.code).toBe(0);
    const after = await info();
    expect(after.subscription_status).toBe(2);
    expect(after.service_expiration_time).not.toBeNull();
    expect((await api.call('PUT', '/pay/stripe/cancel_subscription', { token, body: {} })).body.code).toBe(
      40900,
    );
    api.clock.advance(32 * 86_400_000);
    // The 30-day session has ended too: log in again to look.
    token = (
      await api.call('POST', '/user/login', { body: { email: 'buyer@example.com', password: 'Secret123' } })
    ).body.data;
    expect(await info()).toMatchObject({
      subscription_status: 0,
      service_expiration_time: null,
      subscription_info: null,
    });
  });

  it('a yearly plan sets pay_cycle 2 and grants 3000 unlocks', async () => {
    const yearly = await api.signUp('yearly@example.com');
    const { data } = (await api.call('GET', payUrl(23), { token: yearly })).body;
    await api.raw('POST', `${new URL(data.url).pathname.replace(/^\/api/, '')}/confirm`);
    const after = (await api.call('GET', '/user/user_info', { token: yearly })).body.data;
    expect(after).toMatchObject({
      subscription_status: 1,
      pay_cycle: 2,
      point: 3005,
      service_expiration_time: calendarMonthsAfter(api.clock.now(), 12).toISOString(),
    });
  });
});

describe('Stripe (offline: a local stand-in for the Stripe API, signed webhooks)', () => {
  let fake: FakeStripe;
  let api: Api;
  let token: string;
  beforeAll(async () => {
    fake = await startFakeStripe();
    api = await startApi({ env: STRIPE_ENV, stripe: fake.stripe });
    token = await api.signUp('stripe@example.com');
  });
  afterAll(async () => {
    await api.close();
    await fake.close();
  });
  const event = (sessionId: string, id = `evt_${sessionId}`) => checkoutCompleted(sessionId, id);
  const send = (payload: string, header: string) => sendWebhook(api, fake.stripe, payload, header);
  const secret = WEBHOOK_SECRET;

  it('creates a Checkout session for the plan and returns its URL', async () => {
    const res = await api.call('GET', payUrl(13), { token });
    expect(res.body.data.url).toBe('https://checkout.stripe.com/c/pay/cs_test');
    const created = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    const form = new URLSearchParams(created.body);
    expect(form.get('mode')).toBe('subscription');
    expect(form.get('success_url')).toBe(PAY_SUCCESS);
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('6990');
    expect(form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
  });

  it('a signed checkout.session.completed grants the plan once; a replay changes nothing', async () => {
    const [payment] = await api.database.db.select().from(payments).where(eq(payments.provider, 'stripe'));
    const payload = event(payment!.id);
    const header = fake.stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect((await send(payload, header)).body).toMatchObject({ code: 0, data: { result: 'applied' } });
    const info = (await api.call('GET', '/user/user_info', { token })).body.data;
    expect(info).toMatchObject({ subscription_status: 1, point: 205 });
    expect((await send(payload, header)).body.data.result).toBe('duplicate');
    expect((await api.call('GET', '/user/user_info', { token })).body.data.point).toBe(205);
  });

  it('the first invoice (subscription_create) grants nothing more; a renewal invoice renews once, whatever the event id', async () => {
    const invoice = invoicePaid;
    const signed = async (payload: string) =>
      (await send(payload, fake.stripe.webhooks.generateTestHeaderString({ payload, secret }))).body;
    const info = async () => (await api.call('GET', '/user/user_info', { token })).body.data;
    const granted = await info();

    expect(await signed(invoice('evt_inv_first', 'in_first', 'subscription_create'))).toMatchObject({
      code: 0,
      data: { result: 'ignored' },
    });
    expect(await info()).toMatchObject({
      point: granted.point,
      service_expiration_time: granted.service_expiration_time,
    });

    const renewal = invoice('evt_inv_cycle', 'in_cycle', 'subscription_cycle');
    expect((await signed(renewal)).data.result).toBe('applied');
    const renewed = await info();
    expect(renewed.point).toBe(granted.point + 200);
    // The second period of the anchor (the purchase, this clock's time): two calendar months after it.
    expect(granted.service_expiration_time).toBe(calendarMonthsAfter(api.clock.now(), 1).toISOString());
    expect(renewed.service_expiration_time).toBe(calendarMonthsAfter(api.clock.now(), 2).toISOString());

    // The same event again, or the same invoice under another event id: nothing more.
    expect((await signed(renewal)).data.result).toBe('duplicate');
    expect((await signed(invoice('evt_inv_cycle_again', 'in_cycle', 'subscription_cycle'))).data.result).toBe(
      'duplicate',
    );
    expect(await info()).toMatchObject({
      point: renewed.point,
      service_expiration_time: renewed.service_expiration_time,
    });
  });

  it('refuses a tampered body, a wrong secret and a stale signature', async () => {
    const payload = event('cs_tampered');
    const header = fake.stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect((await send(payload.replace('paid', 'PAID'), header)).body.code).toBe(40000);
    expect(
      (await send(payload, fake.stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' })))
        .body.code,
    ).toBe(40000);
    const stale = fake.stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await send(payload, stale)).body.code).toBe(40000);
    expect((await send(payload, '')).body.code).toBe(40000);
  });

  it('cancelling asks Stripe to stop renewal at period end', async () => {
    expect((await api.call('PUT', '/pay/stripe/cancel_subscription', { token, body: {} })).body.code).toBe(0);
    const call = fake.requests.find((r) => r.path === '/v1/subscriptions/sub_1')!;
    expect(new URLSearchParams(call.body).get('cancel_at_period_end')).toBe('true');
  });
});
