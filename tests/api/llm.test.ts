import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/platform/config.ts';
import { leads } from '../../server/platform/db/schema.ts';
import { generateLeads } from '../../server/leads/generate.ts';
import { parseQuery } from '../../server/leads/parse.ts';
import {
  CATEGORY_BY_ID,
  COUNTRY_BY_CODE,
  type Category,
  type Country,
} from '../../server/leads/reference.ts';
import { createLlm } from '../../server/platform/llm/openai.ts';
import { answer, failure, startFakeLlm, type FakeLlm, type RecordedRequest } from './fakeLlm.ts';
import { readEvents, startApi, type Api } from './harness.ts';

const KEY = 'sk-test-honeyleads-123';
const MODEL = 'fake-model-1';

let fake: FakeLlm;
let api: Api;
let en: string;
let zh: string;
/** A product, country and role that this file's dataset holds companies for. */
let target: { role: 'buyer' | 'supplier'; country: Country; category: Category };

beforeAll(async () => {
  fake = await startFakeLlm();
  api = await startApi({
    leads: generateLeads({ perMajor: 1, perOther: 0 }),
    env: { LLM_BASE_URL: `${fake.url}/v1`, LLM_API_KEY: KEY, LLM_MODEL: MODEL },
  });
  en = await api.signUp('llm-en@example.com', 'Secret123', { language: 'en' });
  zh = await api.signUp('llm-zh@example.com', 'Secret123', { language: 'zh' });
  const [lead] = await api.database.db.select().from(leads).where(eq(leads.country, 'DE')).limit(1);
  target = {
    role: lead!.role,
    country: COUNTRY_BY_CODE.get('DE')!,
    category: CATEGORY_BY_ID.get(lead!.categoryIds[0]!)!,
  };
}, 60_000);
afterAll(async () => {
  await api?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.reply = () => failure(500, 'no reply scripted');
});

const search = async (token: string, query: string) => {
  const res = await api.raw('POST', '/chat/search', { token, body: { query } });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const events = await readEvents(res);
  return {
    events,
    understood: events.find((e) => e.event === 'understood')!.data,
    leads: events.filter((e) => e.event === 'lead').map((e) => e.data),
    summary: events.find((e) => e.event === 'summary')!.data,
  };
};

/** Every lead of the answer matches the role, country and product. */
const expectAllMatch = (
  found: { role: string; country: { code: string }; products: string[] }[],
  want: { role: string; country: string; product: string },
) => {
  expect(found.length).toBeGreaterThan(0);
  for (const lead of found) {
    expect(lead.role).toBe(want.role);
    expect(lead.country.code).toBe(want.country);
    expect(lead.products).toContain(want.product);
  }
};

/** A sentence the built-in parser understands fully. */
const plainSentence = () => `${target.category.en} ${target.role}s in ${target.country.en}`;

describe('createLlm: on only when LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are all set', () => {
  const all = { LLM_BASE_URL: 'https://llm.example/v1', LLM_API_KEY: 'sk-1', LLM_MODEL: 'm' };
  it.each([
    ['none', {}],
    ['no base URL', { LLM_API_KEY: 'sk-1', LLM_MODEL: 'm' }],
    ['no key', { LLM_BASE_URL: 'https://llm.example/v1', LLM_MODEL: 'm' }],
    ['no model', { LLM_BASE_URL: 'https://llm.example/v1', LLM_API_KEY: 'sk-1' }],
    ['an empty key', { ...all, LLM_API_KEY: '' }],
  ])('%s: null', (_name, env) => {
    expect(createLlm(loadConfig(env))).toBeNull();
  });
  it('all three: an LLM named by its model', () => {
    const llm = createLlm(loadConfig(all));
    expect(llm).not.toBeNull();
    expect(llm!.model).toBe('m');
  });
  it('the server without them answers translate with 50300 (services.llm is null)', async () => {
    const plain = await startApi();
    try {
      expect(plain.services.llm).toBeNull();
      const token = await plain.signUp('plain@example.com', 'Secret123', { language: 'en' });
      const res = await plain.call('POST', '/translate', { token, body: { text: 'Hello', target: 'zh' } });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        code: 50300,
        msg: 'Translation is not switched on for this site (an administrator sets LLM_BASE_URL, LLM_API_KEY and LLM_MODEL). Your text is unchanged.',
        data: null,
      });
      const zhToken = await plain.signUp('plain-zh@example.com');
      const inZh = await plain.call('POST', '/translate', {
        token: zhToken,
        body: { text: 'Hello', target: 'zh' },
      });
      expect(inZh.body.code).toBe(50300);
      expect(inZh.body.msg).toMatch(/^本站未开启翻译功能.*LLM_BASE_URL/);
    } finally {
      await plain.close();
    }
  });
});

describe('the OpenAI SDK talks to LLM_BASE_URL', () => {
  it('sends the model, the messages and Authorization: Bearer <key>, and returns the text', async () => {
    fake.reply = () => answer('{"ok":true}');
    const llm = createLlm(
      loadConfig({ LLM_BASE_URL: `${fake.url}/v1`, LLM_API_KEY: KEY, LLM_MODEL: MODEL }),
    )!;
    const messages = [
      { role: 'system' as const, content: 'Answer in JSON.' },
      { role: 'user' as const, content: 'Say ok.' },
    ];
    const text = await llm.complete({ messages, json: true, maxTokens: 50, temperature: 0 });
    expect(text).toBe('{"ok":true}');
    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(sent!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent!.body).toMatchObject({
      model: MODEL,
      messages,
      response_format: { type: 'json_object' },
      max_tokens: 50,
      temperature: 0,
    });
  });

  it('throws on an HTTP error and on an abort, and logs which model failed', async () => {
    const logs: string[] = [];
    const llm = createLlm(
      loadConfig({ LLM_BASE_URL: `${fake.url}/v1`, LLM_API_KEY: KEY, LLM_MODEL: MODEL }),
      { log: (line) => logs.push(line) },
    )!;
    fake.reply = () => failure(500);
    await expect(llm.complete({ messages: [{ role: 'user', content: 'hi' }] })).rejects.toThrow();
    fake.reply = () => answer('late', 10_000);
    const started = Date.now();
    await expect(
      llm.complete({ messages: [{ role: 'user', content: 'hi' }], signal: AbortSignal.timeout(200) }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(logs).toHaveLength(2);
    for (const line of logs) expect(line).toContain(MODEL);
  });
});

describe('search with the LLM', () => {
  it('the LLM understands a sentence the built-in parser cannot; every lead matches what it understood', async () => {
    const sentence = 'Wer verkauft bei den Nachbarn unsere Ware weiter?';
    // The premise: the built-in parser finds no product and no country here.
    expect(parseQuery(sentence)).toMatchObject({ categories: [], country: null });
    const foundText = 'These companies match what you asked for';
    fake.reply = (request) =>
      fake.lastUserMessage(request) === sentence
        ? answer({
            role: target.role,
            country: target.country.iso2,
            products: [target.category.en],
            keywords: [],
          })
        : answer({ text: foundText });

    const { understood, leads: found, summary } = await search(en, sentence);
    expect(understood).toMatchObject({
      role: target.role,
      country: { code: target.country.iso2, name: target.country.en },
      products: [target.category.en],
    });
    expectAllMatch(found, { role: target.role, country: target.country.iso2, product: target.category.en });
    for (const lead of found) expect(lead.why.products).toContain(target.category.en);
    expect(summary.count).toBe(found.length);

    // The first call asked to understand the sentence as JSON; the second wrote the answer text.
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]!.body).toMatchObject({ model: MODEL, response_format: { type: 'json_object' } });
    expect(fake.requests[0]!.body.messages.at(-1)).toEqual({ role: 'user', content: sentence });
    // The text is written from the count and what was understood, never from the leads themselves.
    const facts = fake.lastUserMessage(fake.requests[1]!);
    expect(facts).toContain(String(found.length));
    expect(facts).toContain(target.category.en);
    for (const lead of found) expect(facts).not.toContain(lead.name);
    expect(summary.text).toMatch(
      new RegExp(`^${foundText}\\. \\d+ free searches left today \\(resets at 00:00 UTC\\)\\.$`),
    );

    // The conversation keeps the same answer.
    const messages = (await api.call('GET', `/chat/messages?chat_id=${understood.chat_id}`, { token: en }))
      .body.data;
    expect(messages[1].content).toBe(summary.text);
  });

  it('answers in the user’s language: a Chinese user gets the LLM’s Chinese text', async () => {
    const sentence = '帮我看看邻国那边谁会转卖我们的货';
    fake.reply = (request) =>
      fake.lastUserMessage(request) === sentence
        ? answer({ role: target.role, country: target.country.iso2, products: [target.category.en] })
        : answer({ text: '这些公司符合您的要求' });
    const { understood, leads: found, summary } = await search(zh, sentence);
    expect(understood).toMatchObject({
      role: target.role,
      country: { code: target.country.iso2, name: target.country.zh },
      products: [target.category.zh],
    });
    expectAllMatch(found, { role: target.role, country: target.country.iso2, product: target.category.zh });
    expect(summary.text).toMatch(/^这些公司符合您的要求。今日还可免费搜索 \d+ 次（每天 UTC 0 点重置）。$/);
  });

  it('an answer text in the wrong language or with a number it was not given is not shown', async () => {
    const sentence = plainSentence();
    for (const text of ['这些公司符合您的要求', 'Found 987 companies for you']) {
      fake.reply = (request) =>
        fake.lastUserMessage(request) === sentence
          ? answer({ role: target.role, country: target.country.iso2, products: [target.category.en] })
          : answer({ text });
      const { leads: found, summary } = await search(en, sentence);
      expect(found.length).toBeGreaterThan(0);
      expect(summary.text).toMatch(
        new RegExp(`^Found ${found.length} matching compan(y|ies), each with the reason it matched\\. `),
      );
    }
  });

  const fallbacks: [string, () => void][] = [
    ['an answer that is not JSON', () => (fake.reply = () => answer('Sure! The user wants buyers.'))],
    ['JSON without the asked fields', () => (fake.reply = () => answer({ role: 'importer', products: 'x' }))],
    [
      'an unknown country',
      () => (fake.reply = () => answer({ role: 'buyer', country: 'XQ', products: [target.category.en] })),
    ],
    [
      'no product we carry',
      () => (fake.reply = () => answer({ role: 'buyer', country: 'DE', products: ['moon rocks'] })),
    ],
    ['HTTP 500', () => (fake.reply = () => failure(500))],
  ];
  it.each(fallbacks)('%s: the built-in parser answers and the search still runs', async (_name, script) => {
    script();
    const sentence = plainSentence();
    const builtIn = parseQuery(sentence);
    const { understood, leads: found, summary } = await search(en, sentence);
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(understood).toMatchObject({
      role: builtIn.role,
      country: { code: target.country.iso2 },
      products: builtIn.categories.map((c) => c.en),
    });
    expectAllMatch(found, { role: target.role, country: target.country.iso2, product: target.category.en });
    expect(summary.text).toMatch(/^Found \d+ matching compan(y|ies), each with the reason it matched\. /);
  });

  it('HTTP 500: after the LLM failed, the search does not ask it again for the answer text', async () => {
    fake.reply = () => failure(500);
    const sentence = plainSentence();
    await search(en, sentence);
    expect(fake.requests.length).toBeGreaterThan(0);
    for (const request of fake.requests) expect(fake.lastUserMessage(request)).toBe(sentence);
  });

  it('a slow LLM: the search gives up on it after its deadline and answers with the built-in parser', async () => {
    // Slower than the SDK's own 20 s timeout: only the search's deadline ends the wait in time.
    fake.reply = () => answer({ role: 'buyer', country: 'DE', products: [target.category.en] }, 25_000);
    const sentence = plainSentence();
    const started = Date.now();
    const { understood, leads: found } = await search(en, sentence);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(9_000);
    expect(fake.requests).toHaveLength(1);
    expect(understood).toMatchObject({ role: target.role, country: { code: target.country.iso2 } });
    expectAllMatch(found, { role: target.role, country: target.country.iso2, product: target.category.en });
  });
});

describe('POST /translate', () => {
  it('translates with the LLM into the target language', async () => {
    fake.reply = () => answer('  你好，世界  ');
    const res = await api.call('POST', '/translate', {
      token: en,
      body: { text: 'Hello, world', target: 'zh' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0, data: { text: '你好，世界' } });
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!.body;
    expect(sent.model).toBe(MODEL);
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'Hello, world' });
    expect(sent.messages[0].role).toBe('system');
    expect(sent.messages[0].content).toContain('Chinese');

    fake.reply = () => answer('Hello, world');
    const back = await api.call('POST', '/translate', {
      token: zh,
      body: { text: '你好，世界', target: 'en' },
    });
    expect(back.body).toMatchObject({ code: 0, data: { text: 'Hello, world' } });
    expect(fake.requests[1]!.body.messages[0].content).toContain('English');
  });

  it('accepts 10000 characters', async () => {
    fake.reply = (request: RecordedRequest) => answer(fake.lastUserMessage(request).toUpperCase());
    const res = await api.call('POST', '/translate', {
      token: en,
      body: { text: 'a'.repeat(10_000), target: 'en' },
    });
    expect(res.body).toMatchObject({ code: 0, data: { text: 'A'.repeat(10_000) } });
  });

  it('without a token: 40100', async () => {
    const res = await api.call('POST', '/translate', { body: { text: 'Hello', target: 'zh' } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(40100);
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ['empty text', { text: '', target: 'zh' }, 'text'],
    ['blank text', { text: '  \n ', target: 'zh' }, 'text'],
    ['10001 characters', { text: 'a'.repeat(10_001), target: 'zh' }, 'text'],
    ['no text', { target: 'zh' }, 'text'],
    ['an unknown target', { text: 'Hello', target: 'fr' }, 'target'],
    ['no target', { text: 'Hello' }, 'target'],
    ['an unknown field', { text: 'Hello', target: 'zh', model: 'x' }, 'model'],
  ])('%s: 40001 naming the field, the LLM not called', async (_name, body, field) => {
    const res = await api.call('POST', '/translate', { token: en, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 40001, data: { field } });
    expect(fake.requests).toHaveLength(0);
  });

  it('the LLM failing: a clear 50000 in the user’s language', async () => {
    fake.reply = () => failure(500);
    const res = await api.call('POST', '/translate', { token: en, body: { text: 'Hello', target: 'zh' } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: 50000,
      msg: 'The translation service did not answer. Please try again later.',
      data: null,
    });
    const inZh = await api.call('POST', '/translate', { token: zh, body: { text: 'Hello', target: 'zh' } });
    expect(inZh.body).toMatchObject({ code: 50000, msg: '翻译服务暂时没有响应，请稍后再试' });
  });

  it('is rate limited per user: 20 a minute, then 42900 with retry_after', async () => {
    fake.reply = () => answer('你好');
    const busy = await api.signUp('translator@example.com', 'Secret123', { language: 'en' });
    for (let i = 0; i < 20; i++) {
      const res = await api.call('POST', '/translate', {
        token: busy,
        body: { text: `Hello ${i}`, target: 'zh' },
      });
      expect(res.body.code).toBe(0);
    }
    const refused = await api.call('POST', '/translate', {
      token: busy,
      body: { text: 'Hello', target: 'zh' },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(42900);
    expect(refused.body.data.retry_after).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(20);
    // Another user is not affected.
    expect(
      (await api.call('POST', '/translate', { token: en, body: { text: 'Hello', target: 'zh' } })).body.code,
    ).toBe(0);
    // A minute later the user may translate again.
    api.clock.advance(61_000);
    expect(
      (await api.call('POST', '/translate', { token: busy, body: { text: 'Hello', target: 'zh' } })).body
        .code,
    ).toBe(0);
  });
});
