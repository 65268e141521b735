import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chats, leads, outreachEmails, payments, users } from '../../server/platform/db/schema.ts';
import { generateLeads, type GeneratedLead } from '../../server/leads/generate.ts';
import { MAX_CHATS_PER_USER } from '../../server/leads/service.ts';
import { LLM_CALLS_PER_MINUTE } from '../../server/platform/limits.ts';
import { countOf } from '../../server/platform/rateLimit.ts';
import { RECIPIENT_DAILY_CAP } from '../../server/outreach/send.ts';
import { answer, failure, startFakeLlm, type FakeLlm } from './fakeLlm.ts';
import { readEvents, startApi, type Api } from './harness.ts';
import { payUrl } from './fakeStripe.ts';

/** A lead of a country the demo data leaves out, so "LED panel buyers in Liechtenstein" finds only these. */
const zyx = (id: string, emails: string[], quality: number): GeneratedLead => ({
  id,
  name: `Zyxorbit ${id}`,
  role: 'buyer',
  country: 'LI',
  city: 'Vaduz',
  website: null,
  size: '11-50',
  companyType: 'importer',
  descriptionEn: 'Zyxorbit test buyer',
  descriptionZh: 'Zyxorbit 测试买家',
  // LED panel lights (demo category 1).
  categoryIds: [1],
  searchText: `zyxorbit ${id}`.toLowerCase(),
  quality,
  foundedYear: null,
  tradedCategoryIds: [],
  people: [],
  shipments: [],
  contacts: emails.map((value, position) => ({ kind: 'email', value, label: 'valid', position })),
});
const SHARED = 'shared@zyxorbit.example';
const MANY = zyx(
  'L900001',
  [SHARED, ...Array.from({ length: 11 }, (_, i) => `box${i + 1}@zyxorbit.example`)],
  99,
);
const OTHER = zyx('L900002', [SHARED, 'sales@zyxorbit-two.example'], 98);
const SENTENCE = 'LED panel buyers in Liechtenstein';
const draft = { subject: 'LED panels for your range', body: 'Hello team, '.repeat(10) + 'Best regards' };

let fake: FakeLlm;
let api: Api;

beforeAll(async () => {
  fake = await startFakeLlm();
  api = await startApi({
    leads: [...generateLeads({ perMajor: 1, perOther: 0 }), MANY, OTHER],
    env: { LLM_BASE_URL: `${fake.url}/v1`, LLM_API_KEY: 'sk-test', LLM_MODEL: 'fake-model' },
  });
}, 60_000);
afterAll(async () => {
  await api?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  // The search falls back to the built-in parser; drafts and translations get an answer.
  fake.reply = (request) =>
    request.body?.response_format?.type === 'json_object' &&
    !String(request.body.messages[0].content).includes('B2B')
      ? failure(500)
      : answer(String(request.body.messages[0].content).includes('B2B') ? draft : 'translated');
});

/** Runs a search as a user does and returns the ids of the leads it showed. */
async function search(token: string, query = SENTENCE, chatId?: string): Promise<string[]> {
  const res = await api.raw('POST', '/chat/search', {
    token,
    body: { query, ...(chatId ? { chat_id: chatId } : {}) },
  });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  return (await readEvents(res)).filter((e) => e.event === 'lead').map((e) => e.data.id as string);
}

const userId = async (email: string) =>
  (await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const balance = async (token: string) => {
  const info = (await api.call('GET', '/user/user_info', { token })).body.data;
  return info.point - info.bp_used;
};

describe('the LLM is asked only after the quota and the limits (finding 8)', () => {
  it('a user over the day’s 30 free searches searches again: refused, and the LLM receives no call', async () => {
    const token = await api.signUp('quota-llm@example.com');
    for (let i = 0; i < 30; i++) await search(token);
    fake.requests.length = 0;
    const refused = await api.call('POST', '/chat/search', { token, body: { query: SENTENCE } });
    expect(refused.body).toMatchObject({ code: 40202 });
    expect(fake.requests).toHaveLength(0);
  });

  it(`LLM calls over ${LLM_CALLS_PER_MINUTE} a minute (the search's, then drafts): 42900 and no LLM call; translations share the budget`, async () => {
    const token = await api.signUp('drafter@example.com', 'Secret123', { language: 'en' });
    expect(await search(token)).toContain(MANY.id);
    expect((await api.call('POST', '/leads/unlock', { token, body: { lead_id: MANY.id } })).body.code).toBe(
      0,
    );
    // The search's own LLM call (its answer's sentence, refused here and retried by the client)
    // counts against the same budget, once.
    expect(fake.requests.length).toBeGreaterThan(0);
    const searchCalls = await countOf(api.services, `llm:user:${await userId('drafter@example.com')}`, 60);
    expect(searchCalls).toBe(1);
    fake.requests.length = 0;
    for (let i = 0; i < LLM_CALLS_PER_MINUTE - searchCalls; i++) {
      const res = await api.call('POST', '/outreach/generate', {
        token,
        body: { lead_id: MANY.id, language: 'en' },
      });
      expect(res.body, `draft ${i + 1}`).toMatchObject({ code: 0, data: { source: 'llm' } });
    }
    expect(fake.requests).toHaveLength(LLM_CALLS_PER_MINUTE - searchCalls);
    fake.requests.length = 0;
    const refused = await api.call('POST', '/outreach/generate', {
      token,
      body: { lead_id: MANY.id, language: 'en' },
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 42900, msg: expect.stringContaining('Too many attempts') });
    expect(refused.body.data.retry_after).toBeGreaterThan(0);
    const translate = await api.call('POST', '/translate', { token, body: { text: 'Hallo', target: 'en' } });
    expect(translate.body.code).toBe(42900);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('only leads shown to the user can be saved or unlocked (finding 10)', () => {
  const ids = Array.from({ length: 50 }, (_, i) => `L${String(i + 1).padStart(6, '0')}`);

  it('a fresh user saves and unlocks ids L000001..L000050 without searching: all refused as unknown ids, nothing stored', async () => {
    const existing = await api.database.db.select({ id: leads.id }).from(leads);
    expect(ids.filter((id) => existing.some((row) => row.id === id)).length).toBeGreaterThan(40);
    const token = await api.signUp('scraper@example.com');
    const before = await balance(token);
    const unknown = await api.call('POST', '/leads/collect', { token, body: { lead_id: 'L999999' } });
    expect(unknown.body).toMatchObject({ code: 40400 });
    for (const id of ids) {
      const saved = await api.call('POST', '/leads/collect', { token, body: { lead_id: id } });
      expect(saved.body, id).toEqual(unknown.body);
      const unlocked = await api.call('POST', '/leads/unlock', { token, body: { lead_id: id } });
      expect(unlocked.body, id).toEqual(unknown.body);
    }
    const list = await api.call('GET', '/leads/collects?page=1', { token });
    expect(list.body.data).toMatchObject({ items: [], total: 0 });
    expect((await api.call('GET', '/leads/unlocked?page=1', { token })).body.data.total).toBe(0);
    expect(await balance(token)).toBe(before);
  });

  it('after a search, the leads it returned can be saved and unlocked; another user’s search does not count', async () => {
    const token = await api.signUp('searcher@example.com');
    const other = await api.signUp('bystander@example.com');
    const shown = await search(token);
    expect(shown).toEqual([MANY.id, OTHER.id]);
    for (const id of shown) {
      expect((await api.call('POST', '/leads/collect', { token, body: { lead_id: id } })).body.code).toBe(0);
      expect(
        (await api.call('POST', '/leads/collect', { token: other, body: { lead_id: id } })).body.code,
      ).toBe(40400);
    }
    expect((await api.call('POST', '/leads/unlock', { token, body: { lead_id: MANY.id } })).body.code).toBe(
      0,
    );
    expect((await api.call('GET', '/leads/collects?page=1', { token })).body.data.total).toBe(2);
    expect((await api.call('GET', '/leads/collects?page=1', { token: other })).body.data.total).toBe(0);
  });

  it('saving is rate limited per user', async () => {
    const token = await api.signUp('hoarder@example.com');
    const [id] = await search(token);
    let refused;
    for (let i = 0; i < 1000 && !refused; i++) {
      const res = await api.call('POST', '/leads/collect', { token, body: { lead_id: id } });
      if (res.body.code !== 0) refused = res;
    }
    expect(refused?.body).toMatchObject({ code: 42900 });
  });
});

describe('per-user limits (finding 17)', () => {
  it(`at most ${MAX_CHATS_PER_USER} conversations per account: a new one is refused with a clear message, nothing taken`, async () => {
    const email = 'chatty@example.com';
    const token = await api.signUp(email, 'Secret123', { language: 'zh' });
    const id = await userId(email);
    await search(token);
    const [first] = await api.database.db.select().from(chats).where(eq(chats.userId, id));
    const now = api.clock.now();
    await api.database.db.insert(chats).values(
      Array.from({ length: MAX_CHATS_PER_USER - 1 }, (_, i) => ({
        id: `c_fill_${i}`,
        userId: id,
        title: `old ${i}`,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const left = (await api.call('GET', '/chat/quota', { token })).body.data.searches_left;
    fake.requests.length = 0;
    const refused = await api.call('POST', '/chat/search', { token, body: { query: SENTENCE } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 40902,
      msg: `对话数量已达上限（${MAX_CHATS_PER_USER} 个），请删除旧对话后再开始新的对话`,
    });
    expect(fake.requests).toHaveLength(0);
    expect((await api.call('GET', '/chat/quota', { token })).body.data.searches_left).toBe(left);
    expect((await api.database.db.select().from(chats).where(eq(chats.userId, id))).length).toBe(
      MAX_CHATS_PER_USER,
    );
    // Continuing a conversation still works; deleting one makes room.
    expect(await search(token, SENTENCE, first!.id)).toContain(MANY.id);
    expect(
      (await api.call('POST', '/chat/delete_chat_history', { token, body: { chat_id: 'c_fill_0' } })).body
        .code,
    ).toBe(0);
    expect(await search(token)).toContain(MANY.id);
  });

  it(`at most ${RECIPIENT_DAILY_CAP} emails a UTC day to one recipient per sender, across leads; others still go`, async () => {
    const email = 'persistent@example.com';
    const token = await api.signUp(email, 'Secret123', { language: 'en' });
    await search(token);
    for (const id of [MANY.id, OTHER.id])
      expect((await api.call('POST', '/leads/unlock', { token, body: { lead_id: id } })).body.code).toBe(0);
    const send = (leadId: string, to: string, n: number) =>
      api.call('POST', '/outreach/send', {
        token,
        body: {
          lead_id: leadId,
          to,
          subject: `Hello ${n}`,
          body: 'Hello there',
          language: 'en',
          request_id: `req-recipient-${n}`,
        },
      });
    for (let n = 0; n < RECIPIENT_DAILY_CAP; n++)
      expect((await send(n % 2 ? OTHER.id : MANY.id, SHARED, n)).body.code).toBe(0);
    const refused = await send(OTHER.id, SHARED, 100);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 42902,
      msg: `You have already emailed this address ${RECIPIENT_DAILY_CAP} times today, the most per recipient. It resets at 00:00 UTC.`,
    });
    const id = await userId(email);
    const rows = await api.database.db
      .select()
      .from(outreachEmails)
      .where(and(eq(outreachEmails.userId, id), eq(outreachEmails.toAddress, SHARED)));
    expect(rows).toHaveLength(RECIPIENT_DAILY_CAP);
    expect((await send(MANY.id, 'box2@zyxorbit.example', 102)).body.code).toBe(0);
    // Another sender is not affected.
    const colleague = await api.signUp('colleague@example.com');
    await search(colleague);
    await api.call('POST', '/leads/unlock', { token: colleague, body: { lead_id: MANY.id } });
    const theirs = await api.call('POST', '/outreach/send', {
      token: colleague,
      body: {
        lead_id: MANY.id,
        to: SHARED,
        subject: 'Hi',
        body: 'Hello there',
        language: 'en',
        request_id: 'req-colleague-1',
      },
    });
    expect(theirs.body.code).toBe(0);
    // The next UTC day opens again.
    const now = api.clock.now();
    api.clock.advance(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, 0, 1) - now.getTime(),
    );
    expect((await send(OTHER.id, SHARED, 103)).body.code).toBe(0);
  });
});

describe('money rules', () => {
  it('"find more emails" reveals at most 5 more per request', async () => {
    const token = await api.signUp('delver@example.com');
    await search(token);
    const unlocked = await api.call('POST', '/leads/unlock', { token, body: { lead_id: MANY.id } });
    expect(unlocked.body.data.contacts.emails).toHaveLength(5);
    const sizes = [];
    for (let i = 0; i < 3; i++) {
      const more = await api.call('GET', `/user/get_delve_email?lead_id=${MANY.id}`, { token });
      sizes.push(more.body.data.emails.length);
    }
    expect(sizes).toEqual([5, 2, 0]);
  });

  describe('extra unlock bundles are for monthly subscribers only (spec §6)', () => {
    const confirmPath = (url: string) => `${new URL(url).pathname.replace(/^\/api/, '')}/confirm`;
    const paymentsOf = async (id: number) =>
      (await api.database.db.select().from(payments).where(eq(payments.userId, id))).length;

    it('a user without a plan and a yearly subscriber are refused with a clear message; nothing stored', async () => {
      const email = 'yearly@example.com';
      const token = await api.signUp(email, 'Secret123', { language: 'en' });
      const id = await userId(email);
      const refusedNoPlan = await api.call('GET', payUrl(1), { token, lang: 'en' });
      expect(refusedNoPlan.body).toMatchObject({
        code: 40300,
        msg: 'Extra unlock bundles are for monthly subscribers only.',
      });
      const yearly = await api.call('GET', payUrl(23), { token });
      expect((await api.raw('POST', confirmPath(yearly.body.data.url))).status).toBe(303);
      const before = await balance(token);
      const stored = await paymentsOf(id);
      for (const goods of [1, 3]) {
        const refused = await api.call('GET', payUrl(goods), { token });
        expect(refused.body).toMatchObject({
          code: 40300,
          msg: 'Extra unlock bundles are for monthly subscribers only.',
        });
      }
      expect(await paymentsOf(id)).toBe(stored);
      expect(await balance(token)).toBe(before);
    });

    it('a bundle checkout opened while monthly is not granted once the user is no longer monthly', async () => {
      const email = 'switcher@example.com';
      const token = await api.signUp(email, 'Secret123', { language: 'en' });
      const monthly = await api.call('GET', payUrl(13), { token });
      expect((await api.raw('POST', confirmPath(monthly.body.data.url))).status).toBe(303);
      const bundle = await api.call('GET', payUrl(1), { token });
      expect(bundle.body.code).toBe(0);
      const yearly = await api.call('GET', payUrl(23), { token });
      expect((await api.raw('POST', confirmPath(yearly.body.data.url))).status).toBe(303);
      const before = await balance(token);
      const refused = await api.call('POST', confirmPath(bundle.body.data.url), { lang: 'en' });
      expect(refused.body).toMatchObject({
        code: 40300,
        msg: 'Extra unlock bundles are for monthly subscribers only.',
      });
      expect(await balance(token)).toBe(before);
      const [row] = await api.database.db
        .select()
        .from(payments)
        .where(eq(payments.id, new URL(bundle.body.data.url).pathname.split('/').pop()!));
      expect(row!.status).toBe('pending');
    });
  });
});
