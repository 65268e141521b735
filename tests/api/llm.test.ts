import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/platform/config.ts';
import { generateLeads, type GeneratedLead } from '../../server/leads/generate.ts';
import { parseQuery } from '../../server/search/parse.ts';
import { categoriesOf, findProducts, PRODUCT_BY_ID, PRODUCTS } from '../../server/search/products.ts';
import { productCandidates } from '../../server/search/retrieve.ts';
import { rangesWithin } from '../../server/search/conditions.ts';
import { CATEGORIES, CATEGORY_BY_ID, type Category } from '../../server/leads/reference.ts';
import { message, type Lang } from '../../server/i18n.ts';
import { createLlm } from '../../server/platform/llm/openai.ts';
import { answer, failure, startFakeLlm, type FakeLlm, type RecordedRequest } from './fakeLlm.ts';
import { readEvents, startApi, type Api } from './harness.ts';

const KEY = 'sk-test-honeyleads-123';
const MODEL = 'fake-model-1';

let fake: FakeLlm;
let api: Api;
let en: string;
let zh: string;
/** This file's companies: one per sector in each major market. */
const dataset = generateLeads({ perMajor: 1, perOther: 0 });
/**
 * A product, role and country this dataset holds companies for, and a sentence naming them that
 * the built-in parser reads fully (so the LLM is never asked to understand it).
 */
let target: { role: 'buyer' | 'supplier'; country: 'DE'; category: Category; sentence: string };

beforeAll(async () => {
  fake = await startFakeLlm();
  api = await startApi({
    leads: dataset,
    env: { LLM_BASE_URL: `${fake.url}/v1`, LLM_API_KEY: KEY, LLM_MODEL: MODEL },
  });
  en = await api.signUp('llm-en@example.com', 'Secret123', { language: 'en' });
  zh = await api.signUp('llm-zh@example.com', 'Secret123', { language: 'zh' });
  for (const lead of dataset.filter((l) => l.country === 'DE')) {
    const category = CATEGORY_BY_ID.get(lead.categoryIds[0]!)!;
    const sentence = `${category.en} ${lead.role}s in Germany`;
    const read = parseQuery(sentence);
    if (
      read.products.length &&
      !read.unknown.length &&
      read.countries.join() === 'DE' &&
      read.role === lead.role
    ) {
      target = { role: lead.role, country: 'DE', category, sentence };
      break;
    }
  }
  expect(target).toBeDefined();
}, 60_000);
afterAll(async () => {
  await api?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.reply = () => failure(500, 'no reply scripted');
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Event = { event: string; data: any };

/** One search through POST /chat/search on a page in `lang`, its stream read to the end. */
const search = async (token: string, query: string, lang: Lang) => {
  const res = await api.raw('POST', '/chat/search', { token, body: { query }, lang });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const events: Event[] = await readEvents(res);
  expect(events.map((e) => e.event).filter((e) => e !== 'lead')).toEqual(['understood', 'summary']);
  return {
    events,
    understood: events.find((e) => e.event === 'understood')!.data,
    leads: events.filter((e) => e.event === 'lead').map((e) => e.data),
    summary: events.find((e) => e.event === 'summary')!.data,
  };
};

/** The names (in `lang`) of the demo categories that carry these products, or a narrower one. */
const categoryNames = (productIds: string[], lang: Lang) => {
  const slugs = new Set(productIds.flatMap((id) => categoriesOf(PRODUCT_BY_ID.get(id)!)));
  return new Set(CATEGORIES.filter((c) => slugs.has(c.slug)).map((c) => c[lang]));
};

/** Every lead of the answer is of the role, in one of the countries and carries an asked product. */
const expectAllMatch = (
  found: { role: string; country: { code: string }; products: string[]; why: { products: string[] } }[],
  want: { role: string; countries: string[]; products: string[] },
  lang: Lang,
) => {
  expect(found.length).toBeGreaterThan(0);
  const carried = categoryNames(want.products, lang);
  for (const lead of found) {
    expect(lead.role).toBe(want.role);
    expect(want.countries).toContain(lead.country.code);
    expect(lead.products.some((name) => carried.has(name))).toBe(true);
    expect(lead.why.products.length).toBeGreaterThan(0);
  }
};

/** The product ids the LLM's product names stand for (server/search/llm.ts reads them the same way). */
const productIds = (names: string[]) => [
  ...new Set(names.flatMap((name) => findProducts(name).products.map((p) => p.id))),
];

/** The product ids a criteria call offered the model (its JSON schema's enum; none: no enum). */
const offeredIds = (request: RecordedRequest): string[] =>
  request.body.response_format.json_schema.schema.properties.products.items.enum ?? [];

/**
 * What a model that reads the sentence as `want` answers to a criteria call: the ids it was
 * offered (the call's JSON schema) that stand for the goods named, or, when none was offered, the
 * goods' names as `other_goods`. Any other call (the text on what was found) gets `otherwise`.
 */
const understands =
  (
    sentence: string,
    want: {
      role: string | null;
      countries: string[];
      goods: string[];
      regions?: string[];
      conditions?: Record<string, unknown>;
    },
    otherwise: object = { text: 'These companies match what you asked for' },
  ) =>
  (request: RecordedRequest) => {
    if (fake.lastUserMessage(request) !== sentence) return answer(otherwise);
    const offered = offeredIds(request);
    const ids = productIds(want.goods).filter((id) => offered.includes(id));
    return answer({
      role: want.role,
      countries: want.countries,
      regions: want.regions ?? [],
      products: ids,
      other_goods: ids.length ? [] : want.goods,
      conditions: {
        phone: null,
        email: null,
        min_employees: null,
        max_employees: null,
        company_type: null,
        ...want.conditions,
      },
    });
  };

/** The summary's sentences after the one on what was found: "show more", then the searches left. */
const summaryTail = (summary: { more: boolean; searches_left: number | null }, lang: Lang) =>
  [
    summary.more ? message(lang, 'searchMoreAvailable') : '',
    summary.searches_left === null
      ? ''
      : summary.searches_left === 1
        ? message(lang, 'searchesLeftLineOne')
        : message(lang, 'searchesLeftLine', { left: summary.searches_left }),
  ].filter(Boolean);

/** The built-in sentence on what was found (one country: no per-country part). */
const builtInFound = (count: number, lang: Lang) =>
  message(lang, count === 1 ? 'searchFoundOne' : 'searchFoundMany', { count });

/**
 * A sentence the built-in parser reads only in part: the product and the country, plus words it
 * does not know, so the LLM is asked to understand it.
 */
const partlyRead = () => `${target.sentence}, the zorblat kind`;

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
      const res = await plain.call('POST', '/translate', {
        token,
        body: { text: 'Hello', target: 'zh' },
        lang: 'en',
      });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        code: 50300,
        // Plain words: no server setting's name reaches the user (issue 15).
        msg: 'Translation is not switched on for this site. Your text is unchanged.',
        data: null,
      });
      const zhToken = await plain.signUp('plain-zh@example.com');
      const inZh = await plain.call('POST', '/translate', {
        token: zhToken,
        body: { text: 'Hello', target: 'zh' },
      });
      expect(inZh.body.code).toBe(50300);
      expect(inZh.body.msg).toBe('本站未开启翻译功能，原文已保留。');
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

  it('asks for a JSON schema as a strict structured output; a server that refuses schemas is asked for plain JSON from then on', async () => {
    const logs: string[] = [];
    const llm = createLlm(
      loadConfig({ LLM_BASE_URL: `${fake.url}/v1`, LLM_API_KEY: KEY, LLM_MODEL: MODEL }),
      { log: (line) => logs.push(line) },
    )!;
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] };
    const request = {
      messages: [{ role: 'user' as const, content: 'Say ok.' }],
      schema: { name: 'ok', schema },
    };
    fake.reply = () => answer('{"ok":true}');
    expect(await llm.complete(request)).toBe('{"ok":true}');
    expect(fake.requests[0]!.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'ok', strict: true, schema },
    });
    // A server without structured outputs: 400 to the schema, then the same call as json_object.
    fake.requests.length = 0;
    fake.reply = (sent) =>
      sent.body.response_format.type === 'json_schema'
        ? failure(400, "response_format type 'json_schema' is not supported")
        : answer('{"ok":false}');
    const refusing = createLlm(
      loadConfig({ LLM_BASE_URL: `${fake.url}/v1`, LLM_API_KEY: KEY, LLM_MODEL: MODEL }),
      { log: (line) => logs.push(line) },
    )!;
    expect(await refusing.complete(request)).toBe('{"ok":false}');
    expect(await refusing.complete(request)).toBe('{"ok":false}');
    expect(fake.requests.map((sent) => sent.body.response_format.type)).toEqual([
      'json_schema',
      'json_object',
      'json_object',
    ]);
    expect(logs.filter((line) => line.includes('refused a JSON schema'))).toHaveLength(1);
    // A 400 about something else (here, the context length) is an error, and schemas stay on.
    fake.requests.length = 0;
    fake.reply = () => failure(400, 'maximum context length exceeded');
    const other = createLlm(
      loadConfig({ LLM_BASE_URL: `${fake.url}/v1`, LLM_API_KEY: KEY, LLM_MODEL: MODEL }),
      { log: (line) => logs.push(line) },
    )!;
    await expect(other.complete(request)).rejects.toThrow();
    fake.reply = () => answer('{"ok":true}');
    expect(await other.complete(request)).toBe('{"ok":true}');
    expect(fake.requests.map((sent) => sent.body.response_format.type)).toEqual([
      'json_schema',
      'json_schema',
    ]);
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
  it('a sentence the built-in parser reads fully is never sent to the LLM to understand', async () => {
    // Were it asked, this answer would send the search to France.
    fake.reply = (request) =>
      fake.lastUserMessage(request) === target.sentence
        ? answer({ role: target.role, countries: ['FR'], products: [target.category.en] })
        : answer({ text: 'These companies match what you asked for' });
    const builtIn = parseQuery(target.sentence);
    const { understood, leads: found } = await search(en, target.sentence, 'en');
    expect(understood.criteria).toMatchObject({
      role: builtIn.role,
      countries: ['DE'],
      products: builtIn.products.map((p) => p.id),
    });
    expectAllMatch(
      found,
      { role: target.role, countries: ['DE'], products: builtIn.products.map((p) => p.id) },
      'en',
    );
    // Only the text on what was found was asked for.
    expect(fake.requests).toHaveLength(1);
    expect(fake.lastUserMessage(fake.requests[0]!)).not.toBe(target.sentence);
  });

  it('the LLM understands a sentence the built-in parser cannot; every lead matches what it understood', async () => {
    const sentence = 'Wer verkauft bei den Nachbarn unsere Ware weiter?';
    // The premise: the built-in parser finds no product and no country here.
    expect(parseQuery(sentence)).toMatchObject({ products: [], countries: [] });
    const foundText = 'These companies match what you asked for';
    fake.reply = understands(
      sentence,
      { role: target.role, countries: ['de'], goods: [target.category.en] },
      { text: foundText },
    );

    const { understood, leads: found, summary } = await search(en, sentence, 'en');
    const products = productIds([target.category.en]);
    expect(products.length).toBeGreaterThan(0);
    expect(understood).toMatchObject({
      criteria: { role: target.role, countries: ['DE'], regions: [], products, conditions: {} },
      role_stated: true,
      countries: [{ code: 'DE', name: 'Germany' }],
      products: products.map((id) => ({ id, name: PRODUCT_BY_ID.get(id)!.en })),
      conditions: [],
      unknown: [],
    });
    expectAllMatch(found, { role: target.role, countries: ['DE'], products }, 'en');
    expect(summary.count).toBe(found.length);

    // The model chose among candidates retrieved for the sentence (the sentence's words hold
    // none of the goods, so it named them and chose again among theirs); the last call wrote the text.
    const criteriaCalls = fake.requests.slice(0, -1);
    expect(criteriaCalls.map((request) => offeredIds(request).some((id) => products.includes(id)))).toEqual([
      ...(criteriaCalls.length === 2 ? [false] : []),
      true,
    ]);
    expect(criteriaCalls.length).toBe(
      productCandidates(sentence).some((p) => products.includes(p.id)) ? 1 : 2,
    );
    for (const request of criteriaCalls) {
      expect(request.body).toMatchObject({
        model: MODEL,
        response_format: { type: 'json_schema', json_schema: { name: 'search_criteria', strict: true } },
      });
      expect(request.body.messages.at(-1)).toEqual({ role: 'user', content: sentence });
    }
    // The text is written from the count and what was understood, never from the leads themselves.
    const facts = fake.lastUserMessage(fake.requests.at(-1)!);
    expect(JSON.parse(facts)).toMatchObject({
      found: found.length,
      countries: ['Germany'],
      found_per_country: [{ country: 'Germany', found: found.length }],
    });
    expect(facts).toContain(PRODUCT_BY_ID.get(products[0]!)!.en);
    for (const lead of found) expect(facts).not.toContain(lead.name);
    expect(summary.text).toBe([`${foundText}.`, ...summaryTail(summary, 'en')].join(' '));

    // The conversation keeps the same answer.
    const messages = (
      await api.call('GET', `/chat/messages?chat_id=${understood.chat_id}`, { token: en, lang: 'en' })
    ).body.data;
    expect(messages[1].content).toBe(summary.text);
  });

  it('distributors with other resellers after them: the built-in answer says which are which, not the LLM’s text', async () => {
    // From the data: a product with a few distributors and other buyers that resell, anywhere.
    const resells = (lead: GeneratedLead) =>
      ['importer', 'wholesaler', 'retailer'].includes(lead.companyType);
    const groups = new Map<string, { distributors: number; others: number }>();
    for (const lead of dataset.filter((l) => l.role === 'buyer'))
      for (const id of lead.categoryIds) {
        const key = String(id);
        const group = groups.get(key) ?? { distributors: 0, others: 0 };
        if (lead.companyType === 'distributor') group.distributors++;
        else if (resells(lead)) group.others++;
        groups.set(key, group);
      }
    const [key] = [...groups].find(
      ([k, g]) =>
        g.distributors > 0 &&
        g.distributors < 10 &&
        g.others > 0 &&
        productIds([CATEGORY_BY_ID.get(Number(k))!.en]).length > 0,
    )!;
    const sentence = 'Wer verkauft bei den Nachbarn unsere Ware weiter, als Händler?';
    fake.reply = understands(
      sentence,
      {
        role: 'buyer',
        countries: [],
        goods: [CATEGORY_BY_ID.get(Number(key))!.en],
        conditions: { phone: null, email: null, min_employees: null, company_type: 'distributor' },
      },
      { text: 'These companies match what you asked for' },
    );
    const { leads: found, summary } = await search(en, sentence, 'en');
    const others = found.filter((lead: { why: { kind: string } }) => lead.why.kind === 'reseller');
    expect(others.length).toBeGreaterThan(0);
    expect(summary.text).toContain(`${found.length - others.length} are distributors and come first`);
    expect(summary.text).not.toContain('These companies match');
    // Nor is the LLM asked to write one.
    expect(fake.requests.length).toBeGreaterThan(0);
    for (const request of fake.requests)
      expect(request.body).toMatchObject({ response_format: { json_schema: { name: 'search_criteria' } } });
  });

  it('what the sentence leaves out stays out when the LLM reads it in: "…, not France"', async () => {
    const sentence = `${target.sentence} and France, not France, the zorblat kind`;
    // The premise: the parser asks the LLM (a word it does not know), and reads France as left out.
    expect(parseQuery(sentence).unknown).toContain('zorblat');
    expect(parseQuery(sentence).excluded?.countries).toEqual(['FR']);
    fake.reply = understands(sentence, {
      role: target.role,
      countries: ['DE', 'FR'],
      goods: [target.category.en],
    });
    const { understood, leads: found } = await search(en, sentence, 'en');
    expect(understood.criteria.countries).toEqual(['DE']);
    expect(found.every((lead) => lead.country.code === 'DE')).toBe(true);
  });

  it('the LLM’s several countries and conditions: the understood event carries them and every lead meets them all', async () => {
    // From the data: a product, role and kind of company with companies that have a phone and
    // more than 10 employees in at least two countries.
    const fits = (lead: GeneratedLead) =>
      lead.contacts.some((c) => c.kind === 'phone') && lead.size !== '1-10' && lead.companyType !== '';
    const groups = new Map<string, Set<string>>();
    for (const lead of dataset.filter(fits))
      for (const id of lead.categoryIds) {
        const key = `${lead.role}|${id}|${lead.companyType}`;
        groups.set(key, (groups.get(key) ?? new Set()).add(lead.country));
      }
    const [key, where] = [...groups].find(
      ([k, countries]) =>
        countries.size >= 2 && productIds([CATEGORY_BY_ID.get(Number(k.split('|')[1]))!.en]).length > 0,
    )!;
    const [role, categoryId, companyType] = key.split('|') as ['buyer' | 'supplier', string, string];
    const category = CATEGORY_BY_ID.get(Number(categoryId))!;
    // Two countries with such companies, and one with no company in this file's data.
    const countries = [...[...where].slice(0, 2), 'CH'];
    expect(dataset.some((lead) => lead.country === 'CH')).toBe(false);

    const sentence =
      'Firmen in unseren Nachbarländern mit Telefon, mehr als zehn Leute, die unsere Ware kaufen';
    // The premise: the built-in parser does not read it fully (so the LLM is asked), nor its countries.
    const builtIn = parseQuery(sentence);
    expect(builtIn.unknown.length).toBeGreaterThan(0);
    expect(builtIn.countries).toEqual([]);
    fake.reply = understands(
      sentence,
      {
        role,
        countries,
        goods: [category.en],
        conditions: { phone: true, email: null, min_employees: 11, company_type: companyType },
      },
      { text: '这些公司符合您的要求' },
    );

    const { understood, leads: found, summary } = await search(zh, sentence, 'zh');
    const products = productIds([category.en]);
    expect(understood.criteria).toEqual({
      role,
      countries,
      regions: [],
      products,
      conditions: { phone: true, employees: { min: 11 }, company_type: companyType },
    });
    expect(understood.countries.map((c: { code: string }) => c.code)).toEqual(countries);
    expect(understood.conditions.map((c: { key: string }) => c.key).sort()).toEqual([
      'company_type',
      'employees',
      'phone',
    ]);
    expect(understood.text).toContain(message('zh', 'condPhone'));

    expectAllMatch(found, { role, countries, products }, 'zh');
    const sizes = rangesWithin({ min: 11 });
    for (const lead of found) {
      expect(lead.company_type).toBe(companyType);
      expect(lead.locked.phones).toBeGreaterThan(0);
      expect(sizes).toContain(lead.size);
      expect([...lead.why.conditions].sort()).toEqual(['company_type', 'employees', 'phone']);
    }
    // Both countries with such companies are in the answer (countries take turns).
    expect(new Set(found.map((l: { country: { code: string } }) => l.country.code))).toEqual(
      new Set(countries.slice(0, 2)),
    );
    expect(summary.by_country.map((c: { code: string }) => c.code)).toEqual(countries);
    expect(summary.by_country.find((c: { code: string }) => c.code === 'CH').count).toBe(0);
    expect(summary.text).toBe(['这些公司符合您的要求。', ...summaryTail(summary, 'zh')].join(''));
  });

  it('answers in the page’s language: an English account on a Chinese page gets the LLM’s Chinese text', async () => {
    const sentence = '帮我看看邻国那边谁会转卖我们的货';
    expect(parseQuery(sentence).products).toEqual([]);
    fake.reply = understands(
      sentence,
      { role: target.role, countries: ['DE'], goods: [target.category.en] },
      { text: '这些公司符合您的要求' },
    );
    const { understood, leads: found, summary } = await search(en, sentence, 'zh');
    const products = productIds([target.category.en]);
    expect(understood).toMatchObject({
      countries: [{ code: 'DE', name: '德国' }],
      products: products.map((id) => ({ id, name: PRODUCT_BY_ID.get(id)!.zh })),
    });
    expectAllMatch(found, { role: target.role, countries: ['DE'], products }, 'zh');
    // The text was asked for in Chinese, with Chinese names.
    expect(fake.requests.at(-1)!.body.messages[0].content).toContain('Simplified Chinese');
    expect(JSON.parse(fake.lastUserMessage(fake.requests.at(-1)!)).countries).toEqual(['德国']);
    expect(summary.text).toBe(['这些公司符合您的要求。', ...summaryTail(summary, 'zh')].join(''));
  });

  it('an answer text in the wrong language or with a number it was not given is not shown', async () => {
    for (const text of ['这些公司符合您的要求', 'Found 987 companies for you']) {
      fake.requests.length = 0;
      fake.reply = () => answer({ text });
      const { leads: found, summary } = await search(en, target.sentence, 'en');
      expect(found.length).toBeGreaterThan(0);
      // The LLM was asked, and its text left out for the built-in one.
      expect(fake.requests).toHaveLength(1);
      expect(summary.text).toBe(
        [`${builtInFound(found.length, 'en')}.`, ...summaryTail(summary, 'en')].join(' '),
      );
    }
  });

  it('an answer text with several numbers is shown only when it was given every one of them', async () => {
    // The count it was given first, then one it was not (issue 30: "LLM answers with several numbers").
    fake.reply = (request) => {
      const facts = JSON.parse(fake.lastUserMessage(request));
      return answer({ text: `Found ${facts.found} companies in ${facts.found + 7} cities` });
    };
    const invented = await search(en, target.sentence, 'en');
    expect(invented.summary.text).toBe(
      [`${builtInFound(invented.leads.length, 'en')}.`, ...summaryTail(invented.summary, 'en')].join(' '),
    );
    // Two numbers, both given (the count twice, once per country): the LLM's text is shown.
    fake.reply = (request) => {
      const facts = JSON.parse(fake.lastUserMessage(request));
      return answer({
        text: `Found ${facts.found} companies, ${facts.found_per_country[0].found} in Germany`,
      });
    };
    const given = await search(en, target.sentence, 'en');
    const n = given.leads.length;
    expect(given.summary.text).toBe(
      [`Found ${n} companies, ${n} in Germany.`, ...summaryTail(given.summary, 'en')].join(' '),
    );
  });

  const fallbacks: [string, () => void][] = [
    ['an answer that is not JSON', () => (fake.reply = () => answer('Sure! The user wants buyers.'))],
    ['JSON without the asked fields', () => (fake.reply = () => answer({ role: 'importer', products: 'x' }))],
    [
      'an unknown country',
      () =>
        (fake.reply = understands(
          partlyRead(),
          {
            role: 'buyer',
            countries: ['XQ'],
            goods: [target.category.en],
          },
          {},
        )),
    ],
    [
      'an unknown region',
      () =>
        (fake.reply = understands(
          partlyRead(),
          {
            role: 'buyer',
            countries: [],
            regions: ['atlantis'],
            goods: [target.category.en],
          },
          {},
        )),
    ],
    [
      'a product id it was not offered',
      () =>
        (fake.reply = () =>
          answer({
            role: 'buyer',
            countries: ['DE'],
            regions: [],
            // One of ours, but not among the candidates of this sentence.
            products: [
              PRODUCTS.find(
                (p) => !productCandidates(partlyRead(), parseQuery(partlyRead()).products).includes(p),
              )!.id,
            ],
            other_goods: [],
          })),
    ],
    [
      'a product name instead of an id',
      () => (fake.reply = () => answer({ role: 'buyer', countries: ['DE'], products: [target.category.en] })),
    ],
    [
      'no product we carry',
      () =>
        (fake.reply = understands(
          partlyRead(),
          { role: 'buyer', countries: ['DE'], goods: ['moon rocks'] },
          {},
        )),
    ],
    [
      'an unknown kind of company',
      () =>
        (fake.reply = understands(
          partlyRead(),
          {
            role: 'buyer',
            countries: ['DE'],
            goods: [target.category.en],
            conditions: { company_type: 'spaceport' },
          },
          {},
        )),
    ],
    ['HTTP 500', () => (fake.reply = () => failure(500))],
  ];
  it.each(fallbacks)('%s: the built-in parser answers and the search still runs', async (name, script) => {
    script();
    // An account of its own: a minute's LLM budget (30 calls) is not this list's to share.
    const token = await api.signUp(
      `llm-${fallbacks.findIndex(([n]) => n === name)}@example.com`,
      'Secret123',
      {
        language: 'en',
      },
    );
    const sentence = partlyRead();
    const builtIn = parseQuery(sentence);
    // The premise: the parser reads the product and the country but not every word.
    expect(builtIn.unknown).toContain('zorblat');
    const { understood, leads: found, summary } = await search(token, sentence, 'en');
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(fake.lastUserMessage(fake.requests[0]!)).toBe(sentence);
    const products = builtIn.products.map((p) => p.id);
    expect(understood).toMatchObject({
      criteria: { role: builtIn.role, countries: ['DE'], products, conditions: {} },
      // The parser's own reading: the words it left out are said.
      unknown: builtIn.unknown,
    });
    expectAllMatch(found, { role: target.role, countries: ['DE'], products }, 'en');
    expect(summary.text.startsWith(`${builtInFound(found.length, 'en')}.`)).toBe(true);
    expect(summary.text).toContain(
      message('en', 'searchUnknownWords', {
        words: builtIn.unknown.join(message('en', 'searchListSeparator')),
      }),
    );
  });

  it('HTTP 500: after the LLM failed, the search does not ask it again for the answer text', async () => {
    fake.reply = () => failure(500);
    const sentence = partlyRead();
    const { leads: found } = await search(en, sentence, 'en');
    expect(found.length).toBeGreaterThan(0);
    // The SDK may retry the one call; every request is the sentence, none the facts.
    expect(fake.requests.length).toBeGreaterThan(0);
    for (const request of fake.requests) expect(fake.lastUserMessage(request)).toBe(sentence);
  });

  it('a slow LLM: the search gives up on it after its deadline and answers with the built-in parser', async () => {
    // Slower than the SDK's own 20 s timeout: only the search's deadline ends the wait in time.
    fake.reply = () =>
      answer({ role: 'supplier', countries: ['FR'], products: [target.category.en] }, 25_000);
    const sentence = partlyRead();
    const builtIn = parseQuery(sentence);
    const started = Date.now();
    const { understood, leads: found } = await search(en, sentence, 'en');
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(9_000);
    // Asked once: after it timed out, not again for the answer text.
    expect(fake.requests).toHaveLength(1);
    expect(understood.criteria).toMatchObject({ role: target.role, countries: ['DE'] });
    expectAllMatch(
      found,
      { role: target.role, countries: ['DE'], products: builtIn.products.map((p) => p.id) },
      'en',
    );
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

  it('the LLM failing: a clear 50000 in the page’s language', async () => {
    fake.reply = () => failure(500);
    const res = await api.call('POST', '/translate', {
      token: zh,
      body: { text: 'Hello', target: 'zh' },
      lang: 'en',
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: 50000,
      msg: 'The translation service did not answer. Please try again later.',
      data: null,
    });
    const inZh = await api.call('POST', '/translate', {
      token: en,
      body: { text: 'Hello', target: 'zh' },
      lang: 'zh',
    });
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
