import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_MAX_ROWS, MAX_BULK_LEADS, MAX_TAGS_PER_LEAD, PAGE_SIZE_MAX } from '../../contract/rules.ts';
import { MAX_EMAILS_PER_LEAD, MAX_LEADS_PER_QUERY } from '../../contract/limits.ts';
import { collects, unlocks } from '../../server/platform/db/schema.ts';
import { startApi, type Api } from './harness.ts';
import { showLeads } from './shown.ts';
import { emailAt, personOf, searchAs, testLead, userIdOf } from './fixtures.ts';

/*
 * Test data big enough to reach the path (issue 30): lists and exports at and past their limits,
 * a lead whose first address is invalid, "show more" on a search of one product in one country
 * and in two.
 */

/** 5,001 companies for the lists: one more than an export holds. */
const MANY = Array.from({ length: EXPORT_MAX_ROWS + 1 }, (_, i) =>
  testLead(`L93${String(i).padStart(5, '0')}`, {
    name: `Listed ${String(i).padStart(5, '0')}`,
    country: i % 2 ? 'AT' : 'CH',
    contacts: [emailAt(`info${i}@listed.example`, 0)],
  }),
);

/** Its first address verified invalid, then a named buyer's, then a risky one. */
const FIRST_INVALID = testLead('L940001', {
  country: 'IS',
  people: [personOf('L940001', 1, 'Hans Weber'), personOf('L940001', 2, 'Eva Berg')],
  contacts: [
    emailAt('hans.weber@first-invalid.example', 0, 'invalid', 'L940001.1'),
    emailAt('eva.berg@first-invalid.example', 1, 'valid', 'L940001.2'),
    emailAt('office@first-invalid.example', 2, 'risky'),
  ],
});
/** Its only address is verified invalid: it has no way to be reached by email. */
const ONLY_INVALID = testLead('L940002', {
  country: 'IS',
  contacts: [emailAt('gone@only-invalid.example', 0, 'invalid')],
});
/** Invalid addresses among the first five; the sixth is valid and comes with "find more emails". */
const SIXTH_VALID = testLead('L940003', {
  country: 'IS',
  contacts: [
    ...Array.from({ length: MAX_EMAILS_PER_LEAD }, (_, i) => emailAt(`old${i}@sixth.example`, i, 'invalid')),
    emailAt('buyer@sixth.example', MAX_EMAILS_PER_LEAD, 'valid'),
  ],
});

/** Eleven LED panel buyers in Malta (one product, one country): ten on the first answer, then one. */
const ELEVEN = Array.from({ length: MAX_LEADS_PER_QUERY + 1 }, (_, i) =>
  testLead(`L95${String(i).padStart(4, '0')}`, { country: 'MT', quality: 90 - i }),
);
/** Six in Cyprus and six in Luxembourg: the countries take turns, and "more" shows the last two. */
const TWELVE = [
  ...Array.from({ length: 6 }, (_, i) =>
    testLead(`L96${String(i).padStart(4, '0')}`, { country: 'CY', quality: 80 - i }),
  ),
  ...Array.from({ length: 6 }, (_, i) =>
    testLead(`L97${String(i).padStart(4, '0')}`, { country: 'LU', quality: 80 - i }),
  ),
];
/** Exactly ten in Monaco: all shown, nothing more. */
const TEN = Array.from({ length: MAX_LEADS_PER_QUERY }, (_, i) =>
  testLead(`L98${String(i).padStart(4, '0')}`, { country: 'MC', quality: 70 - i }),
);

let api: Api;
let lister: { email: string; token: string };

beforeAll(async () => {
  api = await startApi({
    leads: [...MANY, FIRST_INVALID, ONLY_INVALID, SIXTH_VALID, ...ELEVEN, ...TWELVE, ...TEN],
    outreach: { pollingIntervalSeconds: 0.5, releaseIntervalSeconds: 3600 },
  });
  lister = { email: 'lister@example.com', token: await api.signUp('lister@example.com') };
  // The lister saved and unlocked every one of the 5,001, one a second (saved i seconds after the first).
  const id = await userIdOf(api, lister.email);
  const start = Date.parse('2027-01-01T00:00:00.000Z');
  for (let i = 0; i < MANY.length; i += 1000) {
    const chunk = MANY.slice(i, i + 1000).map((lead, j) => ({
      userId: id,
      leadId: lead.id,
      createdAt: new Date(start + (i + j) * 1000),
    }));
    await api.database.db.insert(collects).values(chunk);
    await api.database.db.insert(unlocks).values(chunk.map((row) => ({ ...row, emailsShown: 5 })));
  }
}, 180_000);
afterAll(() => api.close());

const get = async (path: string, token = lister.token) => {
  const res = await api.call('GET', path, { token, lang: 'en' });
  expect(res.body.code, `${path}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(0);
  return res.body.data;
};
const name = (i: number) => `Listed ${String(i).padStart(5, '0')}`;

describe(`exports at and past ${EXPORT_MAX_ROWS} rows`, () => {
  it.each(['collects', 'unlocked'])(
    `the %s export of ${EXPORT_MAX_ROWS + 1} rows holds the newest ${EXPORT_MAX_ROWS} and says there are ${EXPORT_MAX_ROWS + 1}`,
    async (kind) => {
      const data = await get(`/leads/${kind}/export`);
      expect(data.total).toBe(EXPORT_MAX_ROWS + 1);
      expect(data.limit).toBe(EXPORT_MAX_ROWS);
      expect(data.items).toHaveLength(EXPORT_MAX_ROWS);
      // The list's order: newest first; the oldest one is the row left out.
      expect(data.items[0].name).toBe(name(EXPORT_MAX_ROWS));
      expect(data.items.at(-1).name).toBe(name(1));
      expect(data.items.some((i: { name: string }) => i.name === name(0))).toBe(false);
      expect(new Set(data.items.map((i: { id: string }) => i.id)).size).toBe(EXPORT_MAX_ROWS);
    },
  );

  it(`exactly ${EXPORT_MAX_ROWS} matching rows are all exported, oldest first when sorted so`, async () => {
    // Leaving out one of the 5,001 by a filter: the Swiss half and the Austrian half.
    const swiss = await get('/leads/collects/export?country=CH');
    expect(swiss.total).toBe(Math.ceil((EXPORT_MAX_ROWS + 1) / 2));
    expect(swiss.items).toHaveLength(swiss.total);
    await api.call('DELETE', '/leads/collect', { token: lister.token, body: { lead_ids: [MANY[0]!.id] } });
    const all = await get('/leads/collects/export?sort=oldest');
    expect(all.total).toBe(EXPORT_MAX_ROWS);
    expect(all.items).toHaveLength(EXPORT_MAX_ROWS);
    expect(all.items[0].name).toBe(name(1));
    expect(all.items.at(-1).name).toBe(name(EXPORT_MAX_ROWS));
    await showLeads(api, lister.email, [MANY[0]!.id]);
    expect(
      (await api.call('POST', '/leads/collect', { token: lister.token, body: { lead_id: MANY[0]!.id } })).body
        .code,
    ).toBe(0);
  });

  it('a page never holds more than its size; the last page holds what is left', async () => {
    const total = EXPORT_MAX_ROWS + 1;
    const pages = Math.ceil(total / PAGE_SIZE_MAX);
    const last = await get(`/leads/unlocked?page=${pages}&page_size=${PAGE_SIZE_MAX}&sort=oldest`);
    expect(last.total).toBe(total);
    expect(last.items.map((i: { name: string }) => i.name)).toEqual([name(EXPORT_MAX_ROWS)]);
    const past = await get(`/leads/unlocked?page=${pages + 1}&page_size=${PAGE_SIZE_MAX}`);
    expect(past).toEqual({ items: [], total });
    const full = await get(`/leads/unlocked?page=2&page_size=${PAGE_SIZE_MAX}&sort=oldest`);
    expect(full.items.map((i: { name: string }) => i.name)).toEqual(
      Array.from({ length: PAGE_SIZE_MAX }, (_, i) => name(PAGE_SIZE_MAX + i)),
    );
    expect(
      (await api.call('GET', `/leads/unlocked?page_size=${PAGE_SIZE_MAX + 1}`, { token: lister.token })).body,
    ).toMatchObject({ code: 40001, data: { field: 'page_size' } });
  });
});

describe(`bulk changes at and past ${MAX_BULK_LEADS} leads, tags at and past ${MAX_TAGS_PER_LEAD}`, () => {
  const ids = (from: number, n: number) => MANY.slice(from, from + n).map((l) => l.id);
  const stages = async (leadIds: string[]) =>
    (
      await api.database.db
        .select({ stage: collects.stage })
        .from(collects)
        .where(inArray(collects.leadId, leadIds))
    ).map((r) => r.stage);

  it(`${MAX_BULK_LEADS} leads change stage in one call; ${MAX_BULK_LEADS + 1} are refused and nothing changes`, async () => {
    const five = ids(0, MAX_BULK_LEADS);
    const ok = await api.call('POST', '/leads/stage', {
      token: lister.token,
      body: { lead_ids: five, stage: 'quoting' },
    });
    expect(ok.body.code).toBe(0);
    expect(new Set(await stages(five))).toEqual(new Set(['quoting']));
    const over = ids(MAX_BULK_LEADS, MAX_BULK_LEADS + 1);
    const refused = await api.call('POST', '/leads/stage', {
      token: lister.token,
      lang: 'en',
      body: { lead_ids: over, stage: 'won' },
    });
    expect(refused.body).toMatchObject({ code: 40001, data: { field: 'lead_ids' } });
    expect(new Set(await stages(over))).toEqual(new Set(['new']));
  });

  it(`${MAX_TAGS_PER_LEAD} tags fit on a lead; an ${MAX_TAGS_PER_LEAD + 1}th is refused on all ${MAX_BULK_LEADS} and nothing changes`, async () => {
    const leadIds = ids(1000, MAX_BULK_LEADS);
    const tags = Array.from({ length: MAX_TAGS_PER_LEAD }, (_, i) => `tag ${i + 1}`);
    expect(
      (await api.call('POST', '/leads/tags', { token: lister.token, body: { lead_ids: leadIds, add: tags } }))
        .body.code,
    ).toBe(0);
    // One lead more gets the eleventh: the whole call is refused, the others keep their ten.
    const refused = await api.call('POST', '/leads/tags', {
      token: lister.token,
      lang: 'en',
      body: { lead_ids: leadIds, add: ['one too many'] },
    });
    expect(refused.body).toMatchObject({ code: 40001, data: { field: 'add' } });
    expect(refused.body.msg).toContain(String(MAX_TAGS_PER_LEAD));
    const rows = await api.database.db.select().from(collects).where(inArray(collects.leadId, leadIds));
    expect(rows).toHaveLength(MAX_BULK_LEADS);
    for (const row of rows) expect(row.tags).toEqual(tags);
    // Swapping one for another keeps ten: allowed.
    expect(
      (
        await api.call('POST', '/leads/tags', {
          token: lister.token,
          body: { lead_ids: leadIds.slice(0, 2), add: ['swapped'], remove: ['tag 1'] },
        })
      ).body.code,
    ).toBe(0);
    const [first] = await api.database.db.select().from(collects).where(eq(collects.leadId, leadIds[0]!));
    expect(first!.tags).toEqual([...tags.slice(1), 'swapped']);
    // The tag filter finds exactly the tagged leads, past one page.
    const tagged = await get(`/leads/collects?tag=${encodeURIComponent('TAG 5')}&page_size=10`);
    expect(tagged.total).toBe(MAX_BULK_LEADS);
  });
});

describe('a lead whose first address is verified invalid', () => {
  let buyer: string;
  beforeAll(async () => {
    buyer = await api.signUp('first-invalid@example.com');
    await showLeads(api, 'first-invalid@example.com', [FIRST_INVALID.id, ONLY_INVALID.id, SIXTH_VALID.id]);
  });

  it('before unlock the card counts all three addresses; after unlock each shows its true status, in order', async () => {
    const found = await searchAs(api, buyer, { query: 'LED panel buyers in Iceland' });
    const card = found.events.find((e) => e.event === 'lead' && e.data.id === FIRST_INVALID.id)!.data;
    expect(card.locked).toMatchObject({ emails: 3, people: 2 });
    const unlocked = (
      await api.call('POST', '/leads/unlock', { token: buyer, body: { lead_id: FIRST_INVALID.id } })
    ).body.data;
    expect(unlocked.contacts.emails).toEqual([
      { email: 'hans.weber@first-invalid.example', status: 'invalid' },
      { email: 'eva.berg@first-invalid.example', status: 'valid' },
      { email: 'office@first-invalid.example', status: 'risky' },
    ]);
  });

  it('the draft goes to the first address that may be mailed and greets its person, not the invalid one’s', async () => {
    const draft = (
      await api.call('POST', '/outreach/generate', {
        token: buyer,
        lang: 'en',
        body: { lead_id: FIRST_INVALID.id },
      })
    ).body.data;
    expect(draft.to).toEqual(['eva.berg@first-invalid.example', 'office@first-invalid.example']);
    expect(draft.body.split('\n')[0]).toBe('Dear Eva,');
    expect(draft.greetings.map((g: { person: string | null }) => g.person)).toEqual(['Eva Berg', null]);
  });

  it('sending to the invalid address is refused as invalid; to the next one it goes', async () => {
    const send = (to: string) =>
      api.call('POST', '/outreach/send', {
        token: buyer,
        lang: 'en',
        body: {
          lead_id: FIRST_INVALID.id,
          to,
          subject: 'LED panels',
          body: 'Dear Eva,\n\nWe make LED panels.',
          language: 'en',
          request_id: `first-invalid-${to.length}-${to.charCodeAt(0)}`,
        },
      });
    expect((await send('hans.weber@first-invalid.example')).body).toMatchObject({
      code: 42200,
      data: { reason: 'invalid' },
    });
    expect((await send('eva.berg@first-invalid.example')).body.code).toBe(0);
  });

  it('“with email” leaves out a company whose only address is invalid, and finds one with a valid address', async () => {
    const withEmail = await searchAs(api, buyer, { query: 'LED panel buyers in Iceland with email' });
    expect(withEmail.ids).toContain(FIRST_INVALID.id);
    expect(withEmail.ids).not.toContain(ONLY_INVALID.id);
    const any = await searchAs(api, buyer, { query: 'LED panel buyers in Iceland' });
    expect(any.ids).toContain(ONLY_INVALID.id);
  });

  it('five invalid addresses first: the draft has nobody to write to until "find more emails" reveals the sixth', async () => {
    await api.call('POST', '/leads/unlock', { token: buyer, body: { lead_id: SIXTH_VALID.id } });
    const before = (
      await api.call('POST', '/outreach/generate', {
        token: buyer,
        lang: 'en',
        body: { lead_id: SIXTH_VALID.id },
      })
    ).body.data;
    expect(before.to).toEqual([]);
    const more = (await api.call('GET', `/user/get_delve_email?lead_id=${SIXTH_VALID.id}`, { token: buyer }))
      .body.data;
    expect(more.emails).toEqual([{ email: 'buyer@sixth.example', status: 'valid' }]);
    const after = (
      await api.call('POST', '/outreach/generate', {
        token: buyer,
        lang: 'en',
        body: { lead_id: SIXTH_VALID.id },
      })
    ).body.data;
    expect(after.to).toEqual(['buyer@sixth.example']);
  });
});

describe('"show more" on a search of one product', () => {
  let token: string;
  beforeAll(async () => {
    token = await api.signUp('more@example.com');
  });
  const byQuality = (leads: { id: string }[]) => leads.map((l) => l.id);

  it('one country, eleven matches: ten by rank and "more", then the eleventh and no more, then nothing', async () => {
    const first = await searchAs(api, token, { query: 'LED panel buyers in Malta' });
    expect(first.ids).toEqual(byQuality(ELEVEN.slice(0, MAX_LEADS_PER_QUERY)));
    expect(first.summary).toMatchObject({ count: MAX_LEADS_PER_QUERY, more: true, counted: true });
    const left = (await api.call('GET', '/chat/quota', { token })).body.data.searches_left;
    const next = await searchAs(api, token, { more: true, chat_id: first.chatId });
    expect(next.ids).toEqual([ELEVEN.at(-1)!.id]);
    expect(next.summary).toMatchObject({ count: 1, more: false, counted: true, searches_left: left - 1 });
    const none = await searchAs(api, token, { more: true, chat_id: first.chatId });
    expect(none.ids).toEqual([]);
    expect(none.summary).toMatchObject({ count: 0, more: false, counted: false, searches_left: left - 1 });
    // What "more" showed can be saved: it was shown to this user.
    expect(
      (await api.call('POST', '/leads/collect', { token, body: { lead_id: ELEVEN.at(-1)!.id } })).body.code,
    ).toBe(0);
  });

  it('exactly ten matches: all ten, and no "more"', async () => {
    const all = await searchAs(api, token, { query: 'LED panel buyers in Monaco' });
    expect(all.ids).toEqual(byQuality(TEN));
    expect(all.summary).toMatchObject({ count: MAX_LEADS_PER_QUERY, more: false });
  });

  it('two countries of six each: they take turns for ten, and "more" shows the two left', async () => {
    const first = await searchAs(api, token, { query: 'LED panel buyers in Cyprus and Luxembourg' });
    expect(first.ids).toHaveLength(MAX_LEADS_PER_QUERY);
    const countries = first.events.filter((e) => e.event === 'lead').map((e) => e.data.country.code);
    expect(countries.filter((c) => c === 'CY')).toHaveLength(5);
    expect(countries.filter((c) => c === 'LU')).toHaveLength(5);
    expect(first.summary.more).toBe(true);
    const next = await searchAs(api, token, { more: true, chat_id: first.chatId });
    expect(next.ids.sort()).toEqual([TWELVE[5]!.id, TWELVE[11]!.id].sort());
    expect(next.summary.more).toBe(false);
    expect(new Set([...first.ids, ...next.ids]).size).toBe(12);
  });
});
