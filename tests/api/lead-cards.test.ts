import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedLead } from '../../server/leads/generate.ts';
import { collects, unlocks } from '../../server/platform/db/schema.ts';
import { startApi, type Answer, type Api } from './harness.ts';
import { emailAt, searchAs, testLead, userIdOf } from './fixtures.ts';

/*
 * A card as the rule says it (spec §8–§9, docs/leads-pipeline.md), on leads built so that a slip
 * shows: contacts stored out of their order, people of several departments, a social profile of a
 * person and one of the company, a product the catalogue no longer has, and companies of every
 * size and kind for the search's conditions. Then the saved and unlocked lists: their order by
 * date, name and country in each language, the country filter as people type it, and the filters'
 * choices. Liechtenstein, Malta and a few others: the only leads this API holds.
 */

type Contact = GeneratedLead['contacts'][number];
type Person = GeneratedLead['people'][number];
const person = (leadId: string, n: number, name: string, department: Person['department']): Person => ({
  id: `${leadId}.${n}`,
  name,
  title: `${department} lead`,
  department,
  seniority: 'manager',
  position: n - 1,
  source: 'test',
});
const phoneAt = (value: string, position: number, personId?: string): Contact => ({
  kind: 'phone',
  value,
  label: '',
  position,
  ...(personId ? { personId } : {}),
});
const socialAt = (platform: string, url: string, position: number, personId?: string): Contact => ({
  kind: 'social',
  value: url,
  label: platform,
  position,
  ...(personId ? { personId } : {}),
});

/** LED panels and LED bulbs, and a category id the catalogue does not have (an old import's). */
const CARD = testLead('L990001', {
  name: 'Kartenhaus AG',
  categoryIds: [1, 2, 987654],
  description: 'Importer of panels and bulbs',
  people: [
    // Listed in another order than the card's: most staffed first, ties in DEPARTMENTS order.
    person('L990001', 1, 'Lena Vogt', 'management'),
    person('L990001', 2, 'Paul Meier', 'purchasing'),
    person('L990001', 3, 'Sara Huber', 'logistics'),
    person('L990001', 4, 'Tim Frei', 'logistics'),
  ],
  // Stored out of order: the card orders them by position.
  contacts: [
    emailAt('office@karten.example', 2, 'risky'),
    emailAt('paul.meier@karten.example', 0, 'valid', 'L990001.2'),
    emailAt('sara.huber@karten.example', 1, 'valid', 'L990001.3'),
    phoneAt('+423 555 0002', 1),
    phoneAt('+423 555 0001', 0, 'L990001.3'),
    socialAt('linkedin', 'https://www.linkedin.com/in/paul-meier-karten', 1, 'L990001.2'),
    socialAt('facebook', 'https://www.facebook.com/kartenhaus', 0),
  ],
});
/** Nobody named and nothing to reach it by. */
const BARE = testLead('L990002', { name: 'Leerlauf AG' });
/** A small distributor and a mid-sized wholesaler (the others are importers of 11–50). */
const SMALL: GeneratedLead = {
  ...testLead('L990003', { name: 'Klein Vertrieb AG' }),
  size: '1-10',
  companyType: 'distributor',
};
const MID: GeneratedLead = {
  ...testLead('L990004', { name: 'Mittel Grosshandel AG' }),
  size: '51-200',
  companyType: 'wholesaler',
};
/** The same product in Malta: found when no country is asked. */
const MALTA = testLead('L990005', { name: 'Malta Lights Ltd', country: 'MT' });
/** For the lists: names in another order than their countries' names, in either language. */
const LISTED = [
  testLead('L990011', { name: 'Alpha Japan KK', country: 'JP' }),
  testLead('L990012', { name: 'Bravo America Inc', country: 'US' }),
  testLead('L990013', { name: 'Charlie Germany GmbH', country: 'DE' }),
];

let api: Api;
beforeAll(async () => {
  api = await startApi({ leads: [CARD, BARE, SMALL, MID, MALTA, ...LISTED], outreach: false });
}, 60_000);
afterAll(() => api.close());

type Card = Answer['data'];
async function cards(token: string, body: Record<string, unknown>, lang: 'zh' | 'en' = 'en') {
  const answer = await searchAs(api, token, body, lang);
  expect(answer.refused).toBeNull();
  return answer.events.filter((e) => e.event === 'lead').map((e) => e.data as Card);
}
/** Edited chips continue a conversation: one begun with a sentence, then these criteria. */
async function edited(token: string, extra: Record<string, unknown> = {}) {
  const first = await searchAs(api, token, { query: 'LED panel buyers in Liechtenstein' });
  return cards(token, {
    chat_id: first.chatId,
    criteria: { role: 'buyer', countries: ['LI'], products: ['led-panel-lights'], ...extra },
  });
}
const byId = (list: Card[], id: string) => list.find((card) => card.id === id)!;
const ids = (list: Card[]) => list.map((card) => card.id).sort();

describe('a card before and after unlock', () => {
  let token: string;
  beforeAll(async () => {
    token = await api.signUp('card-reader@example.com');
  });

  it('before unlock: how many of each, and the departments most staffed first (ties in their listed order)', async () => {
    const card = byId(await cards(token, { query: 'LED panel buyers in Liechtenstein' }), CARD.id);
    expect(card.locked).toEqual({
      emails: 3,
      phones: 2,
      socials: 2,
      people: 4,
      departments: ['logistics', 'purchasing', 'management'],
    });
    expect(card).toMatchObject({
      unlocked: false,
      collected: false,
      memo: null,
      contacts: null,
      people: null,
    });
  });

  it('a company with nobody named and no contact shows zeros and no department', async () => {
    const card = byId(await cards(token, { query: 'LED panel buyers in Liechtenstein' }), BARE.id);
    expect(card.locked).toEqual({ emails: 0, phones: 0, socials: 0, people: 0, departments: [] });
  });

  it("names the lead's own products in the page's language, the asked one as why it matched, and leaves out a product the catalogue lacks", async () => {
    const en = byId(await cards(token, { query: 'LED panel buyers in Liechtenstein' }), CARD.id);
    expect(en.products).toEqual(['LED panel lights', 'LED bulbs']);
    expect(en.why.products).toEqual(['LED panel lights']);
    expect(en.why.country).toBe('Liechtenstein');
    expect(en.country).toEqual({ code: 'LI', name: 'Liechtenstein' });
    expect(en.description).toBe('Importer of panels and bulbs');
    const zh = byId(await cards(token, { query: '列支敦士登的LED球泡灯买家' }, 'zh'), CARD.id);
    expect(zh.products).toEqual(['LED面板灯', 'LED球泡灯']);
    expect(zh.why.products).toEqual(['LED球泡灯']);
    expect(zh.country).toEqual({ code: 'LI', name: '列支敦士登' });
    expect(zh.description).toBe('照明进口商');
  });

  it('asked for two of its products, the card names both as why it matched', async () => {
    const first = await searchAs(api, token, { query: 'LED panel buyers in Liechtenstein' });
    const both = await cards(token, {
      chat_id: first.chatId,
      criteria: { role: 'buyer', countries: ['LI'], products: ['led-panel-lights', 'led-bulbs'] },
    });
    expect(byId(both, CARD.id).why.products).toEqual(['LED panel lights', 'LED bulbs']);
  });

  it('after unlock: every contact in its order, and each person with their own', async () => {
    await cards(token, { query: 'LED panel buyers in Liechtenstein' });
    const res = await api.call('POST', '/leads/unlock', { token, body: { lead_id: CARD.id }, lang: 'en' });
    expect(res.body.code).toBe(0);
    const card = res.body.data;
    expect(card.unlocked).toBe(true);
    expect(card.contacts).toEqual({
      emails: [
        { email: 'paul.meier@karten.example', status: 'valid' },
        { email: 'sara.huber@karten.example', status: 'valid' },
        { email: 'office@karten.example', status: 'risky' },
      ],
      phones: ['+423 555 0001', '+423 555 0002'],
      socials: [
        { platform: 'facebook', url: 'https://www.facebook.com/kartenhaus' },
        { platform: 'linkedin', url: 'https://www.linkedin.com/in/paul-meier-karten' },
      ],
    });
    expect(card.people.map((p: Card) => [p.name, p.department, p.emails, p.phones, p.socials])).toEqual([
      ['Lena Vogt', 'management', [], [], []],
      [
        'Paul Meier',
        'purchasing',
        [{ email: 'paul.meier@karten.example', status: 'valid' }],
        [],
        [{ platform: 'linkedin', url: 'https://www.linkedin.com/in/paul-meier-karten' }],
      ],
      [
        'Sara Huber',
        'logistics',
        [{ email: 'sara.huber@karten.example', status: 'valid' }],
        ['+423 555 0001'],
        [],
      ],
      ['Tim Frei', 'logistics', [], [], []],
    ]);
  });

  it('a saved card says so with its memo; in the list it claims no match, since no search asked anything', async () => {
    await api.call('POST', '/leads/collect', { token, body: { lead_id: CARD.id } });
    await api.call('POST', '/user/set_memo', { token, body: { lead_id: CARD.id, memo: 'met at the fair' } });
    const found = byId(await cards(token, { query: 'LED panel buyers in Liechtenstein' }), CARD.id);
    expect(found).toMatchObject({ collected: true, memo: 'met at the fair' });
    const listed = (await api.call('GET', '/leads/collects', { token, lang: 'en' })).body.data.items[0];
    expect(listed).toMatchObject({ id: CARD.id, collected: true, memo: 'met at the fair' });
    expect(listed.why).toEqual({
      products: [],
      country: null,
      role: 'buyer',
      conditions: [],
      evidence: null,
      broader: false,
      kind: null,
    });
  });
});

describe("a search's conditions, on the companies' own facts", () => {
  let token: string;
  beforeAll(async () => {
    token = await api.signUp('conditions@example.com');
  });

  it('no country asked: buyers in every country', async () => {
    const found = await edited(token, { countries: [] });
    expect(ids(found)).toEqual(
      [CARD.id, BARE.id, SMALL.id, MID.id, MALTA.id, ...LISTED.map((l) => l.id)].sort(),
    );
    expect(byId(found, MALTA.id).why.country).toBeNull();
  });

  it('a headcount keeps only the companies of that size', async () => {
    expect(ids(await edited(token, { conditions: { employees: { max: 10 } } }))).toEqual([SMALL.id]);
    expect(ids(await edited(token, { conditions: { employees: { min: 51 } } }))).toEqual([MID.id]);
    expect(ids(await edited(token, { conditions: { employees: { min: 11, max: 50 } } }))).toEqual(
      [CARD.id, BARE.id].sort(),
    );
  });

  // As the chips send them: the first kind, and all of them; insisted on ("only"), or not, when
  // the other resellers follow those of the kinds asked (kinds.ts).
  it('one kind of company, or any of several', async () => {
    const only = (conditions: Record<string, unknown>) =>
      edited(token, { conditions: { ...conditions, company_type_only: true } });
    expect(ids(await only({ company_type: 'importer' }))).toEqual([CARD.id, BARE.id].sort());
    const both = { company_type: 'distributor', company_types: ['distributor', 'wholesaler'] };
    expect(ids(await only(both))).toEqual([SMALL.id, MID.id].sort());
    const ranked = await edited(token, { conditions: both });
    expect(ranked.map((card) => card.why.kind)).toEqual(['listed', 'listed', 'reseller', 'reseller']);
    expect(ids(ranked.slice(0, 2))).toEqual([SMALL.id, MID.id].sort());
    expect(ids(ranked.slice(2))).toEqual([CARD.id, BARE.id].sort());
  });
});

describe('the saved and unlocked lists', () => {
  let token: string;
  let userId: number;
  const HOUR = 3_600_000;
  const base = Date.parse('2027-03-01T08:00:00.000Z');
  const [japan, america, germany] = LISTED as [GeneratedLead, GeneratedLead, GeneratedLead];

  beforeAll(async () => {
    token = await api.signUp('list-keeper@example.com');
    userId = await userIdOf(api, 'list-keeper@example.com');
    // Saved: Germany first, then Japan, then America; unlocked in the other order, and America
    // unlocked without being saved. Stored in neither order.
    await api.database.db.insert(collects).values([
      { userId, leadId: japan.id, createdAt: new Date(base + 2 * HOUR), tags: ['VIP', 'fair'] },
      { userId, leadId: germany.id, createdAt: new Date(base + 1 * HOUR), tags: ['vip'] },
    ]);
    await api.database.db.insert(unlocks).values([
      { userId, leadId: germany.id, createdAt: new Date(base + 5 * HOUR), emailsShown: 5 },
      { userId, leadId: america.id, createdAt: new Date(base + 3 * HOUR), emailsShown: 5 },
      { userId, leadId: japan.id, createdAt: new Date(base + 4 * HOUR), emailsShown: 5 },
    ]);
  });

  const page = async (kind: string, query: string, lang: 'zh' | 'en' = 'en') => {
    const res = await api.call('GET', `/leads/${kind}?${query}`, { token, lang });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    return res.body.data.items as Card[];
  };
  const names = (items: Card[]) => items.map((item) => item.name);

  it('each list is dated by its own act: saved when saved, unlocked when unlocked', async () => {
    const saved = await page('collects', 'sort=oldest');
    expect(saved.map((i) => [i.name, i.listed_at])).toEqual([
      [germany.name, new Date(base + HOUR).toISOString()],
      [japan.name, new Date(base + 2 * HOUR).toISOString()],
    ]);
    const unlocked = await page('unlocked', 'sort=oldest');
    expect(unlocked.map((i) => [i.name, i.listed_at])).toEqual([
      [america.name, new Date(base + 3 * HOUR).toISOString()],
      [japan.name, new Date(base + 4 * HOUR).toISOString()],
      [germany.name, new Date(base + 5 * HOUR).toISOString()],
    ]);
    expect(names(await page('unlocked', ''))).toEqual([germany.name, japan.name, america.name]);
  });

  it('by name, and by country as each language names and orders them', async () => {
    expect(names(await page('unlocked', 'sort=name'))).toEqual([japan.name, america.name, germany.name]);
    expect(names(await page('unlocked', 'sort=name&dir=desc'))).toEqual([
      germany.name,
      america.name,
      japan.name,
    ]);
    // Germany, Japan, United States; 德国 (dé), 美国 (měi), 日本 (rì).
    expect(names(await page('unlocked', 'sort=country', 'en'))).toEqual([
      germany.name,
      japan.name,
      america.name,
    ]);
    expect(names(await page('unlocked', 'sort=country', 'zh'))).toEqual([
      germany.name,
      america.name,
      japan.name,
    ]);
    expect(names(await page('unlocked', 'sort=country&dir=desc', 'zh'))).toEqual([
      japan.name,
      america.name,
      germany.name,
    ]);
  });

  it("the filters' choices: the list's own countries by name in the page's language, its tags once each, sorted", async () => {
    const facets = async (kind: string, lang: 'zh' | 'en') =>
      (await api.call('GET', `/leads/${kind}/facets`, { token, lang })).body.data;
    expect((await facets('unlocked', 'en')).countries).toEqual([
      { code: 'DE', name: 'Germany' },
      { code: 'JP', name: 'Japan' },
      { code: 'US', name: 'United States' },
    ]);
    expect((await facets('unlocked', 'zh')).countries.map((c: Card) => c.code)).toEqual(['DE', 'US', 'JP']);
    // America was unlocked, never saved: it has no tags to offer.
    expect((await facets('unlocked', 'en')).tags.map((t: string) => t.toLowerCase())).toEqual([
      'fair',
      'vip',
    ]);
    const saved = await facets('collects', 'en');
    expect(saved.countries.map((c: Card) => c.code)).toEqual(['DE', 'JP']);
    expect(saved.tags).toHaveLength(2);
    expect(saved.tags.map((t: string) => t.toLowerCase())).toEqual(['fair', 'vip']);
  });
});
