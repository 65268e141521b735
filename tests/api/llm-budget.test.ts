/**
 * Issue 29, point 4: every LLM call made for a user counts against their LLM budget (30 a minute,
 * 1,000 a day: server/platform/limits.ts): the calls they ask for (drafts, translations), and the
 * ones a feature makes for them (reading a search sentence, writing a search's answer, reading the
 * company files after an upload or on POST /profile/refresh). Past the budget those features go on
 * without the LLM; POST /profile/refresh is itself limited.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateLeads } from '../../server/leads/generate.ts';
import { createApp } from '../../server/app.ts';
import { LLM_CALLS_PER_MINUTE, RATES, llmCallAllowed } from '../../server/platform/limits.ts';
import { countOf } from '../../server/platform/rateLimit.ts';
import { users } from '../../server/platform/db/schema.ts';
import { trackedSettled } from '../../server/platform/work.ts';
import { answer, startFakeLlm, type FakeLlm } from './fakeLlm.ts';
import { readEvents, startApi, type Api } from './harness.ts';

/** The parser reads the product and the country, but not two words: the LLM is asked about it. */
const UNREAD = 'LED panel buyers in Germany, zorblat quimble';
/** The parser reads all of it: the LLM is asked only to write the answer's sentence. */
const READ = 'LED panel buyers in Germany';
const PROFILE = '明亮照明有限公司 专业生产LED面板灯。联系人：王磊 电话：139 0000 1111';

let fake: FakeLlm;
let api: Api;

beforeAll(async () => {
  fake = await startFakeLlm();
  api = await startApi({
    leads: generateLeads().filter((lead) => lead.country === 'DE'),
    env: { LLM_BASE_URL: `${fake.url}/v1`, LLM_API_KEY: 'sk-test', LLM_MODEL: 'fake-model' },
    outreach: false,
  });
}, 60_000);
afterAll(async () => {
  await api?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.reply = (request) => {
    const system = String(request.body?.messages?.[0]?.content ?? '');
    if (system.includes('You turn one sentence'))
      return answer({ role: 'buyer', countries: ['DE'], products: ['LED panel lights'], conditions: {} });
    if (system.includes('short answer of a trade-lead search'))
      return answer({ text: 'These companies match.' });
    // The profile reader's answer: not usable, so the built-in reading stands (an answer, not an
    // HTTP error: the client retries those, and a retry is part of the one call counted).
    return answer('not json');
  };
});

const idOf = async (email: string) =>
  (await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
/** The LLM calls counted against a user today. */
const counted = (userId: number) =>
  countOf(api.services, `llm:user-day:${userId}`, RATES.llmPerUserDay.windowSeconds);

async function search(token: string, query: string) {
  const res = await api.raw('POST', '/chat/search', { token, body: { query }, lang: 'en' });
  return readEvents(res);
}

/** POST /upload_file as the browser sends it. */
async function upload(token: string, name: string, text: string) {
  const form = new FormData();
  form.append('file', new File([text], name, { type: 'text/plain' }));
  form.append('clientId', 'browser-llm-budget');
  const app = createApp({ distDir: '/nonexistent', services: api.services, trustProxy: true, log: () => {} });
  const res = await app.request('/api/upload_file', {
    method: 'POST',
    headers: { token, 'x-forwarded-for': '203.0.113.7' },
    body: form,
  });
  return (await res.json()) as { code: number };
}

/** Spends a user's LLM minute budget, as 30 drafts in a minute would. */
async function spendMinuteBudget(userId: number) {
  for (let i = 0; i < LLM_CALLS_PER_MINUTE; i++)
    expect(await llmCallAllowed(api.services, userId)).toBe(true);
}

describe('every LLM call made for a user counts against their budget', () => {
  it('searches (the sentence and the answer), the reading after an upload and a profile refresh: the budget counts exactly the calls the LLM received', async () => {
    const email = 'llm-count@example.com';
    const token = await api.signUp(email, 'Secret123', { language: 'en' });
    const userId = await idOf(email);
    const before = await counted(userId);

    await search(token, UNREAD);
    await search(token, READ);
    expect((await upload(token, 'profile.txt', PROFILE)).code).toBe(0);
    await trackedSettled(5_000);
    expect((await api.call('POST', '/profile/refresh', { token, body: {} })).body.code).toBe(0);

    // Sentence + answer, answer, the upload's reading, the refresh's reading.
    expect(fake.requests.length).toBe(5);
    expect((await counted(userId)) - before).toBe(fake.requests.length);
  });

  it('past the budget a search still answers, from the built-in parser, and the LLM is not asked', async () => {
    const email = 'llm-spent-search@example.com';
    const token = await api.signUp(email, 'Secret123', { language: 'en' });
    await spendMinuteBudget(await idOf(email));
    fake.requests.length = 0;

    const events = await search(token, UNREAD);
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['understood', 'lead', 'summary']));
    expect(events[0]!.data.products.map((p: { id: string }) => p.id)).toEqual(['led-panel-lights']);
    expect(fake.requests).toHaveLength(0);
  });

  it('past the budget an upload and a refresh read the files with the built-in reader only', async () => {
    const email = 'llm-spent-profile@example.com';
    const token = await api.signUp(email, 'Secret123', { language: 'en' });
    await spendMinuteBudget(await idOf(email));
    fake.requests.length = 0;

    expect((await upload(token, 'profile.txt', PROFILE)).code).toBe(0);
    await trackedSettled(5_000);
    const refreshed = await api.call('POST', '/profile/refresh', { token, body: {} });
    expect(refreshed.body.code).toBe(0);
    expect(refreshed.body.data.company_zh).toBe('明亮照明有限公司');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('POST /profile/refresh is limited per user', () => {
  it(`${RATES.profileRefreshPerUser.max} an hour, then 42900 in the caller's language, without reading the files or asking the LLM; again after the hour`, async () => {
    const email = 'refresher@example.com';
    const token = await api.signUp(email, 'Secret123', { language: 'zh' });
    expect((await upload(token, 'profile.txt', PROFILE)).code).toBe(0);
    await trackedSettled(5_000);
    for (let i = 0; i < RATES.profileRefreshPerUser.max; i++)
      expect(
        (await api.call('POST', '/profile/refresh', { token, body: {} })).body.code,
        `refresh ${i + 1}`,
      ).toBe(0);
    fake.requests.length = 0;
    const refused = await api.call('POST', '/profile/refresh', { token, body: {}, lang: 'zh' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(42900);
    expect(refused.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect(fake.requests).toHaveLength(0);
    // Another user is not held by it.
    const other = await api.signUp('other-refresher@example.com');
    expect((await api.call('POST', '/profile/refresh', { token: other, body: {} })).body.code).toBe(0);

    api.clock.advance(RATES.profileRefreshPerUser.windowSeconds * 1000 + 1000);
    expect((await api.call('POST', '/profile/refresh', { token, body: {} })).body.code).toBe(0);
  });
});

describe('the LLM writes the answer only for a search it read that found companies', () => {
  const summaryOf = (events: { event: string; data: { text?: string; count?: number } }[]) =>
    events.find((e) => e.event === 'summary')!.data;

  it('a sentence the parser read that finds companies: one call, for the answer, and the answer is the LLM’s', async () => {
    const token = await api.signUp('llm-writes@example.com', 'Secret123', { language: 'en' });
    fake.requests.length = 0;
    const summary = summaryOf(await search(token, READ));
    expect(summary.count).toBeGreaterThan(0);
    expect(summary.text).toContain('These companies match.');
    expect(fake.requests).toHaveLength(1);
  });

  it('a search that finds nothing is answered in the built-in words, without asking the LLM', async () => {
    const token = await api.signUp('llm-nothing@example.com', 'Secret123', { language: 'en' });
    fake.requests.length = 0;
    const summary = summaryOf(await search(token, 'LED panel buyers in Japan'));
    expect(summary.count).toBe(0);
    expect(summary.text).not.toContain('These companies match.');
    expect(fake.requests).toHaveLength(0);
  });

  it('edited chips are answered in the built-in words: the LLM read no sentence', async () => {
    const token = await api.signUp('llm-chips@example.com', 'Secret123', { language: 'en' });
    const first = await search(token, READ);
    const chatId = first.find((e) => e.event === 'understood')!.data.chat_id as string;
    fake.requests.length = 0;
    const body = {
      chat_id: chatId,
      criteria: { role: 'buyer', countries: ['DE'], products: ['led-panel-lights'] },
    };
    const summary = summaryOf(
      await readEvents(await api.raw('POST', '/chat/search', { token, body, lang: 'en' })),
    );
    expect(summary.count).toBeGreaterThan(0);
    expect(summary.text).not.toContain('These companies match.');
    expect(fake.requests).toHaveLength(0);
  });
});
