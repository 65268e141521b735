import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { FREE_SEARCHES_PER_DAY } from '../../contract/limits.ts';
import { chatMessages, searchUsage } from '../../server/platform/db/schema.ts';
import { startApi, type Api } from './harness.ts';
import { searchAs, testLead, userIdOf } from './fixtures.ts';

/*
 * What a search request may ask and what it leaves behind (spec §8, docs/api.md "POST
 * /chat/search"): a refused request spends nothing, a conversation is titled by its first
 * sentence, and an unlock's line in the bean history names the company.
 */

const LEAD = testLead('L991001', { name: 'Ledger Named Lighting AG', contacts: [] });
const REACHABLE = testLead('L991002', {
  name: 'Reachable Lighting AG',
  contacts: [{ kind: 'email', value: 'buyer@reachable.example', label: 'valid', position: 0 }],
});

let api: Api;
beforeAll(async () => {
  api = await startApi({ leads: [LEAD, REACHABLE], outreach: false });
});
afterAll(() => api.close());

const left = async (token: string) =>
  (await api.call('GET', '/chat/quota', { token })).body.data.searches_left as number;

describe('refused before anything is spent', () => {
  it('"show more" in a conversation that never searched for a product: 40001 naming more, no search spent', async () => {
    const token = await api.signUp('more-first@example.com');
    // A sentence without a product: the answer asks what to look for.
    const first = await searchAs(api, token, { query: 'hello' }, 'en');
    expect(first.summary.count).toBe(0);
    const before = await left(token);
    const more = await searchAs(api, token, { chat_id: first.chatId, more: true }, 'en');
    expect(more.refused).toMatchObject({ code: 40001 });
    expect(more.refused!.msg).toContain('more');
    expect(await left(token)).toBe(before);
  });

  it('edited chips naming a product we do not know: 40001 naming products, no search spent', async () => {
    const token = await api.signUp('unknown-chip@example.com');
    const first = await searchAs(api, token, { query: 'LED panel buyers in Liechtenstein' }, 'en');
    const before = await left(token);
    expect(before).toBe(FREE_SEARCHES_PER_DAY - 1);
    const edited = await searchAs(
      api,
      token,
      {
        chat_id: first.chatId,
        criteria: { role: 'buyer', countries: ['LI'], products: ['no-such-product'] },
      },
      'en',
    );
    expect(edited.refused).toMatchObject({ code: 40001 });
    expect(edited.refused!.msg).toContain('products');
    expect(await left(token)).toBe(before);
  });
});

describe('what a search leaves behind', () => {
  it("a conversation is titled by its first sentence's first 80 characters", async () => {
    const token = await api.signUp('long-title@example.com');
    const query = `LED panel buyers in Liechtenstein ${'with a long story about our factory '.repeat(4)}`;
    expect(query.length).toBeGreaterThan(80);
    await searchAs(api, token, { query }, 'en');
    const history = (await api.call('GET', '/chat/get_chat_history', { token })).body.data;
    expect(history[0].title).toBe(query.slice(0, 80));
  });

  it('searches a minute apart on one UTC day count against the same day', async () => {
    const token = await api.signUp('same-day@example.com');
    await searchAs(api, token, { query: 'LED panel buyers in Liechtenstein' }, 'en');
    api.clock.advance(60_000);
    await searchAs(api, token, { query: 'LED panel buyers in Liechtenstein' }, 'en');
    expect(await left(token)).toBe(FREE_SEARCHES_PER_DAY - 2);
  });

  it('the free searches used up: 40202 saying how many there were, the free kind and not the fair-use one', async () => {
    const token = await api.signUp('used-up@example.com');
    const id = await userIdOf(api, 'used-up@example.com');
    const day = api.clock.now().toISOString().slice(0, 10);
    await api.database.db.insert(searchUsage).values({ userId: id, day, count: FREE_SEARCHES_PER_DAY });
    const refused = await searchAs(api, token, { query: 'LED panel buyers in Liechtenstein' }, 'en');
    expect(refused.refused).toMatchObject({ code: 40202 });
    expect(refused.refused!.msg).toContain(`today’s ${FREE_SEARCHES_PER_DAY} free searches`);
  });

  it('the edited chips are kept as the user turn, saying what the search became', async () => {
    const token = await api.signUp('edited-turn@example.com');
    const first = await searchAs(api, token, { query: 'LED panel buyers in Liechtenstein' }, 'en');
    await searchAs(
      api,
      token,
      {
        chat_id: first.chatId,
        criteria: { role: 'buyer', countries: ['MT'], products: ['led-panel-lights'] },
      },
      'en',
    );
    const messages = (await api.call('GET', `/chat/messages?chat_id=${first.chatId}`, { token, lang: 'en' }))
      .body.data;
    const turn = messages.filter((m: { role: string }) => m.role === 'user')[1].content as string;
    expect(turn).toMatch(/^Changed the search: .*Malta/);
    expect(turn).not.toContain('{');
  });

  it('a conversation whose earlier answer cannot be read is continued as a new search', async () => {
    const token = await api.signUp('unreadable@example.com');
    const first = await searchAs(api, token, { query: 'LED panel buyers in Liechtenstein' }, 'en');
    await api.database.db
      .update(chatMessages)
      .set({ payload: '{not json' })
      .where(eq(chatMessages.chatId, first.chatId!));
    const next = await searchAs(
      api,
      token,
      { chat_id: first.chatId, query: 'LED panel buyers in Liechtenstein' },
      'en',
    );
    expect(next.refused).toBeNull();
    expect(next.ids.sort()).toEqual([LEAD.id, REACHABLE.id].sort());
  });

  it('a continued conversation keeps whether its first sentence said buyers or suppliers', async () => {
    const ASSUMED = 'The sentence did not say buyers or suppliers, so this looks for buyers.';
    const token = await api.signUp('role-kept@example.com');
    const first = await searchAs(api, token, { query: 'LED panels in Liechtenstein' }, 'en');
    expect(first.summary.text).toContain(ASSUMED);
    const next = await searchAs(api, token, { chat_id: first.chatId, query: 'in Liechtenstein' }, 'en');
    expect(next.ids.length).toBeGreaterThan(0);
    expect(next.summary.text).toContain(ASSUMED);

    const stated = await searchAs(api, token, { query: 'LED panel buyers in Liechtenstein' }, 'en');
    expect(stated.summary.text).not.toContain(ASSUMED);
    const continued = await searchAs(api, token, { chat_id: stated.chatId, query: 'in Liechtenstein' }, 'en');
    expect(continued.summary.text).not.toContain(ASSUMED);

    // An answer stored before the role's statement was kept: its role counts as stated.
    const older = await searchAs(api, token, { query: 'LED panels in Liechtenstein' }, 'en');
    const [row] = await api.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.chatId, older.chatId!))
      .orderBy(desc(chatMessages.id))
      .limit(1);
    const { role_stated: _dropped, ...withoutRole } = JSON.parse(row!.payload!) as Record<string, unknown>;
    await api.database.db
      .update(chatMessages)
      .set({ payload: JSON.stringify(withoutRole) })
      .where(eq(chatMessages.id, row!.id));
    const legacy = await searchAs(api, token, { chat_id: older.chatId, query: 'in Liechtenstein' }, 'en');
    expect(legacy.ids.length).toBeGreaterThan(0);
    expect(legacy.summary.text).not.toContain(ASSUMED);
  });

  it('a product we know but hold no company for: said so, nothing more to show, and not counted', async () => {
    const token = await api.signUp('no-data@example.com');
    const answer = await searchAs(api, token, { query: 'LED grow lights buyers in Liechtenstein' }, 'en');
    expect(answer.ids).toEqual([]);
    expect(answer.summary).toMatchObject({ count: 0, more: false, counted: false });
    expect(answer.summary.text).toContain('Our data has no companies carrying LED grow lights yet.');
    expect(await left(token)).toBe(FREE_SEARCHES_PER_DAY);
  });

  it("an unlock's line in the bean history names the company", async () => {
    const token = await api.signUp('ledger-name@example.com');
    await searchAs(api, token, { query: 'LED panel buyers in Liechtenstein' }, 'en');
    expect(
      (await api.call('POST', '/leads/unlock', { token, body: { lead_id: REACHABLE.id } })).body.code,
    ).toBe(0);
    const history = (await api.call('GET', '/user/bean_history?page=1&page_size=10', { token, lang: 'en' }))
      .body.data;
    expect(history.items[0]).toMatchObject({ reason: 'unlock', amount: -1, detail: 'Reachable Lighting AG' });
  });
});
