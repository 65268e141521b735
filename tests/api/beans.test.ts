import { eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger, redeemCodes, users } from '../../server/platform/db/schema.ts';
import { mintCodes } from '../../server/billing/redeem.ts';
import { grantBeans } from '../../server/billing/ledger.ts';
import { startApi, type Api } from './harness.ts';

let api: Api;
let token: string;
beforeAll(async () => {
  api = await startApi();
  token = await api.signUp('beans@example.com');
});
afterAll(() => api.close());

const info = async (t = token) => (await api.call('GET', '/user/user_info', { token: t })).body.data;

describe('redeem (spec §4 "Redeem", §7 redeem_point)', () => {
  it('adds the code’s beans once and answers with the amount', async () => {
    const [code] = await mintCodes(api.database.db, 50, 1);
    const before = await info();
    const res = await api.call('POST', '/user/redeem_point', { token, body: { code: code!.toLowerCase() } });
    expect(res.body).toMatchObject({ code: 0, data: 50 });
    const after = await info();
    expect(after.point - after.bp_used).toBe(before.point - before.bp_used + 50);
  });

  it('refuses a used code and leaves the balance unchanged', async () => {
    const [code] = await mintCodes(api.database.db, 30, 1);
    const other = await api.signUp('other-redeemer@example.com');
    expect((await api.call('POST', '/user/redeem_point', { token: other, body: { code } })).body.code).toBe(
      0,
    );
    const before = await info();
    // The page's language answers (issue 13: an English page gets English, whatever was saved).
    const res = await api.call('POST', '/user/redeem_point', { token, body: { code }, lang: 'en' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 40901,
      msg: 'This code is invalid or has already been used.',
      data: null,
    });
    expect(await info()).toEqual(before);
  });

  it('refuses an unknown code and an empty one', async () => {
    const before = await info();
    expect(
      (await api.call('POST', '/user/redeem_point', { token, body: { code: 'HONEY-NOPE-NOPE' } })).body.code,
    ).toBe(40901);
    expect((await api.call('POST', '/user/redeem_point', { token, body: { code: '   ' } })).body).toEqual({
      code: 40001,
      msg: '授权码不能为空',
      data: { field: 'code' },
    });
    expect(await info()).toEqual(before);
  });
});

describe('the ledger', () => {
  it('lists every change with its reason, newest first', async () => {
    const history = (await api.call('GET', '/user/bean_history?page=1&page_size=10', { token })).body.data;
    expect(history.items.map((item: { reason: string }) => item.reason)).toEqual(['redeem', 'signup_bonus']);
    expect(history.items[0]).toMatchObject({ amount: 50, detail: expect.stringMatching(/^HONEY-/) });
    expect(history.total).toBe(2);
  });

  it('says each change in the page’s language: plans, renewals and notes, never stored English words', async () => {
    const email = 'ledger-words@example.com';
    const reader = await api.signUp(email);
    const [user] = await api.database.db.select().from(users).where(eq(users.email, email));
    await api.database.db.transaction(async (tx) => {
      await grantBeans(tx, user!.id, 200, 'plan', { goodsId: 13 }, 'payment:t1');
      await grantBeans(tx, user!.id, 200, 'plan', { goodsId: 13, note: 'renewal' }, 'invoice:t1');
      await grantBeans(tx, user!.id, 100, 'bundle', { goodsId: 3 }, 'payment:t2');
      await grantBeans(tx, user!.id, 10, 'adjustment', { note: 'demo' }, 'demo:t');
      await grantBeans(tx, user!.id, 50, 'bundle', { goodsId: 1 }, 'payment:t3');
    });
    const details = async (lang: 'zh' | 'en') =>
      (
        await api.call('GET', '/user/bean_history?page=1&page_size=10', { token: reader, lang })
      ).body.data.items.map((item: { detail: string }) => item.detail);
    expect(await details('zh')).toEqual([
      '加购 50 次解锁',
      '演示账户',
      '加购 100 次解锁',
      '月度套餐续费',
      '月度套餐',
      '',
    ]);
    expect(await details('en')).toEqual([
      '50 extra unlocks',
      'demo account',
      '100 extra unlocks',
      'Monthly plan renewal',
      'Monthly plan',
      '',
    ]);
  });

  it('sums to point - bp_used for every user', async () => {
    const all = await api.database.db.select().from(users);
    for (const user of all) {
      const [row] = await api.database.db
        .select({ total: sum(ledger.amount) })
        .from(ledger)
        .where(eq(ledger.userId, user.id));
      expect(Number(row?.total ?? 0), user.email).toBe(user.point - user.bpUsed);
    }
  });

  it('refuses bad paging', async () => {
    expect((await api.call('GET', '/user/bean_history?page=0', { token })).body.code).toBe(40001);
    expect((await api.call('GET', '/user/bean_history?page_size=1000', { token })).body.code).toBe(40001);
  });

  it('keeps codes that were minted but not redeemed unused', async () => {
    const [code] = await mintCodes(api.database.db, 10, 1);
    const [row] = await api.database.db.select().from(redeemCodes).where(eq(redeemCodes.code, code!));
    expect(row).toMatchObject({ beans: 10, redeemedBy: null });
  });
});
