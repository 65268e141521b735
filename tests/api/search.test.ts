import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIBER_SEARCHES_PER_DAY } from '../../contract/limits.ts';
import { generateLeads, type GeneratedLead } from '../../server/leads/generate.ts';
import { categoriesOf, PRODUCT_BY_ID } from '../../server/search/products.ts';
import { CATEGORIES } from '../../server/leads/reference.ts';
import { leadContacts, leads, searchUsage, users } from '../../server/platform/db/schema.ts';
import { readEvents, startApi, type Api } from './harness.ts';

/**
 * Issue 13: several countries, conditions that filter, chips that edit, follow-ups that refine,
 * "show more", fair counting and the page's language, through POST /chat/search as a client sees it.
 */
let api: Api;

/** A Liechtenstein LED panel buyer (a country the demo data leaves out) with these emails. */
const liechtenstein = (id: string, emails: [string, string][], size = '51-200'): GeneratedLead => ({
  id,
  name: `Vaduz Panels ${id}`,
  role: 'buyer',
  country: 'LI',
  city: 'Vaduz',
  website: null,
  size,
  companyType: 'importer',
  descriptionEn: 'LED panel importer',
  descriptionZh: 'LED面板灯进口商',
  // LED panel lights (demo category 1).
  categoryIds: [1],
  searchText: 'vaduz panels',
  quality: 50,
  foundedYear: null,
  tradedCategoryIds: [],
  people: [],
  shipments: [],
  contacts: emails.map(([value, label], position) => ({ kind: 'email', value, label, position })),
});
const BOUNCING = liechtenstein('L900101', [['info@bounce.example', 'invalid']]);
const REACHABLE = liechtenstein('L900102', [['sales@reach.example', 'risky']]);
const SILENT = liechtenstein('L900103', []);

beforeAll(async () => {
  api = await startApi({
    leads: [...generateLeads({ perMajor: 8, perOther: 1 }), BOUNCING, REACHABLE, SILENT],
  });
}, 120_000);
afterAll(() => api.close());

type Event = Awaited<ReturnType<typeof readEvents>>[number];
interface Answer {
  events: Event[];
  understood: Event['data'];
  leads: Event['data'][];
  summary: Event['data'];
}

async function search(token: string, body: object, lang?: 'zh' | 'en'): Promise<Answer> {
  const res = await api.raw('POST', '/chat/search', { token, body, ...(lang ? { lang } : {}) });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const events = await readEvents(res);
  return {
    events,
    understood: events.find((e) => e.event === 'understood')?.data,
    leads: events.filter((e) => e.event === 'lead').map((e) => e.data),
    summary: events.find((e) => e.event === 'summary')?.data,
  };
}

const SLUG_ID = new Map(CATEGORIES.map((c) => [c.slug, c.id]));
/** The demo category ids that carry a product of the taxonomy. */
const categoryIds = (productId: string) =>
  categoriesOf(PRODUCT_BY_ID.get(productId)!).map((slug) => SLUG_ID.get(slug)!);

/** Every lead of the database that matches, computed apart from the search (ground truth). */
async function matching(where: {
  role: 'buyer' | 'supplier';
  countries: string[];
  products: string[];
  /** Instead of the products': the categories whose own HS code (categories.json) starts with this. */
  hsCode?: string;
  phone?: boolean;
  /** Any of these kinds (the resellers a kind that ranks finds: server/search/kinds.ts). */
  companyType?: string | string[];
  sizes?: string[];
}): Promise<Set<string>> {
  const ids = where.hsCode
    ? CATEGORIES.filter((c) => c.hs_code.replace('.', '').startsWith(where.hsCode!)).map((c) => c.id)
    : [...new Set(where.products.flatMap(categoryIds))];
  const rows = await api.database.db
    .select({ id: leads.id })
    .from(leads)
    .where(
      sql.join(
        [
          sql`${leads.role} = ${where.role}`,
          sql`${leads.categoryIds} && ${sql.raw(`ARRAY[${ids.join(',')}]::integer[]`)}`,
          where.countries.length
            ? sql`${leads.country} IN (${sql.join(
                where.countries.map((c) => sql`${c}`),
                sql`, `,
              )})`
            : sql`true`,
          where.phone
            ? sql`EXISTS (SELECT 1 FROM ${leadContacts} WHERE ${leadContacts.leadId} = ${leads.id} AND ${leadContacts.kind} = 'phone')`
            : sql`true`,
          where.companyType
            ? sql`${leads.companyType} IN (${sql.join(
                [where.companyType].flat().map((type) => sql`${type}`),
                sql`, `,
              )})`
            : sql`true`,
          where.sizes
            ? sql`${leads.size} IN (${sql.join(
                where.sizes.map((s) => sql`${s}`),
                sql`, `,
              )})`
            : sql`true`,
        ],
        sql` AND `,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The answer shows min(10, all that match) leads, every one of them a match. */
function expectHonest(answer: Answer, truth: Set<string>) {
  expect(truth.size, 'the dataset should hold matches for this sentence').toBeGreaterThan(0);
  expect(answer.leads.length).toBe(Math.min(10, truth.size));
  for (const lead of answer.leads) expect(truth.has(lead.id), `${lead.id} ${lead.name}`).toBe(true);
  expect(answer.summary.more).toBe(truth.size > 10);
}

describe('several countries, regions and conditions in one sentence', () => {
  it('"UAE and Saudi LED light buyers" searches both countries and says what it found in each', async () => {
    const token = await api.signUp('two-countries@example.com');
    const answer = await search(token, { query: '阿联酋和沙特的LED灯具买家' }, 'zh');
    expect(answer.understood.criteria).toMatchObject({
      role: 'buyer',
      countries: ['AE', 'SA'],
      products: ['led-lights'],
    });
    expect(answer.understood.countries.map((c: { name: string }) => c.name)).toEqual([
      '阿联酋',
      '沙特阿拉伯',
    ]);
    expectHonest(
      answer,
      await matching({ role: 'buyer', countries: ['AE', 'SA'], products: ['led-lights'] }),
    );
    // Both markets take turns in the answer, and every card names the product it matched.
    expect(new Set(answer.leads.map((l) => l.country.code))).toEqual(new Set(['AE', 'SA']));
    for (const lead of answer.leads) expect(lead.why.products.length).toBeGreaterThan(0);
    const counts = Object.fromEntries(
      answer.summary.by_country.map((c: { code: string; count: number }) => [c.code, c.count]),
    );
    expect(counts.AE + counts.SA).toBe(answer.leads.length);
    expect(answer.summary.text).toContain(`阿联酋 ${counts.AE} 家`);
    expect(answer.summary.text).toContain(`沙特阿拉伯 ${counts.SA} 家`);
  });

  it("a sentence in traditional script, with Taiwan's names, finds what its simplified twin finds", async () => {
    const token = await api.signUp('traditional@example.com');
    const simplifiedAnswer = await search(token, { query: '阿联酋和沙特的LED灯具经销商，要有电话' }, 'zh');
    const traditional = await search(token, { query: '阿聯酋和沙烏地的LED燈具通路商，要有聯絡電話' }, 'zh');
    expect(traditional.understood.criteria).toEqual(simplifiedAnswer.understood.criteria);
    expect(traditional.understood.criteria).toMatchObject({
      countries: ['AE', 'SA'],
      products: ['led-lights'],
      conditions: { phone: true, company_type: 'distributor' },
    });
    expect(traditional.understood.unknown).toEqual([]);
    expect(traditional.leads.length).toBeGreaterThan(0);
    expect(traditional.leads.map((l) => l.id)).toEqual(simplifiedAnswer.leads.map((l) => l.id));
  });

  it('an HS code, as customs-data sites give it, is read as its product and told, and searched by the code', async () => {
    const token = await api.signUp('hs-code@example.com');
    const answer = await search(token, { query: 'HS编码940542的德国买家' }, 'zh');
    expect(answer.understood.criteria).toMatchObject({
      countries: ['DE'],
      products: ['led-lights'],
      hs_codes: ['940542'],
    });
    expect(answer.understood.corrected).toEqual([{ written: 'HS编码940542', read_as: 'LED灯' }]);
    expect(answer.understood.unknown).toEqual([]);
    expect(answer.understood.text).toBe('正在查找：德国的HS 9405.42 项下商品买家');
    expect(answer.summary.text).toContain('已将“HS编码940542”理解为“LED灯”');
    // Goods filed under 9405.42 (LED strips, street, flood and high-bay lights), not every LED light:
    // LED panels are 9405.11, LED bulbs 8539.52.
    const truth = await matching({ role: 'buyer', countries: ['DE'], products: [], hsCode: '940542' });
    expectHonest(answer, truth);
    const leds = await matching({ role: 'buyer', countries: ['DE'], products: ['led-lights'] });
    expect([...leds].filter((id) => !truth.has(id)).length).toBeGreaterThan(0);
    for (const lead of answer.leads)
      if (lead.why.evidence) expect(lead.why.evidence.hs_codes).toEqual(['9405.42']);
  });

  it('an HS code names goods of several products: "HS 940511" finds LED panel and downlight buyers too', async () => {
    const token = await api.signUp('hs-code-panels@example.com');
    const answer = await search(token, { query: 'HS 940511 buyers in Spain' }, 'en');
    expect(answer.understood.criteria).toMatchObject({ countries: ['ES'], hs_codes: ['940511'] });
    expect(answer.understood.text).toBe('Looking for buyers of goods under HS 9405.11 in Spain');
    expectHonest(
      answer,
      await matching({ role: 'buyer', countries: ['ES'], products: [], hsCode: '940511' }),
    );
    expect(new Set(answer.leads.flatMap((lead) => lead.why.products)).size).toBeGreaterThan(1);
    // Editing another chip keeps the code; removing its product removes it.
    const edited = await search(
      token,
      { chat_id: answer.understood.chat_id, criteria: { ...answer.understood.criteria, countries: ['FR'] } },
      'en',
    );
    expect(edited.understood.criteria.hs_codes).toEqual(['940511']);
    expectHonest(
      edited,
      await matching({ role: 'buyer', countries: ['FR'], products: [], hsCode: '940511' }),
    );
    const otherProduct = await search(
      token,
      {
        chat_id: answer.understood.chat_id,
        criteria: { ...answer.understood.criteria, products: ['led-panel-lights'] },
      },
      'en',
    );
    expect(otherProduct.understood.criteria.hs_codes).toBeUndefined();
    expect(otherProduct.understood.text).toBe('Looking for buyers of LED panel lights in Spain');
  });

  it('a region expands to its countries and conditions filter: phone, company type, size', async () => {
    const token = await api.signUp('region-conditions@example.com');
    const answer = await search(
      token,
      { query: 'LED lighting distributors in the GCC with phone numbers' },
      'en',
    );
    expect(answer.understood.criteria).toMatchObject({
      countries: expect.arrayContaining(['AE', 'SA', 'KW', 'QA', 'BH', 'OM']),
      regions: ['gcc'],
      conditions: { phone: true, company_type: 'distributor' },
    });
    expect(answer.understood.conditions.map((c: { label: string }) => c.label)).toEqual([
      'distributors',
      'with a phone number',
    ]);
    // Distributors first, then the other buyers that resell, each said to be of another kind.
    const where = {
      role: 'buyer' as const,
      countries: answer.understood.criteria.countries,
      products: ['led-lights'],
      phone: true,
    };
    const distributors = await matching({ ...where, companyType: 'distributor' });
    expectHonest(
      answer,
      await matching({ ...where, companyType: ['importer', 'distributor', 'wholesaler', 'retailer'] }),
    );
    const fits = answer.leads.filter((lead) => lead.why.kind === 'listed');
    expect(fits.length).toBe(Math.min(10, distributors.size));
    expect(answer.leads.slice(0, fits.length)).toEqual(fits);
    for (const lead of answer.leads) {
      expect(lead.locked.phones).toBeGreaterThan(0);
      if (lead.why.kind === 'listed') {
        expect(lead.company_type).toBe('distributor');
        expect(lead.why.conditions).toEqual(['company_type', 'phone']);
      } else {
        expect(lead.why.kind).toBe('reseller');
        expect(lead.company_type).not.toBe('distributor');
        expect(lead.why.conditions).toEqual(['phone']);
      }
    }
    if (fits.length < answer.leads.length)
      expect(answer.summary.text).toContain(`${fits.length} are distributors and come first`);
  });

  it('"with email" keeps only companies with an address that is not known to bounce', async () => {
    const token = await api.signUp('with-email@example.com');
    const all = await search(token, { query: 'LED panel buyers in Liechtenstein' }, 'en');
    expect(all.leads.map((l) => l.id).sort()).toEqual([BOUNCING.id, REACHABLE.id, SILENT.id]);
    for (const query of [
      'LED panel buyers in Liechtenstein with email',
      '列支敦士登的LED面板买家，要有邮箱',
    ]) {
      const answer = await search(token, { query }, /\p{Script=Han}/u.test(query) ? 'zh' : 'en');
      expect(answer.understood.criteria.conditions, query).toEqual({ email: true });
      expect(
        answer.leads.map((l) => l.id),
        query,
      ).toEqual([REACHABLE.id]);
      expect(answer.leads[0].why.conditions).toEqual(['email']);
    }
  });

  it('"200人以上" keeps only companies whose whole range is 200 people or more', async () => {
    const token = await api.signUp('size@example.com');
    const answer = await search(token, { query: '德国200人以上的LED灯具买家' }, 'zh');
    expect(answer.understood.criteria.conditions).toEqual({ employees: { min: 200 } });
    expectHonest(
      answer,
      await matching({
        role: 'buyer',
        countries: ['DE'],
        products: ['led-lights'],
        sizes: ['201-500', '501-1000', '1000+'],
      }),
    );
  });

  it('reads a misspelt country and says so; a sentence without a product asks for one and costs nothing', async () => {
    const token = await api.signUp('typo@example.com');
    const answer = await search(token, { query: 'LED light buyers in Germnay' }, 'en');
    expect(answer.understood.criteria.countries).toEqual(['DE']);
    expect(answer.understood.corrected).toEqual([{ written: 'Germnay', read_as: 'Germany' }]);
    expect(answer.summary.text).toContain('Read “Germnay” as “Germany”.');
    const vague = await search(token, { query: 'find me some buyers in France' }, 'en');
    expect(vague.leads).toEqual([]);
    expect(vague.summary).toMatchObject({ count: 0, counted: false });
    expect(vague.summary.text).toContain('Tell me the product');
    expect((await api.call('GET', '/chat/quota', { token })).body.data.searches_left).toBe(29);
  });
});

describe('chips, follow-ups and show more continue one conversation', () => {
  it('an edited chip reruns the search; a follow-up refines it; "more" leaves out what was shown', async () => {
    const token = await api.signUp('refine@example.com');
    const first = await search(token, { query: 'LED light buyers in the UAE and Saudi Arabia' }, 'en');
    const chatId = first.understood.chat_id;

    // Chip removed: Saudi Arabia out.
    const edited = await search(
      token,
      { chat_id: chatId, criteria: { ...first.understood.criteria, countries: ['AE'] } },
      'en',
    );
    expect(edited.understood.chat_id).toBe(chatId);
    expectHonest(edited, await matching({ role: 'buyer', countries: ['AE'], products: ['led-lights'] }));

    // "Switch to France": the countries change, the product and role stay.
    const france = await search(token, { chat_id: chatId, query: '换成法国的' }, 'zh');
    expect(france.understood.criteria).toMatchObject({
      role: 'buyer',
      countries: ['FR'],
      products: ['led-lights'],
    });
    const inFrance = await matching({ role: 'buyer', countries: ['FR'], products: ['led-lights'] });
    expectHonest(france, inFrance);

    // "Only importers" adds a condition to the same search.
    const importers = await search(token, { chat_id: chatId, query: 'only importers' }, 'en');
    expect(importers.understood.criteria).toMatchObject({
      countries: ['FR'],
      products: ['led-lights'],
      conditions: { company_type: 'importer', company_type_only: true },
    });
    // Importers, listed as such or by their import records of the product; no other reseller.
    for (const lead of importers.leads) {
      expect(['listed', 'records']).toContain(lead.why.kind);
      if (lead.why.kind === 'listed') expect(lead.company_type).toBe('importer');
      else expect(lead.why.evidence).not.toBeNull();
    }

    // "Not France, try Germany; no importer filter": France leaves, and so does the condition.
    const germany = await search(
      token,
      { chat_id: chatId, query: '不要法国了，看看德国，去掉进口商的要求' },
      'zh',
    );
    expect(germany.understood.criteria).toMatchObject({
      countries: ['DE'],
      products: ['led-lights'],
      conditions: {},
    });
    expect(germany.understood.unknown).toEqual([]);
    expectHonest(germany, await matching({ role: 'buyer', countries: ['DE'], products: ['led-lights'] }));

    // Five markets without the condition, then "more" until nothing is left: never a lead twice.
    const five = ['FR', 'DE', 'IT', 'ES', 'NL'];
    const all = await search(
      token,
      { chat_id: chatId, criteria: { ...france.understood.criteria, countries: five } },
      'en',
    );
    const inFive = await matching({ role: 'buyer', countries: five, products: ['led-lights'] });
    expectHonest(all, inFive);
    const seen = new Set(
      [
        ...first.leads,
        ...edited.leads,
        ...france.leads,
        ...importers.leads,
        ...germany.leads,
        ...all.leads,
      ].map((l) => l.id),
    );
    let more = all;
    const fromMore: string[] = [];
    while (more.summary.more) {
      more = await search(token, { chat_id: chatId, more: true }, 'en');
      expect(more.understood.more).toBe(true);
      for (const lead of more.leads) {
        expect(seen.has(lead.id), `${lead.id} shown twice`).toBe(false);
        expect(inFive.has(lead.id)).toBe(true);
        seen.add(lead.id);
        fromMore.push(lead.id);
      }
    }
    // By the end every match of the five markets has been shown in this conversation.
    expect(fromMore.length).toBeGreaterThan(0);
    expect([...inFive].filter((id) => !seen.has(id))).toEqual([]);
    const done = await search(token, { chat_id: chatId, more: true }, 'en');
    expect(done.leads).toEqual([]);
    expect(done.summary.text).toContain('there are no more');
    expect(done.summary.counted).toBe(false);

    // The conversation keeps every turn with its criteria.
    const messages = (await api.call('GET', `/chat/messages?chat_id=${chatId}`, { token, lang: 'en' })).body
      .data;
    expect(messages.filter((m: { role: string }) => m.role === 'user')[1].content).toContain(
      'Changed the search',
    );
    expect(messages.at(-1).understood.more).toBe(true);
    // Each answer keeps whether more matched than it showed, for "show more" when reopened.
    const answers = messages.filter((m: { role: string }) => m.role === 'assistant');
    expect(answers.map((m: { more: boolean }) => m.more)).toContain(true);
    expect(answers.at(-1).more).toBe(false);
  });

  it('records as shown exactly the leads it returned: the next ones can be saved once "more" showed them', async () => {
    const token = await api.signUp('shown-exactly@example.com');
    const peeker = await api.signUp('shown-peeker@example.com');
    const query = 'LED light buyers in Germany, France and Italy';
    const first = await search(token, { query }, 'en');
    expect(first.leads).toHaveLength(10);
    expect(first.summary.more).toBe(true);
    const ids = (answer: Answer) => answer.leads.map((lead) => lead.id as string);
    // Another account's "more" of the same search shows the leads that come next.
    const theirs = await search(peeker, { query }, 'en');
    expect(ids(theirs)).toEqual(ids(first));
    const next = ids(await search(peeker, { chat_id: theirs.understood.chat_id, more: true }, 'en')).slice(
      0,
      3,
    );
    expect(next).toHaveLength(3);
    const save = async (id: string) =>
      (await api.call('POST', '/leads/collect', { token, body: { lead_id: id } })).body.code;
    for (const id of next) expect(await save(id), id).toBe(40400);
    const mine = await search(token, { chat_id: first.understood.chat_id, more: true }, 'en');
    expect(ids(mine).slice(0, 3)).toEqual(next);
    for (const id of next) expect(await save(id), id).toBe(0);
  });

  it('an empty chat_id starts a new conversation every time, as no chat_id does', async () => {
    const token = await api.signUp('empty-chat-id@example.com');
    const first = await search(token, { query: 'LED light buyers in Germany', chat_id: '' }, 'en');
    const second = await search(token, { query: 'LED light buyers in Germany', chat_id: '' }, 'en');
    for (const answer of [first, second]) {
      expect(answer.events.map((e) => e.event)).not.toContain('error');
      expect(answer.summary.count).toBeGreaterThan(0);
      expect(answer.understood.chat_id).toMatch(/^c_/);
    }
    expect(second.understood.chat_id).not.toBe(first.understood.chat_id);
  });

  it('refuses criteria naming an unknown product, and "more" without a conversation, taking no search', async () => {
    const token = await api.signUp('bad-criteria@example.com');
    const first = await search(token, { query: 'LED light buyers in Germany' }, 'en');
    const chatId = first.understood.chat_id;
    const left = (await api.call('GET', '/chat/quota', { token })).body.data.searches_left;
    const unknown = await api.call('POST', '/chat/search', {
      token,
      lang: 'en',
      body: { chat_id: chatId, criteria: { ...first.understood.criteria, products: ['no-such-thing'] } },
    });
    expect(unknown.body).toMatchObject({ code: 40001, data: { field: 'criteria.products' } });
    const noChat = await api.call('POST', '/chat/search', { token, body: { more: true } });
    expect(noChat.body).toMatchObject({ code: 40001 });
    const both = await api.call('POST', '/chat/search', {
      token,
      body: { query: 'x', more: true, chat_id: chatId },
    });
    expect(both.body).toMatchObject({ code: 40001 });
    expect((await api.call('GET', '/chat/quota', { token })).body.data.searches_left).toBe(left);

    // Another user's conversation cannot be refined, edited or paged: 40400, nothing taken.
    const stranger = await api.signUp('stranger-criteria@example.com');
    for (const body of [
      { chat_id: chatId, query: '换成法国的' },
      { chat_id: chatId, criteria: first.understood.criteria },
      { chat_id: chatId, more: true },
    ]) {
      const refused = await api.call('POST', '/chat/search', { token: stranger, body });
      expect(refused.body, JSON.stringify(body)).toMatchObject({ code: 40400 });
    }
    expect((await api.call('GET', '/chat/quota', { token: stranger })).body.data.searches_left).toBe(30);
    // Edited criteria are checked like a sentence's: bounds, patterns, at least one product.
    for (const criteria of [
      { ...first.understood.criteria, products: [] },
      { ...first.understood.criteria, products: ["led'; drop table leads; --"] },
      { ...first.understood.criteria, countries: ['de'] },
      { ...first.understood.criteria, conditions: { employees: { min: 500, max: 10 } } },
      { ...first.understood.criteria, conditions: { company_type: 'pirate' } },
      { ...first.understood.criteria, role: 'spy' },
    ]) {
      const refused = await api.call('POST', '/chat/search', { token, body: { chat_id: chatId, criteria } });
      expect(refused.body.code, JSON.stringify(criteria)).toBe(40001);
    }
    expect((await api.call('GET', '/chat/quota', { token })).body.data.searches_left).toBe(left);
  });
});

describe('fair counting and the page language', () => {
  it('a subscriber is not held to the 30 free searches and is never told to subscribe', async () => {
    const email = 'subscriber-search@example.com';
    const token = await api.signUp(email);
    await api.database.db
      .update(users)
      .set({
        subscriptionStatus: 1,
        planGoodsId: 13,
        payCycle: 1,
        serviceExpirationTime: new Date(api.clock.now().getTime() + 30 * 86_400_000),
      })
      .where(eq(users.email, email));
    const [{ id } = { id: 0 }] = await api.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    const day = api.clock.now().toISOString().slice(0, 10);
    // 40 searches already today: past the free 30.
    await api.database.db.insert(searchUsage).values({ userId: id, day, count: 40 });
    const answer = await search(token, { query: 'LED light buyers in Germany' }, 'en');
    expect(answer.leads.length).toBeGreaterThan(0);
    expect(answer.summary.searches_left).toBeNull();
    expect(answer.summary.text).not.toMatch(/free search|plan|subscri/i);
    expect((await api.call('GET', '/chat/quota', { token })).body.data.searches_left).toBeNull();
    // The fair-use ceiling stops scripted use, in plain words without a sales pitch.
    await api.database.db
      .update(searchUsage)
      .set({ count: SUBSCRIBER_SEARCHES_PER_DAY })
      .where(eq(searchUsage.userId, id));
    const refused = await api.call('POST', '/chat/search', {
      token,
      lang: 'en',
      body: { query: 'LED light buyers in Germany' },
    });
    expect(refused.body).toMatchObject({ code: 40202 });
    expect(refused.body.msg).toContain(`fair-use limit of ${SUBSCRIBER_SEARCHES_PER_DAY}`);
    expect(refused.body.msg).not.toMatch(/plan|subscri/i);
  });

  it('answers in the language of the page, whatever the account saved', async () => {
    const token = await api.signUp('english-account@example.com', 'Secret123', { language: 'en' });
    const zhPage = await search(token, { query: 'LED light buyers in Germany' }, 'zh');
    expect(zhPage.understood.text).toBe('正在查找：德国的LED灯买家');
    expect(zhPage.understood.countries[0].name).toBe('德国');
    expect(zhPage.summary.text).toMatch(/^找到 \d+ 家符合全部条件的公司/);
    expect(zhPage.leads[0].country.name).toBe('德国');
    const enPage = await search(token, { query: '德国的LED灯买家' }, 'en');
    expect(enPage.understood.text).toBe('Looking for buyers of LED lights in Germany');
    expect(enPage.summary.text).toMatch(/^Found \d+ compan/);
    // The same meaning in both languages gives the same search and the same leads.
    expect(enPage.understood.criteria).toEqual(zhPage.understood.criteria);
    expect(enPage.leads.map((l) => l.id)).toEqual(zhPage.leads.map((l) => l.id));
    // A call that names no language (an API client) gets the account's.
    const client = await search(token, { query: '德国的LED灯买家' });
    expect(client.understood.text).toBe('Looking for buyers of LED lights in Germany');
  });
});

describe('a card matches only what was asked (issue 32)', () => {
  /** The leads of the database with `role` in any of these demo categories (named by hand). */
  async function inCategories(role: 'buyer' | 'supplier', slugs: string[]): Promise<Set<string>> {
    const ids = slugs.map((slug) => SLUG_ID.get(slug)!);
    const rows = await api.database.db
      .select({ id: leads.id })
      .from(leads)
      .where(
        sql`${leads.role} = ${role} AND ${leads.categoryIds} && ${sql.raw(`ARRAY[${ids.join(',')}]::integer[]`)}`,
      );
    return new Set(rows.map((r) => r.id));
  }

  it('a product no company deals in says so and offers a labelled broader set, also when reopened', async () => {
    const token = await api.signUp('broader@example.com');
    const chemical = await inCategories('supplier', ['industrial-chemicals']);
    for (const [query, lang, broader, none] of [
      [
        'titanium dioxide suppliers',
        'en',
        'industrial chemicals',
        'Our data has no companies carrying titanium dioxide yet.',
      ],
      ['钛白粉供应商', 'zh', '化工原料', '我们的数据里还没有经营 钛白粉 的公司。'],
    ] as const) {
      const answer = await search(token, { query }, lang);
      expect(answer.understood.criteria.products).toEqual(['titanium-dioxide']);
      expect(answer.summary.broader).toEqual([broader]);
      expect(answer.summary.text.startsWith(none), answer.summary.text).toBe(true);
      expect(answer.summary.text).toContain(broader);
      expectHonest(answer, chemical);
      for (const lead of answer.leads) expect(lead.why.broader).toBe(true);

      const reopened = await api.call('GET', `/chat/messages?chat_id=${answer.understood.chat_id}`, {
        token,
        lang,
      });
      const shown = reopened.body.data.find((m: { role: string }) => m.role === 'assistant');
      expect(shown.leads.map((l: { id: string }) => l.id)).toEqual(answer.leads.map((l) => l.id));
      for (const lead of shown.leads) expect(lead.why.broader).toBe(true);
    }
  });

  it('a product with companies never falls back, and never reaches a neighbour that only files it', async () => {
    const token = await api.signUp('neighbours@example.com');
    const answer = await search(token, { query: 'phone accessories buyers' }, 'en');
    expect(answer.summary.broader).toEqual([]);
    // The categories called phone accessories or a kind of them; car accessories also file phone
    // holders and car chargers, but a car-parts wholesaler is not a phone-accessories buyer.
    expectHonest(answer, await inCategories('buyer', ['phone-accessories', 'chargers-cables']));
    for (const lead of answer.leads) expect(lead.why.broader).toBe(false);
  });

  it('a product with neither companies nor a broader set finds nothing and costs nothing', async () => {
    const token = await api.signUp('no-coffee@example.com');
    const answer = await search(token, { query: 'coffee buyers in Germany' }, 'en');
    expect(answer.leads).toEqual([]);
    expect(answer.summary).toMatchObject({ broader: [], counted: false });
    expect(answer.summary.text).toContain('Our data has no companies carrying coffee yet.');
  });
});
