import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadContacts, leads, users } from '../../server/platform/db/schema.ts';
import { generateLeads } from '../../server/leads/generate.ts';
import { CATEGORY_BY_ID } from '../../server/leads/reference.ts';
import { readEvents, startApi, type Api } from './harness.ts';
import { signUpShownAll } from './shown.ts';

let api: Api;
let alice: string;
let bob: string;
let leadWithContacts: string;
let leadWithout: string;
/** A user who was shown every lead of this file (as searches would), so ids can be picked freely. */
const signUp = (email: string) => signUpShownAll(api, email);

beforeAll(async () => {
  api = await startApi({ leads: generateLeads({ perMajor: 1, perOther: 0 }) });
  alice = await signUp('alice@example.com');
  bob = await signUp('bob@example.com');
  const rows = await api.database.db.execute(sql`
    SELECT l.id, count(c.id)::int AS n FROM leads l LEFT JOIN lead_contacts c ON c.lead_id = l.id
    GROUP BY l.id ORDER BY l.id`);
  const all = (rows as unknown as { rows: { id: string; n: number }[] }).rows;
  leadWithContacts = all.find((r) => Number(r.n) >= 3)!.id;
  leadWithout = all.find((r) => Number(r.n) === 0)?.id ?? '';
  if (!leadWithout) {
    // Make one: a company with nothing to unlock costs nothing.
    leadWithout = all.at(-1)!.id;
    await api.database.db.delete(leadContacts).where(eq(leadContacts.leadId, leadWithout));
  }
}, 60_000);
afterAll(() => api.close());

const balance = async (token: string) => {
  const { data } = (await api.call('GET', '/user/user_info', { token })).body;
  return data.point - data.bp_used;
};

describe('unlock (spec §5, issue: 1 bean, once per user and lead)', () => {
  it('shows what is behind the lock, then charges one bean and reveals up to 5 emails with their status', async () => {
    const before = await balance(alice);
    const res = await api.call('POST', '/leads/unlock', {
      token: alice,
      body: { lead_id: leadWithContacts },
    });
    expect(res.body.code).toBe(0);
    const lead = res.body.data;
    expect(lead.unlocked).toBe(true);
    expect(lead.contacts.emails.length).toBeLessThanOrEqual(5);
    expect(lead.contacts.emails.length).toBe(lead.locked.emails);
    for (const email of lead.contacts.emails) {
      expect(email.email).toMatch(/@[\w-]+\.example$/);
      expect(['valid', 'risky', 'unknown', 'invalid']).toContain(email.status);
    }
    expect(await balance(alice)).toBe(before - 1);
  });

  it('a second unlock of the same lead charges nothing', async () => {
    const before = await balance(alice);
    expect(
      (await api.call('POST', '/leads/unlock', { token: alice, body: { lead_id: leadWithContacts } })).body
        .code,
    ).toBe(0);
    expect(await balance(alice)).toBe(before);
  });

  it('a lead with no contacts costs nothing', async () => {
    const before = await balance(bob);
    const res = await api.call('POST', '/leads/unlock', { token: bob, body: { lead_id: leadWithout } });
    expect(res.body.data.contacts).toEqual({ emails: [], phones: [], socials: [] });
    expect(await balance(bob)).toBe(before);
  });

  it('without beans: 蜜豆不足, nothing unlocked, nothing charged', async () => {
    const poor = await signUp('poor@example.com');
    await api.database.db
      .update(users)
      .set({ bpUsed: sql`point` })
      .where(eq(users.email, 'poor@example.com'));
    const res = await api.call('POST', '/leads/unlock', { token: poor, body: { lead_id: leadWithContacts } });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 40200, msg: '蜜豆不足' });
    const after = await api.call('GET', '/leads/unlocked', { token: poor });
    expect(after.body.data.items).toEqual([]);
  });

  it('a user on a plan with no unlocks left is told the plan unlock limit is reached', async () => {
    const planned = await signUp('planned@example.com');
    await api.database.db
      .update(users)
      .set({
        bpUsed: sql`point`,
        subscriptionStatus: 1,
        planGoodsId: 13,
        payCycle: 1,
        serviceExpirationTime: new Date(Date.now() + 86_400_000),
        language: 'en',
      })
      .where(eq(users.email, 'planned@example.com'));
    const res = await api.call('POST', '/leads/unlock', {
      token: planned,
      body: { lead_id: leadWithContacts },
    });
    expect(res.body).toMatchObject({
      code: 40201,
      msg: 'Plan unlock limit reached. Subscribe to get more unlocks.',
    });
  });

  it('find more emails reveals the next ones only on an unlocked lead', async () => {
    expect(
      (await api.call('GET', `/user/get_delve_email?lead_id=${leadWithContacts}`, { token: bob })).body.code,
    ).toBe(40300);
    const more = await api.call('GET', `/user/get_delve_email?lead_id=${leadWithContacts}`, { token: alice });
    expect(more.body.code).toBe(0);
    expect(more.body.data.emails.length).toBeLessThanOrEqual(5);
  });

  it('refuses bad and unknown lead ids', async () => {
    expect(
      (await api.call('POST', '/leads/unlock', { token: alice, body: { lead_id: 'x' } })).body,
    ).toMatchObject({ code: 40001, data: { field: 'lead_id' } });
    expect(
      (await api.call('POST', '/leads/unlock', { token: alice, body: { lead_id: 'L999999' } })).body.code,
    ).toBe(40400);
  });
});

describe('saved leads, memos and unlocked leads are each user’s own', () => {
  it('sorts saved leads by name, by country, newest or oldest first', async () => {
    const carol = await signUp('carol@example.com');
    const picked = await api.database.db.select().from(leads).orderBy(leads.id).limit(3);
    for (const lead of picked) {
      await api.call('POST', '/leads/collect', { token: carol, body: { lead_id: lead.id } });
      // Saved one after another: distinct save times.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const order = async (sort: string) =>
      (await api.call('GET', `/leads/collects?sort=${sort}`, { token: carol })).body.data.items.map(
        (item: { id: string }) => item.id,
      );
    const ids = picked.map((lead) => lead.id);
    const byName = [...picked]
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((l) => l.id);
    expect(await order('oldest')).toEqual(ids);
    expect(await order('newest')).toEqual([...ids].reverse());
    expect(await order('name')).toEqual(byName);
    expect((await api.call('GET', '/leads/collects?sort=random', { token: carol })).body.code).toBe(40001);
  });

  it('sorts by country as the page names it: English alphabet, Chinese pinyin, not the code', async () => {
    const dave = await signUp('dave@example.com');
    for (const code of ['US', 'DE', 'JP', 'AE', 'GB', 'ES']) {
      const [lead] = await api.database.db.select().from(leads).where(eq(leads.country, code)).limit(1);
      await api.call('POST', '/leads/collect', { token: dave, body: { lead_id: lead!.id } });
    }
    const countries = async (lang: 'zh' | 'en', dir = 'asc') =>
      (
        await api.call('GET', `/leads/collects?sort=country&dir=${dir}`, { token: dave, lang })
      ).body.data.items.map((item: { country: { code: string } }) => item.country.code);
    // Germany, Japan, Spain, United Arab Emirates, United Kingdom, United States.
    expect(await countries('en')).toEqual(['DE', 'JP', 'ES', 'AE', 'GB', 'US']);
    // 阿联酋 (a), 德国 (de), 美国 (mei), 日本 (ri), 西班牙 (xi), 英国 (ying).
    expect(await countries('zh')).toEqual(['AE', 'DE', 'US', 'JP', 'ES', 'GB']);
    expect(await countries('en', 'desc')).toEqual(['US', 'GB', 'AE', 'ES', 'JP', 'DE']);
  });

  it('collects, lists with filters, memos and unsaves', async () => {
    expect(
      (await api.call('POST', '/leads/collect', { token: alice, body: { lead_id: leadWithContacts } })).body
        .code,
    ).toBe(0);
    expect(
      (await api.call('POST', '/leads/collect', { token: alice, body: { lead_id: leadWithContacts } })).body
        .code,
    ).toBe(0);
    const [lead] = await api.database.db.select().from(leads).where(eq(leads.id, leadWithContacts));
    let list = (
      await api.call('GET', `/leads/collects?country=${lead!.country}&role=${lead!.role}`, { token: alice })
    ).body.data;
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([leadWithContacts]);
    // A filter that matches nothing: no rows, and a total of 0 so the pages add up.
    expect(
      (
        await api.call('GET', `/leads/collects?role=${lead!.role === 'buyer' ? 'supplier' : 'buyer'}`, {
          token: alice,
        })
      ).body.data,
    ).toEqual({ items: [], total: 0 });

    expect(
      (
        await api.call('POST', '/user/set_memo', {
          token: alice,
          body: { lead_id: leadWithContacts, memo: '展会认识，<b>下周</b>跟进' },
        })
      ).body.code,
    ).toBe(0);
    list = (await api.call('GET', '/leads/collects', { token: alice })).body.data;
    expect(list.items[0].memo).toBe('展会认识，<b>下周</b>跟进');

    // Bob sees none of it and cannot change it.
    expect((await api.call('GET', '/leads/collects', { token: bob })).body.data).toEqual({
      items: [],
      total: 0,
    });
    expect(
      (
        await api.call('POST', '/user/set_memo', {
          token: bob,
          body: { lead_id: leadWithContacts, memo: 'x' },
        })
      ).body.code,
    ).toBe(40400);
    await api.call('DELETE', '/leads/collect', { token: bob, body: { lead_ids: [leadWithContacts] } });
    expect((await api.call('GET', '/leads/collects', { token: alice })).body.data.total).toBe(1);

    expect(
      (await api.call('DELETE', '/leads/collect', { token: alice, body: { lead_ids: [leadWithContacts] } }))
        .body.code,
    ).toBe(0);
    expect((await api.call('GET', '/leads/collects', { token: alice })).body.data.total).toBe(0);
  });

  it('lists the unlocked leads with their contacts', async () => {
    const { items } = (await api.call('GET', '/leads/unlocked', { token: alice })).body.data;
    expect(items.map((item: { id: string }) => item.id)).toContain(leadWithContacts);
    expect(items[0].contacts).not.toBeNull();
  });

  it('refuses every lead call without a token', async () => {
    for (const [method, path] of [
      ['POST', '/leads/unlock'],
      ['GET', '/leads/unlocked'],
      ['GET', '/leads/collects'],
      ['POST', '/leads/collect'],
      ['DELETE', '/leads/collect'],
      ['POST', '/user/set_memo'],
      ['GET', '/user/get_delve_email?lead_id=L000001'],
      ['POST', '/chat/search'],
      ['GET', '/chat/get_chat_history'],
      ['POST', '/chat/delete_chat_history'],
      ['GET', '/complete_query?q=led'],
      ['POST', '/spider/verify_media'],
    ] as const) {
      expect((await api.call(method, path, { body: {} })).body.code, `${method} ${path}`).toBe(40100);
    }
  });
});

/** A sentence naming the product, role and country of a lead this file's small dataset holds. */
async function findable(country: string, countryName: string) {
  const [lead] = await api.database.db.select().from(leads).where(eq(leads.country, country)).limit(1);
  const product = CATEGORY_BY_ID.get(lead!.categoryIds[0]!)!.en;
  return { lead: lead!, query: `${product} ${lead!.role}s in ${countryName}` };
}

describe('chat history and the free search quota', () => {
  it('keeps each search in the user’s history; reopened and deleted by its owner only', async () => {
    const { lead, query } = await findable('DE', 'Germany');
    const res = await api.raw('POST', '/chat/search', { token: alice, body: { query } });
    const events = await readEvents(res);
    const chatId = events[0]!.data.chat_id;
    const streamed = events.filter((e) => e.event === 'lead').map((e) => e.data.id);
    const history = (await api.call('GET', '/chat/get_chat_history', { token: alice })).body.data;
    expect(history[0]).toMatchObject({ chat_id: chatId, title: query });
    expect(streamed.length).toBeGreaterThan(0);
    // Unlocking after the search shows in the reopened conversation: leads come with today's state.
    await api.call('POST', '/leads/unlock', { token: alice, body: { lead_id: streamed[0] } });
    const messages = (await api.call('GET', `/chat/messages?chat_id=${chatId}`, { token: alice, lang: 'en' }))
      .body.data;
    expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[0]).toMatchObject({ content: query, leads: [] });
    expect(messages[1].understood).toMatchObject({
      criteria: { role: lead.role, countries: ['DE'] },
      countries: [{ code: 'DE', name: 'Germany' }],
    });
    expect(messages[1].leads.map((l: { id: string }) => l.id)).toEqual(streamed);
    expect(messages[1].leads[0]).toMatchObject({ unlocked: true, why: { country: 'Germany' } });
    expect(messages[1].leads[0].contacts).not.toBeNull();
    expect((await api.call('GET', `/chat/messages?chat_id=${chatId}`, { token: bob })).body.code).toBe(40400);
    expect(
      (await api.call('POST', '/chat/delete_chat_history', { token: bob, body: { chat_id: chatId } })).body
        .code,
    ).toBe(40400);
    expect(
      (await api.call('POST', '/chat/delete_chat_history', { token: alice, body: { chat_id: chatId } })).body
        .code,
    ).toBe(0);
    expect((await api.call('GET', '/chat/get_chat_history', { token: alice })).body.data).toEqual([]);
  });

  it('takes a sentence of up to 300 characters and refuses a longer one, using no search', async () => {
    const long = await signUp('long-sentence@example.com');
    const sentence = `${(await findable('US', 'the US')).query} `.padEnd(300, '.');
    const res = await api.raw('POST', '/chat/search', { token: long, body: { query: sentence } });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    await res.text();
    const refused = await api.call('POST', '/chat/search', { token: long, body: { query: `${sentence}.` } });
    expect(refused.body).toMatchObject({ code: 40001, data: { field: 'query' } });
    expect((await api.call('GET', '/chat/quota', { token: long })).body.data.searches_left).toBe(29);
  });

  it('refuses the 31st search of a UTC day, counting only searches that found leads, and resets at midnight UTC', async () => {
    const heavy = await signUp('heavy@example.com');
    const { query } = await findable('US', 'the US');
    // A sentence with nothing to search for does not count, nor does one that finds nothing.
    const vague = await readEvents(
      await api.raw('POST', '/chat/search', { token: heavy, body: { query: '帮我找一下' } }),
    );
    expect(vague.at(-1)).toMatchObject({ event: 'summary', data: { counted: false, searches_left: 30 } });
    const nothing = await readEvents(
      await api.raw('POST', '/chat/search', {
        token: heavy,
        lang: 'en',
        body: { query: 'LED panel buyers in Tuvalu' },
      }),
    );
    expect(nothing.filter((e) => e.event === 'lead')).toEqual([]);
    expect(nothing.at(-1)).toMatchObject({
      event: 'summary',
      data: { count: 0, counted: false, searches_left: 30 },
    });
    expect(nothing.at(-1)!.data.text).toContain('did not count');
    expect((await api.call('GET', '/chat/quota', { token: heavy })).body.data.searches_left).toBe(30);
    for (let i = 0; i < 30; i++) {
      const res = await api.raw('POST', '/chat/search', { token: heavy, body: { query } });
      expect(res.headers.get('content-type'), `search ${i + 1}`).toContain('text/event-stream');
      const events = await readEvents(res);
      expect(events.at(-1)!.data, `search ${i + 1}`).toMatchObject({ counted: true, searches_left: 29 - i });
    }
    const refused = await api.call('POST', '/chat/search', { token: heavy, body: { query } });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 40202 });
    expect(refused.body.msg).toContain('UTC');
    const now = api.clock.now();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, 0, 1);
    api.clock.advance(midnight - now.getTime());
    expect((await api.call('GET', '/chat/quota', { token: heavy })).body.data.searches_left).toBe(30);
  });
});

describe('suggestions, examples and social links', () => {
  it('gives example queries by locale without a token', async () => {
    expect((await api.call('GET', '/get_default_query?language=en')).body.data[0]).toMatch(/Germany/);
    expect((await api.call('GET', '/get_default_query?language=zh')).body.data[0]).toMatch(/德国/);
  });

  it('completes what the user types', async () => {
    expect(
      (await api.call('GET', '/complete_query?q=led%20pan&language=en', { token: alice })).body.data,
    ).toContain('Find LED panel lights buyers');
    expect(
      (await api.call('GET', '/complete_query?q=%E9%9D%A2%E6%9D%BF&language=zh', { token: alice })).body.data,
    ).toContain('帮我找LED面板灯买家');
  });

  it('checks a social link’s platform and format', async () => {
    const check = async (url: string) =>
      (await api.call('POST', '/spider/verify_media', { token: alice, body: { url } })).body.data;
    expect(await check('linkedin.com/company/acme-gmbh')).toMatchObject({
      platform: 'linkedin',
      valid: true,
    });
    expect(await check('https://www.facebook.com/acme.lighting')).toMatchObject({
      platform: 'facebook',
      valid: true,
    });
    expect(await check('https://wa.me/4915550001234')).toMatchObject({ platform: 'whatsapp', valid: true });
    expect(await check('http://linkedin.com/company/acme')).toMatchObject({ valid: false });
    expect(await check('https://evil.example/linkedin.com/company/x')).toMatchObject({
      platform: 'unknown',
      valid: false,
    });
    expect(await check('javascript:alert(1)')).toMatchObject({ valid: false });
  });
});
